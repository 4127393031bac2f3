import { expect, test, type Page } from '@playwright/test';
import { graphql, phoneScreenshots, signedInAccount } from './support';

/** Ada with a space "Harbour": a task she created and finished today, and another she created and commented on. */
async function adaWithADay(page: Page) {
  await signedInAccount(page, 'Ada');
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { setProject } = await graphql<{ setProject: { id: string } }>(page.request, 'mutation { setProject(name: "Harbour") { id } }');
  const space = setProject.id;
  const { getStatesProject } = await graphql<{ getStatesProject: { id: string }[] }>(
    page.request,
    'query ($project: ID!) { getStatesProject(project: $project) { id } }',
    { project: space },
  );
  const newTask = async (name: string) =>
    (
      await graphql<{ setTask: { id: string } }>(
        page.request,
        'mutation ($project: ID!, $name: String!) { setTask(project: $project, name: $name) { id } }',
        { project: space, name },
      )
    ).setTask.id;
  const hull = await newTask('Paint the hull');
  await graphql(page.request, 'mutation ($id: ID!, $state: ID) { ediTask(id: $id, state: $state) { id } }', {
    id: hull,
    state: getStatesProject.at(-1)!.id,
  });
  const pier = await newTask('Fix the pier');
  await graphql(page.request, 'mutation ($task: ID, $body: String!) { setMessage(task: $task, body: $body) { id } }', {
    task: pier,
    body: 'Two planks are missing',
  });
  return { space, hull, pier };
}

test('the standup lists what Ada did today by space, each line opening its task', async ({ page }) => {
  const { space, hull } = await adaWithADay(page);
  await page.goto('/overview/reports');
  const card = page.getByRole('article', { name: 'Ada User' });
  await expect(card.getByText('Harbour')).toBeVisible();
  const lines = card.getByRole('listitem');
  await expect(lines).toHaveText([
    /^Finished\s+\S+ Paint the hull$/,
    /^Created\s+\S+ Paint the hull$/,
    /^Created\s+\S+ Fix the pier$/,
    /^Commented\s+\S+ Fix the pier$/,
  ]);
  await phoneScreenshots(page, 'reports-standup');
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
  // Yesterday's standup shows today's work only as the chosen day's following day: not at all.
  await expect(card.getByText('Nothing recorded on these days.')).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await card
    .getByRole('link', { name: /Paint the hull/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/${space}/tasks/d/${hull}`));
});

test('team reports count per member and space over the chosen window, and analytics ask for the business plan', async ({ page }) => {
  await adaWithADay(page);
  await page.goto('/overview/reports?view=team');
  await page.getByLabel('Period').selectOption('lastMonth');
  await expect(page).toHaveURL(/window=lastMonth/);
  const table = page.getByRole('table', { name: 'Work per member and space' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toHaveText(/Ada User\s*Harbour\s*2\s*1\s*0\s*1/);
  await phoneScreenshots(page, 'reports-team');
  await page.getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByText('Analytics are part of the business plan')).toBeVisible();
  await phoneScreenshots(page, 'reports-analytics');
});
