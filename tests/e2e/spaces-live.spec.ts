import { expect, test } from '@playwright/test';
import { graphql, twoTeammates } from './support';

// subProject carries the one member a membership change is about (not the space's whole member list):
// the open settings of a space follow members leaving and joining, and messages change nothing there.
test('the members of a space follow a teammate leaving and joining again live, while messages leave the list alone', async ({
  browser,
}) => {
  const { ada, grace, graceAccount, space, close } = await twoTeammates(browser);
  await ada.goto('/overview');
  await ada.getByRole('button', { name: 'Settings of Launch' }).click();
  const settings = ada.getByRole('dialog', { name: /Launch/ });
  const members = settings.getByRole('region', { name: /^Members/ });
  await expect(settings.getByRole('heading', { name: 'Members (2)' })).toBeVisible();
  await expect(members.getByRole('listitem').filter({ hasText: 'Grace User' })).toBeVisible();

  await graphql(grace.request, 'mutation ($project: ID!, $body: String!) { setMessage(project: $project, body: $body) { id } }', {
    project: space,
    body: 'Hello from Grace',
  });
  await graphql(
    grace.request,
    'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }',
    {
      user: graceAccount.userId,
      project: space,
    },
  );
  await expect(settings.getByRole('heading', { name: 'Members (1)' })).toBeVisible();
  await expect(members.getByRole('listitem').filter({ hasText: 'Grace User' })).toHaveCount(0);

  await graphql(grace.request, 'mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space });
  await expect(settings.getByRole('heading', { name: 'Members (2)' })).toBeVisible();
  await expect(members.getByRole('listitem').filter({ hasText: 'Grace User' })).toBeVisible();
  await members.scrollIntoViewIfNeeded();
  await ada.screenshot({ path: '/tmp/psub-shot.png' });
  await close();
});
