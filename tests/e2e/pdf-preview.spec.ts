import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { formatBytes } from '#shared/files';
import { graphql, signedInAccount } from './support';

/**
 * A PDF of `pages` pages, each a coloured band with its number, whose catalog carries an OpenAction
 * script: a viewer that runs PDF JavaScript (Chromium's own does) would change the title, alert and print.
 */
function pdfWithScript(pages: number): Buffer {
  const script = "document.title = 'pwned by pdf'; app.alert('pwned by pdf'); this.print(true);";
  const objects: string[] = [];
  const pageIds = Array.from({ length: pages }, (_, index) => 5 + index * 2);
  objects[1] = `<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R /Names << /JavaScript << /Names [(pwn) 4 0 R] >> >> >>`;
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  objects[4] = `<< /Type /Action /S /JavaScript /JS (${script}) >>`;
  pageIds.forEach((id, index) => {
    const shade = [0.85, 0.25, 0.35][index % 3];
    const content = `${shade} 0.4 0.7 rg 40 600 515 160 re f BT /F1 48 Tf 0 0 0 rg 60 500 Td (Page ${index + 1}) Tj ET`;
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${id + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> /AA << /O 4 0 R >> >>`;
    objects[id + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n${offsets
    .slice(1)
    .map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)
    .join('')}`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A signed-in person with onboarding done and a space of their own. */
async function personWithSpace(page: Page, firstname: string) {
  await signedInAccount(page, firstname);
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { setProject } = await graphql<{ setProject: { id: string } }>(
    page.request,
    'mutation { setProject(name: "Papers", type: "private") { id } }',
  );
  return setProject.id;
}

/** Fails the test on any alert, confirm or print dialog, and on any console error or uncaught exception. */
function watchForScripts(page: Page): string[] {
  const problems: string[] = [];
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Whether a canvas has been drawn on: some pixel is neither blank nor plain white. */
async function hasInk(canvas: Locator): Promise<boolean> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d');
    if (!context || element.width === 0) return false;
    const { data } = context.getImageData(0, 0, element.width, element.height);
    for (let index = 0; index < data.length; index += 4) {
      if (data[index + 3]! > 0 && (data[index]! < 240 || data[index + 1]! < 240 || data[index + 2]! < 240)) return true;
    }
    return false;
  });
}

async function expectDrawn(canvas: Locator): Promise<void> {
  await expect(canvas).toHaveAttribute('aria-busy', 'false');
  expect(await hasInk(canvas)).toBe(true);
}

async function uploadPdf(page: Page, space: string, name: string, buffer: Buffer): Promise<string> {
  await page.goto(`/${space}/files`);
  await page.locator('input[type="file"]').first().setInputFiles({ name, mimeType: 'application/pdf', buffer });
  const list = page.getByRole('list', { name: 'Files and folders' });
  await expect(list.getByText(name)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: name })).toContainText('Uploaded');
  const { getFiles } = await graphql<{ getFiles: { id: string; name: string }[] }>(
    page.request,
    'query ($project: ID!) { getFiles(project: $project) { id name } }',
    { project: space },
  );
  return getFiles.find((file) => file.name === name)!.id;
}

async function openFromList(page: Page, name: string): Promise<Locator> {
  const list = page.getByRole('list', { name: 'Files and folders' });
  await list.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Open' }).click();
  return page.getByRole('dialog', { name });
}

test('a PDF opens in the media viewer drawn by pdf.js, with thumbnails, page keys and zoom; its embedded script never runs', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchForScripts(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  const space = await personWithSpace(page, 'Petra');
  const fileId = await uploadPdf(page, space, 'quarterly-report.pdf', pdfWithScript(3));
  const title = await page.title();

  const dialog = await openFromList(page, 'quarterly-report.pdf');
  const viewer = dialog.getByRole('region', { name: 'quarterly-report.pdf' });
  await expectDrawn(viewer.getByRole('img', { name: 'Page 1 of 3' }));
  // pdf.js parses in its own worker, a file of the app's origin that the CSP lets run (no fallback to the page's thread).
  expect(workers.some((path) => /^\/assets\/pdf\.worker[^/]*\.mjs$/.test(path))).toBe(true);
  const pages = viewer.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('button')).toHaveCount(3);
  await expect(pages.getByRole('button', { name: 'Go to page 1' })).toHaveAttribute('aria-current', 'page');
  for (const thumbnail of await pages.locator('canvas').all()) await expectDrawn(thumbnail);

  await pages.getByRole('button', { name: 'Go to page 3' }).click();
  await expectDrawn(viewer.getByRole('img', { name: 'Page 3 of 3' }));
  await expect(viewer.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(viewer.getByLabel('Page number')).toHaveValue('3');
  await page.keyboard.press('ArrowLeft');
  await expectDrawn(viewer.getByRole('img', { name: 'Page 2 of 3' }));
  await page.keyboard.press('PageUp');
  await expect(viewer.getByRole('img', { name: 'Page 1 of 3' })).toBeVisible();
  await page.keyboard.press('PageDown');
  await expect(viewer.getByRole('img', { name: 'Page 2 of 3' })).toBeVisible();
  await viewer.getByLabel('Page number').fill('3');
  await viewer.getByLabel('Page number').press('Enter');
  await expect(viewer.getByRole('img', { name: 'Page 3 of 3' })).toBeVisible();

  const pageImage = viewer.getByRole('img', { name: 'Page 3 of 3' });
  const fittedWidth = (await pageImage.boundingBox())!.width;
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await pageImage.boundingBox())!.width).toBeGreaterThan(fittedWidth);
  await expectDrawn(pageImage);
  await viewer.getByRole('button', { name: 'Fit to window' }).click();
  await expect.poll(async () => Math.round((await pageImage.boundingBox())!.width)).toBe(Math.round(fittedWidth));

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The bytes at the file's address are an attachment in a sandbox: the browser downloads them rather
  // than opening its PDF viewer, which would run the script.
  const direct = await page.request.get(`/media/files/${fileId}`);
  expect(direct.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(direct.headers()['content-security-policy']).toContain('sandbox');
  const download = page.waitForEvent('download');
  await page.goto(`/media/files/${fileId}`).catch(() => undefined);
  expect((await download).suggestedFilename()).toBe('quarterly-report.pdf');

  await page.goto(`/${space}/files`);
  await expect(page).toHaveTitle(title);
  expect(problems).toEqual([]);
});

test('a shared PDF is previewed on its public page from the public bytes, with its real size', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const space = await personWithSpace(page, 'Sami');
  const pdf = pdfWithScript(2);
  const fileId = await uploadPdf(page, space, 'handbook.pdf', pdf);
  await graphql(page.request, 'mutation ($id: ID!) { ediFile(id: $id, shared: true) { id } }', { id: fileId });

  const stranger = await (browser as Browser).newContext();
  const visitor = await stranger.newPage();
  const problems = watchForScripts(visitor);
  await visitor.goto(`/share/media/${fileId}`);
  await expect(visitor.getByRole('heading', { level: 2, name: 'handbook.pdf' })).toBeVisible();
  await expect(visitor.getByText(formatBytes(pdf.length), { exact: true })).toBeVisible();
  const viewer = visitor.getByRole('region', { name: 'handbook.pdf' });
  await expectDrawn(viewer.getByRole('img', { name: 'Page 1 of 2' }));
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expectDrawn(viewer.getByRole('img', { name: 'Page 2 of 2' }));
  await expect(visitor).toHaveTitle(/^handbook\.pdf/);
  expect(problems).toEqual([]);
  await stranger.close();
});
