import { expect, test, type Page } from '@playwright/test';
import { graphql, pdfSaying, phoneScreenshots, signedInAccount } from './support';

/** A signed-in person with onboarding done and a space of their own, "Observatory". */
async function personWithSpace(page: Page) {
  await signedInAccount(page, 'Vera');
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { setProject } = await graphql<{ setProject: { id: string } }>(
    page.request,
    'mutation { setProject(name: "Observatory", type: "private") { id } }',
  );
  return setProject.id;
}

async function newTask(page: Page, project: string, name: string): Promise<string> {
  const { setTask } = await graphql<{ setTask: { id: string } }>(
    page.request,
    'mutation ($project: ID!, $name: String!) { setTask(project: $project, name: $name) { id } }',
    { project, name },
  );
  return setTask.id;
}

/** Desktop shots in both themes and the phone-width ones, into E2E_SHOTS_DIR when it is set. */
async function screenshots(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS_DIR;
  if (!folder) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
    await page.screenshot({ path: `${folder}/${name}-desktop-${theme}.png` });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await phoneScreenshots(page, name);
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command menu' });

test('Ctrl+K finds a task by a word of its name and Enter opens it; Escape closes the palette and gives focus back', async ({ page }) => {
  const space = await personWithSpace(page);
  const task = await newTask(page, space, 'Calibrate the telescope mirrors');
  await newTask(page, space, 'Order coffee for the night shift');
  await page.goto(`/${space}`);
  await expect(page.getByRole('main').getByRole('link', { name: /Calibrate the telescope mirrors/ })).toBeVisible();

  const trigger = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: /^Search…/ });
  await trigger.focus();
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await expect(palette(page).getByRole('combobox')).toBeFocused();
  await expect(palette(page).getByRole('option', { name: 'Go to Observatory' })).toBeVisible();
  await screenshots(page, 'command-palette-actions');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
  await expect(trigger).toBeFocused();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('telescope');
  const found = palette(page).getByRole('option', { name: /Calibrate the telescope mirrors/ });
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await expect(found.locator('mark')).toHaveText('telescope');
  await expect(palette(page).getByRole('option', { name: /Order coffee/ })).toHaveCount(0);
  await screenshots(page, 'command-palette');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${space}/tasks/d/${task}$`));
  await expect(palette(page)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /Task name|Name/ })).toHaveValue('Calibrate the telescope mirrors');

  // In a space, "New task" opens that space's board with the new-task field ready for typing.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('new task');
  await expect(palette(page).getByRole('option', { name: 'New task', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${space}/tasks$`));
  await expect(page.getByRole('textbox', { name: /^New task in / }).first()).toBeFocused();
  await page.keyboard.type('Align the finder scope');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('link', { name: /Align the finder scope/ })).toBeVisible();
});

test('a word inside an uploaded PDF finds the file on the search page, which keeps the query in its address', async ({ page }) => {
  const space = await personWithSpace(page);
  await page.goto(`/${space}/files`);
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'night-log.pdf', mimeType: 'application/pdf', buffer: pdfSaying('Spectrograph heliotrope readings at dawn') });
  await expect(page.getByRole('region', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'night-log.pdf' })).toContainText(
    'Uploaded',
  );

  await page.goto(`/${space}/search`);
  await page.getByRole('searchbox', { name: 'Search' }).fill('heliotrope');
  await expect(page).toHaveURL(/\?q=heliotrope$/);
  await page.getByLabel('Type').selectOption({ label: 'Files' });
  await expect(page).toHaveURL(/\?q=heliotrope&type=file$/);
  // The PDF's text is read after the upload: the page is asked again until the file shows.
  const results = page.getByRole('list', { name: 'Results' });
  const file = results.getByRole('link', { name: /night-log\.pdf/ });
  await expect(async () => {
    await page.reload();
    await expect(file).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(file.locator('mark')).toHaveText(['heliotrope']);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('heliotrope');
  await screenshots(page, 'search-page');
  await file.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${space}/files\\?file=`));
  const viewer = page.getByRole('dialog', { name: 'night-log.pdf' });
  await expect(viewer).toBeVisible();
  // A notification's link to the file, /<space>/files/d/<file>, finds its folder and opens it there too.
  const fileId = new URL(page.url()).searchParams.get('file')!;
  await page.goto(`/${space}/files/d/${fileId}`);
  await expect(page).toHaveURL(new RegExp(`/${space}/files\\?file=${fileId}$`));
  await expect(viewer).toBeVisible();
});

test('quotes, operators and short queries typed on the search page or in the palette show results or "No results", never an error', async ({
  page,
}) => {
  const space = await personWithSpace(page);
  await newTask(page, space, 'Polish "primary" mirror (AND) NEAR the dome');
  await page.goto(`/${space}/search`);
  const box = page.getByRole('searchbox', { name: 'Search' });

  await box.fill('abcd');
  await expect(page.getByText('Type more than 4 characteres')).toBeVisible();

  await box.fill('"primary');
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('link', { name: /Polish "primary" mirror/ })).toBeVisible();
  for (const query of ['mirror AND (dome', 'NEAR(dome mirror', '-dome* ^title:', 'zzzz OR NOT "unmatched']) {
    await box.fill(query);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query);
    // This query's answer is in: no spinner, no earlier results kept while it was asked.
    await expect(page.getByRole('status', { name: 'Searching…' })).toHaveCount(0);
    await expect(page.locator('ul[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Results' }).or(page.getByRole('heading', { name: /^No results for/ }))).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { name: 'No results for “zzzz OR NOT "unmatched”' })).toBeVisible();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('" OR ( NOT qqqqq*');
  await expect(palette(page).getByText('No results for “" OR ( NOT qqqqq*”', { exact: true })).toBeVisible();
  await palette(page).getByRole('combobox').fill('mirror "dome');
  await expect(palette(page).getByRole('option', { name: /Polish "primary" mirror/ })).toBeVisible();
});
