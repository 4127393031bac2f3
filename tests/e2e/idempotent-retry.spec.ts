import { expect, test } from '@playwright/test';
import { graphql, signedInAccount } from './support';

test('a task whose answer the network lost is sent again with the same key and created once', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInAccount(page, 'Retry');
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { getProjects } = await graphql<{ getProjects: { id: string; isPersonal: boolean }[] }>(
    page.request,
    '{ getProjects { id isPersonal } }',
  );
  const space = getProjects.find((project) => project.isPersonal)!;

  // The first setTask reaches the server and is applied, then the connection drops before its answer arrives.
  const keys: (string | undefined)[] = [];
  await page.route('**/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (!body.includes('setTask(')) return route.fallback();
    keys.push(
      await route
        .request()
        .headerValue('idempotency-key')
        .then((key) => key ?? undefined),
    );
    if (keys.length > 1) return route.fallback();
    await route.fetch();
    return route.abort('internetdisconnected');
  });

  await page.goto(`/${space.id}/tasks`);
  const todo = page.getByRole('region', { name: 'To do' });
  await expect(todo).toBeVisible();
  await page.getByRole('textbox', { name: 'New task in To do' }).fill('Sent once, answered twice');
  await page.getByRole('textbox', { name: 'New task in To do' }).press('Enter');

  // The app sends it again by itself, with the first attempt's key: the server answers with the task it had created.
  await expect.poll(() => keys.length).toBe(2);
  const card = todo.getByTestId('task-card').filter({ hasText: 'Sent once, answered twice' });
  await expect(todo.locator('[data-testid="task-card"][data-pending="true"]')).toHaveCount(0);
  await expect(card).toHaveCount(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);

  const { getTasks } = await graphql<{ getTasks: { name: string }[] }>(
    page.request,
    'query ($project: ID!) { getTasks(project: $project) { name } }',
    {
      project: space.id,
    },
  );
  expect(getTasks.filter((task) => task.name === 'Sent once, answered twice')).toHaveLength(1);
  await page.unroute('**/graphql');
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'To do' }).getByTestId('task-card').filter({ hasText: 'Sent once, answered twice' }),
  ).toHaveCount(1);
  await page.screenshot({ path: '/tmp/hlive-retry-shot.png' });
  await context.close();
});
