import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { graphql, phoneScreenshots, twoTeammates } from './support';

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

/** Mentions Grace in the open conversation, through the composer's @ suggestions as a person does. */
async function mentionGrace(page: Page, text: string) {
  await composer(page).pressSequentially(`${text} @Gra`);
  await page.getByRole('option', { name: /Grace/ }).click();
  await composer(page).press('Enter');
  await expect(page.getByRole('log').getByText(text)).toBeVisible();
}

/** axe-core's WCAG 2.1 A and AA violations of the page as it is (the accessibility suite's screens show the empty panel). */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => ({ rule: violation.id, elements: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** Desktop light and dark shots of the open panel into E2E_SHOTS_DIR, when it is set. */
async function panelScreenshots(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS_DIR;
  if (!folder) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
    await page.screenshot({ path: `${folder}/${name}-desktop-${theme}.png` });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
}

test('a mention in a second window raises the bell live; the panel opens the conversation and marks all read', async ({ browser }) => {
  test.slow();
  const { ada, grace, space, close } = await twoTeammates(browser);
  await grace.goto('/overview');
  await expect(bell(grace)).toHaveAccessibleName('Notifications');
  await ada.goto(`/chats/${space}`);
  await expect(composer(ada)).toBeVisible();

  await mentionGrace(ada, 'Could you review the launch post?');
  await expect(bell(grace)).toHaveAccessibleName('Notifications, 1 unread');
  await mentionGrace(ada, 'And the pricing page too');
  await expect(bell(grace)).toHaveAccessibleName('Notifications, 2 unread');
  await expect(bell(grace)).toHaveText('2');

  await bell(grace).click();
  const panel = grace.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('heading', { name: 'Today' })).toBeVisible();
  const first = panel.getByRole('link', { name: /Ada User mentioned you.*Could you review the launch post/ });
  await expect(first).toBeVisible();
  await expect(panel.getByRole('link', { name: /And the pricing page too/ })).toBeVisible();
  expect(await violations(grace)).toEqual([]);
  await grace.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  expect(await violations(grace)).toEqual([]);
  await grace.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await panelScreenshots(grace, 'notifications-panel');
  await phoneScreenshots(grace, 'notifications-panel-390');

  await first.click();
  await expect(grace).toHaveURL(new RegExp(`/chats/${space}\\?message=`));
  await expect(grace.getByRole('log').getByText('Could you review the launch post?')).toBeVisible();
  await expect(bell(grace)).toHaveAccessibleName('Notifications, 1 unread');

  await bell(grace).click();
  await panel.getByRole('button', { name: 'Unread' }).click();
  await expect(panel.getByRole('link', { name: /And the pricing page too/ })).toBeVisible();
  await expect(panel.getByRole('link', { name: /Could you review the launch post/ })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await grace.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(grace)).toBeFocused();
  await expect(bell(grace)).toHaveAccessibleName('Notifications');

  // Read on the server, not only on this page.
  await grace.reload();
  await expect(composer(grace)).toBeVisible();
  await bell(grace).click();
  await expect(panel.getByRole('link', { name: /And the pricing page too/ })).toBeVisible();
  await grace.keyboard.press('Escape');
  await expect(bell(grace)).toHaveAccessibleName('Notifications');
  await close();
});

/**
 * The browser's side, stood in for: whether the tab is hidden (document.visibilityState) and a Notification API whose
 * permission was already granted, recording what is shown and whether anything asked for permission.
 */
function fakeSystemNotifications() {
  const state = window as unknown as { tabHidden: boolean; shown: unknown[]; askedPermission: boolean };
  state.tabHidden = false;
  state.shown = [];
  state.askedPermission = false;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (state.tabHidden ? 'hidden' : 'visible') });
  class RecordedNotification {
    static permission = 'granted';
    static requestPermission() {
      state.askedPermission = true;
      return Promise.resolve('granted');
    }
    onclick: (() => void) | null = null;
    constructor(
      public title: string,
      public options: NotificationOptions,
    ) {
      state.shown.push(this);
    }
    close() {}
  }
  Object.defineProperty(window, 'Notification', { configurable: true, value: RecordedNotification });
}

const shownNotifications = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { shown: { title: string; options: NotificationOptions }[] }).shown.map((shown) => [
      shown.title,
      shown.options.body,
    ]),
  );

test('a mention while the tab is in the background shows a system notification that opens the conversation; none while it is in front, nor for a type the team switched off', async ({
  browser,
}) => {
  test.slow();
  const { ada, grace, space, graceAccount, close } = await twoTeammates(browser);
  const { getTeam } = await graphql<{ getTeam: { id: string } }>(ada.request, '{ getTeam { id } }');
  await graphql(
    ada.request,
    'mutation ($team: ID!) { setSetting(team: $team, name: "notifications.browser.INVITATION_EVENT", active: false, type: "browser") { name } }',
    { team: getTeam.id },
  );
  await grace.addInitScript(fakeSystemNotifications);
  await grace.goto('/overview');
  await expect(bell(grace)).toHaveAccessibleName('Notifications');
  await ada.goto(`/chats/${space}`);

  await mentionGrace(ada, 'Seen while looking');
  await expect(bell(grace)).toHaveAccessibleName('Notifications, 1 unread');

  await grace.evaluate(() => {
    (window as unknown as { tabHidden: boolean }).tabHidden = true;
  });
  // The team's default keeps event invitations out of the browser (Grace set nothing of her own); mentions stay on.
  await graphql(
    ada.request,
    'mutation ($invited: [ID!]) { setEvent(title: "Launch review", description: "", startDate: "2030-03-04T09:00:00Z", endDate: "2030-03-04T10:00:00Z", type: "event", recurring: "none", invited: $invited) { id } }',
    { invited: [graceAccount.userId] },
  );
  await expect(bell(grace)).toHaveAccessibleName('Notifications, 2 unread');
  await mentionGrace(ada, 'Seen from another tab');
  await expect(bell(grace)).toHaveAccessibleName('Notifications, 3 unread');
  await expect
    .poll(() => shownNotifications(grace))
    .toEqual([['Ada User mentioned you', expect.stringContaining('Seen from another tab')]]);
  await grace.evaluate(() => {
    const state = window as unknown as { tabHidden: boolean; shown: { onclick: () => void }[] };
    state.tabHidden = false;
    state.shown[0]?.onclick();
  });
  await expect(grace).toHaveURL(new RegExp(`/chats/${space}\\?message=`));
  await expect(grace.getByRole('log').getByText('Seen from another tab')).toBeVisible();
  await expect(bell(grace)).toHaveAccessibleName('Notifications, 2 unread');
  expect(await shownNotifications(grace)).toHaveLength(1);
  expect(await grace.evaluate(() => (window as unknown as { askedPermission: boolean }).askedPermission)).toBe(false);
  await close();
});
