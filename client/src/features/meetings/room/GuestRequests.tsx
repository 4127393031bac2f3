import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { Button } from '../../../ui';
import type { Invited } from '../operations';
import type { GuestDecision } from './useRoomGuests';
import styles from '../Meetings.module.css';

/** Guests waiting at the door of the call, each with Admit and Refuse. */
export function GuestRequests({
  guests,
  decide,
}: {
  guests: readonly Invited[];
  decide: (id: string, state: GuestDecision) => Promise<void>;
}) {
  const { t } = useTranslation();
  const waiting = guests.filter((guest) => guest.state === 'waiting');
  if (waiting.length === 0) return null;
  return (
    <section className={styles.guestRequests} aria-label={t('meetings.guests.waitingTitle')}>
      {waiting.map((guest) => (
        <div key={guest.id} className={styles.guestRequest} role="status">
          <UserPlus size={16} aria-hidden />
          <span className={styles.guestRequestText}>{t('meetings.guests.wantsToJoin', { name: guest.name })}</span>
          <Button
            size="sm"
            variant="primary"
            onClick={() => void decide(guest.id, 'admitted')}
            aria-label={t('meetings.guests.admitNamed', { name: guest.name })}
          >
            {t('meetings.guests.admit')}
          </Button>
          <Button
            size="sm"
            onClick={() => void decide(guest.id, 'refused')}
            aria-label={t('meetings.guests.refuseNamed', { name: guest.name })}
          >
            {t('meetings.guests.refuse')}
          </Button>
        </div>
      ))}
    </section>
  );
}
