import { expect, test } from '@playwright/test';
import { graphql, signedInAccount, signedUpAs } from './support';

const taskCount = 2_000;

/** The e2e stack names this address in ADMIN_EMAILS: an instance administrator, who sets a team's plan without Stripe. */
const plansAdministrator = { email: 'plans-admin@e2e.test', password: 'browser-tests-1', firstname: 'Pat', lastname: 'Plans' };

test('a board of 2,000 tasks draws its first screen before the whole board arrives, and the rest as the column scrolls', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signedInAccount(page, 'Large');
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  // 2,000 tasks in one space are more than the free plan allows (250): an instance administrator puts the team on business.
  const { getTeam } = await graphql<{ getTeam: { id: string } }>(page.request, '{ getTeam { id } }');
  const administratorContext = await browser.newContext();
  const administrator = await administratorContext.newPage();
  await signedUpAs(administrator, plansAdministrator);
  await graphql(
    administrator.request,
    'mutation ($team: ID!) { setTeamPlan(team: $team, plan: "business", period: "monthly", seats: 10) { type } }',
    { team: getTeam.id },
  );
  await administratorContext.close();
  const { getProjects } = await graphql<{ getProjects: { id: string; isPersonal: boolean }[] }>(
    page.request,
    '{ getProjects { id isPersonal } }',
  );
  const space = getProjects.find((project) => project.isPersonal)!.id;
  const { getStatesProject } = await graphql<{ getStatesProject: { id: string; value: string }[] }>(
    page.request,
    'query ($project: ID!) { getStatesProject(project: $project) { id value } }',
    { project: space },
  );
  const todo = getStatesProject[0]!;

  // Created through the API as the app would, a few at a time.
  const batch = 25;
  for (let start = 0; start < taskCount; start += batch)
    await Promise.all(
      Array.from({ length: batch }, (_, offset) =>
        graphql(
          page.request,
          'mutation ($project: ID!, $name: String!, $state: ID) { setTask(project: $project, name: $name, state: $state) { id } }',
          {
            project: space,
            name: `Large board card ${String(start + offset).padStart(4, '0')}`,
            state: todo.id,
          },
        ),
      ),
    );
  // The board's own order (concurrent creations may land in any order).
  const { getTasks } = await graphql<{ getTasks: { name: string }[] }>(
    page.request,
    'query ($project: ID!) { getTasks(project: $project) { name } }',
    {
      project: space,
    },
  );
  expect(getTasks).toHaveLength(taskCount);
  const names = getTasks.map((task) => task.name);

  // The whole board's answer is held back: the first screen of each section is drawn without it.
  let sendWholeBoard = () => {};
  const wholeBoardHeld = new Promise<void>((resolve) => (sendWholeBoard = resolve));
  await page.route('**/graphql', async (route) => {
    if ((route.request().postData() ?? '').includes('query GetTasks(')) await wholeBoardHeld;
    await route.fallback();
  });
  await page.goto(`/${space}/tasks`);
  const column = page.getByRole('region', { name: todo.value });
  await expect(column.getByRole('link', { name: names[0]! })).toBeVisible();
  await expect(column.locator('header')).toContainText('40+');
  sendWholeBoard();
  await expect(column.locator('header')).toContainText(/2,?000/);
  await expect(column.getByRole('link', { name: names[0]! })).toBeVisible();
  await expect(column.getByRole('link', { name: names[1]! })).toBeVisible();
  // Only what is on screen (and a few either side) is in the page, not 2,000 cards.
  expect(await column.getByTestId('task-card').count()).toBeLessThan(100);
  await expect(column.getByRole('link', { name: names[taskCount - 1]! })).toHaveCount(0);

  // Scrolling the column brings the rest in, down to the last card.
  const last = column.getByRole('link', { name: names[taskCount - 1]! });
  await column.getByRole('link', { name: names[0]! }).hover();
  await expect(async () => {
    await page.mouse.wheel(0, 4_000);
    await expect(last).toBeVisible({ timeout: 200 });
  }).toPass({ timeout: 60_000 });
  await expect(column.getByRole('link', { name: names[0]! })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/board-large-shot.png' });
});
