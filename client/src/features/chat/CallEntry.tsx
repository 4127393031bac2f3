import { NotebookPen, Phone, PhoneMissed, PhoneOff } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { docPagePath } from '../docs/paths';
import { callSummary, parseCallEntry } from './callEntry';
import { formatDateTime, formatTime } from './format';
import type { Message } from './operations';
import callStyles from './CallEntry.module.css';
import styles from './Chat.module.css';

export interface CallEntryProps {
  message: Pick<Message, 'id' | 'body' | 'createdAt'>;
  me: string | null;
  nameOf: (id: string) => string;
}

/** A finished call in a chat: what became of it (made with its length, missed, cancelled), who called, when, and its room's notes. */
export function CallEntry({ message, me, nameOf }: CallEntryProps) {
  const { t, i18n } = useTranslation();
  const entry = parseCallEntry(message.body);
  const time = formatTime(message.createdAt, i18n.language);
  const full = formatDateTime(message.createdAt, i18n.language);
  if (!entry) {
    return (
      <p className={styles.system} data-row={message.id}>
        {t('chat.call.unreadable')}
      </p>
    );
  }
  const summary = callSummary(entry, t, i18n.language);
  const caller = entry.startedBy === null ? null : entry.startedBy === me ? t('chat.message.you') : nameOf(entry.startedBy);
  const Icon = entry.outcome === 'made' ? Phone : entry.outcome === 'missed' ? PhoneMissed : PhoneOff;
  return (
    <article
      className={clsx(callStyles.callEntry, entry.outcome === 'missed' && callStyles.callMissed)}
      data-row={message.id}
      aria-label={caller ? t('chat.call.label', { summary, name: caller, time }) : t('chat.call.labelNoCaller', { summary, time })}
    >
      <span className={callStyles.callIcon} aria-hidden>
        <Icon size={16} />
      </span>
      <span className={callStyles.callText}>
        <span className={callStyles.callSummary}>{summary}</span>
        {caller && <span className={callStyles.callCaller}>{t('chat.call.startedBy', { name: caller })}</span>}
      </span>
      {entry.notes && (
        <Link
          className={callStyles.callNotes}
          to={docPagePath(entry.notes.project, { id: entry.notes.doc, folder: null })}
          title={t('chat.call.notesHint')}
        >
          <NotebookPen size={14} aria-hidden />
          {t('chat.call.notes')}
        </Link>
      )}
      <time className={styles.time} dateTime={message.createdAt} title={full}>
        {time}
      </time>
    </article>
  );
}
