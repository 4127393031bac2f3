import type { DomainEvent } from '../../core/events';

/** What every event of the area names, so a subscriber can tell at a glance whether it concerns a room. */
interface InRoom {
  /** The room; for a private chat's call, the private chat's id (the call's place). */
  meetingroomId: string;
  teamId: string;
  /** The room's space; null for an ad hoc room and a private chat. */
  projectId: string | null;
  /** Set for a private chat's call (then meetingroomId is this id too); absent or null for a room's. Events before ringing lack it. */
  privatId?: string | null;
}

export interface GuestLink {
  /** The secret of the guest link (like a doc's share link, kept in the log: members see the link). */
  linkSecret: string;
  linkExpiresAt: string;
}

export interface MeetingroomCreated extends InRoom, GuestLink {
  name: string;
}
/** A new guest link: the old secret stops working. */
export type MeetingroomLinkReset = InRoom & GuestLink;
/** The room got its notes doc (a doc of its space, made in the same unit by the docs area through the core's port). */
export interface MeetingroomNotesCreated extends InRoom {
  docId: string;
}

export const guestStates = ['waiting', 'admitted', 'refused', 'removed'] as const;
export type GuestState = (typeof guestStates)[number];

export interface InvitedCreated extends InRoom {
  invitedId: string;
  name: string;
}
export interface InvitedStateChanged extends InRoom {
  invitedId: string;
  state: GuestState;
  previous: GuestState;
}

export interface VideocallStarted extends InRoom {
  videocallId: string;
  name: string;
}
export interface VideocallJoined extends InRoom {
  videocallId: string;
  attendeeId: string;
  /** A member's id, or null for a guest. */
  userId: string | null;
  invitedId: string | null;
}
/** left: the person left or closed the call; removed: a guest was removed; dropped: never opened its call feed; restart: open at a crash. */
export type LeaveReason = 'left' | 'removed' | 'dropped' | 'restart';
export interface VideocallLeft extends InRoom {
  videocallId: string;
  attendeeId: string;
  reason: LeaveReason;
}
/** How a call of a private chat or a space ended, for its chat entry (see ringRules.callOutcome). */
export type CallOutcome = 'made' | 'missed' | 'cancelled';
export interface VideocallFinished extends InRoom {
  videocallId: string;
  /** Set on calls finished since ringing exists: who started it, how it ended, how long two people talked (0 unless made). */
  startedBy?: string | null;
  outcome?: CallOutcome;
  durationMs?: number;
}

/** The notification a ring will become (issue 18): a private chat's call, a space's call, a meeting room's invitation. */
export const ringNotificationTypes = ['INVITATION_PVIDEOCALL', 'INVITATION_TVIDEOCALL', 'INVITATION_MEETINGROOM'] as const;
export type RingNotificationType = (typeof ringNotificationTypes)[number];
/** A member rings another into the call (one event per callee, on the ring's own stream). */
export interface VideocallRung extends InRoom {
  videocallId: string;
  ringId: string;
  callerId: string;
  calleeId: string;
  notificationType: RingNotificationType;
}
/** accepted / declined: the callee answered; cancelled: the caller left first; missed: nobody answered in time. */
export type RingOutcome = 'accepted' | 'declined' | 'cancelled' | 'missed';
export interface VideocallRingEnded extends InRoom {
  videocallId: string;
  ringId: string;
  callerId: string;
  calleeId: string;
  outcome: RingOutcome;
}

/** Where a recording is made: by LiveKit egress on the media server, or in the recorder's browser (mesh). */
export type RecordingTransport = 'mesh' | 'livekit';
export interface RecordingStarted extends InRoom {
  videocallId: string;
  /** The LiveKit egress id, or a new id in mesh mode: what stopRecording takes. */
  recordingId: string;
  /** The member who started it, and the attendee whose browser records in mesh mode. */
  userId: string;
  attendeeId: string;
  transport: RecordingTransport;
}
/** stopped: someone stopped it; finished: the call ended; left: the recording browser left a mesh call. */
export type RecordingStopReason = 'stopped' | 'finished' | 'left';
export interface RecordingStopped extends InRoom {
  videocallId: string;
  recordingId: string;
  reason: RecordingStopReason;
}
/** LiveKit egress ended: where the file is (the storage's key or URL), or why none was written. */
export interface RecordingSaved extends InRoom {
  videocallId: string;
  recordingId: string;
  status: 'complete' | 'failed';
  location: string | null;
  filename: string | null;
  size: number | null;
  durationMs: number | null;
  error: string | null;
}

/** `type` strings are stored forever, never renamed. */
export type MeetingsEvent =
  | DomainEvent<'meetingroom.created', MeetingroomCreated>
  | DomainEvent<'meetingroom.linkReset', MeetingroomLinkReset>
  | DomainEvent<'meetingroom.notesCreated', MeetingroomNotesCreated>
  | DomainEvent<'invited.created', InvitedCreated>
  | DomainEvent<'invited.stateChanged', InvitedStateChanged>
  | DomainEvent<'videocall.started', VideocallStarted>
  | DomainEvent<'videocall.joined', VideocallJoined>
  | DomainEvent<'videocall.left', VideocallLeft>
  | DomainEvent<'videocall.finished', VideocallFinished>
  | DomainEvent<'videocall.recordingStarted', RecordingStarted>
  | DomainEvent<'videocall.recordingStopped', RecordingStopped>
  | DomainEvent<'videocall.recordingSaved', RecordingSaved>
  | DomainEvent<'videocall.rung', VideocallRung>
  | DomainEvent<'videocall.ringEnded', VideocallRingEnded>;
