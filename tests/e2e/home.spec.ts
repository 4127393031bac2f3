import { expect, test, type Page } from '@playwright/test';
import { graphql, signedInAccount, twoTeammates } from './support';

/** Screenshots of the page as it is now, light and dark, when E2E_SHOTS_DIR is set (looked at by hand). */
async function shots(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SHOTS_DIR;
  if (!folder) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
    await page.screenshot({ path: `${folder}/${name}-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
}

const today = () => {
  const date = new Date();
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

test('a new user who skips onboarding lands on Home with their tasks by due date and their doc, and each opens', async ({ page }) => {
  const account = await signedInAccount(page, 'Hana');
  const { getProjects } = await graphql<{ getProjects: { id: string; isPersonal: boolean }[] }>(
    page.request,
    '{ getProjects { id isPersonal } }',
  );
  const space = getProjects.find((project) => project.isPersonal)!.id;
  await graphql(
    page.request,
    'mutation ($project: ID!, $users: [ID!], $deadline: String) { setTask(project: $project, name: "Send the invoices", users: $users, deadline: $deadline) { id } }',
    {
      project: space,
      users: [account.userId],
      deadline: today(),
    },
  );
  await graphql(
    page.request,
    'mutation ($project: ID!, $users: [ID!]) { setTask(project: $project, name: "Tidy the backlog", users: $users) { id } }',
    { project: space, users: [account.userId] },
  );
  await graphql(page.request, 'mutation ($project: ID!) { setTask(project: $project, name: "Nobody’s task") { id } }', { project: space });
  await graphql(page.request, 'mutation ($project: ID!) { setWorkspace(project: $project, title: "Team handbook") { id } }', {
    project: space,
  });

  await page.goto('/');
  await page.getByRole('button', { name: 'Skip setup' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  const tasks = page.getByRole('region', { name: 'My open tasks' });
  await expect(tasks.getByRole('heading', { name: /Due today/ })).toBeVisible();
  await expect(tasks.getByRole('heading', { name: /No due date/ })).toBeVisible();
  await expect(tasks.getByRole('link', { name: /Send the invoices/ })).toBeVisible();
  await expect(tasks.getByRole('link', { name: /Tidy the backlog/ })).toBeVisible();
  await expect(tasks.getByText('Nobody’s task')).toHaveCount(0);
  const docs = page.getByRole('region', { name: 'Recent docs' });
  await expect(docs.getByRole('link', { name: /Team handbook/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unread messages' })).toContainText('You’re all caught up.');
  await shots(page, 'home');
  await page.setViewportSize({ width: 390, height: 844 });
  await shots(page, 'home-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Keyboard: the first task is reachable with Tab and opens with Enter.
  await tasks.getByRole('link', { name: /Send the invoices/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${space}/tasks/d/`));
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Send the invoices');

  await page.goto('/overview');
  await page
    .getByRole('region', { name: 'Recent docs' })
    .getByRole('link', { name: /Team handbook/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${space}/docs/d/`));
});

test('a space home shows its open tasks, its docs, its channel and its members', async ({ page }) => {
  const account = await signedInAccount(page, 'Ines');
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { setProject } = await graphql<{ setProject: { id: string } }>(
    page.request,
    'mutation { setProject(name: "Harbour", type: "public") { id } }',
  );
  const space = setProject.id;
  await graphql(
    page.request,
    'mutation ($project: ID!, $users: [ID!]) { setTask(project: $project, name: "Paint the pier", users: $users) { id } }',
    { project: space, users: [account.userId] },
  );
  await graphql(page.request, 'mutation ($project: ID!) { setWorkspace(project: $project, title: "Tide tables") { id } }', {
    project: space,
  });

  await page.goto(`/${space}`);
  await expect(page.getByRole('region', { name: 'Open tasks' }).getByRole('link', { name: /Paint the pier/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent docs' }).getByRole('link', { name: /Tide tables/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Members' })).toContainText('Ines User');
  const channel = page.getByRole('region', { name: 'Channel' }).getByRole('link');
  await expect(channel).toContainText('No unread messages');
  await shots(page, 'space-home');
  await page.setViewportSize({ width: 390, height: 844 });
  await shots(page, 'space-home-phone');
  await page.setViewportSize({ width: 1280, height: 720 });
  await channel.click();
  await expect(page).toHaveURL(new RegExp(`/chats/${space}$`));
});

test('a space, task or deeper address that does not exist shows the not-found page, not the board with "Try again"', async ({ page }) => {
  await signedInAccount(page, 'Noor');
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const missing = '65a1f0c2b3d4e5f6a7b8c9ff';
  for (const path of [`/${missing}/tasks`, `/${missing}`, `/${missing}/docs`, '/overview/tasks/a/b/c/d']) {
    await page.goto(path);
    await expect(page.getByText("This page doesn't exist, or you don't have access to it."), path).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  }
  await shots(page, 'not-found');
  await page.getByRole('button', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/overview$/);

  const { getProjects } = await graphql<{ getProjects: { id: string; isPersonal: boolean }[] }>(
    page.request,
    '{ getProjects { id isPersonal } }',
  );
  const space = getProjects.find((project) => project.isPersonal)!.id;
  await page.goto(`/${space}/tasks/d/${missing}`);
  const panel = page.getByRole('complementary', { name: 'Task details' });
  await expect(panel.getByText('Page not found')).toBeVisible();
  await panel.getByRole('button', { name: 'Back to the board' }).click();
  await expect(page).toHaveURL(new RegExp(`/${space}/tasks$`));
});

test('Home stays live: a task a teammate gives me and their mention show up without a reload, and each opens', async ({ browser }) => {
  test.slow();
  const { ada, grace, graceAccount, space, close } = await twoTeammates(browser);
  await grace.goto('/overview');
  const tasks = grace.getByRole('region', { name: 'My open tasks' });
  const mentions = grace.getByRole('region', { name: 'Mentions' });
  await expect(tasks).toContainText('Nothing open is assigned to you.');
  await expect(mentions).toContainText('No one has mentioned you yet.');
  await expect(grace.getByRole('region', { name: 'Today' })).toContainText('Nothing on your calendar today.');

  await graphql(
    ada.request,
    'mutation ($project: ID!, $users: [ID!]) { setTask(project: $project, name: "Check the rigging", users: $users) { id } }',
    {
      project: space,
      users: [graceAccount.userId],
    },
  );
  await expect(tasks.getByRole('link', { name: /Check the rigging/ })).toBeVisible();

  await graphql(ada.request, 'mutation ($project: ID!, $body: String!) { setMessage(project: $project, body: $body) { id } }', {
    project: space,
    body: `Could you look at the sails? @[Grace User](${graceAccount.userId})`,
  });
  const mention = mentions.getByRole('link', { name: /Could you look at the sails/ });
  await expect(mention).toBeVisible();
  await shots(grace, 'home-live');
  await grace.setViewportSize({ width: 390, height: 844 });
  await shots(grace, 'home-live-phone');
  await grace.setViewportSize({ width: 1280, height: 720 });

  await mention.click();
  await expect(grace).toHaveURL(new RegExp(`/chats/${space}`));
  await expect(grace.getByRole('log').getByText(/Could you look at the sails/)).toBeVisible();
  await close();
});
