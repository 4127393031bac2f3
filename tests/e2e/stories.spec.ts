/**
 * Stories (issue 15): Ada records her (fake) screen with her camera in a bubble, watches the preview, uploads it with
 * progress; Grace, on the same space's stories, sees it arrive live and plays it in the media viewer with a duration.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { twoTeammates } from './support';

/** WCAG A and AA problems on the page as it is (the accessibility suite's rules). */
async function accessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('a member records a story of her screen with a camera bubble; a teammate sees it live and plays it with its duration', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ada, grace, space, close } = await twoTeammates(browser);
  // Ada works in the dark theme, Grace in the light one: the screenshots show both.
  await ada.addInitScript(() => localStorage.setItem('darkmode', 'true'));
  await ada.goto(`/${space}/stories`);
  await grace.goto(`/${space}/stories`);
  await expect(grace.getByRole('heading', { name: 'No stories yet' })).toBeVisible();
  await grace.screenshot({ path: test.info().outputPath('stories-empty.png') });

  await ada.getByRole('button', { name: 'New story' }).click();
  const setup = ada.getByRole('dialog', { name: 'New story' });
  await expect(setup.getByRole('checkbox', { name: 'Camera bubble' })).toBeChecked();
  expect(await accessibilityViolations(ada)).toEqual([]);
  await setup.getByRole('checkbox', { name: 'Microphone' }).uncheck();
  await setup.getByRole('button', { name: 'Choose what to share' }).click();

  // Chromium's fake screen and camera are given without prompts; the countdown can be skipped.
  await expect(ada.getByRole('status').getByLabel(/Recording starts in [1-3]/)).toBeVisible();
  await ada.getByRole('button', { name: 'Start now' }).click();
  const bar = ada.getByRole('toolbar', { name: 'Story recording' });
  await expect(bar.getByText('Recording', { exact: true })).toBeVisible();
  await ada.screenshot({ path: test.info().outputPath('stories-recording.png') });
  expect(await accessibilityViolations(ada)).toEqual([]);
  await ada.setViewportSize({ width: 390, height: 800 });
  await ada.screenshot({ path: test.info().outputPath('stories-recording-phone-dark.png') });
  await ada.setViewportSize({ width: 1280, height: 720 });
  // The bar counts recorded seconds ("0:02"); pausing holds it, resuming counts on.
  const recordedSeconds = async () => {
    const [minutes, seconds] = ((await bar.getByRole('timer').textContent()) ?? '0:00').split(':').map(Number);
    return (minutes ?? 0) * 60 + (seconds ?? 0);
  };
  await expect.poll(recordedSeconds, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await bar.getByRole('button', { name: 'Pause' }).click();
  await expect(bar.getByText('Paused')).toBeVisible();
  const atPause = await recordedSeconds();
  await bar.getByRole('button', { name: 'Resume' }).click();
  await expect(bar.getByText('Recording', { exact: true })).toBeVisible();
  await expect.poll(recordedSeconds, { timeout: 20_000 }).toBeGreaterThanOrEqual(Math.max(3, atPause + 1));
  // Going to another area and back keeps the recording going.
  const navigation = ada.getByRole('navigation', { name: 'Main navigation' });
  await navigation.getByRole('link', { name: 'Files' }).click();
  await expect(ada).toHaveURL(new RegExp(`/${space}/files$`));
  await navigation.getByRole('link', { name: 'Stories' }).click();
  await expect(bar.getByText('Recording', { exact: true })).toBeVisible();
  await bar.getByRole('button', { name: 'Stop recording' }).click();

  const preview = ada.getByRole('dialog', { name: 'Your story' });
  await expect(preview.getByText(/^Duration \d+:\d\d$/)).toBeVisible({ timeout: 30_000 });
  await ada.screenshot({ path: test.info().outputPath('stories-preview.png') });
  expect(await accessibilityViolations(ada)).toEqual([]);
  await preview.getByLabel('Name').fill('Launch demo');
  // Hold the bytes back a moment so the progress shows before they arrive.
  let releaseBytes: () => void = () => undefined;
  const bytesHeld = new Promise<void>((resolve) => (releaseBytes = resolve));
  await ada.route('**/uploads/**', async (route) => {
    await bytesHeld;
    await route.continue();
  });
  await preview.getByRole('button', { name: 'Upload' }).click();
  await expect(preview.getByRole('progressbar')).toBeVisible();
  await expect(preview.getByText(/Uploading… \d+%/)).toBeVisible();
  releaseBytes();
  await expect(preview).toBeHidden({ timeout: 30_000 });

  const adaCard = ada.getByRole('button', { name: 'Play Launch demo.webm' });
  await expect(adaCard).toBeVisible();
  // Grace never reloaded: the story arrives through the space's live file changes.
  const graceCard = grace.getByRole('button', { name: 'Play Launch demo.webm' });
  await expect(graceCard).toBeVisible();
  await expect(graceCard).toContainText('Ada');
  // The duration the server read from the file's header.
  await expect(graceCard).toContainText(/^\s*\d+:\d\d\s*Launch demo/);
  await grace.screenshot({ path: test.info().outputPath('stories-list.png') });
  expect(await accessibilityViolations(grace)).toEqual([]);
  await grace.setViewportSize({ width: 390, height: 800 });
  await grace.screenshot({ path: test.info().outputPath('stories-list-phone.png') });
  await grace.setViewportSize({ width: 1280, height: 720 });

  await graceCard.click();
  const viewer = grace.getByRole('dialog', { name: 'Launch demo.webm' });
  const video = viewer.getByTestId('viewer-video');
  await expect(video).toBeVisible();
  const duration = await video.evaluate(async (element: HTMLVideoElement) => {
    if (element.readyState < 1) await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
    return element.duration;
  });
  expect(Number.isFinite(duration)).toBe(true);
  expect(duration).toBeGreaterThan(2);
  await grace.keyboard.press('Escape');

  // A story is a video of the space's media too.
  await grace.goto(`/${space}/media`);
  await expect(grace.getByRole('button', { name: 'Open Launch demo.webm' })).toBeVisible();
  await close();
});
