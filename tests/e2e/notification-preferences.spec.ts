import { expect, test, type Page } from '@playwright/test';
import { graphql, phoneScreenshots, twoTeammates } from './support';

interface Setting {
  name: string;
  type: string | null;
  active: boolean;
}

const ownSettings = async (page: Page) =>
  (await graphql<{ getUser: { settings: Setting[] } }>(page.request, '{ getUser { settings { name type active } } }')).getUser.settings;
const teamDefaults = async (page: Page) =>
  (await graphql<{ getTeam: { settings: Setting[] } }>(page.request, '{ getTeam { settings { name type active } } }')).getTeam.settings;

/** Light and dark shots of the page into E2E_SHOTS_DIR, when it is set. */
async function themeScreenshots(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS_DIR;
  if (!folder) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
    await page.screenshot({ path: `${folder}/${name}-desktop-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
}

test('team defaults set by the admin reach a member, whose own choices win; browser notifications are asked for on a button press', async ({
  browser,
}) => {
  test.slow();
  const { ada, grace, close } = await twoTeammates(browser);

  // The admin sets the team's defaults: mentions not by e-mail, the summary every hour.
  await ada.goto('/overview/preferences/admin/notifications');
  const adminMention = ada.getByRole('checkbox', { name: 'Someone mentions you: E-mail' });
  await expect(adminMention).toBeChecked();
  await adminMention.uncheck();
  await ada.getByLabel('E-mail summary').selectOption('hourly');
  await expect
    .poll(async () => (await teamDefaults(ada)).map(({ name, type, active }) => `${name} ${type} ${active}`).sort())
    .toEqual(['notifications.digest hourly true', 'notifications.email.MESSAGE_MENTION email false']);
  await themeScreenshots(ada, 'admin-notifications');

  // A member sees the defaults there but cannot change them.
  await grace.goto('/overview/preferences/admin/notifications');
  await expect(grace.getByText("Only the team's admins change these defaults.", { exact: false })).toBeVisible();
  await expect(grace.getByRole('checkbox', { name: 'Someone mentions you: E-mail' })).toBeDisabled();
  await expect(grace.getByRole('checkbox', { name: 'Someone mentions you: E-mail' })).not.toBeChecked();

  // Her own preferences start from them, and her choice is hers alone. The browser's permission prompt is
  // counted (and answered "blocked", as a person refusing it would) so the test sees when the page asks.
  await grace.addInitScript(() => {
    const asked = { count: 0 };
    (window as unknown as { permissionAsked: typeof asked }).permissionAsked = asked;
    Notification.requestPermission = () => {
      asked.count += 1;
      return Promise.resolve('denied');
    };
  });
  await grace.goto('/overview/preferences/account');
  const section = grace.getByRole('region', { name: 'Notifications' });
  const ownMention = section.getByRole('checkbox', { name: 'Someone mentions you: E-mail' });
  await expect(ownMention).not.toBeChecked();
  await expect(section.getByLabel('E-mail summary')).toHaveValue('hourly');
  await ownMention.check();
  await section.getByRole('checkbox', { name: 'A task moves: In the app' }).uncheck();
  await section.getByLabel('E-mail summary').selectOption('never');
  await expect
    .poll(async () =>
      (await ownSettings(grace))
        .filter(({ name }) => name.startsWith('notifications.'))
        .map(({ name, type, active }) => `${name} ${type} ${active}`)
        .sort(),
    )
    .toEqual([
      'notifications.app.TASK_MOVE app false',
      'notifications.digest never true',
      'notifications.email.MESSAGE_MENTION email true',
    ]);
  expect((await teamDefaults(grace)).find(({ name }) => name === 'notifications.email.MESSAGE_MENTION')?.active).toBe(false);

  // Nothing asked on load: only the button asks. Refused, the section says how to unblock; allowed in the
  // browser's site settings, it says so without a reload.
  const asked = () => grace.evaluate(() => (window as unknown as { permissionAsked: { count: number } }).permissionAsked.count);
  expect(await asked()).toBe(0);
  await section.getByRole('button', { name: 'Allow browser notifications' }).click();
  await expect(section.getByText('Blocked in this browser')).toBeVisible();
  await expect(section.getByText('set Notifications to Allow', { exact: false })).toBeVisible();
  expect(await asked()).toBe(1);
  await grace.context().grantPermissions(['notifications']);
  await expect(section.getByText('Browser notifications are allowed in this browser.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Allow browser notifications' })).toBeHidden();

  await grace.reload();
  await expect(
    grace.getByRole('region', { name: 'Notifications' }).getByRole('checkbox', { name: 'A task moves: In the app' }),
  ).not.toBeChecked();
  await themeScreenshots(grace, 'own-notifications');
  await phoneScreenshots(grace, 'own-notifications');
  await close();
});
