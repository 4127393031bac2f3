import { expect, test, type WebSocketRoute } from '@playwright/test';
import { controlApp, graphql, twoTeammates } from './support';

// A test that failed while the server was stopped must not leave the rest of the suite without one (starting a running app does nothing).
test.afterEach(() => controlApp('start'));
// The server restarts once: three times the budget of a test, like the other restart tests.
test.setTimeout(180_000);

type Frame = { id?: string; type?: string; payload?: { query?: string; extensions?: { resumeAfter?: unknown; resume?: unknown } } };

test('a board open while the server restarts shows the tasks created meanwhile, once each, without a reload', async ({ browser }) => {
  const { ada, grace, space, close } = await twoTeammates(browser);
  const sent: Frame[] = [];
  const received: Frame[] = [];
  /** While true, Ada's browser cannot reach the live socket: the network is down on her side. */
  let offline = false;
  await ada.routeWebSocket('**/graphql', (socket: WebSocketRoute) => {
    if (offline) return socket.close({ code: 1001, reason: 'offline' });
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      sent.push(JSON.parse(String(message)) as Frame);
      server.send(message);
    });
    server.onMessage((message) => {
      received.push(JSON.parse(String(message)) as Frame);
      socket.send(message);
    });
    return undefined;
  });
  let loads = 0;
  ada.on('load', () => (loads += 1));

  await graphql(ada.request, 'mutation ($project: ID!) { setTask(project: $project, name: "Before the restart") { id } }', {
    project: space,
  });
  await ada.goto(`/${space}/tasks`);
  const board = ada.getByRole('main');
  await expect(board.getByRole('link', { name: 'Before the restart' })).toBeVisible();
  // The board's subscription has its position (its first message) before the cut.
  const firstBoardSubscription = () => sent.find((frame) => frame.type === 'subscribe' && frame.payload?.query?.includes('subTask'))?.id;
  await expect
    .poll(() => received.some((frame) => frame.id === firstBoardSubscription() && typeof frame.payload?.extensions === 'object'))
    .toBe(true);
  const loadsBefore = loads;

  const sentBeforeCut = sent.length;
  const receivedBeforeCut = received.length;
  try {
    offline = true;
    await controlApp('stop');
    await controlApp('start');
    // Ada is still away while Grace creates tasks on the restarted server.
    for (const name of ['Made during the outage', 'Also made meanwhile'])
      await graphql(grace.request, 'mutation ($project: ID!, $name: String!) { setTask(project: $project, name: $name) { id } }', {
        project: space,
        name,
      });
  } finally {
    offline = false;
    await controlApp('start');
  }
  // Her network is back: the browser says so, and the app reconnects at once.
  await ada.evaluate(() => window.dispatchEvent(new Event('online')));

  for (const name of ['Made during the outage', 'Also made meanwhile', 'Before the restart'])
    await expect(board.getByRole('link', { name, exact: true })).toHaveCount(1, { timeout: 45_000 });
  // The board resubscribed from where it was, and the server replayed what it missed before saying so.
  const boardSubscription = sent
    .slice(sentBeforeCut)
    .find(
      (frame) =>
        frame.type === 'subscribe' &&
        frame.payload?.query?.includes('subTask') &&
        typeof frame.payload.extensions?.resumeAfter === 'number',
    );
  expect(boardSubscription).toBeDefined();
  const boardMessages = received
    .slice(receivedBeforeCut)
    .filter((frame) => frame.id === boardSubscription!.id)
    .map((frame) => JSON.stringify(frame.payload));
  const replayedAt = boardMessages.findIndex((message) => message.includes('"resume":"replayed"'));
  expect(replayedAt).toBeGreaterThan(0);
  for (const name of ['Made during the outage', 'Also made meanwhile'])
    expect(boardMessages.slice(0, replayedAt).filter((message) => message.includes(`"name":"${name}"`)).length).toBeGreaterThan(0);
  expect(loads).toBe(loadsBefore);

  await graphql(grace.request, 'mutation ($project: ID!) { setTask(project: $project, name: "Live again") { id } }', { project: space });
  await expect(board.getByRole('link', { name: 'Live again' })).toHaveCount(1);
  await expect(board.getByTestId('task-card')).toHaveCount(4);
  await ada.screenshot({ path: '/tmp/hlive-resume-shot.png' });
  await close();
});
