import { ManualClock } from '../../server/src/core/clock';
import type { Projection, StoredEvent } from '../../server/src/core/events';
import { newId as newIdOfCore } from '../../server/src/core/ids';
import { tableDialect } from '../../server/src/db/pickTable';
import { DomainError } from '../../server/src/errors';
import { joinCallIn, type CallPlaceChoice } from '../../server/src/domains/meetings/callResolvers';
import { appendLeave } from '../../server/src/domains/meetings/calls';
import { presentParticipants, presentRoom } from '../../server/src/domains/meetings/present';
import { meetingsProjection } from '../../server/src/domains/meetings/projection';
import { ringsProjection } from '../../server/src/domains/meetings/ringProjection';
import { ensureSpaceRoom, usableRoomsOf } from '../../server/src/domains/meetings/roomResolvers';
import { activeCall, findSpaceRoom, presentAttendees, type Caller } from '../../server/src/domains/meetings/state';
import {
  meetingGuests,
  meetingrooms,
  videocallAttendees,
  videocallRecordings,
  videocallRings,
  videocalls,
} from '../../server/src/domains/meetings/tables';
import { teamsModule } from '../../server/src/domains/teams';
import { type AreaRun } from './areaOnDoors';
import { idLabels, openAreaDoor, unitsReadingSpaces, outcomesOn, seedPeople, seedSpace, seedTeam, tableRowsOf } from './areaDoor';

/**
 * Runs the meetings area's commands (a space's room opened, its call joined, left and finished, an outsider refused)
 * and reads on the door of this process's dialect (DATABASE_URL: PostgreSQL when set, else a SQLite file of its own)
 * and prints what they answered and what meetings' tables hold, live and after a replay, as one JSON line after
 * `meetings-on-door:`. tests/integration/meetings-postgres.test.ts runs it once per dialect and compares. Three races
 * run two units at once, one per lock the units take (units run at once on PostgreSQL): two first joiners (the call
 * place's lock), two askers of a space's room (the space's room lock), a join and the last leave (the call place's
 * and the call's locks). The third may go either way on either database, so its calls are left out of the rows and
 * log compared and shown by what holds whichever way it went. The team, its members and spaces are rows written here.
 */

const projections: Projection[] = [meetingsProjection, ringsProjection];
const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
/** Ids as the app draws them (24 hex digits). */
const id = (number: number) => `3ee70000000000000000${number.toString(16).padStart(4, '0')}`;
const ada = id(0xa);
const bob = id(0xb);
const cy = id(0xc);
const team = id(0xf1);
const space = id(0x51);
const raceSpace = id(0x52);
const leaveSpace = id(0x53);

const { label, labelled, labelledText, name } = idLabels();
for (const [known, knownName] of [
  [ada, 'ada'],
  [bob, 'bob'],
  [cy, 'cy'],
  [team, 'team'],
  [space, 'space'],
  [raceSpace, 'the raced space'],
  [leaveSpace, 'the space of the join and leave'],
] as const)
  name(known, knownName);
/** A value with every labelled id in it shown by its label, inside texts too (a room's guest link names it). */
const shown = (value: unknown): unknown => (value === undefined ? null : JSON.parse(labelledText(JSON.stringify(labelled(value)))));
const outcomeOf = outcomesOn(clock, shown);

/** A fresh id, labelled in the order drawn so both runs print the same. */
const newId = () => {
  const fresh = newIdOfCore();
  label(fresh);
  return fresh;
};
const member = (userId: string): Caller => ({ kind: 'member', userId });
const quiet = () => ({ audio: false, video: false, screen: false, hand: false });
const config = { publicUrl: 'https://meet.example' };

const door = await openAreaDoor('meetings', projections, clock);
try {
  const { store, db } = door;
  const at = '2026-03-01T09:00:00.000Z';
  await seedPeople(door, { [ada]: 'Ada', [bob]: 'Bob', [cy]: 'Cy' }, at, { emailVerified: true, defaultTeamId: team });
  await seedTeam(door, { id: team, name: 'Team', ownerId: ada }, { [ada]: 'admin', [bob]: 'basic', [cy]: 'basic' }, at);
  for (const [spaceId, name] of Object.entries({ [space]: 'Launch', [raceSpace]: 'Race', [leaveSpace]: 'Leave' }))
    await seedSpace(door, { id: spaceId, teamId: team, name, type: 'private', ownerId: ada }, { [ada]: 'admin', [bob]: 'basic' }, at);

  // Spaces are read through the teams area's directory, as the app binds it to each database handle.
  const run = unitsReadingSpaces(door, teamsModule.spaceDirectory!);
  /** The space's room, made the first time; its id and link secret are labelled by `roomName`. */
  const openRoom = async (userId: string, projectId: string, roomName: string) => {
    const room = await run(userId, (unit) => ensureSpaceRoom(unit, projectId, userId));
    name(room.id, roomName);
    name(room.linkSecret, `the secret of ${roomName}`);
    return room.id;
  };
  /** joinVideocall's unit for a member, with a labelled attendee and a labelled call id used if no call runs. */
  const join = (userId: string, place: CallPlaceChoice, attendeeId: string, videocallId = newId()) =>
    run(userId, (unit) => joinCallIn(unit, member(userId), place, { attendeeId, videocallId, maximum: 8 }));
  const leave = (userId: string, videocallId: string, attendeeId: string) =>
    run(userId, async (unit) => (await appendLeave(unit, videocallId, [attendeeId], 'left')).map((event) => event.type));
  /** What two units running at once answered, sorted, so both runs compare. */
  const settledOf = (settled: PromiseSettledResult<unknown>[]) =>
    settled.map((outcome) =>
      outcome.status === 'fulfilled'
        ? { answered: outcome.value }
        : outcome.reason instanceof DomainError
          ? { refused: outcome.reason.code }
          : { failed: String(outcome.reason) },
    );

  const outcomes: Record<string, unknown> = {};
  const reads: Record<string, unknown> = {};

  // A space's room, its call joined by two, left by one, then by the last (the call finishes); an outsider refused.
  outcomes['ada opens the space’s room'] = await outcomeOf(() => openRoom(ada, space, 'the space room'));
  const roomId = (await findSpaceRoom(db, space))!.id;
  outcomes['bob opens it too'] = await outcomeOf(() => run(bob, (unit) => ensureSpaceRoom(unit, space, bob)).then((row) => row.id));
  outcomes['cy, not in the space, opens it'] = await outcomeOf(() => run(cy, (unit) => ensureSpaceRoom(unit, space, cy)));
  const inRoom: CallPlaceChoice = { kind: 'meetingroom', id: roomId };
  const adaInCall = newId();
  const bobInCall = newId();
  const callId = newId();
  name(callId, 'the first call');
  outcomes['ada joins the room’s call'] = await outcomeOf(() => join(ada, inRoom, adaInCall, callId));
  outcomes['bob joins by the space'] = await outcomeOf(() => join(bob, { kind: 'project', id: space }, bobInCall));
  outcomes['cy, not in the space, joins'] = await outcomeOf(() => join(cy, inRoom, newId()));
  outcomes['cy joins by the space'] = await outcomeOf(() => join(cy, { kind: 'project', id: space }, newId()));
  reads['who is in the call'] = shown(await presentAttendees(db, callId));
  reads['the call’s participants'] = shown(await presentParticipants(db, await presentAttendees(db, callId), quiet));
  reads['the running call'] = shown(await activeCall(db, roomId));
  reads['ada’s rooms during the call'] = shown(
    await Promise.all(
      (await usableRoomsOf(db, ada)).map(async (each) => {
        const call = await activeCall(db, each.id);
        const participants = call ? await presentParticipants(db, await presentAttendees(db, call.id), quiet) : [];
        return presentRoom(config, each, member(ada), call ? { id: call.id, participants } : null);
      }),
    ),
  );
  outcomes['bob leaves'] = await outcomeOf(() => leave(bob, callId, bobInCall));
  outcomes['bob leaves again'] = await outcomeOf(() => leave(bob, callId, bobInCall));
  outcomes['ada, the last, leaves'] = await outcomeOf(() => leave(ada, callId, adaInCall));
  reads['who is in the call once finished'] = shown(await presentAttendees(db, callId));
  reads['the running call once finished'] = shown(await activeCall(db, roomId));

  // Race 1: two first joiners of one room at once start one call (the call place's lock).
  clock.advance(1000);
  const adaFirst = newId();
  const bobFirst = newId();
  const proposed = [newId(), newId()];
  const firstJoins = await Promise.allSettled([join(ada, inRoom, adaFirst, proposed[0]), join(bob, inRoom, bobFirst, proposed[1])]);
  const startedCalls = new Set(firstJoins.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : [])));
  outcomes['two first joiners at once'] = {
    answered: firstJoins.filter((outcome) => outcome.status === 'fulfilled').length,
    calls: startedCalls.size,
    failures: settledOf(firstJoins).filter((outcome) => !('answered' in outcome)),
  };
  for (const [index, proposedId] of proposed.entries())
    name(proposedId, startedCalls.has(proposedId) ? `the call both started (${startedCalls.size})` : `a call not started (${index})`);
  reads['who is in the call both started'] = await Promise.all(
    [...startedCalls].map(async (started) => (await presentAttendees(db, started)).map((row) => labelledText(row.id)).sort()),
  );
  // Each leaves the call it is in (ada first, then bob), so the rows read the same whichever unit started it.
  for (const [userId, attendeeId] of [
    [ada, adaFirst],
    [bob, bobFirst],
  ] as const) {
    const attendee = (await db.select().from(videocallAttendees)).find((row) => row.id === attendeeId);
    clock.advance(1000);
    if (attendee) await leave(userId, attendee.videocallId, attendeeId);
  }

  // Race 2: two units asking for a space's room at once make one room (the space's room lock). Both ask for ada, so
  // the room's author reads the same whichever unit makes it.
  clock.advance(1000);
  const asked = await Promise.allSettled([
    run(ada, (unit) => ensureSpaceRoom(unit, raceSpace, ada)),
    run(ada, (unit) => ensureSpaceRoom(unit, raceSpace, ada)),
  ]);
  const raceRooms = new Set(asked.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.id] : [])));
  for (const raced of asked) if (raced.status === 'fulfilled') name(raced.value.linkSecret, 'the secret of the raced room');
  for (const raceRoom of raceRooms) name(raceRoom, raceRooms.size === 1 ? 'the raced room' : `a raced room (${raceRooms.size})`);
  outcomes['two ask for a space’s room at once'] = {
    answered: asked.filter((outcome) => outcome.status === 'fulfilled').length,
    rooms: raceRooms.size,
    failures: settledOf(asked).filter((outcome) => !('answered' in outcome)),
  };
  reads['rooms of the raced space'] = shown(
    (await db.select().from(meetingrooms)).filter((row) => row.projectId === raceSpace).map((row) => row.id),
  );

  // Race 3: bob joins while ada, alone in the call, leaves. Either may go first: a joined attendee is never left in a
  // finished call (the join waits for the leave and starts a new call, or the leave sees bob and the call goes on).
  const leaveRoom = await openRoom(ada, leaveSpace, 'the room of the join and leave');
  const adaAlone = newId();
  const bobJoining = newId();
  const raceCall = await join(ada, { kind: 'meetingroom', id: leaveRoom }, adaAlone);
  clock.advance(1000);
  const joinAndLeave = await Promise.allSettled([
    join(bob, { kind: 'meetingroom', id: leaveRoom }, bobJoining),
    leave(ada, raceCall, adaAlone),
  ]);
  const leaveRoomRows = async () => {
    const calls = (await db.select().from(videocalls)).filter((call) => call.meetingroomId === leaveRoom);
    const attendees = (await db.select().from(videocallAttendees)).filter((row) => calls.some((call) => call.id === row.videocallId));
    return { calls, attendees };
  };
  const stranded = async () => {
    const { calls, attendees } = await leaveRoomRows();
    return attendees.filter((row) => row.leftAt === null && calls.find((call) => call.id === row.videocallId)!.finishedAt !== null).length;
  };
  const running = await activeCall(db, leaveRoom);
  const presentNow = running ? (await presentAttendees(db, running.id)).map((row) => row.id) : [];
  outcomes['a join and the last leave at once'] = {
    failures: settledOf(joinAndLeave).filter((outcome) => !('answered' in outcome)),
    'joined attendees in finished calls': await stranded(),
    'bob in the running call': presentNow.includes(bobJoining),
    'ada in the running call': presentNow.includes(adaAlone),
  };
  if (running) {
    clock.advance(1000);
    await leave(bob, running.id, bobJoining);
  }
  outcomes['once bob left too'] = {
    'joined attendees in finished calls': await stranded(),
    'a call running': (await activeCall(db, leaveRoom)) !== undefined,
  };
  const leaveRace = await leaveRoomRows();
  const leaveRaceCalls = new Set(leaveRace.calls.map((call) => call.id));
  const leaveRaceCallLabels = new Set([...leaveRaceCalls].map(labelledText));

  reads['rooms as each sees them'] = shown(
    Object.fromEntries(
      await Promise.all(
        [ada, bob, cy].map(async (userId) => [
          userId,
          (await usableRoomsOf(db, userId)).map((row) => presentRoom(config, row, member(userId), null)),
        ]),
      ),
    ),
  );

  // The rows and log of the join and leave race went one of two ways: counted apart, left out of what is compared.
  const compared = (rows: Record<string, unknown[]>) =>
    Object.fromEntries(
      Object.entries(rows).map(([table, tableRows]) => [
        table,
        (tableRows as Record<string, unknown>[]).filter(
          (row) => !leaveRaceCallLabels.has(String(row['videocallId'])) && !leaveRaceCallLabels.has(String(row['id'])),
        ),
      ]),
    );
  const tables = [meetingrooms, videocalls, videocallAttendees, meetingGuests, videocallRings, videocallRecordings];
  const live = await tableRowsOf(db, tables, shown);
  await door.replay();
  const replayed = await tableRowsOf(db, tables, shown);
  const logged = await store.read();
  const inLeaveRace = (event: StoredEvent) => leaveRaceCalls.has(String((event.payload as { videocallId?: string }).videocallId));
  reads['the join and leave race, live and replayed alike'] =
    JSON.stringify(live['videocalls']) === JSON.stringify(replayed['videocalls']) &&
    JSON.stringify(live['videocall_attendees']) === JSON.stringify(replayed['videocall_attendees']);
  reads['the join and leave race, its finished calls'] = leaveRace.calls.every((call) => call.finishedAt !== null);
  const events = logged
    .filter((event) => !inLeaveRace(event))
    .map((event) => ({ stream: labelledText(event.stream), version: event.version, type: event.type }));
  const result: AreaRun = { dialect: tableDialect, outcomes, reads, live: compared(live), replayed: compared(replayed), events };
  console.log(`meetings-on-door:${JSON.stringify(result)}`);
} finally {
  await door.close();
}
