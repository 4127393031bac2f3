import { expect, test, type Browser, type Page } from '@playwright/test';
import { graphql, signedInAccount } from './support';

/** Two windows signed in as the same person on the board of their personal space. */
async function twoWindowsOnABoard(browser: Browser, firstname: string) {
  const first = await browser.newContext();
  const page = await first.newPage();
  const account = await signedInAccount(page, firstname);
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { getProjects } = await graphql<{ getProjects: { id: string; isPersonal: boolean }[] }>(
    page.request,
    '{ getProjects { id isPersonal } }',
  );
  const space = getProjects.find((project) => project.isPersonal)!.id;
  const second = await browser.newContext();
  const other = await second.newPage();
  await graphql(other.request, 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }', {
    email: account.email,
    password: account.password,
  });
  const createTask = async (name: string, parentTask?: string) =>
    (
      await graphql<{ setTask: { id: string; idCode: string } }>(
        page.request,
        'mutation ($project: ID!, $name: String!, $parentTask: ID) { setTask(project: $project, name: $name, parentTask: $parentTask) { id idCode } }',
        { project: space, name, parentTask },
      )
    ).setTask;
  return {
    page,
    other,
    space,
    createTask,
    close: async () => {
      await first.close();
      await second.close();
    },
  };
}

const card = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

async function openTaskActions(page: Page, space: string, taskId: string) {
  await page.goto(`/${space}/tasks/d/${taskId}`);
  const panel = page.getByRole('complementary', { name: 'Task details' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Task actions' }).click();
}

test('deleting a task with subtasks asks, and deleting them too removes all of them in both windows', async ({ browser }) => {
  const { page, other, space, createTask, close } = await twoWindowsOnABoard(browser, 'Deleter');
  const parent = await createTask('Plan the offsite');
  await createTask('Book the venue', parent.id);
  await createTask('Send invitations', parent.id);
  await other.goto(`/${space}/tasks`);
  await expect(card(other, 'Plan the offsite')).toBeVisible();

  await openTaskActions(page, space, parent.id);
  await page.getByRole('menuitem', { name: 'Delete task' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('It has 2 subtasks');
  await dialog.getByRole('button', { name: 'Delete with 2 subtasks' }).click();

  await expect(page).toHaveURL(new RegExp(`/${space}/tasks$`));
  await expect(card(other, 'Plan the offsite')).toHaveCount(0);
  const { getTasks } = await graphql<{ getTasks: { name: string }[] }>(
    page.request,
    'query ($project: ID!) { getTasks(project: $project) { name } }',
    { project: space },
  );
  expect(getTasks.map((task) => task.name)).not.toEqual(expect.arrayContaining(['Book the venue']));
  expect(getTasks.map((task) => task.name)).not.toEqual(expect.arrayContaining(['Send invitations']));
  await close();
});

test('deleting a task but keeping its subtasks turns them into tasks of their own', async ({ browser }) => {
  const { page, other, space, createTask, close } = await twoWindowsOnABoard(browser, 'Keeper');
  const parent = await createTask('Redesign the landing page');
  await createTask('Collect screenshots', parent.id);
  await other.goto(`/${space}/tasks`);
  await expect(card(other, 'Redesign the landing page')).toBeVisible();
  await expect(card(other, 'Collect screenshots')).toHaveCount(0);

  await openTaskActions(page, space, parent.id);
  await page.getByRole('menuitem', { name: 'Delete task' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Keep subtasks' }).click();

  await expect(card(other, 'Redesign the landing page')).toHaveCount(0);
  await expect(card(other, 'Collect screenshots')).toBeVisible();
  await expect(card(page, 'Collect screenshots')).toBeVisible();
  await close();
});

test('a task without subtasks is deleted after a confirmation', async ({ browser }) => {
  const { page, other, space, createTask, close } = await twoWindowsOnABoard(browser, 'Single');
  const task = await createTask('Renew the domain');
  await other.goto(`/${space}/tasks`);
  await expect(card(other, 'Renew the domain')).toBeVisible();
  await openTaskActions(page, space, task.id);
  await page.getByRole('menuitem', { name: 'Delete task' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete task' }).click();
  await expect(card(other, 'Renew the domain')).toHaveCount(0);
  await close();
});

test('duplicating a task opens the copy with a new code, and the copy appears in the other window', async ({ browser }) => {
  const { page, other, space, createTask, close } = await twoWindowsOnABoard(browser, 'Copier');
  const task = await createTask('Write release notes');
  await other.goto(`/${space}/tasks`);
  await expect(card(other, 'Write release notes')).toHaveCount(1);

  await openTaskActions(page, space, task.id);
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByText(/^Duplicated as [A-Z]+-\d+$/)).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/d/${task.id}$`));
  await expect(card(other, 'Write release notes')).toHaveCount(2);
  await close();
});

test('moving a task to another space takes it off this board and onto the other one', async ({ browser }) => {
  const { page, other, space, createTask, close } = await twoWindowsOnABoard(browser, 'Mover');
  const { setProject } = await graphql<{ setProject: { id: string } }>(
    page.request,
    'mutation { setProject(name: "Marketing", type: "public") { id } }',
  );
  const task = await createTask('Prepare the newsletter');
  await other.goto(`/${setProject.id}/tasks`);
  await expect(other.getByRole('region', { name: 'To do' })).toBeVisible();
  await expect(card(other, 'Prepare the newsletter')).toHaveCount(0);

  await openTaskActions(page, space, task.id);
  await page.getByRole('menuitem', { name: 'Move to another space' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Space').selectOption({ label: 'Marketing' });
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();

  await expect(page.getByText('Task moved to Marketing', { exact: true })).toBeVisible();
  await expect(card(page, 'Prepare the newsletter')).toHaveCount(0);
  await expect(card(other, 'Prepare the newsletter')).toBeVisible();
  await close();
});

test('the keyboard creates a task, moves focus through cards, opens and closes the panel and sets priority', async ({ browser }) => {
  const { page, space, createTask, close } = await twoWindowsOnABoard(browser, 'Keys');
  await createTask('First card');
  await page.goto(`/${space}/tasks`);
  await expect(card(page, 'First card')).toBeVisible();

  await page.locator('body').press('c');
  const input = page.getByRole('textbox', { name: 'New task in To do' });
  await expect(input).toBeFocused();
  await input.fill('Typed without the mouse');
  await input.press('Enter');
  await expect(card(page, 'Typed without the mouse')).toBeVisible();
  await input.press('Escape');
  await page.locator('body').click({ position: { x: 5, y: 5 } });

  await page.keyboard.press('j');
  await expect(card(page, 'First card')).toBeFocused();
  await page.keyboard.press('j');
  await expect(card(page, 'Typed without the mouse')).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary', { name: 'Task details' });
  await expect(panel).toBeVisible();
  await page.keyboard.press('1');
  await expect(panel.getByLabel('Priority')).toHaveValue('urgent');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await close();
});

test('the assignee picker shows round avatars, as every avatar of the tasks area', async ({ browser }) => {
  const { page, space, createTask, close } = await twoWindowsOnABoard(browser, 'Avatars');
  const task = await createTask('Pick someone');
  await page.goto(`/${space}/tasks/d/${task.id}`);
  const panel = page.getByRole('complementary', { name: 'Task details' });
  await panel.getByRole('button', { name: 'Assign' }).click();
  const dialog = page.getByRole('dialog', { name: /Assignees of/ });
  const option = dialog.getByRole('button', { name: /Avatars User/ });
  await option.click();
  await expect(option).toHaveAttribute('aria-pressed', 'true');
  /** The avatar's own box (its initials fill it): square, so the CSS radius makes a circle rather than a pill. */
  const expectRound = async (avatar: ReturnType<Page['getByRole']>) => {
    const box = (await avatar.boundingBox())!;
    expect(Math.abs(box.width - box.height), `avatar ${box.width}×${box.height}`).toBeLessThanOrEqual(1);
  };
  await expectRound(option.getByRole('img', { name: 'Avatars User' }));
  const shotsFolder = process.env.E2E_SHOTS_DIR;
  if (shotsFolder) await dialog.screenshot({ path: `${shotsFolder}/assignee-picker.png` });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expectRound(panel.getByRole('img', { name: 'Avatars User' }).first());
  await expectRound(page.getByTestId('task-card').getByRole('img', { name: 'Avatars User' }).first());
  await close();
});
