import { sql } from 'drizzle-orm';
import type { Client, FormattedExecutionResult } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRow } from '../support/appRows';
import { startTestServer, subscriptionClient, type TestServer } from './harness';
import { createSpace, expectData, joinTeam, person, wait, type Person } from './teamFactories';
import { createTask, joinSpace } from './taskFactories';

let server: TestServer;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

type Change = { subTask: { type: string; seq: number; taskId: string | null; task: { name: string } | null } };
type Received = FormattedExecutionResult<Change, { seq?: number; resume?: string }>;
const subTask = 'subscription ($project: ID!) { subTask(project: $project) { type seq taskId task { name } } }';

/** Every message of one subTask subscription sent with `extensions`, as the app's client sends it. */
function follow(someone: Person, project: string, extensions: Record<string, unknown>) {
  const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const received: Received[] = [];
  const state = { errors: [] as unknown[], completed: false };
  const stop = socket.subscribe<Change, { seq?: number; resume?: string }>(
    { query: subTask, variables: { project }, extensions },
    {
      next: (value) => received.push(value),
      error: (error) => state.errors.push(error),
      complete: () => (state.completed = true),
    },
  );
  return {
    received,
    state,
    stop: async () => {
      stop();
      await socket.dispose();
    },
  };
}

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for live messages');
    await wait(10);
  }
}

/** The newest event's position in the log. */
const headSeq = async () => (await appRow<{ seq: number }>(server.app, sql`SELECT CAST(MAX(seq) AS INTEGER) AS seq FROM events`))!.seq;

/**
 * Waits until the log's readers reach its newest event. On PostgreSQL they stop before the events appended after a
 * transaction still running anywhere on the cluster began (core/postgres/eventLog.ts), and the positions the server
 * names (a fresh subscription's start, a replay's end, a request's log-position) are that reachable head; another
 * test process's transaction holds it back for a moment. On SQLite it is always the newest event.
 */
async function settled(): Promise<number> {
  const head = await headSeq();
  await expect.poll(() => server.app.services.live.history.headSeq()).toBe(head);
  return head;
}
const names = (received: readonly Received[]) =>
  received.filter((message) => message.data).map((message) => message.data!.subTask.task?.name);
const notices = (received: readonly Received[]) => received.filter((message) => !message.data).map((message) => message.extensions);

async function twoTeams() {
  const admin = await person(server, 'Rhea');
  const member = await joinTeam(admin, await person(server, 'Remy'));
  const space = await createSpace(admin, 'Resumed board');
  const otherSpace = await createSpace(admin, 'Other board');
  await joinSpace(member, space);
  const stranger = await person(server, 'Sten');
  const strangerSpace = await createSpace(stranger, 'Their board');
  return { admin, member, space, otherSpace, stranger, strangerSpace };
}

describe('live resume (graphql-ws extensions.resumeAfter)', () => {
  it('gives a fresh subscription its starting position, then each event with its seq', async () => {
    const { admin, member, space } = await twoTeams();
    const head = await settled();
    const feed = follow(member, space, { resumeAfter: null });
    await until(() => feed.received.length >= 1);
    expect(feed.received[0]).toEqual({ extensions: { seq: head } });
    await createTask(admin, space, 'First');
    await until(() => names(feed.received).length >= 1);
    const delivered = feed.received[1]!;
    expect(delivered.extensions?.seq).toBe(delivered.data!.subTask.seq);
    expect(delivered.extensions?.seq).toBe(await headSeq());
    await feed.stop();
  });

  it('replays exactly the missed events of its topic, none of another space or team, then goes on live without duplicates', async () => {
    const { admin, member, space, otherSpace, stranger, strangerSpace } = await twoTeams();
    await settled();
    const first = follow(member, space, { resumeAfter: null });
    await until(() => first.received.length >= 1);
    await createTask(admin, space, 'Seen before');
    await until(() => names(first.received).length >= 1);
    const position = Math.max(...first.received.map((message) => message.extensions?.seq ?? 0));
    await first.stop();

    // While the subscriber is away: its board, another board of its team, and another team's board change.
    await createTask(admin, space, 'Missed one');
    await createTask(admin, otherSpace, 'Not its board');
    await createTask(stranger, strangerSpace, 'Not its team');
    await createTask(admin, space, 'Missed two');
    const head = await settled();

    const resumed = follow(member, space, { resumeAfter: position });
    await until(() => notices(resumed.received).some((notice) => notice?.resume));
    expect(names(resumed.received)).toEqual(['Missed one', 'Missed two']);
    expect(notices(resumed.received)).toEqual([{ seq: head, resume: 'replayed' }]);
    const replayedSeqs = resumed.received.filter((message) => message.data).map((message) => message.extensions?.seq);
    expect(replayedSeqs.every((seq) => typeof seq === 'number' && seq > position && seq <= head)).toBe(true);

    await createTask(admin, space, 'Live again');
    // A duplicate would come before the next event: once that one is here, everything before it is.
    await createTask(admin, space, 'And the next');
    await until(() => names(resumed.received).includes('And the next'));
    expect(names(resumed.received)).toEqual(['Missed one', 'Missed two', 'Live again', 'And the next']);
    expect(resumed.state.errors).toEqual([]);
    await resumed.stop();
  });

  it('says the gap is too old for a position this log does not have, then delivers live events', async () => {
    const { admin, member, space } = await twoTeams();
    const head = await settled();
    const resumed = follow(member, space, { resumeAfter: head + 1000 });
    await until(() => resumed.received.length >= 1);
    expect(resumed.received[0]).toEqual({ extensions: { seq: head, resume: 'gap' } });
    await createTask(admin, space, 'After the gap');
    await until(() => names(resumed.received).length >= 1);
    expect(names(resumed.received)).toEqual(['After the gap']);
    await resumed.stop();
  });

  it('replays nothing to someone who lost access meanwhile: the subscription ends', async () => {
    const { admin, member, space } = await twoTeams();
    const position = await headSeq();
    await createTask(admin, space, 'Before removal');
    expectData(
      await admin.client.execute('mutation ($team: ID!, $user: ID!) { removeUserTeam(team: $team, user: $user) { id } }', {
        team: admin.teamId,
        user: member.id,
      }),
    );
    // The removal is within the replay's reach: the replay judges it and ends the feed.
    await settled();
    const resumed = follow(member, space, { resumeAfter: position });
    await until(() => resumed.state.completed || resumed.state.errors.length > 0);
    expect(names(resumed.received)).toEqual([]);
  });

  it('refuses a malformed position without running the subscription', async () => {
    const { member, space } = await twoTeams();
    const refused = follow(member, space, { resumeAfter: 'yesterday' });
    await until(() => refused.state.errors.length > 0);
    expect(refused.state.errors[0]).toEqual([
      expect.objectContaining({
        message: 'extensions.resumeAfter must be a log position (a whole number, 0 or more) or null.',
        extensions: expect.objectContaining({ code: 'RESUME_POSITION_INVALID', category: 'BAD_USER_INPUT', params: {} }) as unknown,
      }),
    ]);
    expect(refused.received).toEqual([]);
  });

  it('names the log position before each request read anything, so a subscription resumed from it misses nothing committed after the read', async () => {
    const { admin, member, space } = await twoTeams();
    await createTask(admin, space, 'Already on the board');
    const head = await settled();
    const read = await member.client.execute(`query ($project: ID!) { getTasks(project: $project) { id name } }`, { project: space });
    const position = Number(read.headers.get('log-position'));
    expect(position).toBe(head);
    expect(read.data).toMatchObject({ getTasks: [{ name: 'Already on the board' }] });
    // Committed after the read, before the view's socket subscribed.
    await createTask(admin, space, 'Created while subscribing');
    const newest = await settled();
    const feed = follow(member, space, { resumeAfter: position });
    await until(() => notices(feed.received).length >= 1);
    expect(names(feed.received)).toEqual(['Created while subscribing']);
    expect(notices(feed.received)).toEqual([{ seq: newest, resume: 'replayed' }]);
  });
});
