/**
 * A room's notes beside the call (issue 15): two members in a space's call co-edit the room's notes doc live in the
 * call's Notes panel; after the call the space chat's call entry links the notes, which open as the space's doc.
 */
import { expect, test, type Page } from '@playwright/test';
import { graphql, twoTeammates } from './support';

/** Opens the room, waits for the set-up screen, and joins. */
async function joinCall(page: Page, roomId: string, roomName: string) {
  await page.goto(`/meetingroom/${roomId}`);
  await expect(page.getByRole('heading', { name: `Ready to join ${roomName}?` })).toBeVisible();
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();
}

const notesToggle = (page: Page) => page.getByRole('toolbar', { name: 'Call controls' }).getByRole('button', { name: 'Notes' });
const notesPanel = (page: Page) => page.getByRole('complementary', { name: 'Notes' });
const notesText = (page: Page) => notesPanel(page).getByLabel('Doc content');

test('two members co-edit the notes beside the call, and the call entry links them afterwards', async ({ browser }) => {
  test.setTimeout(120_000);
  const { ada, grace, space, close } = await twoTeammates(browser);
  try {
    const { initiateMeetingroom: room } = await graphql<{ initiateMeetingroom: { id: string; name: string } }>(
      ada.request,
      'mutation ($project: ID) { initiateMeetingroom(project: $project) { id name } }',
      { project: space },
    );
    await joinCall(ada, room.id, room.name);
    await joinCall(grace, room.id, room.name);

    // Ada opens Notes: the room has none yet, she starts them and types.
    await notesToggle(ada).click();
    await expect(notesToggle(ada)).toHaveAttribute('aria-pressed', 'true');
    await notesPanel(ada).getByRole('button', { name: 'Start notes' }).click();
    await expect(notesPanel(ada)).toContainText('Launch – meeting notes');
    await notesText(ada).click();
    await ada.keyboard.type('Decision: ship on Friday.');

    // Grace opens Notes and sees Ada's words; what she types reaches Ada live.
    await notesToggle(grace).click();
    await expect(notesText(grace)).toContainText('Decision: ship on Friday.');
    await notesText(grace).click();
    await grace.keyboard.press('Control+End');
    await grace.keyboard.press('Enter');
    await grace.keyboard.type('Grace writes the release notes.');
    await expect(notesText(ada)).toContainText('Grace writes the release notes.');
    await ada.screenshot({ path: test.info().outputPath('notes-panel.png') });
    await grace.emulateMedia({ colorScheme: 'dark' });
    await grace.screenshot({ path: test.info().outputPath('notes-panel-dark.png') });
    await grace.setViewportSize({ width: 390, height: 800 });
    await grace.screenshot({ path: test.info().outputPath('notes-panel-phone-dark.png') });
    await grace.setViewportSize({ width: 1280, height: 800 });
    await grace.emulateMedia({ colorScheme: 'light' });

    await grace.getByRole('button', { name: 'Leave' }).click();
    await expect(grace.getByRole('heading', { name: 'You left the call' })).toBeVisible();
    await ada.getByRole('button', { name: 'Leave' }).click();
    await expect(ada.getByRole('heading', { name: 'You left the call' })).toBeVisible();

    // The call's entry in the space chat links the notes; they open as the space's doc, with what both wrote.
    await grace.goto(`/chats/${space}`);
    const entry = grace.getByRole('region', { name: 'Conversation' }).getByRole('article', { name: /^Call · .*, started by Ada User at/ });
    await expect(entry).toBeVisible();
    await grace.screenshot({ path: test.info().outputPath('call-entry-notes.png') });
    await entry.getByRole('link', { name: 'Notes' }).click();
    await expect(grace).toHaveURL(new RegExp(`/${space}/docs/d/${room.id}$`));
    const doc = grace.getByLabel('Doc content');
    await expect(doc).toContainText('Decision: ship on Friday.');
    await expect(doc).toContainText('Grace writes the release notes.');
  } finally {
    await close();
  }
});
