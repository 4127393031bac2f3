/**
 * Meetings (issue 15): peer-to-peer calls between two Chromium contexts with fake devices (playwright.config.ts gives
 * Chromium a fake camera, microphone and screen without prompts). Video is checked by frames that keep arriving
 * (requestVideoFrameCallback on the remote tile), sound by a live, unmuted remote audio track.
 */
import { expect, test, type Page } from '@playwright/test';
import { askToJoinAsGuest, expectMovingVideo, graphql, joinFromSetUp, twoTeammates } from './support';

interface Room {
  id: string;
  name: string;
  guestLink: string;
}

async function newRoom(page: Page, name: string): Promise<Room> {
  const { initiateMeetingroom } = await graphql<{ initiateMeetingroom: Room }>(
    page.request,
    'mutation ($name: String) { initiateMeetingroom(name: $name) { id name guestLink } }',
    { name },
  );
  return initiateMeetingroom;
}

/** Opens the room, waits for the set-up screen to have the camera, and joins. */
async function joinCall(page: Page, path: string, roomName: string) {
  await page.goto(path);
  await joinFromSetUp(page, `Ready to join ${roomName}?`);
}

/** Sound arrives from the other side: the remote audio element's stream carries the fake microphone's beeps (its level rises above silence). */
async function expectRemoteAudio(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const streams = [...document.querySelectorAll('audio')].flatMap((audio) =>
            audio.srcObject instanceof MediaStream ? [audio.srcObject] : [],
          );
          if (streams.length === 0) return 0;
          const context = new AudioContext();
          await context.resume();
          const analysers = streams.map((stream) => {
            const analyser = context.createAnalyser();
            context.createMediaStreamSource(stream).connect(analyser);
            return analyser;
          });
          let loudest = 0;
          const samples = new Float32Array(2048);
          for (let round = 0; round < 30; round += 1) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            for (const analyser of analysers) {
              analyser.getFloatTimeDomainData(samples);
              for (const sample of samples) loudest = Math.max(loudest, Math.abs(sample));
            }
          }
          await context.close();
          return loudest;
        }),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0.01);
}

test('two members join a room peer-to-peer: each receives the other moving video and sound, mute and screen share reach the other side', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ada, grace, close } = await twoTeammates(browser);
  try {
    const room = await newRoom(ada, 'Standup');
    await joinCall(ada, `/meetingroom/${room.id}`, 'Standup');
    await joinCall(grace, `/meetingroom/${room.id}`, 'Standup');

    await expectMovingVideo(ada.getByRole('figure', { name: 'Grace User', exact: true }));
    await expectMovingVideo(grace.getByRole('figure', { name: 'Ada User', exact: true }));
    await expectRemoteAudio(ada);
    await expectRemoteAudio(grace);
    await expect(ada.getByText('2 participants')).toBeVisible();

    // Mute with the shortcut: Grace sees Ada muted.
    const adaOnGrace = grace.getByRole('figure', { name: 'Ada User', exact: true });
    await expect(adaOnGrace.getByRole('img', { name: 'Muted' })).toHaveCount(0);
    await ada.keyboard.press('Control+d');
    await expect(ada.getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'false');
    await expect(adaOnGrace.getByRole('img', { name: 'Muted' })).toBeVisible();
    await ada.getByRole('button', { name: 'Microphone' }).click();
    await expect(adaOnGrace.getByRole('img', { name: 'Muted' })).toHaveCount(0);

    // Raised hand shows in the other's participant list.
    await ada.getByRole('button', { name: 'Raise hand' }).click();
    await grace.getByRole('button', { name: /^Participants/ }).click();
    await expect(grace.getByRole('list', { name: '2 participants' }).getByRole('listitem').filter({ hasText: 'Ada User' })).toContainText(
      'Hand raised',
    );

    // Screen share arrives as its own picture, and goes when it stops.
    await ada.getByRole('button', { name: 'Share your screen' }).click();
    await expect(ada.getByRole('button', { name: 'Share your screen' })).toHaveAttribute('aria-pressed', 'true');
    const shared = grace.getByRole('figure', { name: 'Screen shared by Ada User' });
    await expectMovingVideo(shared);
    await expect(grace.getByRole('figure', { name: 'Ada User', exact: true })).toBeVisible();
    await ada.getByRole('button', { name: 'Share your screen' }).click();
    await expect(shared).toHaveCount(0);

    // Leaving: the other side sees them go.
    await grace.getByRole('button', { name: 'Leave' }).click();
    await expect(grace.getByRole('heading', { name: 'You left the call' })).toBeVisible();
    await expect(ada.getByRole('figure', { name: 'Grace User', exact: true })).toHaveCount(0);
  } finally {
    await close();
  }
});

test('a guest with the link asks to join, waits, is admitted, sees and is seen; removed, the guest is cut off', async ({ browser }) => {
  test.setTimeout(120_000);
  const { ada, close } = await twoTeammates(browser);
  const guestContext = await browser.newContext();
  try {
    const room = await newRoom(ada, 'Client review');
    await joinCall(ada, `/meetingroom/${room.id}`, 'Client review');

    const guest = await guestContext.newPage();
    await askToJoinAsGuest(guest, room.guestLink, 'Vera Visitor');
    await expect(guest.getByRole('heading', { name: 'Waiting to be let in' })).toBeVisible();

    await expect(ada.getByText('Vera Visitor wants to join as a guest')).toBeVisible();
    await ada.getByRole('button', { name: 'Admit Vera Visitor' }).click();

    await expect(guest.getByRole('heading', { name: /^Ready to join/ })).toBeVisible();
    await guest.getByRole('button', { name: 'Join now' }).click();
    await expectMovingVideo(guest.getByRole('figure', { name: 'Ada User', exact: true }));
    await expectMovingVideo(ada.getByRole('figure', { name: 'Vera Visitor', exact: true }));

    // An admitted guest has the room's chat too (meetings-guest-chat.spec.ts uses it).
    await expect(guest.getByRole('button', { name: 'Chat' })).toBeVisible();

    await ada.getByRole('button', { name: /^Participants/ }).click();
    await ada.getByRole('button', { name: 'Remove Vera Visitor from the call' }).click();
    await ada.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(guest.getByRole('heading', { name: 'You were removed from the meeting' })).toBeVisible();
    await expect(ada.getByRole('figure', { name: 'Vera Visitor', exact: true })).toHaveCount(0);
  } finally {
    await guestContext.close();
    await close();
  }
});

test('a guest link that was replaced by a new one says so', async ({ browser }) => {
  const { ada, close } = await twoTeammates(browser);
  const guestContext = await browser.newContext();
  try {
    const room = await newRoom(ada, 'Old link');
    await graphql(ada.request, 'mutation ($id: ID!) { resetMeetingroomLink(id: $id) { id } }', { id: room.id });
    const guest = await guestContext.newPage();
    await askToJoinAsGuest(guest, room.guestLink, 'Late Larry');
    await expect(guest.getByRole('heading', { name: 'This guest link no longer works' })).toBeVisible();
  } finally {
    await guestContext.close();
    await close();
  }
});
