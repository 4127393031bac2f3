import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { graphql, twoTeammates } from './support';

type Frame = {
  id?: string;
  type?: string;
  payload?: { query?: string; extensions?: { resumeAfter?: unknown; resume?: unknown; seq?: unknown } };
};

/** What the views read on their own: none of these may be read again after a reconnection the subscriptions caught up from. */
const viewReads = [
  'GetWalls',
  'GetFolders',
  'GetFolder',
  'GetProjects',
  'GetSpaceChats',
  'GetPrivats',
  'GetTeams',
  'GetTeamDetail',
  'GetTeamPeople',
];

/**
 * Ada's live socket through a stand-in that can cut it (her network going down: every new socket is
 * refused until it is back) and may rewrite what she subscribes with. Counts her GraphQL reads by name.
 */
async function cuttableSocket(page: Page, rewrite: (frame: Frame, afterCut: boolean) => Frame = (frame) => frame) {
  const sent: Frame[] = [];
  const received: Frame[] = [];
  /** How many messages Ada had received when her socket was cut. */
  let receivedAtCut = 0;
  let wasCut = false;
  const reads: string[] = [];
  const open: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  let offline = false;
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/graphql')) return;
    const query = String((request.postDataJSON() as { query?: unknown } | null)?.query ?? '');
    for (const match of query.matchAll(/\b(?:query|mutation)\s+(\w+)/g)) reads.push(match[1]!);
  });
  await page.routeWebSocket('**/graphql', (socket) => {
    if (offline) return socket.close({ code: 1001, reason: 'offline' });
    const server = socket.connectToServer();
    open.push({ page: socket, server });
    socket.onMessage((message) => {
      const frame = rewrite(JSON.parse(String(message)) as Frame, wasCut);
      sent.push(frame);
      server.send(JSON.stringify(frame));
    });
    server.onMessage((message) => {
      received.push(JSON.parse(String(message)) as Frame);
      socket.send(message);
    });
    return undefined;
  });
  return {
    sent,
    received,
    reads,
    /** The id of the last subscription to `field` that Ada sent. */
    subscriptionOf: (field: string) => sent.findLast((frame) => frame.type === 'subscribe' && frame.payload?.query?.includes(field))?.id,
    /** What Ada received since her socket was cut (a fresh subscription's own replay comes before). */
    receivedSinceCut: () => received.slice(receivedAtCut),
    async cut() {
      offline = true;
      wasCut = true;
      receivedAtCut = received.length;
      for (const { page: pageSide, server } of open.splice(0)) {
        await server.close({ code: 1001, reason: 'offline' });
        await pageSide.close({ code: 1001, reason: 'offline' });
      }
    },
    /** Her network is back: the browser says so, and the app reconnects at once. */
    async restore() {
      offline = false;
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
    },
  };
}

/** Ada on her space's docs, live (her subscriptions have a position); while her socket is cut Grace writes a doc and the space is renamed. */
async function docsOpenWhileGraceWorks(browser: Parameters<typeof twoTeammates>[0], rewrite?: (frame: Frame, afterCut: boolean) => Frame) {
  const teammates = await twoTeammates(browser);
  const { ada, grace, space } = teammates;
  const socket = await cuttableSocket(ada, rewrite);
  await graphql(ada.request, 'mutation ($project: ID!) { setWorkspace(project: $project, title: "Before the cut") { id } }', {
    project: space,
  });
  await ada.goto(`/${space}/docs`);
  await expect(ada.getByRole('link', { name: /Before the cut/ })).toBeVisible();
  await expect
    .poll(() => {
      const subDoc = socket.subscriptionOf('subDoc');
      return socket.received.some((frame) => frame.id === subDoc && typeof frame.payload?.extensions?.seq === 'number');
    })
    .toBe(true);

  await socket.cut();
  const readsBefore = socket.reads.length;
  await graphql(grace.request, 'mutation ($project: ID!) { setWorkspace(project: $project, title: "Written while Ada was away") { id } }', {
    project: space,
  });
  // Ada renames the space from elsewhere (only its creator may): her page hears of it through subProject.
  await graphql(ada.request, 'mutation ($id: ID!) { ediProject(id: $id, name: "Launch, renamed") { id } }', { id: space });
  await socket.restore();
  const readsSinceCut = () => socket.reads.slice(readsBefore);
  return { ...teammates, socket, readsSinceCut };
}

test('docs open while the socket is cut catch up with what a teammate did meanwhile, without reading the lists again', async ({
  browser,
}) => {
  const { ada, socket, readsSinceCut, close } = await docsOpenWhileGraceWorks(browser);

  await expect(ada.getByRole('link', { name: /Written while Ada was away/ })).toHaveCount(1);
  await expect(ada.getByRole('link', { name: /Before the cut/ })).toHaveCount(1);
  await expect(ada.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Launch, renamed' })).toBeVisible();
  // The docs list resubscribed after its position and was sent what it missed before the server said 'replayed'.
  const subDoc = socket.subscriptionOf('subDoc');
  expect(socket.sent.findLast((frame) => frame.id === subDoc && frame.type === 'subscribe')?.payload?.extensions?.resumeAfter).toEqual(
    expect.any(Number),
  );
  const subDocMessages = socket
    .receivedSinceCut()
    .filter((frame) => frame.id === subDoc)
    .map((frame) => JSON.stringify(frame.payload));
  const replayedAt = subDocMessages.findIndex((message) => message.includes('"resume":"replayed"'));
  expect(replayedAt).toBeGreaterThan(0);
  expect(subDocMessages.slice(0, replayedAt).some((message) => message.includes('Written while Ada was away'))).toBe(true);
  // Presence is not in the event log: it is read again after the reconnection; the lists are not.
  await expect.poll(() => readsSinceCut().includes('GetPresence')).toBe(true);
  expect(readsSinceCut().filter((name) => viewReads.includes(name))).toEqual([]);
  await ada.screenshot({ path: '/tmp/hreload-catch-up.png' });
  await close();
});

test('docs whose subscriptions cannot catch up (a gap) read the list again, once for both of its subscriptions', async ({ browser }) => {
  // A position the server's log does not have: it answers 'gap' to every subscription that resumes after the cut.
  const pastTheLog = (frame: Frame, afterCut: boolean): Frame =>
    afterCut && frame.type === 'subscribe' && typeof frame.payload?.extensions?.resumeAfter === 'number'
      ? { ...frame, payload: { ...frame.payload, extensions: { ...frame.payload.extensions, resumeAfter: 1_000_000_000 } } }
      : frame;
  const { ada, socket, readsSinceCut, close } = await docsOpenWhileGraceWorks(browser, pastTheLog);

  await expect(ada.getByRole('link', { name: /Written while Ada was away/ })).toHaveCount(1);
  await expect(ada.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Launch, renamed' })).toBeVisible();
  const subDoc = socket.subscriptionOf('subDoc');
  const subFolder = socket.subscriptionOf('subFolder');
  for (const id of [subDoc, subFolder])
    await expect.poll(() => socket.received.some((frame) => frame.id === id && frame.payload?.extensions?.resume === 'gap')).toBe(true);
  await expect.poll(() => readsSinceCut().filter((name) => name === 'GetProjects').length).toBeGreaterThan(0);
  expect(readsSinceCut().filter((name) => name === 'GetWalls')).toHaveLength(1);
  await close();
});
