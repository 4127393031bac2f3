import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { makeScreenWorld, screens, signIn, type ScreenWorld } from './screens';

/**
 * Every screen of screens.ts passes axe-core's WCAG 2.1 A and AA rules in the light theme, the
 * dark theme and at phone width (390 px). A violation fails the test with its rule, the elements
 * and axe's own explanation. SCREENS=<pattern> checks only the screens whose name matches.
 */
const only = process.env.SCREENS ? new RegExp(process.env.SCREENS) : undefined;

let world: ScreenWorld;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  world = await makeScreenWorld(browser);
});

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    elements: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
}

/** The theme the product would apply from the stored preference: the data-theme attribute every colour token follows. */
async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

for (const screen of screens.filter((candidate) => !only || only.test(candidate.name))) {
  test(screen.name, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      if (screen.viewer !== 'visitor') await signIn(page, screen.viewer === 'member' ? world.member : world.newcomer);
      await screen.open(page, world);
      await test.step('light', async () => expect(await violations(page)).toEqual([]));
      // Sign-in and sign-up pages are always light (the product's rule): dark applies to the signed-in screens.
      if (screen.viewer !== 'visitor') {
        await test.step('dark', async () => {
          await useTheme(page, 'dark');
          expect(await violations(page)).toEqual([]);
          await useTheme(page, 'light');
        });
      }
      await test.step('390 px wide', async () => {
        await page.setViewportSize({ width: 390, height: 844 });
        await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(390);
        expect(await violations(page)).toEqual([]);
      });
    } finally {
      await context.close();
    }
  });
}
