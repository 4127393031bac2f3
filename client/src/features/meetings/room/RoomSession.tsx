import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhoneOff } from 'lucide-react';
import { Button, EmptyState, Notice, PublicLayout } from '../../../ui';
import { useCallSession } from '../call/useCallSession';
import { DeviceSetup } from '../devices/DeviceSetup';
import { RecordingStatus } from '../recording/RecordingStatus';
import { CallScreen } from './CallScreen';
import { joinFailureText } from './joinCall';
import styles from '../Meetings.module.css';

export interface RoomSessionProps {
  room: { id: string; name: string };
  self: { name: string; profileImg: string | null };
  member: boolean;
}

/** One visit to a room: the set-up screen, the call, and what follows it (rejoin). Owns this tab's camera and microphone. */
export function RoomSession({ room, self, member }: RoomSessionProps) {
  const { t } = useTranslation();
  const { media, phase, join, leave, setUp } = useCallSession({
    place: { meetingroom: room.id },
    name: room.name,
    self,
    joinError: (error) => <Notice tone="error">{joinFailureText(error, t)}</Notice>,
  });

  if (phase.kind === 'call') {
    return (
      <CallScreen
        place={{ meetingroom: room.id }}
        title={room.name}
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
            <Button variant="primary" onClick={setUp}>
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
