import { expect, test } from '@playwright/test';
import { graphql, signedInAccount } from './support';

test('a card created and dragged in one browser appears and moves in the other, live', async ({ browser }) => {
  const first = await browser.newContext();
  const firstPage = await first.newPage();
  const account = await signedInAccount(firstPage, 'Board');
  await graphql(firstPage.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { getProjects } = await graphql<{ getProjects: { id: string; isPersonal: boolean }[] }>(firstPage.request, '{ getProjects { id isPersonal } }');
  const space = getProjects.find((project) => project.isPersonal)!;

  const second = await browser.newContext();
  const secondPage = await second.newPage();
  await graphql(secondPage.request, 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }', { email: account.email, password: account.password });

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
  await card.dragTo(inProgress(firstPage));
  await expect(inProgress(firstPage).getByRole('link', { name: 'Write the launch post' })).toBeVisible();
  await expect(inProgress(secondPage).getByRole('link', { name: 'Write the launch post' })).toBeVisible();
  await expect(todo(secondPage).getByRole('link', { name: 'Write the launch post' })).toHaveCount(0);

  await first.close();
  await second.close();
});
