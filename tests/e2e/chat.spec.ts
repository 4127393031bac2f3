import { expect, test, type Page } from '@playwright/test';
import { controlApp, graphql, twoTeammates } from './support';

// A test that failed while the server was stopped must not leave the rest of the suite without one (starting a running app does nothing).
test.afterEach(() => controlApp('start'));

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
  await expect(composer(ada)).toHaveText('Hello **team**, the launch is on Friday');
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
  // Two browsers, a stop and a start of the server, and the reconnections: more than the default budget on a busy machine.
  test.slow();
  const { ada, grace, space, close } = await twoTeammates(browser);
  await ada.goto(`/chats/${space}`);
  await grace.goto(`/chats/${space}`);
  await send(ada, 'Before the restart');
  await expect(history(grace).getByText('Before the restart')).toBeVisible();

  try {
    await controlApp('stop');
    await send(ada, 'Written while the server was down');
    await expect(history(ada).getByRole('article', { name: /Unsent message/ })).toBeVisible();
  } finally {
    await controlApp('start');
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

test('a message sent while a teammate opens the chat, after her read and before her live socket is up, reaches her without a reload', async ({
  browser,
}) => {
  const { ada, grace, space, close } = await twoTeammates(browser);
  // Grace's live socket is slow to reach the server: what her browser sends waits until it is let through.
  const held: (() => void)[] = [];
  let holding = true;
  await grace.routeWebSocket('**/graphql', (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => (holding ? held.push(() => server.send(message)) : server.send(message)));
    server.onMessage((message) => socket.send(message));
  });
  await ada.goto(`/chats/${space}`);
  await send(ada, 'Before Grace came');
  await grace.goto(`/chats/${space}`);
  await expect(history(grace).getByText('Before Grace came')).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);

  await send(ada, 'Sent while her socket connects');
  await expect(history(ada).getByText('Sent while her socket connects')).toBeVisible();
  holding = false;
  for (const release of held.splice(0)) release();

  await expect(history(grace).getByText('Sent while her socket connects')).toBeVisible();
  await send(ada, 'And one live');
  await expect(history(grace).getByText('And one live')).toBeVisible();
  await expect(history(grace).getByText('Sent while her socket connects')).toHaveCount(1);
  await close();
});

test('a task thread is shared by teammates in the task panel', async ({ browser }) => {
  const { ada, grace, space, close } = await twoTeammates(browser);
  const { setTask } = await graphql<{ setTask: { id: string } }>(
    ada.request,
    'mutation ($project: ID!) { setTask(project: $project, name: "Ship the beta") { id } }',
    { project: space },
  );
  for (const page of [ada, grace]) {
    await page.goto(`/${space}/tasks/d/${setTask.id}`);
    await page.getByRole('complementary', { name: 'Task details' }).getByRole('tab', { name: 'Chat' }).click();
    await expect(composer(page)).toBeVisible();
  }
  await send(grace, 'I can take the release notes');
  await expect(history(ada).getByText('I can take the release notes')).toBeVisible();
  await close();
});
