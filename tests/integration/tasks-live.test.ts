import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMessages } from '#shared/teams';
import { nextResults, startTestServer, subscriptionClient, watchSubscription, type TestServer } from './harness';
import { createSpace, expectData, joinTeam, person, wait, type Person } from './teamFactories';
import { postMessage } from './chatFactories';
import { createTag, createTask, editTask, joinSpace, sectionsOf } from './taskFactories';

let server: TestServer;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

type Change = {
  type: string;
  taskId: string | null;
  task: { id: string; name: string; state: string; project: string } | null;
  states: { value: string }[] | null;
};
const subTask =
  'subscription ($project: ID!) { subTask(project: $project) { type taskId task { id name state project } states { value } } }';

/** Everything a subTask subscription delivers, in order; completion is recorded too. */
function watch(someone: Person, project: string) {
  const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const watched = watchSubscription<Change>(socket, subTask, { project });
  return { ...watched, ready: watched.started };
}

/** Waits for a state; the limit only gives a busy machine time, a passing wait ends as soon as the state is reached. */
async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for a live change');
    await wait(10);
  }
}

/**
 * A later change through the same path (a task made on the board), waited for on every feed: a feed delivers in log
 * order, so once it has the sentinel, whatever the earlier changes would have delivered has arrived, and what is
 * absent before it is absent for good.
 */
async function sentinel(admin: Person, space: string, ...feeds: ReturnType<typeof watch>[]) {
  const task = await createTask(admin, space, 'Sentinel');
  await until(() => feeds.every((feed) => feed.received.some((change) => change.taskId === task.id)));
  return task;
}

async function board(): Promise<{ admin: Person; member: Person; space: string }> {
  const admin = await person(server, 'Liv');
  const member = await joinTeam(admin, await person(server, 'Lou'));
  const space = await createSpace(admin, 'Live board');
  await joinSpace(member, space);
  return { admin, member, space };
}

describe('live board (subTask)', () => {
  it('shows a second member creates, edits, moves and deletes live, each once', async () => {
    const { admin, member, space } = await board();
    const [, doing] = await sectionsOf(admin, space);
    const feed = watch(member, space);
    await feed.ready;
    const task = await createTask(admin, space, 'Live card');
    await until(() => feed.received.length >= 1);
    // Each change is heard before the next is made: a delivery carries the task as it is when delivered (README:
    // "What a delivery carries"), so a rename still on its way when the task is deleted would arrive without its card.
    await editTask(admin, task.id, { name: 'Renamed live' });
    await until(() => feed.received.length >= 2);
    await editTask(admin, task.id, { state: doing!.id });
    await until(() => feed.received.length >= 3);
    expectData(await admin.client.execute('mutation ($task: ID!) { delTask(task: $task) }', { task: task.id }));
    const last = await sentinel(admin, space, feed);
    expect(
      feed.received.map(({ type, taskId, task: card }) => ({ type, taskId, card: card && { name: card.name, state: card.state } })),
    ).toEqual([
      { type: 'task.created', taskId: task.id, card: { name: 'Live card', state: task.state } },
      { type: 'task.updated', taskId: task.id, card: { name: 'Renamed live', state: task.state } },
      { type: 'task.updated', taskId: task.id, card: { name: 'Renamed live', state: doing!.id } },
      { type: 'task.deleted', taskId: task.id, card: null },
      { type: 'task.created', taskId: last.id, card: { name: 'Sentinel', state: last.state } },
    ]);
    feed.stop();
  });

  it('delivers section changes with the sections as they are now, and nothing of other spaces', async () => {
    const { admin, member, space } = await board();
    const elsewhere = await createSpace(admin, 'Elsewhere live');
    const feed = watch(member, space);
    await feed.ready;
    await createTask(admin, elsewhere, 'Not for this board');
    expectData(
      await admin.client.execute('mutation ($project: ID!) { createState(project: $project, value: "Review") { id } }', { project: space }),
    );
    await createTask(admin, elsewhere, 'Not for this board either');
    const last = await sentinel(admin, space, feed);
    expect(feed.received.map(({ type, taskId, states }) => ({ type, taskId, states: states?.map((section) => section.value) }))).toEqual([
      { type: 'state.created', taskId: null, states: ['To do', 'In progress', 'Done', 'Review'] },
      { type: 'task.created', taskId: last.id, states: undefined },
    ]);
    feed.stop();
  });

  it("delivers the board's tag changes and follows, and nothing of the space's chat nor of other boards", async () => {
    const { admin, member, space } = await board();
    const elsewhere = await createSpace(admin, 'Other board');
    const task = await createTask(admin, space, 'Followed card');
    const feed = watch(member, space);
    await feed.ready;
    await postMessage(admin, { project: space, body: 'Chat beside the board' });
    await createTag(admin, elsewhere, 'Not here');
    const tag = await createTag(admin, space, 'Urgent');
    expectData(await admin.client.execute('mutation ($id: ID!) { unfollowTask(id: $id) { id } }', { id: task.id }));
    await postMessage(admin, { project: space, body: 'More chat beside the board' });
    const last = await sentinel(admin, space, feed);
    expect(feed.received.map(({ type, taskId }) => ({ type, taskId }))).toEqual([
      { type: 'tag.created', taskId: null },
      { type: 'task.unfollowed', taskId: task.id },
      { type: 'task.created', taskId: last.id },
    ]);
    expect(tag.name).toBe('Urgent');
    feed.stop();
  });

  it('tells both boards when a task moves between spaces: gone from one, arrived in the other', async () => {
    const { admin, member, space } = await board();
    const target = await createSpace(admin, 'Arrivals');
    await joinSpace(member, target);
    const task = await createTask(admin, space, 'Traveller');
    const source = watch(member, space);
    const arrivals = watch(member, target);
    await Promise.all([source.ready, arrivals.ready]);
    await editTask(admin, task.id, { project: target });
    await until(() => source.received.length >= 1 && arrivals.received.length >= 1);
    expect(source.received[0]).toMatchObject({ type: 'task.moved', taskId: task.id, task: null });
    expect(arrivals.received[0]).toMatchObject({ type: 'task.moved', taskId: task.id, task: { project: target, name: 'Traveller' } });
    source.stop();
    arrivals.stop();
  });

  it('refuses to watch a private space the caller cannot see', async () => {
    const { admin, member } = await board();
    const secret = await createSpace(admin, 'Secret live', 'private');
    const socket = subscriptionClient(server, { cookie: member.client.cookieHeader() });
    sockets.push(socket);
    await expect(nextResults(socket, subTask, { project: secret }, 1).done).rejects.toThrow(teamMessages.spaceNotFound);
  });
});

describe('removing a member ends their board feed', () => {
  it('delivers nothing more to a member taken out of the space, and completes their subscription', async () => {
    const { admin, member, space } = await board();
    const privateSpace = await createSpace(admin, 'Private live', 'private');
    expectData(
      await admin.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "basic") { id } }',
        { user: member.id, project: privateSpace },
      ),
    );
    const feed = watch(member, privateSpace);
    const stays = watch(member, space);
    await Promise.all([feed.ready, stays.ready]);
    await createTask(admin, privateSpace, 'Before removal');
    await until(() => feed.received.length === 1);
    expectData(
      await admin.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }',
        { user: member.id, project: privateSpace },
      ),
    );
    await createTask(admin, privateSpace, 'After removal');
    await createTask(admin, space, 'Still visible');
    await until(() => stays.received.length === 1);
    // The feed judges its events in log order: it ends at the removal, before the task made after it.
    await until(() => feed.state.completed);
    expect(feed.received.map((change) => change.task?.name)).toEqual(['Before removal']);
    expect(feed.state.completed).toBe(true);
    expect(stays.state.completed).toBe(false);
    feed.stop();
    stays.stop();
  });

  it('delivers nothing more to a member removed from the team', async () => {
    const { admin, member, space } = await board();
    const feed = watch(member, space);
    const adminFeed = watch(admin, space);
    await Promise.all([feed.ready, adminFeed.ready]);
    expectData(
      await admin.client.execute('mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }', {
        user: member.id,
        team: admin.teamId,
      }),
    );
    await createTask(admin, space, 'Unseen');
    // The admin's feed hears the task; the member's, judging the log in order, ends at the removal before it.
    await until(() => adminFeed.received.some((change) => change.task?.name === 'Unseen'));
    await until(() => feed.state.completed);
    expect(feed.received).toEqual([]);
    feed.stop();
    adminFeed.stop();
  });
});
