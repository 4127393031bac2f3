// subMeetingrooms: the rooms list of the subscriber's current team, live (new rooms, calls started and finished, who is
// in each), only rooms the subscriber may use, ending when they leave the team.
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import {
  closeServer,
  initiateRoom,
  joinCall,
  roomFields,
  teamOf,
  until,
  watch,
  watchCall,
  type Room,
  type Watch,
} from './meetingsFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

interface RoomChange {
  type: string;
  seq: number;
  meetingroom: Room;
}

const subMeetingrooms = `subscription { subMeetingrooms { type seq meetingroom { ${roomFields} } } }`;

let server: TestServer;
let ann: Person;
let bas: Person;
/** Someone of another team. */
let dora: Person;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [ann, bas] = await teamOf(server, 'Ann', 'Bas');
  dora = await person(server, 'Dora');
});
afterAll(() => closeServer(server, sockets));

/**
 * A rooms feed that is listening: it follows log positions, so it is awaited until the server says it listens (the
 * socket's acknowledgement can come first, and a room made then was missed once on PostgreSQL), and it has heard a
 * room made after that.
 */
async function listening(someone: Person): Promise<Watch<RoomChange>> {
  const feed = await watch<RoomChange>(server, someone, subMeetingrooms, {}, 'subMeetingrooms', sockets, { followsLog: true });
  const marker = await initiateRoom(someone, { name: `Marker of ${someone.email}` });
  // A busy machine's PostgreSQL can take more than the usual wait to start a feed and hear its first room.
  await until(() => feed.items.some((change) => change.meetingroom.id === marker.id), 'the feed hears a new room', 15_000);
  return feed;
}

const changesOf = (feed: Watch<RoomChange>, roomId: string) => feed.items.filter((change) => change.meetingroom.id === roomId);

describe('subMeetingrooms', () => {
  it('tells the team of a new room, a call starting, who comes and goes, and the call finishing', async () => {
    const basFeed = await listening(bas);
    const room = await initiateRoom(ann, { name: 'Daily' });
    await until(() => changesOf(basFeed, room.id).length > 0, 'the new room');
    expect(changesOf(basFeed, room.id)[0]).toMatchObject({
      type: 'created',
      meetingroom: { name: 'Daily', videocall: null, participants: [] },
    });

    const call = expectData(await joinCall(ann, { meetingroom: room.id })).joinVideocall;
    const annInCall = await watchCall(server, ann, call, sockets);
    await until(
      () => changesOf(basFeed, room.id).some((change) => change.meetingroom.participants.some((someone) => someone.user === ann.id)),
      'Ann in the room',
    );
    const inCall = changesOf(basFeed, room.id).at(-1)!;
    expect(inCall.type).toBe('updated');
    expect(inCall.meetingroom.videocall).toBe(call.id);
    expect(inCall.meetingroom.participants.map((someone) => someone.name)).toEqual(['Ann Lovelace']);

    const basCall = expectData(await joinCall(bas, { meetingroom: room.id })).joinVideocall;
    await until(() => changesOf(basFeed, room.id).at(-1)!.meetingroom.participants.length === 2, 'Bas in the room too');

    // Ann closes her tab (her call feed ends): she is gone from the list; Bas leaves: the call is over.
    annInCall.stop();
    await until(
      () =>
        changesOf(basFeed, room.id)
          .at(-1)!
          .meetingroom.participants.map((someone) => someone.user)
          .join() === bas.id,
      'only Bas left',
    );
    expectData(await bas.client.execute('mutation ($id: ID!) { leaveVideocall(id: $id) }', { id: basCall.id }));
    await until(() => changesOf(basFeed, room.id).at(-1)!.meetingroom.videocall === null, 'the call finished');
    expect(changesOf(basFeed, room.id).at(-1)!.meetingroom.participants).toEqual([]);
    // Sequence numbers are log positions: they only grow.
    const positions = basFeed.items.map((change) => change.seq);
    expect([...positions].sort((left, right) => left - right)).toEqual(positions);
  });

  it('never tells of rooms the subscriber may not use: a private space’s room, another team’s rooms', async () => {
    const basFeed = await listening(bas);
    const doraFeed = await listening(dora);
    const secret = await createSpace(ann, 'Board', 'private');
    const secretRoom = await initiateRoom(ann, { project: secret });
    expectData(await joinCall(ann, { meetingroom: secretRoom.id }));
    const open = await initiateRoom(ann, { name: 'Open' });
    await until(() => changesOf(basFeed, open.id).length > 0, 'the open room reaches Bas');
    expect(changesOf(basFeed, secretRoom.id)).toEqual([]);
    // Dora's own marker room arrived, and nothing of Ann's team since.
    const doraMarker = await initiateRoom(dora, { name: 'Dora again' });
    await until(() => changesOf(doraFeed, doraMarker.id).length > 0, 'Dora hears her own room');
    expect(doraFeed.items.every((change) => change.meetingroom.team === dora.teamId)).toBe(true);
  });

  it('ends for someone removed from the team', async () => {
    const cleo = await joinTeam(ann, await person(server, 'Cleo'));
    const cleoFeed = await listening(cleo);
    expectData(
      await ann.client.execute('mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }', {
        user: cleo.id,
        team: ann.teamId,
      }),
    );
    await until(() => cleoFeed.completed, 'the feed ends');
    expect(cleoFeed.errors).toEqual([]);
  });
});
