import { sql } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collabCloseCodes } from '#shared/docs';
import { domains } from '../../server/src/domains';
import type { CallEntryBody } from '../../server/src/domains/meetings';
import { appRow, replayedBesideLive } from '../support/appRows';
import { messagesOf } from './chatFactories';
import { openDoc, paragraphText, refusedSocket, waitFor, type OpenDoc } from './docFactories';
import { startTestServer, type TestServer } from './harness';
import {
  askToEnter,
  closeServer,
  codeOf,
  guestBrowser,
  initiateRoom,
  joinCall,
  reasonOf,
  setGuestState,
  teamOf,
  watchCall,
  type Call,
} from './meetingsFactories';
import { createSpace, expectData, person, setPlan, wait, type Person } from './teamFactories';

let server: TestServer;
let ada: Person;
let grace: Person;
/** Someone of another team. */
let dora: Person;
const sockets: Client[] = [];
const docs: OpenDoc[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [ada, grace] = await teamOf(server, 'Ada', 'Grace');
  // More spaces than the free plan's five (SPEC §9 plan limits): a plan without that limit.
  await setPlan(server, ada.teamId);
  dora = await person(server, 'Dora');
});
afterAll(async () => {
  for (const doc of docs) doc.destroy();
  await closeServer(server, sockets);
});

const initiateNotes = (someone: { client: Person['client'] }, id: string) =>
  someone.client.execute<{ initiateMeetingroomNotes: { id: string; notesDoc: string | null } }>(
    'mutation ($id: ID!) { initiateMeetingroomNotes(id: $id) { id notesDoc } }',
    { id },
  );

const spaceRoomNotes = async (someone: Person, project: string) =>
  expectData(
    await someone.client.execute<{ getMeetingrooms: { id: string; notesDoc: string | null }[] }>(
      'query ($project: ID) { getMeetingrooms(project: $project) { id notesDoc } }',
      { project },
    ),
  ).getMeetingrooms[0]?.notesDoc;

const getWall = (someone: Person, id: string) =>
  someone.client.execute<{ getWall: { id: string; title: string; project: string; canEdit: boolean } }>(
    'query ($id: ID!) { getWall(id: $id) { id title project canEdit } }',
    { id },
  );

const joinSpace = async (someone: Person, project: string) =>
  expectData(await someone.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project }));

const eventsOfType = async (type: string) =>
  (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM events WHERE type = ${type}`))!.count;

describe("a space room's notes", () => {
  it('are made once, even for two requests at the same time, as a doc of the space named after the room', async () => {
    const space = await createSpace(ada, 'Design review');
    await joinSpace(grace, space);
    const room = await initiateRoom(ada, { project: space });
    expect(await spaceRoomNotes(ada, space)).toBeNull();
    const createdBefore = await eventsOfType('doc.created');
    const notesBefore = await eventsOfType('meetingroom.notesCreated');

    const [first, second] = await Promise.all([initiateNotes(ada, room.id), initiateNotes(grace, room.id)]);
    const notesDoc = expectData(first).initiateMeetingroomNotes.notesDoc;
    expect(notesDoc).toBeTruthy();
    expect(expectData(second).initiateMeetingroomNotes.notesDoc).toBe(notesDoc);
    expect(await eventsOfType('doc.created')).toBe(createdBefore + 1);
    expect(await eventsOfType('meetingroom.notesCreated')).toBe(notesBefore + 1);
    expect(expectData(await initiateNotes(ada, room.id)).initiateMeetingroomNotes.notesDoc).toBe(notesDoc);

    const walls = expectData(
      await ada.client.execute<{ getWalls: { walls: { id: string; title: string }[]; total: number } }>(
        'query ($project: ID!) { getWalls(project: $project) { walls { id title } total } }',
        { project: space },
      ),
    ).getWalls;
    expect(walls).toEqual({ walls: [{ id: notesDoc, title: 'Design review – meeting notes' }], total: 1 });
  });

  it('are seen and co-edited live by the members who may use the room', async () => {
    const space = await createSpace(ada, 'Planning');
    const room = await initiateRoom(ada, { project: space });
    // Making the notes makes a doc: a member who only reads the public space (not joined) may not.
    expect(codeOf(await initiateNotes(grace, room.id))).toBe('PERMISSION_DENIED');
    const notesDoc = expectData(await initiateNotes(ada, room.id)).initiateMeetingroomNotes.notesDoc!;
    expect(await spaceRoomNotes(grace, space)).toBe(notesDoc);
    expect(expectData(await getWall(grace, notesDoc)).getWall).toMatchObject({ id: notesDoc, project: space, canEdit: false });
    await joinSpace(grace, space);
    expect(expectData(await getWall(grace, notesDoc)).getWall.canEdit).toBe(true);

    const adaDoc = openDoc(server.url, notesDoc, { cookie: ada.client.cookieHeader() });
    const graceDoc = openDoc(server.url, notesDoc, { cookie: grace.client.cookieHeader() });
    docs.push(adaDoc, graceDoc);
    await adaDoc.synced();
    await graceDoc.synced();
    paragraphText(adaDoc.doc).insert(0, 'Agenda: ship notes');
    await waitFor(() => graceDoc.text().includes('Agenda: ship notes'), "Grace sees Ada's line");
    paragraphText(graceDoc.doc).insert(0, 'Grace: ');
    await waitFor(() => adaDoc.text().includes('Grace: Agenda: ship notes'), "Ada sees Grace's words");
  });

  it('are refused to another team, to a member who may not see a private space, and to guests', async () => {
    const privateSpace = await createSpace(ada, 'Board only', 'private');
    const room = await initiateRoom(ada, { project: privateSpace });
    const notesDoc = expectData(await initiateNotes(ada, room.id)).initiateMeetingroomNotes.notesDoc!;

    for (const outsider of [dora, grace]) {
      const refused = await initiateNotes(outsider, room.id);
      expect([codeOf(refused), reasonOf(refused)]).toEqual(['NOT_FOUND', 'MEETINGROOM_NOT_FOUND']);
      expect(codeOf(await getWall(outsider, notesDoc))).toBe('NOT_FOUND');
      const socket = await refusedSocket(server.url, notesDoc, outsider.client.cookieHeader());
      expect(socket.code).toBe(collabCloseCodes.docDeleted);
      expect(socket.received).toHaveLength(0);
    }

    // A guest admitted into another room of the team: their credential opens nothing of this one.
    const otherSpace = await createSpace(ada, 'Open house');
    const otherRoom = await initiateRoom(ada, { project: otherSpace });
    const guest = guestBrowser(server);
    const pass = expectData(await askToEnter(guest, otherRoom)).setInvited;
    expectData(await setGuestState(ada, pass.invited.id, 'admitted'));
    expect(codeOf(await initiateNotes(guest, room.id))).toBe('UNAUTHENTICATED');
    expect(codeOf(await initiateNotes(guest, otherRoom.id))).toBe('UNAUTHENTICATED');
    const guestSocket = await refusedSocket(server.url, notesDoc, guest.client.cookieHeader());
    expect(guestSocket.code).toBe(collabCloseCodes.unauthenticated);
    expect(guestSocket.received).toHaveLength(0);
  });

  it('can be deleted like any doc of the space, and started again afterwards', async () => {
    const space = await createSpace(ada, 'Scratch');
    const room = await initiateRoom(ada, { project: space });
    const notesDoc = expectData(await initiateNotes(ada, room.id)).initiateMeetingroomNotes.notesDoc!;
    expectData(await ada.client.execute('mutation ($id: ID!) { delWorkspace(id: $id) }', { id: notesDoc }));
    expect(await spaceRoomNotes(ada, space)).toBeNull();
    expect(expectData(await initiateNotes(ada, room.id)).initiateMeetingroomNotes.notesDoc).toBe(notesDoc);
    expect(expectData(await getWall(ada, notesDoc)).getWall.title).toBe('Scratch – meeting notes');
  });

  it('need a space: an ad hoc room has none to keep them in', async () => {
    const room = await initiateRoom(ada, { name: 'Quick sync' });
    const refused = await initiateNotes(ada, room.id);
    expect(codeOf(refused)).toBe('MEETING_NOTES_SPACE_REQUIRED');
    const rooms = expectData(
      await ada.client.execute<{ getMeetingrooms: { id: string; notesDoc: string | null }[] }>('{ getMeetingrooms { id notesDoc } }'),
    ).getMeetingrooms;
    expect(rooms.find((each) => each.id === room.id)).toEqual({ id: room.id, notesDoc: null });
  });

  it("are linked from the call's entry in the space chat once the call finished", async () => {
    const space = await createSpace(ada, 'Retro');
    const enter = async (someone: Person): Promise<Call> => {
      const call = expectData(await joinCall(someone, { project: space })).joinVideocall;
      await watchCall(server, someone, call, sockets);
      return call;
    };
    const adaCall = await enter(ada);
    const graceCall = await enter(grace);
    const room = (await initiateRoom(ada, { project: space })).id;
    const notesDoc = expectData(await initiateNotes(ada, room)).initiateMeetingroomNotes.notesDoc!;
    for (const [someone, call] of [
      [grace, graceCall],
      [ada, adaCall],
    ] as const)
      expectData(await someone.client.execute('mutation ($id: ID!) { leaveVideocall(id: $id) }', { id: call.id }));

    let entry: CallEntryBody | undefined;
    const started = Date.now();
    while (!entry && Date.now() - started < 5000) {
      const messages = await messagesOf(grace, { project: space });
      const found = messages.find((message) => message.type === 'call');
      entry = found ? (JSON.parse(found.body) as CallEntryBody) : undefined;
      if (!entry) await wait(25);
    }
    expect(entry).toMatchObject({ videocall: adaCall.id, outcome: 'made', notes: { doc: notesDoc, project: space } });
  });

  it('rebuilds from the log: the rooms, the docs and the chat entries come back the same', async () => {
    const projections = domains.flatMap((module) => module.projections);
    const kept = projections.filter((projection) => ['meetings', 'docs', 'chat'].includes(projection.name));
    const { live, rebuilt } = await replayedBesideLive(server, projections, kept);
    expect(live['docs']?.length).toBe(5);
    expect(rebuilt).toEqual(live);
  });
});
