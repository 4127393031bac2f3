/** Joining a room's call: the server's join, then the transport its answer names (peer-to-peer, or a LiveKit media server). */
import type { TFunction } from 'i18next';
import { serverErrorText, translateCodeWith } from '../../../lib/errorMessages';
import { request, RequestError } from '../../../lib/graphql';
import { identityOf, stateOf } from '../call/graphqlSignalling';
import { MeshTransport } from '../call/MeshTransport';
import type { CallTransport, ParticipantState } from '../call/types';
import type { RecordingSource } from '../recording/callRecorder';
import { recordingSignalling } from '../recording/recordingSignalling';
import { RecordingSession } from '../recording/recordingSession';
import { joinVideocallDocument, leaveVideocallDocument, type Videocall } from '../operations';

/** Where a call takes place: a meeting room (a space's or an ad hoc one), or a private chat (which has no room and no guests). */
export type CallPlace = { meetingroom: string } | { privat: string };

export class UnsupportedTransportError extends Error {
  override readonly name = 'UnsupportedTransportError';
}

/** Why a join failed, in the person's language (the call is full, the transport is unknown...). */
export function joinFailureText(error: unknown, t: TFunction): string {
  if (error instanceof UnsupportedTransportError) return t('meetings.call.transportUnavailable');
  if (error instanceof RequestError) return serverErrorText(translateCodeWith(t), error.code, error.message, error.details);
  return t('meetings.call.joinFailed');
}

/** The call's RTCIceServer entries, keeping only well-formed ones (the server sends JSON). */
export function iceServersOf(value: unknown): RTCIceServer[] {
  if (!Array.isArray(value)) return [];
  const servers: RTCIceServer[] = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { urls, username, credential } = entry as Record<string, unknown>;
    const validUrls = typeof urls === 'string' || (Array.isArray(urls) && urls.every((url) => typeof url === 'string'));
    if (!validUrls) continue;
    servers.push({
      urls: urls as string | string[],
      ...(typeof username === 'string' ? { username } : {}),
      ...(typeof credential === 'string' ? { credential } : {}),
    });
  }
  return servers;
}

export interface JoinedCall {
  videocall: Videocall;
  transport: CallTransport;
  /** The call's recording: who records it, and this tab's own recorder. */
  recording: RecordingSession;
  /** Tells the server this attendee left (the transport already stopped). */
  leave: () => void;
}

/** What the recording draws of this tab: the camera with its name (the screen is added while shared). */
export interface RecordedSelf {
  roomName: string;
  self: () => RecordingSource | null;
}

/** Everyone else's pictures for the recording: each camera, and each shared screen. */
export function remoteSources(transport: CallTransport): RecordingSource[] {
  return transport
    .participants()
    .flatMap((participant) => [
      ...(participant.camera ? [{ key: `${participant.id}:camera`, name: participant.name, stream: participant.camera }] : []),
      ...(participant.screen ? [{ key: `${participant.id}:screen`, name: participant.name, stream: participant.screen }] : []),
    ]);
}

export async function joinCall(
  place: CallPlace,
  camera: MediaStream,
  initialState: ParticipantState,
  recorded: RecordedSelf,
): Promise<JoinedCall> {
  const { joinVideocall } = await request(joinVideocallDocument, place, { handledByCaller: true });
  const videocall: Videocall = joinVideocall;
  const attendee = videocall.attendee;
  if (!attendee) throw new Error('The join answered without an attendee.');
  // Closing the call's subscription also makes the attendee leave, so this may find them gone already: that is no error.
  const leave = () =>
    void request(leaveVideocallDocument, { id: videocall.id, attendee: attendee.id }, { handledByCaller: true }).catch(() => undefined);
  const { transport: kind, url } = videocall.meeting;
  if (kind !== 'mesh' && kind !== 'livekit') {
    leave();
    throw new UnsupportedTransportError(kind);
  }
  let transport: CallTransport | null = null;
  const recording = new RecordingSession({
    videocall: videocall.id,
    attendee: attendee.id,
    place,
    roomName: recorded.roomName,
    recordsOnServer: kind === 'livekit',
    sources: () => {
      const self = recorded.self();
      return [...(self ? [self] : []), ...(transport ? remoteSources(transport) : [])];
    },
  });
  // Either way the call's subscription stays open: it makes this attendee present and carries states and recordings.
  const signalling = recordingSignalling(videocall.id, attendee.id, (change) => recording.hear(change));
  const present = videocall.users.map((user) => ({ participant: identityOf(user), state: stateOf(user) }));
  const log = (message: string, error?: unknown) => console.warn(`[call] ${message}`, error);
  if (kind === 'livekit') {
    if (!url || !attendee.joinToken) {
      leave();
      throw new UnsupportedTransportError('livekit without an address or a token');
    }
    // Loaded only for calls on a media server, so peer-to-peer calls do not download it.
    const { LivekitTransport } = await import('../call/LivekitTransport');
    const livekit = new LivekitTransport({ selfId: attendee.id, url, token: attendee.joinToken, signalling, present, initialState, log });
    transport = livekit;
    livekit.join({ camera, screen: null });
    try {
      await livekit.whenConnected();
    } catch (error) {
      livekit.leave();
      leave();
      throw error;
    }
  } else {
    const mesh = new MeshTransport({
      selfId: attendee.id,
      iceServers: iceServersOf(videocall.meeting.iceServers),
      signalling,
      present,
      initialState,
      log,
    });
    transport = mesh;
    mesh.join({ camera, screen: null });
  }
  // Without the call's space or chat the recording cannot be saved there; the call itself goes on.
  await recording.load().catch((error: unknown) => console.warn("[call] the call's recording could not be read", error));
  return { videocall, transport, recording, leave };
}
