import { useTranslation } from 'react-i18next';
import { Hand, Mic, MicOff, MonitorUp, UserMinus } from 'lucide-react';
import { Avatar, Button } from '../../../ui';
import type { ParticipantState, RemoteParticipant } from '../call/types';
import type { SelfView } from './CallStage';
import styles from '../Meetings.module.css';

interface Row {
  id: string;
  name: string;
  profileImg: string | null;
  state: ParticipantState;
  invitedId: string | null;
  self: boolean;
}

/** Who is in the call, who speaks, who is muted or has a hand up; members can remove a guest from here. */
export function ParticipantsPanel({
  self,
  participants,
  speaking,
  onRemoveGuest,
}: {
  self: SelfView;
  participants: readonly RemoteParticipant[];
  speaking: ReadonlySet<string>;
  onRemoveGuest: ((invitedId: string, name: string) => void) | null;
}) {
  const { t } = useTranslation();
  const rows: Row[] = [
    { id: self.id, name: self.name, profileImg: self.profileImg, state: self.state, invitedId: null, self: true },
    ...participants.map((participant) => ({ ...participant, self: false })),
  ];
  // Hands first, in the order they are listed, so whoever waits to speak is seen.
  rows.sort((first, second) => Number(second.state.hand) - Number(first.state.hand));
  return (
    <ul className={styles.participantList} aria-label={t('meetings.call.participantsCount', { count: rows.length })}>
      {rows.map((row) => {
        const status = [
          speaking.has(row.id) ? t('meetings.call.speaking') : null,
          row.state.audio ? null : t('meetings.call.muted'),
          row.state.hand ? t('meetings.call.handRaised') : null,
          row.state.screen ? t('meetings.call.sharingScreen') : null,
          row.invitedId ? t('meetings.call.guest') : null,
        ].filter(Boolean);
        return (
          <li key={row.id} className={styles.participantRow} data-speaking={speaking.has(row.id) || undefined}>
            <Avatar name={row.name} src={row.profileImg} colorKey={row.id} size={28} />
            <span className={styles.participantName}>
              {row.self ? t('meetings.call.you', { name: row.name }) : row.name}
              {status.length > 0 && <span className={styles.participantStatus}>{status.join(' · ')}</span>}
            </span>
            {row.state.hand && <Hand size={14} aria-hidden />}
            {row.state.screen && <MonitorUp size={14} aria-hidden />}
            {row.state.audio ? (
              <Mic size={14} aria-hidden className={speaking.has(row.id) ? styles.speakingIcon : undefined} />
            ) : (
              <MicOff size={14} aria-hidden />
            )}
            {onRemoveGuest && row.invitedId && (
              <Button
                size="sm"
                variant="ghost"
                iconOnly
                icon={<UserMinus size={14} aria-hidden />}
                aria-label={t('meetings.guests.removeNamed', { name: row.name })}
                onClick={() => row.invitedId && onRemoveGuest(row.invitedId, row.name)}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
