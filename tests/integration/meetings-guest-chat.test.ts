import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../server/src/domains';
import { replayedBesideLive } from '../support/appRows';
import { guestChatMatrix, type Attempt, type World } from './authorizationMatrix';
import { GraphqlTestClient, type GraphqlResponse, type TestServer, startTestServer } from './harness';
import {
  askToEnter,
  closeServer,
  codeOf,
  guestBrowser,
  initiateRoom,
  reasonOf,
  setGuestState,
  teamOf,
  until,
  watch,
  type Browser,
  type Room,
} from './meetingsFactories';
import { createTask } from './taskFactories';
import { countEvents, createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

let server: TestServer;
let ann: Person;
let bas: Person;
let space: string;
let spaceRoom: Room;
let otherRoom: Room;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [ann, bas] = await teamOf(server, 'Ann', 'Bas');
  space = await createSpace(ann, 'Guest chat space');
  expectData(await bas.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space }));
  spaceRoom = await initiateRoom(ann, { project: space });
  otherRoom = await initiateRoom(ann, { name: 'Other room' });
});
afterAll(() => closeServer(server, sockets));

const messageFields = 'id body type author { id firstname } authorGuest { id name } mentions canEdit canDelete meetingroom';
interface Message {
  id: string;
  body: string;
  type: string;
  author: { id: string; firstname: string } | null;
  authorGuest: { id: string; name: string } | null;
  mentions: string[];
  canEdit: boolean;
  canDelete: boolean;
  meetingroom: string | null;
}
interface MessageChange {
  type: string;
  message: Message | null;
  user: { id: string } | null;
  guest: { id: string; name: string } | null;
}
const subMessage = `subscription ($meetingroom: ID, $project: ID, $privat: ID, $task: ID) {
  subMessage(meetingroom: $meetingroom, project: $project, privat: $privat, task: $task) { type user { id } guest { id name } message { ${messageFields} } } }`;

function readChat(someone: Browser, variables: Record<string, string>) {
  return someone.client.execute<{ getMessages: Message[] }>(
    `query ($meetingroom: ID, $project: ID, $privat: ID, $task: ID) { getMessages(meetingroom: $meetingroom, project: $project, privat: $privat, task: $task) { ${messageFields} } }`,
    variables,
  );
}
function post(someone: Browser, variables: Record<string, string>, body = 'Hello from the guest') {
  return someone.client.execute<{ setMessage: Message }>(
    `mutation ($meetingroom: ID, $project: ID, $privat: ID, $task: ID, $file: ID, $replyTo: ID) {
      setMessage(meetingroom: $meetingroom, project: $project, privat: $privat, task: $task, body: "${body}", file: $file, replyTo: $replyTo) { ${messageFields} } }`,
    variables,
  );
}
const edit = (someone: Browser, id: string, body: string) =>
  someone.client.execute<{ ediMessage: Message }>(
    `mutation ($id: ID!, $body: String!) { ediMessage(id: $id, body: $body) { ${messageFields} } }`,
    {
      id,
      body,
    },
  );
const remove = (someone: Browser, id: string) =>
  someone.client.execute<{ delMessage: boolean }>('mutation ($id: ID!) { delMessage(id: $id) }', { id });
const typing = (someone: Browser, variables: Record<string, string>) =>
  someone.client.execute<{ typingMessage: boolean }>(
    'mutation ($meetingroom: ID, $project: ID) { typingMessage(meetingroom: $meetingroom, project: $project) }',
    variables,
  );

/** A guest who asked to enter the room with its link, in the given state. */
async function guestIn(room: Room, state: 'waiting' | 'admitted' | 'refused' | 'removed', name = 'Grace Guest') {
  const guest = guestBrowser(server);
  const invitedId = expectData(await askToEnter(guest, room, name)).setInvited.invited.id;
  if (state === 'removed') expectData(await setGuestState(ann, invitedId, 'admitted'));
  if (state !== 'waiting') expectData(await setGuestState(ann, invitedId, state));
  return { guest, invitedId };
}

/** A member's or a guest's chat feed, from when it says it listens (both follow log positions). */
const watchChat = (someone: Browser, variables: Record<string, string>) =>
  watch<MessageChange>(server, someone, subMessage, variables, 'subMessage', sockets, { followsLog: true });

/** What an anonymous caller is told: the same for every guest who may not use that chat. */
const expectAnonymous = (result: GraphqlResponse<unknown>, what: string) => expect(codeOf(result), what).toBe('UNAUTHENTICATED');

describe("an admitted guest in the room's chat", () => {
  it('reads the history, posts, receives live, and members see the message under the guest’s name', async () => {
    const earlier = expectData(await post(ann, { meetingroom: spaceRoom.id }, 'Welcome, before you came')).setMessage;
    const { guest, invitedId } = await guestIn(spaceRoom, 'admitted');

    const history = expectData(await readChat(guest, { meetingroom: spaceRoom.id })).getMessages;
    expect(history.map((message) => message.body)).toContain('Welcome, before you came');
    expect(history.find((message) => message.id === earlier.id)).toMatchObject({
      author: { firstname: 'Ann' },
      authorGuest: null,
      canEdit: false,
      canDelete: false,
    });

    const guestFeed = await watchChat(guest, { meetingroom: spaceRoom.id });
    const annFeed = await watchChat(ann, { meetingroom: spaceRoom.id });
    expectData(await typing(guest, { meetingroom: spaceRoom.id }));
    await until(() => annFeed.items.some((change) => change.type === 'typing'), 'ann sees the guest typing');
    expect(annFeed.items.find((change) => change.type === 'typing')).toMatchObject({
      user: null,
      guest: { id: invitedId, name: 'Grace Guest' },
    });

    // A mention by a guest stays text: a guest sees nobody of the team, and tells nobody.
    const posted = expectData(await post(guest, { meetingroom: spaceRoom.id }, `Thanks @[Bas](${bas.id})!`)).setMessage;
    expect(posted).toMatchObject({
      type: 'text',
      author: null,
      authorGuest: { id: invitedId, name: 'Grace Guest' },
      mentions: [],
      canEdit: true,
      canDelete: true,
      meetingroom: spaceRoom.id,
    });
    await until(() => annFeed.items.some((change) => change.message?.id === posted.id), 'ann receives the guest’s message live');
    expect(annFeed.items.find((change) => change.message?.id === posted.id)!.message).toMatchObject({
      author: null,
      authorGuest: { id: invitedId, name: 'Grace Guest' },
      canEdit: false,
      // Ann manages the space: she may delete a guest's message there.
      canDelete: true,
    });
    const byBas = expectData(await readChat(bas, { meetingroom: spaceRoom.id })).getMessages.find((message) => message.id === posted.id);
    expect(byBas).toMatchObject({ authorGuest: { name: 'Grace Guest' }, canEdit: false, canDelete: false });

    const reply = expectData(await post(ann, { meetingroom: spaceRoom.id }, 'Glad you are here')).setMessage;
    await until(() => guestFeed.items.some((change) => change.message?.id === reply.id), 'the guest receives ann’s message live');
    expect(guestFeed.items.find((change) => change.message?.id === reply.id)!.message).toMatchObject({
      author: { firstname: 'Ann' },
      canEdit: false,
      canDelete: false,
    });
    expect(guestFeed.items.some((change) => change.message?.id === posted.id)).toBe(true);

    // Their own message: edited and deleted; someone else's: refused, nothing written.
    expect(expectData(await edit(guest, posted.id, 'Thanks, all')).ediMessage.body).toBe('Thanks, all');
    const before = await countEvents(server);
    expect([codeOf(await edit(guest, reply.id, 'Hijacked')), reasonOf(await edit(guest, reply.id, 'Hijacked'))]).toEqual([
      'PERMISSION_DENIED',
      'MESSAGE_EDIT_OWN_ONLY',
    ]);
    expect(reasonOf(await remove(guest, reply.id))).toBe('MESSAGE_DELETE_NOT_ALLOWED');
    expect(await countEvents(server)).toBe(before);
    expect(expectData(await remove(guest, posted.id)).delMessage).toBe(true);
    await until(() => annFeed.items.some((change) => change.type === 'message.deleted'), 'ann hears the guest’s message was deleted');
  });

  it('may not attach a file, react, or mark the chat read', async () => {
    const { guest } = await guestIn(spaceRoom, 'admitted', 'Fay Guest');
    const message = expectData(await post(ann, { meetingroom: spaceRoom.id }, 'React to me')).setMessage;
    const before = await countEvents(server);
    expect(reasonOf(await post(guest, { meetingroom: spaceRoom.id, file: message.id }))).toBe('ATTACHMENT_NOT_FOUND');
    expectAnonymous(
      await guest.client.execute('mutation ($id: ID!) { reactMessage(id: $id, emoji: "👍") { id } }', { id: message.id }),
      'reactMessage',
    );
    expectAnonymous(await guest.client.execute('mutation ($m: ID) { lastViewed(meetingroom: $m) }', { m: spaceRoom.id }), 'lastViewed');
    expect(await countEvents(server)).toBe(before);
  });
});

describe('guests who may not use a chat are answered as anonymous callers', () => {
  it('refuses waiting, refused and removed guests their room’s chat, writing nothing', async () => {
    for (const state of ['waiting', 'refused', 'removed'] as const) {
      const { guest } = await guestIn(spaceRoom, state, `${state} guest`);
      const before = await countEvents(server);
      expectAnonymous(await readChat(guest, { meetingroom: spaceRoom.id }), `${state}: getMessages`);
      expectAnonymous(await post(guest, { meetingroom: spaceRoom.id }), `${state}: setMessage`);
      expectAnonymous(await typing(guest, { meetingroom: spaceRoom.id }), `${state}: typingMessage`);
      const feed = await watchChat(guest, { meetingroom: spaceRoom.id });
      await until(() => feed.completed, `${state}: subMessage is refused`);
      expect(JSON.stringify(feed.errors), state).toContain('No access token');
      expect(await countEvents(server)).toBe(before);
    }
  });

  it('refuses an admitted guest another room, its chat, and the space, private and task chats', async () => {
    const { guest } = await guestIn(spaceRoom, 'admitted', 'Curious Guest');
    const privat = expectData(
      await ann.client.execute<{ setPrivat: { id: string } }>('mutation ($users: [ID!]!) { setPrivat(users: $users) { id } }', {
        users: [bas.id],
      }),
    ).setPrivat.id;
    const task = (await createTask(ann, space, 'Guest chat task')).id;
    const annInOther = expectData(await post(ann, { meetingroom: otherRoom.id }, 'Members only')).setMessage;
    const before = await countEvents(server);
    const elsewhere: Record<string, string>[] = [
      { meetingroom: otherRoom.id },
      { project: space },
      { privat },
      { task },
      { meetingroom: spaceRoom.id, project: space },
    ];
    for (const variables of elsewhere) {
      const what = JSON.stringify(variables);
      expectAnonymous(await readChat(guest, variables), `getMessages ${what}`);
      expectAnonymous(await post(guest, variables), `setMessage ${what}`);
      const feed = await watchChat(guest, variables);
      await until(() => feed.completed, `subMessage ${what} is refused`);
      expect(feed.items).toEqual([]);
    }
    expectAnonymous(await edit(guest, annInOther.id, 'Hijacked'), 'ediMessage in another room');
    expectAnonymous(await remove(guest, annInOther.id), 'delMessage in another room');
    expectAnonymous(await guest.client.execute('{ getPrivats { id } }'), 'getPrivats');
    expectAnonymous(await guest.client.execute('{ getMeetingrooms { id } }'), 'getMeetingrooms');
    expect(await countEvents(server)).toBe(before);
    // A guest of another room, holding its credential, is no guest here.
    const { guest: otherGuest } = await guestIn(otherRoom, 'admitted', 'Other Guest');
    expectAnonymous(await readChat(otherGuest, { meetingroom: spaceRoom.id }), 'a guest of another room');
  });

  it('resumes a guest’s chat feed after its position with the messages posted while its socket was away', async () => {
    const { guest } = await guestIn(spaceRoom, 'admitted', 'Returning Guest');
    const first = await watchChat(guest, { meetingroom: spaceRoom.id });
    expect(first.position).not.toBeNull();
    first.stop();
    const missed = expectData(await post(ann, { meetingroom: spaceRoom.id }, 'Posted while you were away')).setMessage;
    const resumed = await watch<MessageChange>(server, guest, subMessage, { meetingroom: spaceRoom.id }, 'subMessage', sockets, {
      resumeAfter: first.position!,
    });
    // Resolved once the feed said it replayed what was missed.
    expect(resumed.items.map((change) => change.message?.id)).toEqual([missed.id]);
    expect(resumed.items[0]!.message).toMatchObject({ body: 'Posted while you were away', canEdit: false, canDelete: false });
    const live = expectData(await post(ann, { meetingroom: spaceRoom.id }, 'And now, live')).setMessage;
    await until(() => resumed.items.some((change) => change.message?.id === live.id), 'the resumed feed hears the next message live');
    expect(resumed.items.map((change) => change.message?.id)).toEqual([missed.id, live.id]);
  });

  it('ends a removed guest’s chat feed at once and refuses their next post', async () => {
    const { guest, invitedId } = await guestIn(spaceRoom, 'admitted', 'Leaving Guest');
    const feed = await watchChat(guest, { meetingroom: spaceRoom.id });
    const first = expectData(await post(guest, { meetingroom: spaceRoom.id }, 'Still here')).setMessage;
    await until(() => feed.items.some((change) => change.message?.id === first.id), 'the guest hears its own message');
    expectData(await setGuestState(bas, invitedId, 'removed'));
    await until(() => feed.completed, 'the removed guest’s subMessage completes');
    expect(feed.errors).toEqual([]);
    const before = await countEvents(server);
    expectAnonymous(await post(guest, { meetingroom: spaceRoom.id }, 'Let me back'), 'setMessage after removal');
    expectAnonymous(await edit(guest, first.id, 'Changed'), 'ediMessage after removal');
    expectAnonymous(await readChat(guest, { meetingroom: spaceRoom.id }), 'getMessages after removal');
    expect(await countEvents(server)).toBe(before);
    // What they wrote stays, under their name.
    const kept = expectData(await readChat(ann, { meetingroom: spaceRoom.id })).getMessages.find((message) => message.id === first.id);
    expect(kept?.authorGuest).toEqual({ id: invitedId, name: 'Leaving Guest' });
  });
});

describe("members' rules for the chat operations guests may use", () => {
  /** The matrix's world for these operations' attempts: team A with a team guest, and another team's user. */
  async function matrixWorld(): Promise<World> {
    const adminA = await person(server, 'Mat');
    const basicA = await joinTeam(adminA, await person(server, 'Mab'));
    const guestSpaceA = await createSpace(adminA, 'Matrix guest space', 'private');
    const guestA = await joinTeam(adminA, await person(server, 'Mag'), 'guest', guestSpaceA);
    const publicSpaceA = await createSpace(adminA, 'Matrix public space');
    const userB = await person(server, 'Mob');
    const spaceB = await createSpace(userB, 'Other team space');
    const messageA = expectData(await post(adminA, { project: publicSpaceA }, 'Matrix message')).setMessage.id;
    const privatA = expectData(
      await adminA.client.execute<{ setPrivat: { id: string } }>(
        'mutation ($users: [ID!]!) { setPrivat(users: $users, name: "Matrix") { id } }',
        {
          users: [basicA.id],
        },
      ),
    ).setPrivat.id;
    const taskA = (await createTask(adminA, publicSpaceA, 'Matrix task')).id;
    return { adminA, basicA, guestA, userB, teamA: adminA.teamId, publicSpaceA, guestSpaceA, spaceB, messageA, privatA, taskA } as World;
  }

  async function attempt(caller: Browser, call: Attempt, world: World) {
    const variables = call.variables?.(world) ?? {};
    if (!call.query.trimStart().startsWith('subscription')) return codeOf(await caller.client.execute(call.query, variables));
    const feed = await watch<unknown>(server, caller, call.query, variables, 'subMessage', sockets);
    await until(() => feed.completed || feed.errors.length > 0, 'the subscription is refused');
    return (feed.errors[0] as { extensions?: { code?: string } } | undefined)?.extensions?.code ?? JSON.stringify(feed.errors);
  }

  it('still refuses another team’s user, a team guest outside the space, and anonymous callers, writing nothing', async () => {
    const world = await matrixWorld();
    const anonymous = { client: new GraphqlTestClient(server) };
    for (const [name, entry] of Object.entries(guestChatMatrix)) {
      const calls = [
        ...('refused' in entry.otherTeam ? (entry.otherTeam.refused ?? []) : []).map((call) => ({
          who: world.userB,
          call,
          as: 'another team',
        })),
        ...(entry.guestRefused ?? []).map((call) => ({ who: world.guestA, call, as: 'a team guest' })),
      ];
      expect(calls.length, name).toBeGreaterThan(0);
      for (const { who, call, as } of calls) {
        const before = await countEvents(server);
        expect(['NOT_FOUND', 'PERMISSION_DENIED'], `${name} as ${as}: ${call.query}`).toContain(await attempt(who, call, world));
        expect(await countEvents(server), `${name} wrote events`).toBe(before);
        if (!call.query.trimStart().startsWith('subscription'))
          expectAnonymous(await anonymous.client.execute(call.query, call.variables?.(world) ?? {}), `${name} anonymous`);
      }
    }
  });
});

describe('the log', () => {
  it('rebuilds the guests’ messages with their authors', async () => {
    const projections = domains.flatMap((module) => module.projections);
    const chat = projections.filter((projection) => projection.name === 'chat');
    const { live, rebuilt } = await replayedBesideLive(server, projections, chat);
    expect(JSON.stringify(live)).toContain('Still here');
    expect(rebuilt).toEqual(live);
  });
});
