import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { graphql, pdfSaying, twoTeammates } from './support';

async function pngImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

const fileList = (page: Page) => page.getByRole('list', { name: 'Files and folders' });

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator('input[type="file"]').first().setInputFiles(file);
}

test('an uploaded image appears live for a teammate, in the media grid, and behind a public link only while shared', async ({
  browser,
}) => {
  const { ada, grace, space, close } = await twoTeammates(browser);
  await ada.goto(`/${space}/files`);
  await grace.goto(`/${space}/files`);
  await expect(ada.getByText('No files yet')).toBeVisible();

  await upload(ada, { name: 'sunrise.png', mimeType: 'image/png', buffer: await pngImage(640, 480) });
  await expect(ada.getByRole('region', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'sunrise.png' })).toContainText(
    'Uploaded',
  );
  await expect(fileList(ada).getByText('sunrise.png')).toBeVisible();
  await expect(fileList(grace).getByText('sunrise.png')).toBeVisible();

  await grace.goto(`/${space}/media`);
  await grace.getByRole('button', { name: 'Open sunrise.png' }).click();
  await expect(grace.getByRole('dialog').locator('img')).toBeVisible();
  await grace.keyboard.press('Escape');

  const { getFiles } = await graphql<{ getFiles: { id: string; name: string }[] }>(
    ada.request,
    'query ($project: ID!) { getFiles(project: $project) { id name } }',
    { project: space },
  );
  const file = getFiles.find((entry) => entry.name === 'sunrise.png')!;
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto(`/share/media/${file.id}`);
  await expect(stranger.getByText('This file is not available')).toBeVisible();

  await fileList(ada).getByRole('button', { name: 'Actions for sunrise.png' }).click();
  await ada.getByRole('menuitem', { name: 'Share a public link' }).click();
  await expect(fileList(ada).getByLabel('Shared')).toBeVisible();
  await stranger.reload();
  await expect(stranger.locator('img')).toBeVisible();
  const image = await stranger.request.get(`/media/files/${file.id}/shared`);
  expect(image.status()).toBe(200);
  expect(image.headers()['x-content-type-options']).toBe('nosniff');

  await fileList(ada).getByRole('button', { name: 'Actions for sunrise.png' }).click();
  await ada.getByRole('menuitem', { name: 'Stop sharing' }).click();
  await expect(fileList(ada).getByLabel('Shared')).toHaveCount(0);
  await stranger.reload();
  await expect(stranger.getByText('This file is not available')).toBeVisible();
  await strangerContext.close();
  await close();
});

test('a program renamed as an image is refused with a clear message and nothing is stored', async ({ browser }) => {
  const { ada, space, close } = await twoTeammates(browser);
  await ada.goto(`/${space}/files`);
  const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);
  program.write('PE\0\0', 128);
  program.writeUInt32LE(128, 0x3c);
  await upload(ada, { name: 'holiday.png', mimeType: 'image/png', buffer: program });
  await expect(ada.getByRole('region', { name: 'Uploads' }).getByRole('alert')).toBeVisible();
  await expect(ada.getByRole('region', { name: 'Uploads' })).toContainText(/Invalid file type|Failed/);
  await expect(fileList(ada).getByText('holiday.png')).toHaveCount(0);
  const { getFiles } = await graphql<{ getFiles: unknown[] }>(ada.request, 'query ($project: ID!) { getFiles(project: $project) { id } }', {
    project: space,
  });
  expect(getFiles).toHaveLength(0);
  await close();
});

test('folders: create one, move a file into it by the menu, and open it', async ({ browser }) => {
  const { ada, space, close } = await twoTeammates(browser);
  await ada.goto(`/${space}/files`);
  await upload(ada, { name: 'budget.png', mimeType: 'image/png', buffer: await pngImage(32, 32) });
  await expect(fileList(ada).getByText('budget.png')).toBeVisible();

  await ada.getByRole('button', { name: 'New folder' }).click();
  await ada.getByRole('dialog').getByLabel('Folder name').fill('Finance');
  await ada.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(fileList(ada).getByText('Finance')).toBeVisible();

  await fileList(ada).getByRole('button', { name: 'Actions for budget.png' }).click();
  await ada.getByRole('menuitem', { name: 'Move to…' }).click();
  const dialog = ada.getByRole('dialog');
  await dialog.getByText('Finance').click();
  await dialog.getByRole('button', { name: 'Move here' }).click();
  await expect(fileList(ada).getByText('budget.png')).toHaveCount(0);

  await fileList(ada).getByText('Finance').dblclick();
  await expect(ada.getByRole('navigation', { name: 'Folder path' })).toContainText('Finance');
  await expect(fileList(ada).getByText('budget.png')).toBeVisible();
  await close();
});

test("a PDF in a task's files and one sent in a chat open in the media viewer, not in a tab that would only download them", async ({
  browser,
}) => {
  const { ada, space, close } = await twoTeammates(browser);
  const opened: string[] = [];
  ada.context().on('page', (page) => opened.push(page.url()));
  const { getStatesProject } = await graphql<{ getStatesProject: { id: string }[] }>(
    ada.request,
    'query ($project: ID!) { getStatesProject(project: $project) { id } }',
    { project: space },
  );
  const { setTask } = await graphql<{ setTask: { id: string } }>(
    ada.request,
    'mutation ($project: ID!, $state: ID!) { setTask(project: $project, state: $state, name: "Minutes", positionSection: 1) { id } }',
    { project: space, state: getStatesProject[0]!.id },
  );
  const pdf = { name: 'minutes.pdf', mimeType: 'application/pdf', buffer: pdfSaying('Meeting minutes', 36) };

  await ada.goto(`/${space}/tasks/d/${setTask.id}`);
  await ada.getByRole('tab', { name: /Files/ }).click();
  await ada.getByTestId('task-files-input').setInputFiles(pdf);
  await ada.getByRole('list', { name: 'Files of the task' }).getByRole('button', { name: 'Open minutes.pdf' }).click();
  const fromTask = ada.getByRole('dialog', { name: 'minutes.pdf' });
  await expect(fromTask.getByRole('region', { name: 'minutes.pdf' }).getByRole('img', { name: 'Page 1 of 1' })).toBeVisible();
  await ada.keyboard.press('Escape');
  await expect(fromTask).toHaveCount(0);

  await ada.goto(`/chats/${space}`);
  await ada.getByTestId('attach-input').setInputFiles(pdf);
  const card = ada.getByRole('log').getByTestId('file-card').filter({ hasText: 'minutes.pdf' });
  await card.getByRole('button', { name: 'Open minutes.pdf' }).click();
  const fromChat = ada.getByRole('dialog', { name: 'minutes.pdf' });
  await expect(fromChat.getByRole('region', { name: 'minutes.pdf' }).getByRole('img', { name: 'Page 1 of 1' })).toBeVisible();
  expect(opened).toEqual([]);
  await close();
});
