import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { makeScreenWorld, screens, signIn, type ScreenWorld } from './screens';

/**
 * Every screen of screens.ts passes axe-core's WCAG 2.1 A and AA rules in the light theme at 1280 px and
 * in the dark theme at phone width (390 px): each theme and each width is checked, in two passes rather than
 * four (a theme changes colours, a width the layout; axe is most of this test's time). Sign-in and sign-up
 * pages are light at both widths. A violation fails the test with its rule, the elements and axe's own
 * explanation. SCREENS=<pattern> checks only the screens whose name matches.
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
      await test.step('light, 1280 px wide', async () => expect(await violations(page)).toEqual([]));
      // Sign-in and sign-up pages are always light (the product's rule): dark applies to the signed-in screens.
      const narrowTheme = screen.viewer === 'visitor' ? 'light' : 'dark';
      await test.step(`${narrowTheme}, 390 px wide`, async () => {
        if (narrowTheme === 'dark') await useTheme(page, 'dark');
        await page.setViewportSize({ width: 390, height: 844 });
        await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(390);
        // Two frames drawn at the new width and theme: the scan once caught a sidebar label between the two themes.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(await violations(page)).toEqual([]);
      });
    } finally {
      await context.close();
    }
  });
}

test('each onboarding step, preferences tab, admin section, conversation and doc has its own title, announced on the way', async ({
  browser,
}) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, world.member);
    const titles: [string, string][] = [
      ['/overview/preferences', 'Profile · Preferences · Workspace'],
      ['/overview/preferences/account', 'My account · Preferences · Workspace'],
      ['/overview/preferences/admin/people', 'People · Admin · Preferences · Workspace'],
      [`/chats/${world.space}`, 'Launch · Chats · Workspace'],
      [`/chats/${world.privat}`, 'Grace User · Chats · Workspace'],
      [`/${world.space}/docs/d/${world.doc}`, 'Launch plan · Docs · Workspace'],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
    // Within the app, a new page's title is said in the polite live region.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByTestId('page-announcer')).toHaveText('Tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeFocused();

    const newcomer = await browser.newContext();
    const welcome = await newcomer.newPage();
    await signIn(welcome, world.newcomer);
    await welcome.goto('/overview');
    await expect(welcome).toHaveTitle('Set up your team · Welcome · Workspace');
    await welcome.getByRole('button', { name: /^(Continue|Save and continue)$/ }).click();
    await expect(welcome).toHaveTitle('Invite your teammates · Welcome · Workspace');
    await expect(welcome.getByTestId('page-announcer')).toHaveText('Invite your teammates · Welcome');
    await newcomer.close();
  } finally {
    await context.close();
  }
});

test('closing a dialog gives focus back to its opener, or to what it created', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, world.member);
    await page.goto('/overview');
    const newSpace = page.getByRole('button', { name: 'New space' });
    await newSpace.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'New space' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(newSpace).toBeFocused();

    await page.goto('/chats');
    const newChat = page.getByRole('button', { name: 'New chat' });
    await newChat.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'New chat' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(newChat).toBeFocused();

    await page.goto(`/${world.space}/docs/d/${world.doc}`);
    const share = page.getByRole('button', { name: 'Share' });
    await share.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(share).toBeFocused();

    // A new space is shown at once: focus goes to its page's heading.
    await page.goto('/overview');
    await newSpace.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByLabel('Name').fill('Focus check');
    await page.getByRole('dialog').getByRole('button', { name: 'Create space' }).press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  } finally {
    await context.close();
  }
});
