/**
 * One visit to a call, whatever its place (a meeting room or a private chat): this tab's camera and microphone, the
 * join, the call while it runs, and how it ended. Screens (the room's session, a private chat's call) draw the phases.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { LocalMedia } from '../devices/localMedia';
import { joinCall, type CallPlace, type JoinedCall } from '../room/joinCall';
import type { CallEndReason } from './types';

export type CallPhase =
  | { kind: 'setup'; error: ReactNode }
  | { kind: 'joining' }
  | { kind: 'call'; call: JoinedCall }
  | { kind: 'ended'; reason: CallEndReason; call: JoinedCall | null };

export interface CallSessionOptions {
  place: CallPlace;
  /** The room's or chat's name, for the recording's file name. */
  name: string;
  self: { name: string };
  /** Turns a failed join into what the set-up screen shows above its button. */
  joinError: (error: unknown) => ReactNode;
}

export interface CallSession {
  media: LocalMedia;
  phase: CallPhase;
  /** Joins with the media chosen on the set-up screen; the joined call, or null when the join failed. */
  join: () => Promise<JoinedCall | null>;
  /** This tab leaves (the Leave button, or a private call nobody answered). */
  leave: () => void;
  /** Back to the set-up screen, to join again. */
  setUp: () => void;
}

export function useCallSession({ place, name, self, joinError }: CallSessionOptions): CallSession {
  const [media] = useState(() => new LocalMedia());
  const [phase, setPhase] = useState<CallPhase>({ kind: 'setup', error: null });
  const callRef = useRef<JoinedCall | null>(null);
  const latest = useRef({ place, name, self, joinError });
  useEffect(() => {
    latest.current = { place, name, self, joinError };
  });

  useEffect(() => {
    void media.start();
    return () => media.stop();
  }, [media]);

  // Leaving the page (or a guest being shown the door) ends the call for this tab.
  useEffect(
    () => () => {
      const call = callRef.current;
      callRef.current = null;
      if (call) {
        call.recording.abandon();
        call.transport.leave();
        call.leave();
      }
    },
    [],
  );

  const join = useCallback(async (): Promise<JoinedCall | null> => {
    const snapshot = media.snapshot();
    setPhase({ kind: 'joining' });
    const camera = snapshot.stream ?? new MediaStream();
    const state = {
      audio: snapshot.preferences.audio && camera.getAudioTracks().length > 0,
      video: snapshot.preferences.video && camera.getVideoTracks().length > 0,
      screen: false,
      hand: false,
    };
    const { place, name, self } = latest.current;
    try {
      const call = await joinCall(place, camera, state, {
        roomName: name,
        self: () => {
          const stream = media.snapshot().stream;
          return stream ? { key: 'self:camera', name: self.name, stream } : null;
        },
      });
      callRef.current = call;
      call.transport.subscribe((event) => {
        if (event.type !== 'ended' || event.reason === 'left') return;
        callRef.current = null;
        // Removed, or the call finished: whatever this tab recorded is still saved.
        void call.recording.stop();
        setPhase({ kind: 'ended', reason: event.reason, call });
      });
      setPhase({ kind: 'call', call });
      return call;
    } catch (error) {
      setPhase({ kind: 'setup', error: latest.current.joinError(error) });
      return null;
    }
  }, [media]);

  const leave = useCallback(() => {
    const call = callRef.current;
    callRef.current = null;
    if (call) {
      // The recorder stops first, while the call's streams still play; the upload goes on after leaving.
      void call.recording.stop();
      call.transport.leave();
      call.leave();
    }
    setPhase({ kind: 'ended', reason: 'left', call });
  }, []);

  const setUp = useCallback(() => setPhase({ kind: 'setup', error: null }), []);

  return { media, phase, join, leave, setUp };
}
