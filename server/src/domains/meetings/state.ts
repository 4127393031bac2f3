import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { DomainError, refusal } from '../../errors';
import { isId } from '../../core/ids';
import { spacePolicy, teamPolicy } from '../../core/access';
import { findPrivateChat } from '../../core/privateChats';
import { spaceContentAccess, spaceContentPolicy } from '../../core/spaceContent';
import { guestCredentialOf, requireActor, type CredentialHolder } from '../../graphql/context';
import { findTeam, loadTeamSeat } from '../teams';
import type { Reader } from '../../core/spaceContent';
import type { GuestState } from './events';
import { meetingsPolicy } from './policies';
import {
  meetingGuestCredentials,
  meetingGuests,
  meetingrooms,
  videocallAttendees,
  videocallRecordings,
  videocallRings,
  videocalls,
} from './tables';

export type { Reader };
export type RoomRow = typeof meetingrooms.$inferSelect;
export type GuestRow = typeof meetingGuests.$inferSelect;
export type CallRow = typeof videocalls.$inferSelect;
export type AttendeeRow = typeof videocallAttendees.$inferSelect;
export type RecordingRow = typeof videocallRecordings.$inferSelect;
export type RingRow = typeof videocallRings.$inferSelect;
/**
 * Where a call happens: a room (privatId null), or a private chat seen as a room without guests, its id
 * standing for the room's (calls, attendees and rings name it as their meetingroomId).
 */
export type PlaceRow = RoomRow & { privatId: string | null };

/** Who is asking: a signed-in user, or the guest of one room (who has no account). */
export type Caller = { kind: 'member'; userId: string } | { kind: 'guest'; invitedId: string; meetingroomId: string };

export const hashCredential = (credential: string) => createHash('sha256').update(credential).digest('hex');

/**
 * The caller of a meetings operation. A request with a user credential is that user (an expired one is
 * TOKEN_EXPIRED, so the app refreshes); without one, a valid guest credential makes a guest; anything else
 * is refused as requireActor refuses an anonymous caller.
 */
export async function callerOf(context: MercuriusContext): Promise<Caller> {
  const holder = context as CredentialHolder;
  const authentication = holder.authentication ?? holder.initAuthentication ?? holder.upgradeAuthentication;
  if (authentication && authentication.status !== 'missing') return { kind: 'member', userId: requireActor(context).userId };
  const credential = guestCredentialOf(context);
  if (credential !== null) {
    const row = (
      await context.services.database.db
        .select()
        .from(meetingGuestCredentials)
        .where(eq(meetingGuestCredentials.hash, hashCredential(credential)))
        .limit(1)
    )[0];
    if (row) return { kind: 'guest', invitedId: row.invitedId, meetingroomId: row.meetingroomId };
  }
  return { kind: 'member', userId: requireActor(context).userId };
}

/**
 * Whether a request (a websocket's upgrade) carries a guest credential that is valid now: only then may an
 * anonymous socket have its subscription documents read (SECURITY: nothing is parsed for anyone else).
 */
export async function holdsGuestCredential(context: Pick<MercuriusContext, 'services' | 'fastifyRequest'>): Promise<boolean> {
  const credential = guestCredentialOf(context);
  if (credential === null) return false;
  return (
    (
      await context.services.database.db
        .select({ hash: meetingGuestCredentials.hash })
        .from(meetingGuestCredentials)
        .where(eq(meetingGuestCredentials.hash, hashCredential(credential)))
        .limit(1)
    )[0] !== undefined
  );
}

/**
 * The guest a request without a user credential speaks for: the holder of a valid guest credential, whatever
 * the guest's state (other areas judge that). A request with a user credential is never a guest.
 */
export async function requestGuest(context: MercuriusContext): Promise<GuestRow | null> {
  const holder = context as CredentialHolder;
  const authentication = holder.authentication ?? holder.initAuthentication ?? holder.upgradeAuthentication;
  if (authentication && authentication.status !== 'missing') return null;
  const credential = guestCredentialOf(context);
  if (credential === null) return null;
  const db = context.services.database.db;
  const row = (
    await db
      .select()
      .from(meetingGuestCredentials)
      .where(eq(meetingGuestCredentials.hash, hashCredential(credential)))
      .limit(1)
  )[0];
  return row ? ((await findGuest(db, row.invitedId)) ?? null) : null;
}

/** Guests by id, for areas that show what a guest did (their names). */
export async function guestsById(db: Reader, ids: Iterable<string>): Promise<Map<string, GuestRow>> {
  const wanted = [...new Set(ids)].filter((id) => isId(id));
  if (wanted.length === 0) return new Map();
  return new Map((await db.select().from(meetingGuests).where(inArray(meetingGuests.id, wanted))).map((guest) => [guest.id, guest]));
}

export async function findRoom(db: Reader, meetingroomId: unknown): Promise<RoomRow | undefined> {
  if (!isId(meetingroomId)) return undefined;
  return (await db.select().from(meetingrooms).where(eq(meetingrooms.id, meetingroomId)).limit(1))[0];
}

/** The call place of that id: a room, or a private chat (read through the core's private chats port). */
export async function findCallPlace(db: Reader, placeId: unknown): Promise<PlaceRow | undefined> {
  const room = await findRoom(db, placeId);
  if (room) return { ...room, privatId: null };
  const privat = await findPrivateChat(db, placeId);
  if (!privat) return undefined;
  return {
    id: privat.id,
    teamId: privat.teamId,
    projectId: null,
    privatId: privat.id,
    name: privat.name ?? 'Call',
    authorId: '',
    linkSecret: '',
    linkExpiresAt: '',
    createdAt: '',
    updatedAt: '',
  };
}

/** Whether a user is in the private chat now and still in its team. */
export async function inPrivateChat(db: Reader, privatId: string, userId: string): Promise<boolean> {
  const privat = await findPrivateChat(db, privatId);
  if (!privat || !privat.memberIds.includes(userId)) return false;
  const team = await findTeam(db, privat.teamId);
  return team !== undefined && (await loadTeamSeat(db, team, userId)) !== null;
}

export async function findSpaceRoom(db: Reader, projectId: string): Promise<RoomRow | undefined> {
  return (await db.select().from(meetingrooms).where(eq(meetingrooms.projectId, projectId)).limit(1))[0];
}

export async function findGuest(db: Reader, invitedId: unknown): Promise<GuestRow | undefined> {
  if (!isId(invitedId)) return undefined;
  return (await db.select().from(meetingGuests).where(eq(meetingGuests.id, invitedId)).limit(1))[0];
}

/**
 * Whether a signed-in user may use a room: its space's readers, for an ad hoc room its team's members, for a
 * private chat's call its members.
 */
export async function memberMayUse(
  db: Reader,
  room: Pick<RoomRow, 'teamId' | 'projectId'> & { privatId?: string | null },
  userId: string,
): Promise<boolean> {
  if (room.privatId) return await inPrivateChat(db, room.privatId, userId);
  if (room.projectId !== null) {
    const access = await spaceContentAccess(db, room.projectId, userId);
    return access !== null && spaceContentPolicy.read(access);
  }
  const team = await findTeam(db, room.teamId);
  return meetingsPolicy.useAdHocRoom(team ? await loadTeamSeat(db, team, userId) : null);
}

/** Whether a user manages a room: an admin of its space, or for an ad hoc room an admin of its team; nobody manages a private chat's call. */
export async function managesRoom(
  db: Reader,
  room: Pick<RoomRow, 'teamId' | 'projectId'> & { privatId?: string | null },
  userId: string,
): Promise<boolean> {
  if (room.privatId) return false;
  if (room.projectId !== null) {
    const access = await spaceContentAccess(db, room.projectId, userId);
    return access !== null && spacePolicy.manage(access.seat, access.space, access.spaceSeat);
  }
  const team = await findTeam(db, room.teamId);
  return teamPolicy.manage(team ? await loadTeamSeat(db, team, userId) : null);
}

/** The room, if the member may use it; otherwise answered as a missing room, so ids cannot be probed. */
export async function requireMemberRoom(db: Reader, meetingroomId: unknown, userId: string): Promise<RoomRow> {
  const room = await findRoom(db, meetingroomId);
  if (!room || !(await memberMayUse(db, room, userId))) throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
  return room;
}

/** The guest's state now; null once the guest is gone (its room deleted). */
export async function guestState(db: Reader, invitedId: string): Promise<GuestState | null> {
  return ((await findGuest(db, invitedId))?.state as GuestState | undefined) ?? null;
}

/**
 * The room, if the caller may be in its call now: a member who may use it, or its own guest while
 * admitted (a guest not yet admitted is told so; another room answers as missing).
 */
export async function requireCallRoom(db: Reader, meetingroomId: unknown, caller: Caller): Promise<RoomRow> {
  if (caller.kind === 'member') return await requireMemberRoom(db, meetingroomId, caller.userId);
  const room = await findRoom(db, meetingroomId);
  if (!room || room.id !== caller.meetingroomId) throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
  const state = await guestState(db, caller.invitedId);
  if (state === null) throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
  if (!meetingsPolicy.guestInCall(state)) throw refusal('PERMISSION_DENIED', 'GUEST_NOT_ADMITTED');
  return room;
}

/** The call place (a room or a private chat) if the caller may be in its call now; answered like requireCallRoom. */
export async function requireCallPlace(db: Reader, placeId: unknown, caller: Caller): Promise<PlaceRow> {
  const place = await findCallPlace(db, placeId);
  if (place?.privatId) {
    if (caller.kind === 'member' && (await memberMayUse(db, place, caller.userId))) return place;
    throw refusal('NOT_FOUND', 'VIDEOCALL_NOT_FOUND');
  }
  return { ...(await requireCallRoom(db, placeId, caller)), privatId: null };
}

/** Whether the caller may still be in the room's call (judged again on every delivery of a call's feed). */
export async function mayStayInCall(db: Reader, room: PlaceRow, caller: Caller): Promise<boolean> {
  if (room.privatId) return caller.kind === 'member' && (await memberMayUse(db, room, caller.userId));
  if (caller.kind === 'member') return await memberMayUse(db, room, caller.userId);
  return room.id === caller.meetingroomId && (await guestState(db, caller.invitedId)) === 'admitted';
}

export async function activeCall(db: Reader, meetingroomId: string): Promise<CallRow | undefined> {
  return (
    await db
      .select()
      .from(videocalls)
      .where(and(eq(videocalls.meetingroomId, meetingroomId), isNull(videocalls.finishedAt)))
      .limit(1)
  )[0];
}

export async function findCall(db: Reader, videocallId: unknown): Promise<CallRow | undefined> {
  if (!isId(videocallId)) return undefined;
  return (await db.select().from(videocalls).where(eq(videocalls.id, videocallId)).limit(1))[0];
}

export async function presentAttendees(db: Reader, videocallId: string): Promise<AttendeeRow[]> {
  return await db
    .select()
    .from(videocallAttendees)
    .where(and(eq(videocallAttendees.videocallId, videocallId), isNull(videocallAttendees.leftAt)))
    .orderBy(videocallAttendees.joinedAt, videocallAttendees.id);
}

export function isCallersAttendee(attendee: AttendeeRow, caller: Caller): boolean {
  return caller.kind === 'member' ? attendee.userId === caller.userId : attendee.invitedId === caller.invitedId;
}

/** An active call the caller may be in, with its room; any other id answers as a missing call. */
export async function requireActiveCall(db: Reader, videocallId: unknown, caller: Caller): Promise<{ call: CallRow; room: PlaceRow }> {
  const call = await findCall(db, videocallId);
  const room = call ? await findCallPlace(db, call.meetingroomId) : undefined;
  if (!call || !room || call.finishedAt !== null) throw refusal('NOT_FOUND', 'VIDEOCALL_NOT_FOUND');
  try {
    await requireCallPlace(db, room.id, caller);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'PERMISSION_DENIED') throw error;
    throw refusal('NOT_FOUND', 'VIDEOCALL_NOT_FOUND');
  }
  return { call, room };
}

export async function guestsOf(db: Reader, meetingroomId: string): Promise<GuestRow[]> {
  return await db
    .select()
    .from(meetingGuests)
    .where(eq(meetingGuests.meetingroomId, meetingroomId))
    .orderBy(desc(meetingGuests.createdAt), desc(meetingGuests.id));
}

export async function findAttendee(db: Reader, attendeeId: string): Promise<AttendeeRow | undefined> {
  return (await db.select().from(videocallAttendees).where(eq(videocallAttendees.id, attendeeId)).limit(1))[0];
}

export async function findRecording(db: Reader, recordingId: string): Promise<RecordingRow | undefined> {
  return (await db.select().from(videocallRecordings).where(eq(videocallRecordings.id, recordingId)).limit(1))[0];
}

/** Recordings on LiveKit whose end is not recorded yet (recording, or stopped and waiting for egress to finish its file). */
export async function livekitRecordingsNotEnded(db: Reader): Promise<RecordingRow[]> {
  return await db
    .select()
    .from(videocallRecordings)
    .where(and(eq(videocallRecordings.transport, 'livekit'), inArray(videocallRecordings.status, ['recording', 'stopped'])));
}

/** The call's running recording (one at a time), or undefined. */
export async function activeRecording(db: Reader, videocallId: string): Promise<RecordingRow | undefined> {
  return (
    await db
      .select()
      .from(videocallRecordings)
      .where(and(eq(videocallRecordings.videocallId, videocallId), eq(videocallRecordings.status, 'recording')))
      .limit(1)
  )[0];
}

export async function findRing(db: Reader, ringId: unknown): Promise<RingRow | undefined> {
  if (!isId(ringId)) return undefined;
  return (await db.select().from(videocallRings).where(eq(videocallRings.id, ringId)).limit(1))[0];
}

/** Every ring of a call, oldest first. */
export async function ringsOf(db: Reader, videocallId: string): Promise<RingRow[]> {
  return await db.select().from(videocallRings).where(eq(videocallRings.videocallId, videocallId)).orderBy(videocallRings.createdAt);
}

/** Every attendee a call ever had (present or left), in the order they joined. */
export async function allAttendees(db: Reader, videocallId: string): Promise<AttendeeRow[]> {
  return await db
    .select()
    .from(videocallAttendees)
    .where(eq(videocallAttendees.videocallId, videocallId))
    .orderBy(videocallAttendees.joinedAt, videocallAttendees.id);
}

/** Rings still ringing: a user's incoming ones. */
export async function ringingFor(db: Reader, calleeId: string): Promise<RingRow[]> {
  return await db
    .select()
    .from(videocallRings)
    .where(and(eq(videocallRings.calleeId, calleeId), eq(videocallRings.state, 'ringing')))
    .orderBy(videocallRings.createdAt);
}

/** Rings still ringing that a user made. */
export async function ringingByCaller(db: Reader, callerId: string): Promise<RingRow[]> {
  return await db
    .select()
    .from(videocallRings)
    .where(and(eq(videocallRings.callerId, callerId), eq(videocallRings.state, 'ringing')))
    .orderBy(videocallRings.createdAt);
}
