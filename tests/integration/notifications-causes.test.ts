/**
 * Each notification type our areas cause, from its cause (issue 18): added to a space, a request to join, a story,
 * a file on a followed task, a reply, a missed call (private chat, space, ad hoc room), a calendar invitation, and a
 * PROMOTION recorded by another area. Never the author, never someone who cannot see the item; replay equals live.
 */
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationStream } from '../../server/src/core/streams';
import { domains } from '../../server/src/domains';
import { ringClockOf } from '../../server/src/domains/meetings';
import { postMessage, startPrivat } from './chatFactories';
import { putBytes, signUpload, uploadFile } from './fileFactories';
import { startTestServer, type TestServer } from './harness';
import { initiateRoom, joinCall, watchCall, type Call } from './meetingsFactories';
import { notificationPageOf, type Notice } from './notificationFactories';
import { createTask, joinSpace } from './taskFactories';
import { createSpace, expectData, joinTeam, person, setPlan, type Person } from './teamFactories';
import { replayedBesideLive } from '../support/appRows';

let server: TestServer;
let ann: Person;
let bas: Person;
let cy: Person;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ann = await person(server, 'Ann');
  // More spaces than the free plan's five (SPEC §9 plan limits): a plan without that limit.
  await setPlan(server, ann.teamId);
  bas = await joinTeam(ann, await person(server, 'Bas'));
  cy = await joinTeam(ann, await person(server, 'Cy'));
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
});

/** The caller's notifications of one type, newest first. */
async function noticesOf(someone: Person, type: string): Promise<Notice[]> {
  return (await notificationPageOf(someone, { first: 100 })).notifications.filter((notice) => notice.type === type);
}

/** Polls until the condition holds: a ring ends on a timer or after the caller's leave is answered. */
async function eventually(condition: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The first bytes of a WebM file: what the server sniffs as video/webm. */
function webm(size = 4096): Buffer {
  const docType = Buffer.from('webm');
  const header = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), docType]);
  const ebml = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]), header]);
  return Buffer.concat([ebml, Buffer.alloc(size - ebml.length, 1)]);
}

describe('spaces', () => {
  it('tells someone added to a space (INVITATION_PROJECT), not someone who joined by themselves', async () => {
    const space = await createSpace(ann, 'Private plans', 'private');
    const dee = await joinTeam(ann, await person(server, 'Dee'), 'basic', space);
    expect(await noticesOf(dee, 'INVITATION_PROJECT')).toMatchObject([
      { project: space, description: 'Private plans', author: { id: ann.id }, read: false },
    ]);
    const open = await createSpace(ann, 'Open plans');
    await joinSpace(bas, open);
    expect((await noticesOf(bas, 'INVITATION_PROJECT')).filter((notice) => notice.project === open)).toEqual([]);
    expect(await noticesOf(ann, 'INVITATION_PROJECT')).toEqual([]);
  });

  it("tells a private space's admins of a request to join (INVITATION_INQUIRY), not its other members", async () => {
    const space = await createSpace(ann, 'Board room', 'private');
    expectData(
      await ann.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "basic") { id } }',
        {
          user: cy.id,
          project: space,
        },
      ),
    );
    expectData(await bas.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space }));
    expect(await noticesOf(ann, 'INVITATION_INQUIRY')).toMatchObject([
      { project: space, description: 'Board room', author: { id: bas.id } },
    ]);
    expect(await noticesOf(cy, 'INVITATION_INQUIRY')).toEqual([]);
    expect(await noticesOf(bas, 'INVITATION_INQUIRY')).toEqual([]);
  });
});

describe('files', () => {
  it("tells a space's members of a story (NEW_STORY), not its author nor a reader who is no member", async () => {
    const space = await createSpace(ann, 'Demos');
    await joinSpace(bas, space);
    const bytes = webm();
    const signed = expectData(await signUpload(ann, 'Demo.webm', 'video/webm', bytes.length, { project: space })).signedUploadURL;
    expect((await putBytes(ann, signed, bytes)).ok).toBe(true);
    const story = expectData(
      await ann.client.execute<{ setFile: { id: string } }>(
        `mutation ($code: ID!, $size: Float!, $location: String!, $project: ID) {
          setFile(name: "Demo.webm", code: $code, type: "video/webm", size: $size, location: $location, project: $project, story: true) { id }
        }`,
        { code: signed.code, size: bytes.length, location: signed.key, project: space },
      ),
    ).setFile;
    expect(await noticesOf(bas, 'NEW_STORY')).toMatchObject([
      { file: story.id, project: space, description: 'Demo.webm', author: { id: ann.id } },
    ]);
    expect(await noticesOf(cy, 'NEW_STORY')).toEqual([]);
    expect(await noticesOf(ann, 'NEW_STORY')).toEqual([]);
  });

  it("tells a task's followers of a file added to it (NEW_FILE); a space's own file tells nobody", async () => {
    const space = await createSpace(ann, 'Files here');
    await joinSpace(bas, space);
    await joinSpace(cy, space);
    const task = await createTask(bas, space, 'Write the report');
    const file = await uploadFile(ann, 'report.txt', 'text/plain', Buffer.from('numbers'), { task: task.id });
    expect(await noticesOf(bas, 'NEW_FILE')).toMatchObject([
      { file: file.id, task: task.id, project: space, description: `${task.idCode} Write the report: report.txt`, author: { id: ann.id } },
    ]);
    expect(await noticesOf(cy, 'NEW_FILE')).toEqual([]);
    await uploadFile(ann, 'space.txt', 'text/plain', Buffer.from('for all'), { project: space });
    expect(await noticesOf(bas, 'NEW_FILE')).toHaveLength(1);
    await uploadFile(bas, 'mine.txt', 'text/plain', Buffer.from('own'), { task: task.id });
    expect(await noticesOf(bas, 'NEW_FILE')).toHaveLength(1);
  });
});

describe('chat', () => {
  it('tells the author of a message of a reply to it (ANSWER_CREATED), once, and never of their own', async () => {
    const space = await createSpace(ann, 'Talk');
    await joinSpace(bas, space);
    const question = await postMessage(bas, { project: space, body: 'Who has the keys?' });
    const reply = await postMessage(ann, { project: space, body: 'I  do,\nat the desk', replyTo: question.id });
    expect(await noticesOf(bas, 'ANSWER_CREATED')).toMatchObject([
      { message: reply.id, project: space, description: 'I do, at the desk', author: { id: ann.id } },
    ]);
    // A reply that mentions the author tells them once, as a mention; a reply to oneself tells nobody.
    await postMessage(ann, { project: space, body: `@[Bas](${bas.id}) see above`, replyTo: question.id });
    await postMessage(bas, { project: space, body: 'Thanks', replyTo: question.id });
    expect(await noticesOf(bas, 'ANSWER_CREATED')).toHaveLength(1);
    expect(await noticesOf(bas, 'MESSAGE_MENTION')).toHaveLength(1);
  });
});

describe('calls', () => {
  async function enter(someone: Person, place: { privat?: string; project?: string; meetingroom?: string }): Promise<Call> {
    const call = expectData(await joinCall(someone, place)).joinVideocall;
    await watchCall(server, someone, call, sockets);
    return call;
  }
  const ring = (someone: Person, videocall: string, users?: string[]) =>
    someone.client.execute<{ ringVideocall: { id: string }[] }>(
      'mutation ($videocall: ID!, $users: [ID!]) { ringVideocall(videocall: $videocall, users: $users) { id } }',
      { videocall, users: users ?? null },
    );
  const leave = async (someone: Person, call: Call) =>
    expectData(await someone.client.execute('mutation ($id: ID!) { leaveVideocall(id: $id) }', { id: call.id }));
  const answer = (someone: Person, videocall: string, accept: boolean) =>
    someone.client.execute('mutation ($videocall: ID!, $accept: Boolean!) { answerVideocall(videocall: $videocall, accept: $accept) }', {
      videocall,
      accept,
    });

  it('tells a callee of a private chat call that rang out (INVITATION_PVIDEOCALL), not of one they declined', async () => {
    const privat = expectData(await startPrivat(ann, [bas.id])).setPrivat.id;
    const clock = ringClockOf(server.app.services);
    clock.timeoutMs = 150;
    try {
      const call = await enter(ann, { privat });
      expectData(await ring(ann, call.id));
      await eventually(async () => (await noticesOf(bas, 'INVITATION_PVIDEOCALL')).length === 1, 'the missed call is told');
      await leave(ann, call);
    } finally {
      clock.timeoutMs = 30_000;
    }
    expect(await noticesOf(bas, 'INVITATION_PVIDEOCALL')).toMatchObject([{ privat, meetingroom: null, author: { id: ann.id } }]);
    const declined = await enter(ann, { privat });
    expectData(await ring(ann, declined.id));
    expectData(await answer(bas, declined.id, false));
    await leave(ann, declined);
    expect(await noticesOf(bas, 'INVITATION_PVIDEOCALL')).toHaveLength(1);
    expect(await noticesOf(ann, 'INVITATION_PVIDEOCALL')).toEqual([]);
  });

  it("tells a callee of a space's call the caller hung up on (INVITATION_TVIDEOCALL), and of an ad hoc room's (INVITATION_MEETINGROOM)", async () => {
    const space = await createSpace(ann, 'Standup');
    await joinSpace(cy, space);
    const call = await enter(ann, { project: space });
    expectData(await ring(ann, call.id, [cy.id]));
    await leave(ann, call);
    await eventually(async () => (await noticesOf(cy, 'INVITATION_TVIDEOCALL')).length === 1, 'the space call is told');
    expect((await noticesOf(cy, 'INVITATION_TVIDEOCALL'))[0]).toMatchObject({ project: space, author: { id: ann.id } });

    const room = await initiateRoom(ann, { name: 'Quick sync' });
    const roomCall = await enter(ann, { meetingroom: room.id });
    expectData(await ring(ann, roomCall.id, [cy.id]));
    await leave(ann, roomCall);
    await eventually(async () => (await noticesOf(cy, 'INVITATION_MEETINGROOM')).length === 1, 'the room call is told');
    expect((await noticesOf(cy, 'INVITATION_MEETINGROOM'))[0]).toMatchObject({
      meetingroom: room.id,
      project: null,
      description: 'Quick sync',
      author: { id: ann.id },
    });
  });
});

describe('calendar', () => {
  const eventDocument = `mutation ($invited: [ID!]) {
    setEvent(title: "Planning", description: "", startDate: "2026-03-02T08:00:00Z", endDate: "2026-03-02T09:00:00Z", type: "event",
      recurring: "none", timeZone: "Europe/Berlin", invited: $invited) { id }
  }`;

  it('tells each member invited to an event once (INVITATION_EVENT), not its author', async () => {
    const event = expectData(await ann.client.execute<{ setEvent: { id: string } }>(eventDocument, { invited: [bas.id] })).setEvent;
    expect(await noticesOf(bas, 'INVITATION_EVENT')).toMatchObject([{ event: event.id, description: 'Planning', author: { id: ann.id } }]);
    expectData(
      await ann.client.execute('mutation ($id: ID!, $invited: [ID!]) { ediEvent(id: $id, invited: $invited, scope: "all") { id } }', {
        id: event.id,
        invited: [bas.id, cy.id],
      }),
    );
    expect(await noticesOf(bas, 'INVITATION_EVENT')).toHaveLength(1);
    expect(await noticesOf(cy, 'INVITATION_EVENT')).toMatchObject([{ event: event.id }]);
    expect(await noticesOf(ann, 'INVITATION_EVENT')).toEqual([]);
  });
});

describe('PROMOTION', () => {
  it('is recorded and shown once another area appends it (billing grants the credit)', async () => {
    await server.app.services.store.append(
      notificationStream(cy.id),
      [
        {
          type: 'notification.created',
          payload: {
            notificationId: '0123456789abcdef01234567',
            userId: cy.id,
            type: 'PROMOTION',
            teamId: cy.teamId,
            description: '£100',
            authorId: null,
          },
        },
      ],
      { teamId: cy.teamId, actorId: null },
    );
    expect(await noticesOf(cy, 'PROMOTION')).toMatchObject([{ id: '0123456789abcdef01234567', description: '£100', author: null }]);
  });
});

describe('replay', () => {
  it('rebuilds every notification the causes made, equal to the live table', async () => {
    const { live, rebuilt } = await replayedBesideLive(
      server,
      domains.flatMap((module) => module.projections),
    );
    expect(live.notifications!.length).toBeGreaterThan(10);
    expect(rebuilt).toEqual(live);
  });
});
