import { codedError } from '../../errors';
import type {
  MeetingsEvent,
  GuestLink,
  GuestState,
  LeaveReason,
  RecordingStopReason,
  RecordingTransport,
  VideocallFinished,
} from './events';
import { guestStates } from './events';
import { meetingsPolicy } from './policies';

/** Limits of what people type or send (the English texts name them through params). */
export const meetingLimits = {
  roomName: 100,
  guestName: 60,
  /** A signal is one SDP offer/answer or ICE candidate as JSON text: a few KiB; this leaves room for large SDPs. */
  signalBytes: 65_536,
  /** Guest links work this long after they are made. */
  linkLifetimeMs: 30 * 24 * 60 * 60 * 1000,
} as const;

export const defaultRoomName = 'Meeting';

/** The room as commands see it. */
export interface RoomState {
  id: string;
  teamId: string;
  projectId: string | null;
  /** Set when the place is a private chat (then id is the chat's id). */
  privatId?: string | null;
}

export interface GuestFacts {
  id: string;
  state: GuestState;
}

export interface CallFacts {
  id: string;
  /** Attendees in the call now (joined, not left). */
  present: number;
}

/** An ad hoc room's name: trimmed, 1..100 characters; absent means the default. */
export function roomNameOf(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) return defaultRoomName;
  const name = raw.trim();
  if (name.length === 0) throw codedError('MEETINGROOM_NAME_REQUIRED', { field: 'name' });
  if ([...name].length > meetingLimits.roomName)
    throw codedError('MEETINGROOM_NAME_TOO_LONG', { params: { maximum: meetingLimits.roomName }, field: 'name' });
  return name;
}

export function guestNameOf(raw: string): string {
  const name = raw.trim();
  if (name.length === 0) throw codedError('GUEST_NAME_REQUIRED', { field: 'name' });
  if ([...name].length > meetingLimits.guestName)
    throw codedError('GUEST_NAME_TOO_LONG', { params: { maximum: meetingLimits.guestName }, field: 'name' });
  return name;
}

export function guestStateOf(raw: string): GuestState {
  const state = guestStates.find((candidate) => candidate === raw && candidate !== 'waiting');
  if (!state) throw codedError('GUEST_STATE_INVALID', { field: 'state' });
  return state;
}

/** A signal's size in bytes as it travels (UTF-8), refused past the limit before anything is sent. */
export function checkSignal(signal: string): void {
  if (Buffer.byteLength(signal, 'utf8') > meetingLimits.signalBytes)
    throw codedError('SIGNAL_TOO_LARGE', { params: { maximum: meetingLimits.signalBytes }, field: 'signal' });
}

export function guestLinkFrom(secret: string, now: Date): GuestLink {
  return { linkSecret: secret, linkExpiresAt: new Date(now.getTime() + meetingLimits.linkLifetimeMs).toISOString() };
}

export function decideCreateRoom(room: RoomState, name: string, link: GuestLink): MeetingsEvent[] {
  return [
    { type: 'meetingroom.created', payload: { meetingroomId: room.id, teamId: room.teamId, projectId: room.projectId, name, ...link } },
  ];
}

export function decideResetLink(room: RoomState, link: GuestLink): MeetingsEvent[] {
  return [{ type: 'meetingroom.linkReset', payload: { meetingroomId: room.id, teamId: room.teamId, projectId: room.projectId, ...link } }];
}

const inRoom = (room: RoomState) => ({
  meetingroomId: room.id,
  teamId: room.teamId,
  projectId: room.projectId,
  ...(room.privatId ? { privatId: room.privatId } : {}),
});

/** The room's notes doc was made (by the docs area, in the same unit). */
export function decideNotes(room: RoomState, docId: string): MeetingsEvent[] {
  return [{ type: 'meetingroom.notesCreated', payload: { ...inRoom(room), docId } }];
}

export function decideGuestArrival(room: RoomState, invitedId: string, name: string): MeetingsEvent[] {
  return [{ type: 'invited.created', payload: { ...inRoom(room), invitedId, name } }];
}

/** A member changes a guest's state; setting the state it has already changes nothing. */
export function decideGuestState(room: RoomState, guest: GuestFacts, state: GuestState): MeetingsEvent[] {
  if (guest.state === state) return [];
  if (!meetingsPolicy.changeGuest(guest.state, state)) throw codedError('GUEST_STATE_CHANGE_INVALID', { field: 'state' });
  return [{ type: 'invited.stateChanged', payload: { ...inRoom(room), invitedId: guest.id, state, previous: guest.state } }];
}

export interface Joiner {
  attendeeId: string;
  userId: string | null;
  invitedId: string | null;
}

/**
 * Joining the room's active call, or starting one (newCallId) when there is none. A mesh call refuses
 * one participant more than `maximum` (null: no cap).
 */
export function decideJoin(
  room: RoomState & { name: string },
  active: CallFacts | null,
  joiner: Joiner,
  maximum: number | null,
  newCallId: string,
): { videocallId: string; events: MeetingsEvent[] } {
  if (active && !meetingsPolicy.joinFits(active.present, maximum)) throw codedError('MEETING_FULL', { params: { maximum: maximum! } });
  const videocallId = active?.id ?? newCallId;
  const started: MeetingsEvent[] = active
    ? []
    : [{ type: 'videocall.started', payload: { ...inRoom(room), videocallId, name: room.name } }];
  return { videocallId, events: [...started, { type: 'videocall.joined', payload: { ...inRoom(room), videocallId, ...joiner } }] };
}

/** Attendees leaving (those still in the call); the call finishes when nobody is left in it. */
export function decideLeave(
  room: RoomState,
  call: { id: string; presentAttendeeIds: readonly string[] },
  leaving: readonly string[],
  reason: LeaveReason,
  ending: Pick<VideocallFinished, 'startedBy' | 'outcome' | 'durationMs'> = {},
): MeetingsEvent[] {
  const present = new Set(call.presentAttendeeIds);
  const gone = [...new Set(leaving)].filter((attendeeId) => present.has(attendeeId));
  if (gone.length === 0) return [];
  const left: MeetingsEvent[] = gone.map((attendeeId) => ({
    type: 'videocall.left',
    payload: { ...inRoom(room), videocallId: call.id, attendeeId, reason },
  }));
  const finished: MeetingsEvent[] =
    gone.length === present.size ? [{ type: 'videocall.finished', payload: { ...inRoom(room), videocallId: call.id, ...ending } }] : [];
  return [...left, ...finished];
}

/** A recording of the call starts: one at a time per call. */
export function decideStartRecording(
  room: RoomState,
  call: { id: string; recording: string | null },
  recording: { recordingId: string; userId: string; attendeeId: string; transport: RecordingTransport },
): MeetingsEvent[] {
  if (call.recording !== null) throw codedError('RECORDING_ALREADY_STARTED');
  return [{ type: 'videocall.recordingStarted', payload: { ...inRoom(room), videocallId: call.id, ...recording } }];
}

/** A running recording stops; one already stopped changes nothing. */
export function decideStopRecording(
  room: RoomState,
  recording: { id: string; videocallId: string; status: string },
  reason: RecordingStopReason,
): MeetingsEvent[] {
  if (recording.status !== 'recording') return [];
  return [
    {
      type: 'videocall.recordingStopped',
      payload: { ...inRoom(room), videocallId: recording.videocallId, recordingId: recording.id, reason },
    },
  ];
}
