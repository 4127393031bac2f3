/**
 * Recording a peer-to-peer call (issue 15): a member of a space records its room's call in the browser; the other member
 * sees who records; stopping uploads the WebM file into the space's files, and a browser can read its duration.
 */
import { expect, test, type Page } from '@playwright/test';
import { graphql, twoTeammates } from './support';

async function joinCall(page: Page, path: string, roomName: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: `Ready to join ${roomName}?` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Camera' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();
}

interface StoredFile {
  id: string;
  name: string;
  type: string;
  size: number;
  url: string;
}

test('a member records the space room call: the other sees it, and the file lands in the space with a readable duration', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ada, grace, space, close } = await twoTeammates(browser);
  const { initiateMeetingroom: room } = await graphql<{ initiateMeetingroom: { id: string; name: string } }>(
    ada.request,
    'mutation ($project: ID) { initiateMeetingroom(project: $project) { id name } }',
    { project: space },
  );
  await joinCall(ada, `/meetingroom/${room.id}`, room.name);
  await joinCall(grace, `/meetingroom/${room.id}`, room.name);
  await expect(ada.getByText('2 participants')).toBeVisible({ timeout: 30_000 });

  await ada.getByRole('button', { name: 'Record the call' }).click();
  await expect(ada.getByRole('status').getByText('Recording · you are recording this call')).toBeVisible();
  await expect(grace.getByRole('status').getByText('Recording · started by Ada')).toBeVisible();
  await expect(grace.getByRole('button', { name: 'Record the call' })).toBeDisabled();

  // About three seconds of call, measured by the recording itself below (a duration over one second).
  await ada.waitForTimeout(3000);
  await ada.getByRole('button', { name: 'Stop recording' }).click();
  await expect(grace.getByText('Recording · started by Ada')).toBeHidden();
  await expect(ada.getByText(/The recording is saved in the space's files as/)).toBeVisible({ timeout: 30_000 });

  const { getFiles } = await graphql<{ getFiles: StoredFile[] }>(
    grace.request,
    'query ($project: ID) { getFiles(project: $project) { id name type size url } }',
    { project: space },
  );
  const recording = getFiles.find((file) => file.name.endsWith('.webm'));
  expect(recording, JSON.stringify(getFiles)).toBeTruthy();
  expect(recording!.name).toContain(room.name);
  expect(recording!.size).toBeGreaterThan(10_000);

  // A MediaRecorder WebM has no duration in its header: seeking far makes the browser find the end.
  const duration = await grace.evaluate(async (url) => {
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'metadata';
    video.src = url;
    await new Promise((resolve, reject) => {
      video.onloadedmetadata = resolve;
      video.onerror = () => reject(new Error('The recording does not load'));
    });
    if (!Number.isFinite(video.duration)) {
      await new Promise((resolve) => {
        video.ondurationchange = () => {
          if (Number.isFinite(video.duration)) resolve(undefined);
        };
        video.currentTime = 1e101;
      });
    }
    return video.duration;
  }, recording!.url);
  expect(duration).toBeGreaterThan(1);
  expect(Number.isFinite(duration)).toBe(true);
  await close();
});
