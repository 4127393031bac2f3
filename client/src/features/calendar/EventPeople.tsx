import { useTranslation } from 'react-i18next';
import { Copy, Video } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar, Button, showToast } from '../../ui';
import type { EventResponse } from './calendarModel';
import type { CalendarEvent, EventPerson } from './operations';
import styles from './Calendar.module.css';

function PersonList({ label, people }: { label: string; people: readonly EventPerson[] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.peopleGroup} aria-label={label}>
      <h3 className={styles.peopleTitle}>
        {label} <span className={styles.count}>{people.length}</span>
      </h3>
      {people.length === 0 ? (
        <p className={styles.muted}>{t('calendar.people.nobody')}</p>
      ) : (
        <ul className={styles.people}>
          {people.map((person) => (
            <li key={person.user ?? person.email} className={styles.person}>
              <span aria-hidden>
                <Avatar name={person.name ?? person.email} src={person.profileImg} colorKey={person.user ?? person.email} size={20} />
              </span>
              <span>{person.name ?? person.email}</span>
              {!person.user && <span className={styles.guestTag}>{t('calendar.people.guest')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Who is invited and how they answered (SPEC §4's lists; usersInvited holds everyone, so the first list is those yet to answer). */
export function EventPeople({ event }: { event: CalendarEvent }) {
  const { t } = useTranslation();
  return (
    <div className={styles.peopleLists}>
      <PersonList label={t('calendar.people.invited')} people={event.usersInvited.filter((person) => person.response === 'invited')} />
      <PersonList label={t('calendar.people.accepted')} people={event.usersAccepted} />
      <PersonList label={t('calendar.people.rejected')} people={event.usersRejected} />
    </div>
  );
}

/** A meeting event's room: its invitation link to copy, and Join to enter it. */
export function MeetingLink({ event }: { event: CalendarEvent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (event.type !== 'meeting' || !event.meet) return null;
  const link = event.invitationLink ?? `${window.location.origin}/meetingroom/${event.meet}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast({ message: t('calendar.meeting.copied'), icon: 'success' });
    } catch {
      showToast({ message: t('calendar.meeting.copyFailed'), icon: 'error' });
    }
  };
  return (
    <div className={styles.meetingLink}>
      <label className={styles.legend} htmlFor={`invitation-${event.id}`}>
        {t('calendar.meeting.link')}
      </label>
      <div className={styles.linkRow}>
        <input
          id={`invitation-${event.id}`}
          className={styles.linkInput}
          readOnly
          value={link}
          onFocus={(focus) => focus.target.select()}
        />
        <Button size="sm" icon={<Copy size={14} aria-hidden />} onClick={() => void copy()}>
          {t('calendar.meeting.copy')}
        </Button>
        <Button
          size="sm"
          variant="primary"
          icon={<Video size={14} aria-hidden />}
          onClick={() => void navigate(`/meetingroom/${event.meet}`)}
        >
          {t('calendar.meeting.join')}
        </Button>
      </div>
    </div>
  );
}

/** The caller's own answers (accept, reject, join, rejoin, leave), for a member who is not the author. */
export function ResponseButtons({
  responses,
  myResponse,
  pending,
  onRespond,
}: {
  responses: readonly EventResponse[];
  myResponse: string | null;
  pending: string | null;
  onRespond: (response: EventResponse) => void;
}) {
  const { t } = useTranslation();
  if (responses.length === 0) return null;
  const state = myResponse === 'invited' || myResponse === 'accepted' || myResponse === 'rejected' ? myResponse : 'none';
  return (
    <div className={styles.responses} role="group" aria-label={t('calendar.responses.label')}>
      <span className={styles.muted}>{t(`calendar.responses.state.${state}`)}</span>
      {responses.map((response) => (
        <Button
          key={response}
          size="sm"
          variant={response === 'accept' || response === 'join' || response === 'rejoin' ? 'primary' : 'secondary'}
          loading={pending === response}
          onClick={() => onRespond(response)}
        >
          {t(`calendar.responses.${response}`)}
        </Button>
      ))}
    </div>
  );
}
