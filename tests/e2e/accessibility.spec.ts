import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { makeScreenWorld, screens, signIn, type ScreenWorld } from './screens';

/**
 * Every screen of screens.ts passes axe-core's WCAG 2.1 A and AA rules in the light theme, the
 * dark theme and at phone width (390 px). A violation fails the test with its rule, the elements
 * and axe's own explanation.
 */
const modes = [
  { name: 'light', dark: false, viewport: { width: 1280, height: 800 } },
  { name: 'dark', dark: true, viewport: { width: 1280, height: 800 } },
  { name: 'phone', dark: false, viewport: { width: 390, height: 844 } },
] as const;

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

for (const screen of screens.filter((candidate) => !only || only.test(candidate.name))) {
  test.describe(screen.name, () => {
    for (const mode of modes) {
      test(mode.name, async ({ browser }) => {
        const context = await browser.newContext({ viewport: mode.viewport, reducedMotion: 'reduce' });
        try {
          if (mode.dark) await context.addInitScript(() => localStorage.setItem('darkmode', 'true'));
          const page = await context.newPage();
          if (screen.viewer !== 'visitor') await signIn(page, screen.viewer === 'member' ? world.member : world.newcomer);
          await screen.open(page, world);
          // Sign-in and sign-up pages are always light (the product's rule); every other screen follows the preference.
          if (mode.dark && screen.viewer !== 'visitor') await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
          expect(await violations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  });
}
