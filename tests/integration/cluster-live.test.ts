import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf, postMessage } from './chatFactories';
import { GraphqlTestClient, subscriptionClient } from './harness';
import { startMailCatcher, type MailCatcher } from './support/mailCatcher';
import { createTask, joinSpace } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { startAppCluster, type AppCluster, type AppProcess } from '../support/appCluster';

/**
 * Three app processes A, B and C on one PostgreSQL database and one Redis (issue 22), driven as clients drive them:
 * GraphQL over HTTP and graphql-ws subscriptions, a person's cookies working on every process since sessions are
 * rows of the database. Live log events cross processes through the database's log follower: a commit made through
 * one process reaches subscribers on the others, in log order, once; a signed-out session and a member who left
 * stop hearing on every process. Work done once per commit (guest mails, the events-appended count) is done by the
 * process that made the commit only.
 */

/** Where clients reach one process; mails (SMTP for every process) are read from the catcher. */
interface Endpoint extends AppProcess {
  name: string;
  outboxText(to: string): Promise<string | undefined>;
}

const metricsToken = 'cluster-live-metrics-token-0123456789';
let cluster: AppCluster;
let smtp: MailCatcher;
const sockets: Client[] = [];
let a: Endpoint;
let b: Endpoint;
let c: Endpoint;

/** The newest mail to `to`, once one has arrived: mail goes out after the answer, so a test may ask a little early. */
async function newestMailTo(to: string): Promise<string | undefined> {
  const newest = () => smtp.received.filter((mail) => mail.to === to).at(-1)?.text;
  await expect.poll(newest, { timeout: 15_000, interval: 20 }).toBeDefined();
  return newest();
}

beforeAll(async () => {
  smtp = await startMailCatcher();
  cluster = await startAppCluster(3, { SMTP_URL: smtp.url, METRICS_TOKEN: metricsToken });
  [a, b, c] = cluster.processes.map((process, index) => ({ ...process, name: 'ABC'[index]!, outboxText: newestMailTo })) as [
    Endpoint,
    Endpoint,
    Endpoint,
  ];
}, 180_000);

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await cluster?.stop();
  smtp?.close();
});

/** The same person, signed in by the same cookies, talking to another process. */
function through(endpoint: Endpoint, someone: Person): Person {
  const client = new GraphqlTestClient(endpoint);
  for (const [name, value] of someone.client.cookies) client.cookies.set(name, value);
  return { ...someone, client };
}

interface Delivery<Change> {
  change: Change;
  /** The log position the server sent along (`extensions.seq`). */
  seq: number | null;
}

/**
 * A subscription on one process that follows log positions, as the app's client does: the server's first message
 * without data says it listens; log events replayed before it (committed before the subscription) are not counted.
 */
function watch<Change>(endpoint: Endpoint, someone: Person, query: string, variables: Record<string, unknown>) {
  const socket = subscriptionClient(endpoint, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const received: Delivery<Change>[] = [];
  const state = { listening: false, completed: false, errors: [] as unknown[] };
  socket.subscribe<Record<string, Change>>(
    { query, variables, extensions: { resumeAfter: null } },
    {
      next: (value) => {
        const seq = (value.extensions as { seq?: unknown } | undefined)?.seq;
        if (value.errors) state.errors.push(value.errors);
        else if (value.data === undefined || value.data === null) state.listening = true;
        else if (state.listening) received.push({ change: Object.values(value.data)[0]!, seq: typeof seq === 'number' ? seq : null });
      },
      error: (error) => state.errors.push(error),
      complete: () => (state.completed = true),
    },
  );
  return { received, state, changes: () => received.map((delivery) => delivery.change) };
}

/** Waits for a state; the limit only gives a busy machine time. */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  await expect.poll(condition, { timeout: timeoutMs, interval: 20 }).toBe(true);
}

type TaskChange = { type: string; taskId: string | null; task: { id: string; name: string } | null };
const subTask = 'subscription ($project: ID!) { subTask(project: $project) { type taskId task { id name } } }';
type MessageChange = { type: string; messageId: string | null; message: { id: string; body: string } | null };
const subMessage = 'subscription ($project: ID) { subMessage(project: $project) { type messageId message { id body } } }';

/** An admin and a member of one team, both in a new public space; set up through A. */
async function team(label: string): Promise<{ admin: Person; member: Person; space: string }> {
  const admin = await person(a, `${label}Admin`);
  const member = await joinTeam(admin, await person(a, `${label}Member`));
  const space = await createSpace(admin, `${label} space`);
  await joinSpace(member, space);
  return { admin, member, space };
}

describe('three app processes on one PostgreSQL and one Redis', () => {
  it('delivers a task created through A to a graphql-ws subscriber on C', async () => {
    const { admin, member, space } = await team('Tasks');
    const onC = watch<TaskChange>(c, member, subTask, { project: space });
    await until(() => onC.state.listening);
    const task = await createTask(admin, space, 'Made through A');
    await until(() => onC.received.length >= 1);
    expect(onC.changes()[0]).toMatchObject({ type: 'task.created', taskId: task.id, task: { name: 'Made through A' } });
    expect(onC.state.errors).toEqual([]);
  }, 120_000);

  it('delivers twenty chat messages posted through A, B and C in turn to members on each process, all, once, in log order', async () => {
    const { admin, member, space } = await team('Chat');
    const third = await joinTeam(admin, await person(a, 'ChatThird'));
    await joinSpace(third, space);
    const subscribers = [
      watch<MessageChange>(a, admin, subMessage, { project: space }),
      watch<MessageChange>(b, member, subMessage, { project: space }),
      watch<MessageChange>(c, third, subMessage, { project: space }),
    ];
    await until(() => subscribers.every((subscriber) => subscriber.state.listening));

    const posters = [through(a, admin), through(b, member), through(c, third)];
    const posted: string[] = [];
    for (let index = 0; index < 20; index += 1)
      posted.push((await postMessage(posters[index % 3]!, { project: space, body: `message ${index + 1}` })).id);

    const created = (subscriber: (typeof subscribers)[number]) =>
      subscriber.received.filter((delivery) => delivery.change.type === 'message.created');
    await until(() => subscribers.every((subscriber) => created(subscriber).length >= 20));
    // getMessages lists the newest first, by log position: reversed, the log order, which is the order of posting.
    const inLog = (await messagesOf(admin, { project: space, first: 50 })).map((message) => message.id).reverse();
    expect(inLog).toEqual(posted);
    for (const subscriber of subscribers) {
      const deliveries = created(subscriber);
      const positions = deliveries.map((delivery) => delivery.seq!);
      expect(positions.every((seq) => typeof seq === 'number')).toBe(true);
      expect(positions).toEqual([...positions].sort((left, right) => left - right));
      expect(new Set(positions).size).toBe(positions.length);
      expect(deliveries.map((delivery) => delivery.change.messageId)).toEqual(inLog);
      expect(subscriber.state.errors).toEqual([]);
    }
  }, 180_000);

  it('ends a signed-out session’s subscriptions on every process, as one process does', async () => {
    const { admin, member, space } = await team('Revoked');
    const sessionFeeds = [a, b, c].map((endpoint) => watch<MessageChange>(endpoint, member, subMessage, { project: space }));
    const staying = [a, b, c].map((endpoint) => watch<MessageChange>(endpoint, admin, subMessage, { project: space }));
    await until(() => [...sessionFeeds, ...staying].every((feed) => feed.state.listening));
    const before = await postMessage(admin, { project: space, body: 'Before the sign-out' });
    await until(() => [...sessionFeeds, ...staying].every((feed) => feed.received.length === 1));

    expect(expectData(await through(b, member).client.execute<{ logout: boolean }>('mutation { logout }')).logout).toBe(true);
    // As on one process, the session is checked again before the next delivery: the next message ends the feeds.
    await postMessage(through(a, admin), { project: space, body: 'After the sign-out' });
    await until(() => staying.every((feed) => feed.received.length === 2) && sessionFeeds.every((feed) => feed.state.completed));
    for (const feed of sessionFeeds) expect(feed.received.map((delivery) => delivery.change.messageId)).toEqual([before.id]);
    for (const feed of staying) expect(feed.state.completed).toBe(false);
  }, 120_000);

  it('stops delivering a team’s events on B and C to a member removed through A', async () => {
    const { admin, member, space } = await team('Removed');
    const memberFeeds = [b, c].map((endpoint) => watch<TaskChange>(endpoint, member, subTask, { project: space }));
    const adminFeeds = [b, c].map((endpoint) => watch<TaskChange>(endpoint, admin, subTask, { project: space }));
    await until(() => [...memberFeeds, ...adminFeeds].every((feed) => feed.state.listening));
    await createTask(admin, space, 'Seen by both');
    await until(() => [...memberFeeds, ...adminFeeds].every((feed) => feed.received.length === 1));

    expectData(
      await admin.client.execute('mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }', {
        user: member.id,
        team: admin.teamId,
      }),
    );
    // The sentinel: a later task reaches the admin's feeds on B and C, so the removed member's would have had it by now.
    await createTask(admin, space, 'After the removal');
    await until(() => adminFeeds.every((feed) => feed.received.length === 2) && memberFeeds.every((feed) => feed.state.completed));
    for (const feed of memberFeeds) expect(feed.changes().map((change) => change.task?.name)).toEqual(['Seen by both']);
    for (const feed of adminFeeds) expect(feed.changes().map((change) => change.task?.name)).toEqual(['Seen by both', 'After the removal']);
  }, 120_000);

  it('sends a guest’s invitation mail once, from the process that made the event', async () => {
    const organiser = await person(a, 'Organiser');
    const guest = `guest-${Date.now().toString(36)}@guest.example`;
    const sentinelGuests = [b, c].map((endpoint) => `sentinel-${endpoint.name.toLowerCase()}-${Date.now().toString(36)}@guest.example`);
    const setEvent = (endpoint: Endpoint, title: string, guests: string[]) =>
      through(endpoint, organiser).client.execute<{ setEvent: { id: string } }>(
        `mutation ($title: String!, $guests: [String!]) {
          setEvent(title: $title, description: "", recurring: "none", startDate: "2027-05-03T07:00:00.000Z", endDate: "2027-05-03T08:00:00.000Z", type: "event", guests: $guests) { id }
        }`,
        { title, guests },
      );
    expectData(await setEvent(a, 'Made through A', [guest]));
    // Sentinels: B and C each make a later event; they heard A's event first (log order), so had either of them
    // mailed its guest, that mail would have been sent before its own.
    expectData(await setEvent(b, 'Made through B', [sentinelGuests[0]!]));
    expectData(await setEvent(c, 'Made through C', [sentinelGuests[1]!]));
    const mailsTo = (to: string) => smtp.received.filter((mail) => mail.to === to);
    await until(() => sentinelGuests.every((sentinel) => mailsTo(sentinel).length >= 1) && mailsTo(guest).length >= 1);
    expect(mailsTo(guest).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Invitation: Made through A/)]);
    for (const sentinel of sentinelGuests) expect(mailsTo(sentinel)).toHaveLength(1);
  }, 120_000);

  it('counts an append in the events-appended metric of the process that made it only', async () => {
    const { admin, space } = await team('Metric');
    const created = async (endpoint: Endpoint) => {
      const response = await fetch(`${endpoint.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      const line = (await response.text()).split('\n').find((each) => each.startsWith('events_appended_total{type="task.created"}'));
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const heardOnB = watch<TaskChange>(b, admin, subTask, { project: space });
    await until(() => heardOnB.state.listening);
    const before = { a: await created(a), b: await created(b), c: await created(c) };
    await createTask(admin, space, 'Counted on A');
    // The sentinel: a later task made through C; once B's feed has it, B has heard both commits (log order).
    await createTask(through(c, admin), space, 'Counted on C');
    await until(() => heardOnB.received.length === 2);
    expect({ a: await created(a), b: await created(b), c: await created(c) }).toEqual({ a: before.a + 1, b: before.b, c: before.c + 1 });
  }, 120_000);
});
