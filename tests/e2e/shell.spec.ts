import { expect, test } from '@playwright/test';
import { e2ePorts } from './ports';
import { decodedQrCode, pageTitles, signedInAccount } from './support';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A deployment's own tag manager on the page: its dataLayer exists before the app starts, and receives the page views. */
function withTagManagerDataLayer() {
  (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
}

test.describe('SPEC §2 route rules', () => {
  test('a signed-out visitor at / lands on the sign-in page, in the light theme', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('darkmode', 'true'));
    await page.addInitScript(withTagManagerDataLayer);
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await pageTitles(page)).toContain('Sign In');
  });

  test('a signed-in user at / lands on /overview, and signed-out pages send them back to the dashboard', async ({ page }) => {
    await signedInAccount(page, 'Routes');
    await page.goto('/');
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByRole('navigation').first()).toBeVisible();
    for (const path of ['/signin', '/signup/forgot', '/signup/recover', '/signup/finish', '/signup/verify']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/overview$/);
    }
  });

  test('uses the dark theme on the dashboard only when the stored darkmode is the string true', async ({ page }) => {
    await signedInAccount(page, 'Theme');
    await page.goto('/overview');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.evaluate(() => localStorage.setItem('darkmode', 'true'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.goto('/signup/user/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('pushes the SPEC page titles to the analytics data layer', async ({ page }) => {
    await page.addInitScript(withTagManagerDataLayer);
    const expected: [string, string][] = [
      ['/signup/forgot', 'Forgot Password'],
      ['/signup/recover', 'Recover Password'],
      ['/signup/verify', 'Verify Email'],
      ['/signup/finish', 'Signup Finish'],
      ['/signup/invite/0123456789abcdef01234567', 'Signup Invite'],
      ['/signup/user/', 'Signup User'],
      ['/share/doc/0123456789abcdef01234567', 'Share Doc'],
      ['/share/media/0123456789abcdef01234567', 'Share Media'],
      ['/meetingroom/0123456789abcdef01234567', 'Meetingroom'],
      ['/redirect', 'Redirect'],
    ];
    for (const [path, title] of expected) {
      await page.goto(path);
      await expect.poll(() => pageTitles(page), { message: path }).toContain(title);
    }
  });

  test('a dashboard area shows its empty state inside the frame', async ({ page }) => {
    await signedInAccount(page, 'Areas');
    await page.goto('/overview/tasks');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });
});

test.describe('SPEC §2 route rules on mobile', () => {
  test.use({ userAgent: iphone, viewport: { width: 390, height: 844 } });

  test('/ goes to the redirect page on iOS, whose QR code opens the mobile app and whose button goes on in the browser', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/redirect$/);
    // MOBILE_APP_URL is unset on the test stack: the app's own address, the installable web app.
    const code = page.getByRole('img', { name: /^QR code that opens/ });
    await expect(code).toBeVisible();
    expect(await decodedQrCode(await code.screenshot())).toBe(`http://localhost:${e2ePorts.app}`);
    await page.getByRole('link', { name: 'Continue in the browser' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('signed-out pages are shown even to a signed-in user', async ({ page }) => {
    await signedInAccount(page, 'Mobile');
    await page.goto('/signin');
    await expect(page).toHaveURL(/\/signin$/);
  });
});
