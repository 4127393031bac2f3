import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { e2ePorts } from './ports';
import { signedInAccount } from './support';

async function graphql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await request.post('/graphql', { data: { query, variables }, headers: { 'content-type': 'application/json' } });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(body.errors.map((error) => error.message).join('; '));
  return body.data;
}

/** Two teammates, each in their own browser, both members of one public space of the first one's team. */
async function twoTeammates(browser: Browser) {
  const adaContext = await browser.newContext();
  const ada = await adaContext.newPage();
  const adaAccount = await signedInAccount(ada, 'Ada');
  const graceContext = await browser.newContext();
  const grace = await graceContext.newPage();
  const graceAccount = await signedInAccount(grace, 'Grace');
  for (const page of [ada, grace]) await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');

  const { getTeam } = await graphql<{ getTeam: { id: string } }>(ada.request, '{ getTeam { id } }');
  await graphql(ada.request, 'mutation ($email: String!, $id: ID!) { addUserTeam(email: $email, id: $id) { id } }', { email: graceAccount.email, id: getTeam.id });
  await graphql(grace.request, 'mutation ($team: ID!) { switchTeam(team: $team) { id } }', { team: getTeam.id });
  const { setProject } = await graphql<{ setProject: { id: string } }>(ada.request, 'mutation { setProject(name: "Launch", type: "public") { id } }');
  await graphql(grace.request, 'mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: setProject.id });
  return {
    ada, grace, adaAccount, graceAccount, space: setProject.id,
    close: async () => {
      await adaContext.close();
      await graceContext.close();
    },
  };
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const history = (page: Page) => page.getByRole('log');

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

test('messages are sent, received live, edited and deleted across two browsers, with a mention', async ({ browser }) => {
  const { ada, grace, space, close } = await twoTeammates(browser);
  await ada.goto(`/chats/${space}`);
  await grace.goto(`/chats/${space}`);
  await expect(composer(ada)).toBeVisible();
  await expect(composer(grace)).toBeVisible();

  await send(ada, 'Hello **team**, the launch is on Friday');
  await expect(history(grace).getByText('the launch is on Friday')).toBeVisible();
  await expect(history(grace).locator('strong', { hasText: 'team' })).toBeVisible();

  await send(grace, 'Great news');
  await expect(history(ada).getByText('Great news')).toBeVisible();

  // Up in an empty composer edits one's last message.
  await composer(ada).press('ArrowUp');
  await expect(composer(ada)).toHaveValue('Hello **team**, the launch is on Friday');
  await composer(ada).fill('Hello team, the launch moved to Monday');
  await composer(ada).press('Enter');
  await expect(history(grace).getByText('the launch moved to Monday')).toBeVisible();
  await expect(history(grace).getByText('(edited)')).toBeVisible();
  await expect(history(grace).getByText('the launch is on Friday')).toHaveCount(0);

  await composer(ada).pressSequentially('Thanks @Gra');
  await ada.getByRole('option', { name: /Grace/ }).click();
  await composer(ada).press('Enter');
  await expect(history(grace).locator('[data-mention]', { hasText: 'Grace User' })).toBeVisible();

  const message = history(ada).getByRole('article').filter({ hasText: 'the launch moved to Monday' });
  await message.hover();
  await message.getByRole('button', { name: 'More actions' }).click();
  await ada.getByRole('menuitem', { name: 'Delete' }).click();
  await ada.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(history(grace).getByText('the launch moved to Monday')).toHaveCount(0);
  await expect(history(ada).getByText('the launch moved to Monday')).toHaveCount(0);
  await close();
});

test('a message written while the server restarts is queued, sent once when it is back, and received', async ({ browser }) => {
  const { ada, grace, space, close } = await twoTeammates(browser);
  await ada.goto(`/chats/${space}`);
  await grace.goto(`/chats/${space}`);
  await send(ada, 'Before the restart');
  await expect(history(grace).getByText('Before the restart')).toBeVisible();

  const control = (action: 'stop' | 'start') => fetch(`http://127.0.0.1:${e2ePorts.mailbox}/control/app/${action}`, { method: 'POST' });
  expect((await control('stop')).ok).toBe(true);
  try {
    await send(ada, 'Written while the server was down');
    await expect(history(ada).getByRole('article', { name: /Unsent message/ })).toBeVisible();
  } finally {
    expect((await control('start')).ok).toBe(true);
  }
  await expect(history(grace).getByText('Written while the server was down')).toBeVisible({ timeout: 30_000 });
  await expect(history(ada).getByRole('article', { name: /Unsent message/ })).toHaveCount(0, { timeout: 30_000 });
  await expect(history(ada).getByText('Written while the server was down')).toHaveCount(1);

  await send(grace, 'After the restart');
  await expect(history(ada).getByText('After the restart')).toBeVisible();
  await grace.reload();
  await expect(history(grace).getByText('Written while the server was down')).toHaveCount(1);
  await close();
});

test('a task thread is shared by teammates in the task panel', async ({ browser }) => {
  const { ada, grace, space, close } = await twoTeammates(browser);
  const { setTask } = await graphql<{ setTask: { id: string } }>(ada.request, 'mutation ($project: ID!) { setTask(project: $project, name: "Ship the beta") { id } }', { project: space });
  for (const page of [ada, grace]) {
    await page.goto(`/${space}/tasks/d/${setTask.id}`);
    await page.getByRole('complementary', { name: 'Task details' }).getByRole('tab', { name: 'Chat' }).click();
    await expect(composer(page)).toBeVisible();
  }
  await send(grace, 'I can take the release notes');
  await expect(history(ada).getByText('I can take the release notes')).toBeVisible();
  await close();
});
