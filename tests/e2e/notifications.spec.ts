import { expect, test, type Page } from '@playwright/test';
import { phoneScreenshots, twoTeammates } from './support';

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

/** Mentions Grace in the open conversation, through the composer's @ suggestions as a person does. */
async function mentionGrace(page: Page, text: string) {
  await composer(page).pressSequentially(`${text} @Gra`);
  await page.getByRole('option', { name: /Grace/ }).click();
  await composer(page).press('Enter');
  await expect(page.getByRole('log').getByText(text)).toBeVisible();
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
