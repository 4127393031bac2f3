/** Joining a room's call: the server's join, then the transport its answer names (peer-to-peer today). */
import { request } from '../../../lib/graphql';
import { graphqlSignalling, identityOf, stateOf } from '../call/graphqlSignalling';
import { MeshTransport } from '../call/MeshTransport';
import type { CallTransport, ParticipantState } from '../call/types';
import { joinVideocallDocument, leaveVideocallDocument, type Videocall } from '../operations';

export class UnsupportedTransportError extends Error {
  override readonly name = 'UnsupportedTransportError';
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
  /** Tells the server this attendee left (the transport already stopped). */
  leave: () => void;
}

export async function joinRoomCall(meetingroom: string, camera: MediaStream, initialState: ParticipantState): Promise<JoinedCall> {
  const { joinVideocall: videocall } = await request(joinVideocallDocument, { meetingroom }, { handledByCaller: true });
  const attendee = videocall.attendee;
  if (!attendee) throw new Error('The join answered without an attendee.');
  // Closing the call's subscription also makes the attendee leave, so this may find them gone already: that is no error.
  const leave = () =>
    void request(leaveVideocallDocument, { id: videocall.id, attendee: attendee.id }, { handledByCaller: true }).catch(() => undefined);
  if (videocall.meeting.transport !== 'mesh') {
    leave();
    throw new UnsupportedTransportError(videocall.meeting.transport);
  }
  const transport = new MeshTransport({
    selfId: attendee.id,
    iceServers: iceServersOf(videocall.meeting.iceServers),
    signalling: graphqlSignalling(videocall.id, attendee.id),
    present: videocall.users.map((user) => ({ participant: identityOf(user), state: stateOf(user) })),
    initialState,
    log: (message, error) => console.warn(`[call] ${message}`, error),
  });
  transport.join({ camera, screen: null });
  return { videocall, transport, leave };
}
