import type { Client } from 'graphql-ws';
import { GraphqlTestClient, newestPositionOf, subscriptionClient, type GraphqlResponse, type TestServer } from './harness';
import { expectData, joinTeam, person, wait, type Person } from './teamFactories';

export const roomFields =
  'id name project team author videocall guestLink guestLinkExpiresAt participants { id user invited name audio hand }';
export const callFields =
  'id name finishedAt meetingroom project meeting { transport url iceServers maximum } attendee { id joinToken externalUserId } users { id user invited name audio video screen hand }';

export interface Room {
  id: string;
  name: string;
  project: string | null;
  team: string;
  videocall: string | null;
  guestLink: string | null;
  guestLinkExpiresAt: string | null;
  participants: { id: string; user: string | null; invited: string | null; name: string }[];
}
export interface Call {
  id: string;
  finishedAt: string | null;
  meeting: { transport: string; maximum: number | null };
  attendee: { id: string; joinToken: string | null; externalUserId: string } | null;
  users: { id: string; user: string | null; invited: string | null; name: string; audio: boolean; hand: boolean }[];
}
export interface CallChange {
  type: string;
  videocall: string;
  participant: { id: string; user: string | null; invited: string | null; name: string; audio: boolean; hand: boolean } | null;
  reaction: string | null;
  from: string | null;
  signal: string | null;
}

/** People of one team, in order: the first makes the team, the others join it. */
export async function teamOf<Names extends [string, ...string[]]>(
  server: TestServer,
  ...names: Names
): Promise<{ [Index in keyof Names]: Person }> {
  const [founder, ...others] = names;
  const first = await person(server, founder);
  const team = [first];
  for (const name of others) team.push(await joinTeam(first, await person(server, name)));
  return team as { [Index in keyof Names]: Person };
}

/** Ends a meetings test file: the subscription sockets it opened, then its server. */
export async function closeServer(server: TestServer, sockets: Client[]): Promise<void> {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
}

/** Anything with a browser-like client: a member, or a guest's signed-out browser. */
export interface Browser {
  client: GraphqlTestClient;
}

export async function initiateRoom(someone: Browser, variables: { id?: string; project?: string; name?: string }): Promise<Room> {
  return expectData(
    await someone.client.execute<{ initiateMeetingroom: Room }>(
      `mutation ($id: ID, $project: ID, $name: String) { initiateMeetingroom(id: $id, project: $project, name: $name) { ${roomFields} } }`,
      variables,
    ),
  ).initiateMeetingroom;
}

export function joinCall(
  someone: Browser,
  variables: { meetingroom?: string; project?: string; privat?: string },
): Promise<GraphqlResponse<{ joinVideocall: Call }>> {
  return someone.client.execute<{ joinVideocall: Call }>(
    `mutation ($meetingroom: ID, $project: ID, $privat: ID) { joinVideocall(meetingroom: $meetingroom, project: $project, privat: $privat) { ${callFields} } }`,
    variables,
  );
}

export function signal(someone: Browser, variables: { videocall: string; from: string; to: string; signal: string }) {
  return someone.client.execute<{ signalVideocall: boolean }>(
    'mutation ($videocall: ID!, $from: ID!, $to: ID!, $signal: String!) { signalVideocall(videocall: $videocall, from: $from, to: $to, signal: $signal) }',
    variables,
  );
}

/** A guest's browser: signed out, holding whatever cookies the server gives it. */
export function guestBrowser(server: TestServer): Browser {
  return { client: new GraphqlTestClient(server) };
}

export function secretOf(room: Room): string {
  return new URL(room.guestLink!).searchParams.get('guest')!;
}

export function askToEnter(guest: Browser, room: Room, name = 'Grace Guest', link = secretOf(room)) {
  return guest.client.execute<{ setInvited: { invited: { id: string; state: string }; credential: string } }>(
    'mutation ($meetingroom: ID!, $name: String!, $link: String!) { setInvited(meetingroom: $meetingroom, name: $name, link: $link) { invited { id name state meetingroom } credential } }',
    { meetingroom: room.id, name, link },
  );
}

export async function setGuestState(member: Person, invitedId: string, state: string) {
  return member.client.execute<{ ediInvited: { id: string; state: string } }>(
    'mutation ($id: ID!, $state: String!) { ediInvited(id: $id, state: $state) { id state } }',
    {
      id: invitedId,
      state,
    },
  );
}

/** Everything one subscription delivers, whether it ended, and its errors. */
export interface Watch<Item> {
  items: Item[];
  completed: boolean;
  errors: unknown[];
  stop(): void;
  /** The subscription's own websocket, to cut it as a closed tab would. */
  socket: Client;
  /** The log position the feed last said it stands at (when it listens, or has replayed): where to resume after. */
  position: number | null;
}

/**
 * Opens a subscription and resolves once it listens. `followsLog`: it follows log positions as the app's client does
 * and counts from its listening notice; `resumeAfter`: it resumes after that position, and what it missed is replayed
 * before its notice.
 */
export async function watch<Item>(
  server: TestServer,
  someone: Browser,
  query: string,
  variables: Record<string, unknown>,
  field: string,
  sockets: Client[],
  options: { followsLog?: boolean; resumeAfter?: number } = {},
): Promise<Watch<Item>> {
  const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const follows = options.followsLog === true || options.resumeAfter !== undefined;
  const fresh = follows && options.resumeAfter === undefined;
  // A feed that follows log positions says when it listens (a message without data): a change made after that is
  // heard. A fresh one starts at the log's settled position, which a transaction open elsewhere can hold below what
  // was committed before it was asked for, so those come again, before that message (replayed) or after it
  // (published late): both are left out, as the harness's subscriptions leave them out. A resumed one's replay is
  // kept. Other feeds are awaited until the socket is connected only, which can come before they listen (on
  // PostgreSQL a change made at once can be missed).
  const newestBefore = fresh ? await newestPositionOf(socket) : null;
  let listening = !follows;
  let listen!: () => void;
  const listened = new Promise<void>((resolve) => (listen = resolve));
  if (!follows) socket.on('connected', () => listen());
  const result: Watch<Item> = { items: [], completed: false, errors: [], stop: () => undefined, socket, position: null };
  result.stop = socket.subscribe<Record<string, Item>>(
    { query, variables, ...(follows ? { extensions: { resumeAfter: options.resumeAfter ?? null } } : {}) },
    {
      next: (value) => {
        const seq = (value.extensions as { seq?: unknown } | undefined)?.seq;
        if (value.errors) result.errors.push(...value.errors);
        else if (!value.data && typeof seq === 'number') {
          listening = true;
          result.position = seq;
        } else if (
          fresh &&
          typeof seq === 'number' &&
          (!listening || (newestBefore !== null && seq <= newestBefore && value.data !== undefined && value.data !== null))
        ) {
          // Committed before the feed listened, or before it was asked for.
        } else {
          // A feed that sends no positions counts from its first result; a resumed one listens once its replay is sent.
          if (options.resumeAfter === undefined) listening = true;
          if (value.data) result.items.push(value.data[field]!);
        }
        if (listening || value.errors) listen();
      },
      error: (error) => {
        result.errors.push(error);
        result.completed = true;
        listen();
      },
      complete: () => {
        result.completed = true;
        listen();
      },
    },
  );
  await listened;
  return result;
}

export const subVideocall = `subscription ($videocall: ID!, $attendee: ID!) { subVideocall(videocall: $videocall, attendee: $attendee) {
  type videocall reaction from signal participant { id user invited name audio hand } } }`;

/** An attendee's call feed, from when it says it listens (it sends the log's position then, though its notices are not logged). */
export function watchCall(server: TestServer, someone: Browser, call: Call, sockets: Client[]) {
  return watch<CallChange>(server, someone, subVideocall, { videocall: call.id, attendee: call.attendee!.id }, 'subVideocall', sockets, {
    followsLog: true,
  });
}

export async function until(condition: () => boolean | Promise<boolean>, what = 'condition', timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not met in ${timeoutMs} ms`);
    await wait(20);
  }
}

export const codeOf = (result: GraphqlResponse<unknown>) => result.errors?.[0]?.extensions.code;
export const reasonOf = (result: GraphqlResponse<unknown>) => result.errors?.[0]?.extensions.reason;
