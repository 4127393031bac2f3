import { inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import { users } from '../accounts';
import type { ParticipantState } from './board';
import type { AttendeeRow, Caller, CallRow, GuestRow, Reader, RecordingRow, RoomRow } from './state';
import { meetingGuests } from './tables';

export interface PresentedParticipant extends ParticipantState {
  id: string;
  user: string | null;
  invited: string | null;
  name: string;
  profileImg: string | null;
}

/** The people behind attendees, read in two queries whatever their number. */
export async function presentParticipants(
  db: Reader,
  attendees: readonly AttendeeRow[],
  stateOf: (attendeeId: string) => ParticipantState,
): Promise<PresentedParticipant[]> {
  const userIds = attendees.flatMap((attendee) => (attendee.userId ? [attendee.userId] : []));
  const guestIds = attendees.flatMap((attendee) => (attendee.invitedId ? [attendee.invitedId] : []));
  const people = new Map(
    (userIds.length === 0
      ? []
      : await db
          .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg })
          .from(users)
          .where(inArray(users.id, userIds))
    ).map((person) => [person.id, person]),
  );
  const guests = new Map(
    (guestIds.length === 0
      ? []
      : await db.select({ id: meetingGuests.id, name: meetingGuests.name }).from(meetingGuests).where(inArray(meetingGuests.id, guestIds))
    ).map((guest) => [guest.id, guest.name]),
  );
  return attendees.map((attendee) => {
    const person = attendee.userId ? people.get(attendee.userId) : undefined;
    return {
      id: attendee.id,
      user: attendee.userId,
      invited: attendee.invitedId,
      name: person ? `${person.firstname} ${person.lastname}`.trim() : (guests.get(attendee.invitedId ?? '') ?? ''),
      profileImg: person?.profileImg ?? null,
      ...stateOf(attendee.id),
    };
  });
}

export function guestLinkOf(config: Pick<Config, 'publicUrl'>, room: Pick<RoomRow, 'id' | 'linkSecret'>): string {
  return `${config.publicUrl}/meetingroom/${room.id}?guest=${room.linkSecret}`;
}

export function presentRoom(
  config: Pick<Config, 'publicUrl'>,
  room: RoomRow,
  caller: Caller,
  call: { id: string; participants: PresentedParticipant[] } | null,
) {
  const member = caller.kind === 'member';
  return {
    id: room.id,
    name: room.name,
    project: room.projectId,
    team: room.teamId,
    author: room.authorId,
    createdAt: room.createdAt,
    updated: room.updatedAt,
    videocall: call?.id ?? null,
    participants: call?.participants ?? [],
    guestLink: member ? guestLinkOf(config, room) : null,
    guestLinkExpiresAt: member ? room.linkExpiresAt : null,
  };
}

export function presentGuest(guest: GuestRow) {
  return {
    id: guest.id,
    name: guest.name,
    state: guest.state,
    meetingroom: guest.meetingroomId,
    createdAt: guest.createdAt,
    updatedAt: guest.updatedAt,
  };
}

export interface Placement {
  transport: 'mesh' | 'livekit';
  url: string | null;
  iceServers: unknown[];
  maximum: number | null;
}

/**
 * Where media goes: the team's LiveKit server when it is configured (no cap: the server forwards media, and it
 * brings its own ICE), otherwise the peer-to-peer mesh capped at MEETING_MESH_LIMIT.
 */
export function placementOf(config: Pick<Config, 'meetings'>): Placement {
  const { iceServers, meshLimit, livekit } = config.meetings;
  if (livekit) return { transport: 'livekit', url: livekit.url, iceServers: [], maximum: null };
  return { transport: 'mesh', url: null, iceServers, maximum: meshLimit };
}

/** A call's recording as participants see it: who started it, and whether it is still running. */
export function presentRecording(recording: RecordingRow, startedByName: string) {
  return {
    id: recording.id,
    videocall: recording.videocallId,
    active: recording.status === 'recording',
    status: recording.status,
    transport: recording.transport,
    startedBy: recording.userId,
    startedByName,
    attendee: recording.attendeeId,
    createdAt: recording.createdAt,
    stoppedAt: recording.stoppedAt,
  };
}

export function externalUserIdOf(attendee: Pick<AttendeeRow, 'userId' | 'invitedId'>): string {
  return attendee.userId ?? `invited:${attendee.invitedId}`;
}

export function presentCall(
  config: Pick<Config, 'meetings'>,
  call: CallRow,
  participants: PresentedParticipant[],
  attendee: Pick<AttendeeRow, 'id' | 'userId' | 'invitedId'> | null,
  extra: { joinToken?: string | null; recording?: ReturnType<typeof presentRecording> | null; privat?: string | null } = {},
) {
  return {
    id: call.id,
    name: call.name,
    createdAt: call.createdAt,
    updatedAt: call.updatedAt,
    finishedAt: call.finishedAt,
    meeting: placementOf(config),
    // A LiveKit token is minted by joinVideocall only, for the attendee it just made; a mesh call needs none.
    attendee: attendee ? { id: attendee.id, joinToken: extra.joinToken ?? null, externalUserId: externalUserIdOf(attendee) } : null,
    users: participants,
    recording: extra.recording ?? null,
    // A private chat's call names its chat as its place, and no room.
    meetingroom: extra.privat ? null : call.meetingroomId,
    project: call.projectId,
    task: null,
    privat: extra.privat ?? null,
  };
}
