import { useTranslation } from 'react-i18next';
import { CalendarDays, MapPin, Repeat } from 'lucide-react';
import type { CalendarEntry, CalendarEvent } from './operations';
import styles from './Calendar.module.css';

/** "Thu, Nov 26, 09:00 – 10:00" in the reader's language; an all-day entry shows its days only. */
export function entryWhen(entry: Pick<CalendarEntry, 'start' | 'end' | 'allDay'>, language: string): string {
  const start = new Date(entry.allDay ? `${entry.start.slice(0, 10)}T00:00:00` : entry.start);
  const end = new Date(entry.allDay ? `${entry.end.slice(0, 10)}T00:00:00` : entry.end);
  if (entry.allDay) {
    const lastDay = new Date(end.getTime() - 86_400_000);
    const format = new Intl.DateTimeFormat(language, { weekday: 'short', month: 'short', day: 'numeric' });
    return lastDay.getTime() > start.getTime() ? format.formatRange(start, lastDay) : format.format(start);
  }
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatRange(start, end);
}

/** An event someone else made, as its invitees read it: when, where, how often, what for. */
export function EventSummary({ event, entry }: { event: CalendarEvent; entry: CalendarEntry }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <dl className={styles.summary}>
        <div className={styles.summaryRow}>
          <dt>
            <CalendarDays size={14} aria-hidden />
            <span className="visually-hidden">{t('calendar.summary.when')}</span>
          </dt>
          <dd>{entryWhen(entry, i18n.language)}</dd>
        </div>
        {event.recurring !== 'none' && (
          <div className={styles.summaryRow}>
            <dt>
              <Repeat size={14} aria-hidden />
              <span className="visually-hidden">{t('calendar.form.recurrence')}</span>
            </dt>
            <dd>
              {t(`calendar.recurrence.${event.recurring === 'custom' ? 'custom' : event.recurring}`, { defaultValue: event.recurring })}
            </dd>
          </div>
        )}
        {event.location && (
          <div className={styles.summaryRow}>
            <dt>
              <MapPin size={14} aria-hidden />
              <span className="visually-hidden">{t('calendar.form.location')}</span>
            </dt>
            <dd>{event.location}</dd>
          </div>
        )}
        <div className={styles.summaryRow}>
          <dt className="visually-hidden">{t('calendar.summary.organiser')}</dt>
          <dd className={styles.muted}>{t('calendar.summary.by', { name: event.author.name ?? event.author.email })}</dd>
        </div>
        {event.calendar && (
          <div className={styles.summaryRow}>
            <dt className="visually-hidden">{t('calendar.summary.calendar')}</dt>
            <dd className={styles.muted}>{t('calendar.summary.fromCalendar', { name: event.calendar.summary })}</dd>
          </div>
        )}
      </dl>
      {event.description && <p className={styles.description}>{event.description}</p>}
    </>
  );
}
