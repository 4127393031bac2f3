import { expect, test, type Locator, type Page } from '@playwright/test';
import { graphql, signedInAccount } from './support';

/**
 * Drags with the mouse as a person does: press on the card, move past the drag threshold, travel to
 * the target in steps (the board follows the pointer), release. dnd-kit reads pointer moves, so a
 * single jump (as locator.dragTo does) would never start the drag.
 */
async function dragWithMouse(page: Page, source: Locator, target: Locator) {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + 30, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await expect(target).toHaveAttribute('data-over', 'true');
  await page.mouse.up();
}

test('a card created and dragged in one browser appears and moves in the other, live', async ({ browser }) => {
  const first = await browser.newContext();
  const firstPage = await first.newPage();
  const account = await signedInAccount(firstPage, 'Board');
  await graphql(firstPage.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { getProjects } = await graphql<{ getProjects: { id: string; isPersonal: boolean }[] }>(
    firstPage.request,
    '{ getProjects { id isPersonal } }',
  );
  const space = getProjects.find((project) => project.isPersonal)!;

  const second = await browser.newContext();
  const secondPage = await second.newPage();
  await graphql(
    secondPage.request,
    'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }',
    { email: account.email, password: account.password },
  );

  await firstPage.goto(`/${space.id}/tasks`);
  await secondPage.goto(`/${space.id}/tasks`);
  const todo = (page: typeof firstPage) => page.getByRole('region', { name: 'To do' });
  const inProgress = (page: typeof firstPage) => page.getByRole('region', { name: 'In progress' });
  await expect(todo(firstPage)).toBeVisible();
  await expect(todo(secondPage)).toBeVisible();

  await firstPage.getByRole('textbox', { name: 'New task in To do' }).fill('Write the launch post');
  await firstPage.getByRole('textbox', { name: 'New task in To do' }).press('Enter');
  await expect(todo(secondPage).getByRole('link', { name: 'Write the launch post' })).toBeVisible();

  const card = todo(firstPage).getByTestId('task-card').filter({ hasText: 'Write the launch post' });
  await expect(card).not.toHaveAttribute('data-pending', 'true');
  await dragWithMouse(firstPage, card, inProgress(firstPage));
  await expect(inProgress(firstPage).getByRole('link', { name: 'Write the launch post' })).toBeVisible();
  await expect(inProgress(secondPage).getByRole('link', { name: 'Write the launch post' })).toBeVisible();
  await expect(todo(secondPage).getByRole('link', { name: 'Write the launch post' })).toHaveCount(0);

  await first.close();
  await second.close();
});

/** A signed-in person with onboarding done, on their personal space, with one task. */
async function personWithATask(page: Page, firstname: string, taskName: string) {
  await signedInAccount(page, firstname);
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { getProjects } = await graphql<{ getProjects: { id: string; isPersonal: boolean }[] }>(
    page.request,
    '{ getProjects { id isPersonal } }',
  );
  const space = getProjects.find((project) => project.isPersonal)!.id;
  const { setTask } = await graphql<{ setTask: { id: string } }>(
    page.request,
    'mutation ($project: ID!, $name: String!) { setTask(project: $project, name: $name) { id } }',
    { project: space, name: taskName },
  );
  return { space, taskId: setTask.id };
}

test('a tag and a sprint are created from the task panel’s pickers by typing their names', async ({ page }) => {
  const { space, taskId } = await personWithATask(page, 'Tagger', 'Label me');
  await page.goto(`/${space}/tasks/d/${taskId}`);
  const panel = page.getByRole('complementary', { name: 'Task details' });
  await panel.getByRole('button', { name: 'Add a tag' }).click();
  const tags = page.getByRole('dialog', { name: /Tags of/ });
  await expect(tags).toContainText('No tags yet. Type a name to create one.');
  await tags.getByRole('textbox', { name: 'Find or create a tag' }).fill('Backend');
  const shotsFolder = process.env.E2E_SHOTS_DIR;
  if (shotsFolder) {
    await tags.screenshot({ path: `${shotsFolder}/tag-picker.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
      await page.screenshot({ path: `${shotsFolder}/tag-picker-phone-${theme}.png` });
    }
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await tags.getByRole('button', { name: 'Create tag “Backend”' }).click();
  await expect(tags.getByRole('button', { name: 'Backend', pressed: true })).toBeVisible();
  await tags.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByRole('list', { name: 'Tags' })).toContainText('Backend');

  await panel.getByRole('button', { name: 'Sprint No sprint' }).click();
  const sprint = page.getByRole('dialog', { name: /Sprint of/ });
  await sprint.getByRole('textbox', { name: 'Find or create a sprint' }).fill('Week 12');
  await sprint.getByRole('textbox', { name: 'Find or create a sprint' }).press('Enter');
  await expect(sprint).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Sprint Week 12' })).toBeVisible();
  if (shotsFolder) {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
      await page.screenshot({ path: `${shotsFolder}/task-panel-labels-${theme}.png` });
    }
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  }

  // The panel shows the sprint at once; its save may still be on its way to the server.
  const savedLabels = async () =>
    (
      await graphql<{ getTask: { tags: { name: string }[]; sprint: { name: string } | null } }>(
        page.request,
        'query ($id: ID!) { getTask(id: $id) { tags { name } sprint { name } } }',
        { id: taskId },
      )
    ).getTask;
  await expect.poll(savedLabels).toEqual({ tags: [{ name: 'Backend' }], sprint: { name: 'Week 12' } });
});

test('a rename typed and the page reloaded at once keeps the rename', async ({ page }) => {
  const { space, taskId } = await personWithATask(page, 'Renamer', 'Old name');
  await page.goto(`/${space}/tasks/d/${taskId}`);
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('Old name');
  await name.fill('Renamed right before the reload');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Renamed right before the reload');
  await expect(page.getByRole('link', { name: 'Renamed right before the reload', exact: true })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await graphql<{ getTask: { name: string } }>(page.request, 'query ($id: ID!) { getTask(id: $id) { name } }', { id: taskId }))
          .getTask.name,
    )
    .toBe('Renamed right before the reload');
});

test('on a phone the task toolbar is one row, the rest in its More actions menu', async ({ page }) => {
  const { space } = await personWithATask(page, 'Phone', 'Small screen');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${space}/tasks`);
  await expect(page.getByRole('region', { name: 'To do' })).toBeVisible();
  const toolbar = page.getByTestId('task-toolbar');
  const filter = toolbar.getByRole('button', { name: 'Filter' });
  await expect(filter).toBeVisible();
  const toolbarBox = (await toolbar.boundingBox())!;
  const buttonBox = (await filter.boundingBox())!;
  // One row: the toolbar is no taller than its tallest control, and nothing sticks out sideways.
  expect(toolbarBox.height).toBeLessThanOrEqual(buttonBox.height + 4);
  expect(toolbarBox.x + toolbarBox.width).toBeLessThanOrEqual(390);
  for (const control of await toolbar.getByRole('button').all()) {
    const box = (await control.boundingBox())!;
    expect(
      Math.abs(box.y - buttonBox.y),
      (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '',
    ).toBeLessThanOrEqual(4);
  }
  await page.getByRole('button', { name: 'List' }).click();
  await toolbar.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Tags and sprints' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Grouped by/ })).toBeVisible();
  const shotsFolder = process.env.E2E_SHOTS_DIR;
  if (shotsFolder) {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
      await page.screenshot({ path: `${shotsFolder}/phone-toolbar-${theme}.png` });
    }
  }
  await page.keyboard.press('Escape');
  expect((await toolbar.boundingBox())!.height).toBeLessThanOrEqual(buttonBox.height + 4);
});
