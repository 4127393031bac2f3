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
export function callerOf(context: MercuriusContext): Caller {
  const holder = context as CredentialHolder;
  const authentication = holder.authentication ?? holder.initAuthentication ?? holder.upgradeAuthentication;
  if (authentication && authentication.status !== 'missing') return { kind: 'member', userId: requireActor(context).userId };
  const credential = guestCredentialOf(context);
  if (credential !== null) {
    const row = context.services.database.db
      .select()
      .from(meetingGuestCredentials)
      .where(eq(meetingGuestCredentials.hash, hashCredential(credential)))
      .get();
    if (row) return { kind: 'guest', invitedId: row.invitedId, meetingroomId: row.meetingroomId };
  }
  return { kind: 'member', userId: requireActor(context).userId };
}

/**
 * Whether a request (a websocket's upgrade) carries a guest credential that is valid now: only then may an
 * anonymous socket have its subscription documents read (SECURITY: nothing is parsed for anyone else).
 */
export function holdsGuestCredential(context: Pick<MercuriusContext, 'services' | 'fastifyRequest'>): boolean {
  const credential = guestCredentialOf(context);
  if (credential === null) return false;
  return (
    context.services.database.db
      .select({ hash: meetingGuestCredentials.hash })
      .from(meetingGuestCredentials)
      .where(eq(meetingGuestCredentials.hash, hashCredential(credential)))
      .get() !== undefined
  );
}

/**
 * The guest a request without a user credential speaks for: the holder of a valid guest credential, whatever
 * the guest's state (other areas judge that). A request with a user credential is never a guest.
 */
export function requestGuest(context: MercuriusContext): GuestRow | null {
  const holder = context as CredentialHolder;
  const authentication = holder.authentication ?? holder.initAuthentication ?? holder.upgradeAuthentication;
  if (authentication && authentication.status !== 'missing') return null;
  const credential = guestCredentialOf(context);
  if (credential === null) return null;
  const db = context.services.database.db;
  const row = db
    .select()
    .from(meetingGuestCredentials)
    .where(eq(meetingGuestCredentials.hash, hashCredential(credential)))
    .get();
  return row ? (findGuest(db, row.invitedId) ?? null) : null;
}

/** Guests by id, for areas that show what a guest did (their names). */
export function guestsById(db: Reader, ids: Iterable<string>): Map<string, GuestRow> {
  const wanted = [...new Set(ids)].filter((id) => isId(id));
  if (wanted.length === 0) return new Map();
  return new Map(
    db
      .select()
      .from(meetingGuests)
      .where(inArray(meetingGuests.id, wanted))
      .all()
      .map((guest) => [guest.id, guest]),
  );
}

export function findRoom(db: Reader, meetingroomId: unknown): RoomRow | undefined {
  if (!isId(meetingroomId)) return undefined;
  return db.select().from(meetingrooms).where(eq(meetingrooms.id, meetingroomId)).get();
}

/** The call place of that id: a room, or a private chat (read through the core's private chats port). */
export function findCallPlace(db: Reader, placeId: unknown): PlaceRow | undefined {
  const room = findRoom(db, placeId);
  if (room) return { ...room, privatId: null };
  const privat = findPrivateChat(db, placeId);
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
export function inPrivateChat(db: Reader, privatId: string, userId: string): boolean {
  const privat = findPrivateChat(db, privatId);
  if (!privat || !privat.memberIds.includes(userId)) return false;
  const team = findTeam(db, privat.teamId);
  return team !== undefined && loadTeamSeat(db, team, userId) !== null;
}

export function findSpaceRoom(db: Reader, projectId: string): RoomRow | undefined {
  return db.select().from(meetingrooms).where(eq(meetingrooms.projectId, projectId)).get();
}

export function findGuest(db: Reader, invitedId: unknown): GuestRow | undefined {
  if (!isId(invitedId)) return undefined;
  return db.select().from(meetingGuests).where(eq(meetingGuests.id, invitedId)).get();
}

/**
 * Whether a signed-in user may use a room: its space's readers, for an ad hoc room its team's members, for a
 * private chat's call its members.
 */
export function memberMayUse(
  db: Reader,
  room: Pick<RoomRow, 'teamId' | 'projectId'> & { privatId?: string | null },
  userId: string,
): boolean {
  if (room.privatId) return inPrivateChat(db, room.privatId, userId);
  if (room.projectId !== null) {
    const access = spaceContentAccess(db, room.projectId, userId);
    return access !== null && spaceContentPolicy.read(access);
  }
  const team = findTeam(db, room.teamId);
  return meetingsPolicy.useAdHocRoom(team ? loadTeamSeat(db, team, userId) : null);
}

/** Whether a user manages a room: an admin of its space, or for an ad hoc room an admin of its team; nobody manages a private chat's call. */
export function managesRoom(
  db: Reader,
  room: Pick<RoomRow, 'teamId' | 'projectId'> & { privatId?: string | null },
  userId: string,
): boolean {
  if (room.privatId) return false;
  if (room.projectId !== null) {
    const access = spaceContentAccess(db, room.projectId, userId);
    return access !== null && spacePolicy.manage(access.seat, access.space, access.spaceSeat);
  }
  const team = findTeam(db, room.teamId);
  return teamPolicy.manage(team ? loadTeamSeat(db, team, userId) : null);
}

/** The room, if the member may use it; otherwise answered as a missing room, so ids cannot be probed. */
export function requireMemberRoom(db: Reader, meetingroomId: unknown, userId: string): RoomRow {
  const room = findRoom(db, meetingroomId);
  if (!room || !memberMayUse(db, room, userId)) throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
  return room;
}

/** The guest's state now; null once the guest is gone (its room deleted). */
export function guestState(db: Reader, invitedId: string): GuestState | null {
  return (findGuest(db, invitedId)?.state as GuestState | undefined) ?? null;
}

/**
 * The room, if the caller may be in its call now: a member who may use it, or its own guest while
 * admitted (a guest not yet admitted is told so; another room answers as missing).
 */
export function requireCallRoom(db: Reader, meetingroomId: unknown, caller: Caller): RoomRow {
  if (caller.kind === 'member') return requireMemberRoom(db, meetingroomId, caller.userId);
  const room = findRoom(db, meetingroomId);
  if (!room || room.id !== caller.meetingroomId) throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
  const state = guestState(db, caller.invitedId);
  if (state === null) throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND');
  if (!meetingsPolicy.guestInCall(state)) throw refusal('PERMISSION_DENIED', 'GUEST_NOT_ADMITTED');
  return room;
}

/** The call place (a room or a private chat) if the caller may be in its call now; answered like requireCallRoom. */
export function requireCallPlace(db: Reader, placeId: unknown, caller: Caller): PlaceRow {
  const place = findCallPlace(db, placeId);
  if (place?.privatId) {
    if (caller.kind === 'member' && memberMayUse(db, place, caller.userId)) return place;
    throw refusal('NOT_FOUND', 'VIDEOCALL_NOT_FOUND');
  }
  return { ...requireCallRoom(db, placeId, caller), privatId: null };
}

/** Whether the caller may still be in the room's call (judged again on every delivery of a call's feed). */
export function mayStayInCall(db: Reader, room: PlaceRow, caller: Caller): boolean {
  if (room.privatId) return caller.kind === 'member' && memberMayUse(db, room, caller.userId);
  if (caller.kind === 'member') return memberMayUse(db, room, caller.userId);
  return room.id === caller.meetingroomId && guestState(db, caller.invitedId) === 'admitted';
}

export function activeCall(db: Reader, meetingroomId: string): CallRow | undefined {
  return db
    .select()
    .from(videocalls)
    .where(and(eq(videocalls.meetingroomId, meetingroomId), isNull(videocalls.finishedAt)))
    .get();
}

export function findCall(db: Reader, videocallId: unknown): CallRow | undefined {
  if (!isId(videocallId)) return undefined;
  return db.select().from(videocalls).where(eq(videocalls.id, videocallId)).get();
}

export function presentAttendees(db: Reader, videocallId: string): AttendeeRow[] {
  return db
    .select()
    .from(videocallAttendees)
    .where(and(eq(videocallAttendees.videocallId, videocallId), isNull(videocallAttendees.leftAt)))
    .orderBy(videocallAttendees.joinedAt, videocallAttendees.id)
    .all();
}

export function isCallersAttendee(attendee: AttendeeRow, caller: Caller): boolean {
  return caller.kind === 'member' ? attendee.userId === caller.userId : attendee.invitedId === caller.invitedId;
}

/** An active call the caller may be in, with its room; any other id answers as a missing call. */
export function requireActiveCall(db: Reader, videocallId: unknown, caller: Caller): { call: CallRow; room: PlaceRow } {
  const call = findCall(db, videocallId);
  const room = call ? findCallPlace(db, call.meetingroomId) : undefined;
  if (!call || !room || call.finishedAt !== null) throw refusal('NOT_FOUND', 'VIDEOCALL_NOT_FOUND');
  try {
    requireCallPlace(db, room.id, caller);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'PERMISSION_DENIED') throw error;
    throw refusal('NOT_FOUND', 'VIDEOCALL_NOT_FOUND');
  }
  return { call, room };
}

export function guestsOf(db: Reader, meetingroomId: string): GuestRow[] {
  return db
    .select()
    .from(meetingGuests)
    .where(eq(meetingGuests.meetingroomId, meetingroomId))
    .orderBy(desc(meetingGuests.createdAt), desc(meetingGuests.id))
    .all();
}

export function findAttendee(db: Reader, attendeeId: string): AttendeeRow | undefined {
  return db.select().from(videocallAttendees).where(eq(videocallAttendees.id, attendeeId)).get();
}

export function findRecording(db: Reader, recordingId: string): RecordingRow | undefined {
  return db.select().from(videocallRecordings).where(eq(videocallRecordings.id, recordingId)).get();
}

/** The call's running recording (one at a time), or undefined. */
export function activeRecording(db: Reader, videocallId: string): RecordingRow | undefined {
  return db
    .select()
    .from(videocallRecordings)
    .where(and(eq(videocallRecordings.videocallId, videocallId), eq(videocallRecordings.status, 'recording')))
    .get();
}

export function findRing(db: Reader, ringId: unknown): RingRow | undefined {
  if (!isId(ringId)) return undefined;
  return db.select().from(videocallRings).where(eq(videocallRings.id, ringId)).get();
}

/** Every ring of a call, oldest first. */
export function ringsOf(db: Reader, videocallId: string): RingRow[] {
  return db.select().from(videocallRings).where(eq(videocallRings.videocallId, videocallId)).orderBy(videocallRings.createdAt).all();
}

/** Every attendee a call ever had (present or left), in the order they joined. */
export function allAttendees(db: Reader, videocallId: string): AttendeeRow[] {
  return db
    .select()
    .from(videocallAttendees)
    .where(eq(videocallAttendees.videocallId, videocallId))
    .orderBy(videocallAttendees.joinedAt, videocallAttendees.id)
    .all();
}

/** Rings still ringing: a user's incoming ones. */
export function ringingFor(db: Reader, calleeId: string): RingRow[] {
  return db
    .select()
    .from(videocallRings)
    .where(and(eq(videocallRings.calleeId, calleeId), eq(videocallRings.state, 'ringing')))
    .orderBy(videocallRings.createdAt)
    .all();
}

/** Rings still ringing that a user made. */
export function ringingByCaller(db: Reader, callerId: string): RingRow[] {
  return db
    .select()
    .from(videocallRings)
    .where(and(eq(videocallRings.callerId, callerId), eq(videocallRings.state, 'ringing')))
    .orderBy(videocallRings.createdAt)
    .all();
}
