/**
 * Ringing (issue 15): Ada, in a room's call, rings Grace through the API; Grace, signed in elsewhere in the app,
 * sees the incoming call with Ada's name and Accept takes her to the room.
 */
import { expect, test } from '@playwright/test';
import { graphql, twoTeammates } from './support';

test('an incoming ring shows app-wide and Accept opens the room', async ({ browser }) => {
  const { ada, grace, graceAccount, close } = await twoTeammates(browser);
  try {
    await grace.goto('/chats');
    await expect(grace.getByRole('button', { name: 'New chat' })).toBeVisible();

    const { initiateMeetingroom: room } = await graphql<{ initiateMeetingroom: { id: string } }>(
      ada.request,
      'mutation { initiateMeetingroom(name: "Stand-up") { id } }',
    );
    const { joinVideocall: call } = await graphql<{ joinVideocall: { id: string } }>(
      ada.request,
      'mutation ($meetingroom: ID) { joinVideocall(meetingroom: $meetingroom) { id } }',
      { meetingroom: room.id },
    );
    const { ringVideocall } = await graphql<{ ringVideocall: { callee: string; state: string }[] }>(
      ada.request,
      'mutation ($videocall: ID!, $users: [ID!]) { ringVideocall(videocall: $videocall, users: $users) { callee state } }',
      { videocall: call.id, users: [graceAccount.userId] },
    );
    expect(ringVideocall).toEqual([{ callee: graceAccount.userId, state: 'ringing' }]);

    const incoming = grace.getByRole('dialog', { name: 'Incoming call' });
    await expect(incoming).toContainText('Ada User invites you to a meeting room call');
    await grace.screenshot({ path: test.info().outputPath('incoming-call.png') });
    await incoming.getByRole('button', { name: 'Accept' }).click();
    await expect(grace).toHaveURL(new RegExp(`/meetingroom/${room.id}$`));
    await expect(incoming).toBeHidden();
  } finally {
    await close();
  }
});

test('a finished space call shows as a call entry in the space chat, whose "Start a call" opens the room', async ({ browser }) => {
  const { ada, grace, space, close } = await twoTeammates(browser);
  try {
    const { joinVideocall: call } = await graphql<{ joinVideocall: { id: string } }>(
      ada.request,
      'mutation ($project: ID) { joinVideocall(project: $project) { id } }',
      { project: space },
    );
    await graphql(ada.request, 'mutation ($id: ID!) { leaveVideocall(id: $id) }', { id: call.id });

    await grace.goto(`/chats/${space}`);
    const conversation = grace.getByRole('region', { name: 'Conversation' });
    const entry = conversation.getByRole('article', { name: /^Cancelled call, started by Ada User at/ });
    await expect(entry).toContainText('Started by Ada User');
    // The entry's JSON body is not shown as text in the conversation.
    await expect(conversation.getByText('"outcome"')).toHaveCount(0);
    await grace.screenshot({ path: test.info().outputPath('call-entry.png') });
    await grace.emulateMedia({ colorScheme: 'dark' });
    await grace.setViewportSize({ width: 390, height: 800 });
    await grace.screenshot({ path: test.info().outputPath('call-entry-phone-dark.png') });

    await grace.getByRole('button', { name: 'Start a call' }).click();
    await expect(grace).toHaveURL(/\/meetingroom\/[^/]+$/);
  } finally {
    await close();
  }
});
