/**
 * The room's chat for an admitted guest (issue 15): a guest with the link is let into a call with Ada, reads what
 * Ada wrote before in the call's chat, writes; Ada sees it live under the guest's name with a "Guest" badge; once
 * Ada removes the guest, the guest's chat is gone and nothing more reaches them.
 */
import { expect, test, type Page } from '@playwright/test';
import { askToJoinAsGuest, expectMovingVideo, graphql, joinFromSetUp, signedInAccount } from './support';

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Chat' }).click();
  await expect(page.getByRole('button', { name: 'Chat' })).toHaveAttribute('aria-pressed', 'true');
  return page.getByRole('region', { name: 'Conversation' });
}

const shots = (name: string) => `/tmp/${process.env.E2E_SHOT_PREFIX ?? 'meetings-guest-chat'}-${name}.png`;

test('an admitted guest reads and writes the room’s chat, Ada sees it live as a guest’s, and a removed guest’s chat stops', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const adaContext = await browser.newContext();
  const guestContext = await browser.newContext();
  try {
    const ada = await adaContext.newPage();
    await signedInAccount(ada, 'Ada');
    await graphql(ada.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
    const { initiateMeetingroom: room } = await graphql<{ initiateMeetingroom: { id: string; guestLink: string } }>(
      ada.request,
      'mutation { initiateMeetingroom(name: "Client review") { id guestLink } }',
    );
    await ada.goto(`/meetingroom/${room.id}`);
    await joinFromSetUp(ada);

    // Ada writes in the room's chat before anyone else is there.
    const adaChat = await openChat(ada);
    await adaChat.getByRole('textbox', { name: 'Message' }).fill('Welcome, the agenda is in the notes');
    await adaChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(adaChat.getByRole('article', { name: /^Ada User/ }).getByText('Welcome, the agenda is in the notes')).toBeVisible();

    const guest = await guestContext.newPage();
    await askToJoinAsGuest(guest, room.guestLink, 'Vera Visitor');
    await expect(guest.getByRole('heading', { name: 'Waiting to be let in' })).toBeVisible();
    await ada.getByRole('button', { name: 'Admit Vera Visitor' }).click();
    await joinFromSetUp(guest);
    await expectMovingVideo(guest.getByRole('figure', { name: 'Ada User', exact: true }));

    // The guest reads the history and writes.
    const guestChat = await openChat(guest);
    await expect(guestChat.getByRole('article', { name: /^Ada User/ }).getByText('Welcome, the agenda is in the notes')).toBeVisible();
    await guestChat.getByRole('textbox', { name: 'Message' }).fill('Thanks Ada, happy to be here');
    await guestChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    const ownMessage = guestChat.getByRole('article', { name: /^Vera Visitor/ });
    await expect(ownMessage.getByText('Thanks Ada, happy to be here')).toBeVisible();
    await expect(ownMessage.getByRole('img', { name: 'Sent' })).toBeVisible();
    // Reactions are members'; nothing of the team was asked for (no refusal sent the guest to sign in).
    await expect(guestChat.getByRole('button', { name: 'Add reaction' })).toHaveCount(0);
    await expect(guest).toHaveURL(new RegExp(`/meetingroom/${room.id}`));
    await expect(guestChat.getByRole('button', { name: 'Mention someone' })).toHaveCount(0);
    await guest.screenshot({ path: shots('guest') });
    await guest.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.screenshot({ path: shots('guest-phone-dark') });
    await guest.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await guest.setViewportSize({ width: 1280, height: 720 });

    // Ada sees it live, under the guest's name, marked as a guest's.
    const fromGuest = adaChat.getByRole('article', { name: /^Vera Visitor/ });
    await expect(fromGuest.getByText('Thanks Ada, happy to be here')).toBeVisible();
    await expect(fromGuest.getByText('Guest', { exact: true })).toBeVisible();
    await ada.screenshot({ path: shots('member') });

    // Ada answers; the guest hears it live.
    await adaChat.getByRole('textbox', { name: 'Message' }).fill('Let us start with the budget');
    await adaChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(guestChat.getByText('Let us start with the budget')).toBeVisible();

    // Removed: the guest's call and chat end.
    await ada.getByRole('button', { name: /^Participants/ }).click();
    await ada.getByRole('button', { name: 'Remove Vera Visitor from the call' }).click();
    await ada.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(guest.getByRole('heading', { name: 'You were removed from the meeting' })).toBeVisible();
    await expect(guest.getByRole('region', { name: 'Conversation' })).toHaveCount(0);
    // The server agrees: the removed guest's browser can no longer read the chat.
    const after = await guest.request.post('/graphql', {
      data: { query: 'query ($m: ID) { getMessages(meetingroom: $m) { id } }', variables: { m: room.id } },
    });
    expect(((await after.json()) as { errors?: { extensions: { code: string } }[] }).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  } finally {
    await guestContext.close();
    await adaContext.close();
  }
});
