import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhoneOff } from 'lucide-react';
import { RequestError } from '../../../lib/graphql';
import { serverErrorText, translateCodeWith } from '../../../lib/errorMessages';
import { Button, EmptyState, Notice, PublicLayout } from '../../../ui';
import type { CallEndReason } from '../call/types';
import { DeviceSetup } from '../devices/DeviceSetup';
import { LocalMedia } from '../devices/localMedia';
import { RecordingStatus } from '../recording/RecordingStatus';
import { CallScreen } from './CallScreen';
import { joinRoomCall, UnsupportedTransportError, type JoinedCall } from './joinCall';
import styles from '../Meetings.module.css';

export interface RoomSessionProps {
  room: { id: string; name: string };
  self: { name: string; profileImg: string | null };
  member: boolean;
}

type Phase =
  | { kind: 'setup'; error: ReactNode }
  | { kind: 'joining' }
  | { kind: 'call'; call: JoinedCall }
  | { kind: 'ended'; reason: CallEndReason; call: JoinedCall | null };

/** One visit to a room: the set-up screen, the call, and what follows it (rejoin). Owns this tab's camera and microphone. */
export function RoomSession({ room, self, member }: RoomSessionProps) {
  const { t } = useTranslation();
  const [media] = useState(() => new LocalMedia());
  const [phase, setPhase] = useState<Phase>({ kind: 'setup', error: null });
  const callRef = useRef<JoinedCall | null>(null);

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

  const join = async () => {
    const snapshot = media.snapshot();
    setPhase({ kind: 'joining' });
    const camera = snapshot.stream ?? new MediaStream();
    const state = {
      audio: snapshot.preferences.audio && camera.getAudioTracks().length > 0,
      video: snapshot.preferences.video && camera.getVideoTracks().length > 0,
      screen: false,
      hand: false,
    };
    try {
      const call = await joinRoomCall(room.id, camera, state, {
        roomName: room.name,
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
    } catch (error) {
      setPhase({ kind: 'setup', error: <Notice tone="error">{joinErrorText(error)}</Notice> });
    }
  };

  const joinErrorText = (error: unknown): string => {
    if (error instanceof UnsupportedTransportError) return t('meetings.call.transportUnavailable');
    if (error instanceof RequestError) return serverErrorText(translateCodeWith(t), error.code, error.message, error.details);
    return t('meetings.call.joinFailed');
  };

  const leave = () => {
    const call = callRef.current;
    callRef.current = null;
    if (call) {
      // The recorder stops first, while the call's streams still play; the upload goes on after leaving.
      void call.recording.stop();
      call.transport.leave();
      call.leave();
    }
    setPhase({ kind: 'ended', reason: 'left', call });
  };

  if (phase.kind === 'call') {
    return (
      <CallScreen
        room={room}
        transport={phase.call.transport}
        recording={phase.call.recording}
        media={media}
        self={self}
        member={member}
        onLeave={leave}
      />
    );
  }
  if (phase.kind === 'ended') {
    return (
      <PublicLayout productName={t('app.name')}>
        <div className={styles.endScreen}>
          <EmptyState
            icon={PhoneOff}
            headingLevel={1}
            title={t(`meetings.ended.${phase.reason}.title`)}
            description={t(`meetings.ended.${phase.reason}.description`, { name: room.name })}
          />
          {phase.call && <RecordingStatus session={phase.call.recording} selfId={phase.call.transport.selfId} />}
          <div className={styles.endActions}>
            <Button variant="primary" onClick={() => setPhase({ kind: 'setup', error: null })}>
              {t('meetings.ended.rejoin')}
            </Button>
            {member && (
              <Link className={styles.textLink} to="/overview/meetings">
                {t('meetings.ended.backToMeetings')}
              </Link>
            )}
          </div>
        </div>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout productName={t('app.name')}>
      <DeviceSetup
        media={media}
        roomName={room.name}
        onJoin={() => void join()}
        joining={phase.kind === 'joining'}
        joinError={phase.kind === 'setup' ? phase.error : null}
      />
    </PublicLayout>
  );
}
