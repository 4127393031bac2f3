import { useEffect, useState } from 'react';
import { ClipboardList } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseStandupEntry, type StandupEntryBody, type StandupEntryMember } from '#shared/standupChannel';
import { formatDateTime, formatTime } from './format';
import type { Message } from './operations';
import entryStyles from './StandupEntry.module.css';
import styles from './Chat.module.css';

/** A calendar date for people ("Friday 27 November"), the same wherever the reader is. */
function formatEntryDay(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/**
 * The translations of the entry's language, the space's (its schedule's setter's), which every reader sees alike;
 * the reader's own until that language's file has loaded.
 */
function useEntryLanguage(language: string): { t: TFunction; language: string } {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState(() => i18n.language === language || i18n.hasResourceBundle(language, 'translation'));
  useEffect(() => {
    if (loaded) return;
    let current = true;
    void i18n.loadLanguages(language).then(() => {
      if (current) setLoaded(i18n.hasResourceBundle(language, 'translation'));
    });
    return () => {
      current = false;
    };
  }, [i18n, language, loaded]);
  return loaded ? { t: i18n.getFixedT(language), language } : { t, language: i18n.language };
}

function MemberLines({ member, t, language }: { member: StandupEntryMember; t: TFunction; language: string }) {
  return (
    // A group, not a region: a channel holds many entries, and each one's people would repeat landmarks.
    <div role="group" className={entryStyles.member} aria-label={member.name}>
      <span className={entryStyles.name}>{member.name}</span>
      <ul className={entryStyles.lines}>
        {member.lines.map((line) => (
          <li key={`${line.task}:${line.kind}`}>
            <span className={entryStyles.kind}>{t(`reports.kinds.${line.kind}`)}</span>{' '}
            <Link to={line.link} className={entryStyles.link}>
              <span className={entryStyles.code}>{line.idCode}</span> {line.name}
            </Link>
          </li>
        ))}
        {member.moreLines > 0 && <li className={entryStyles.muted}>{t('standupChannel.entry.moreLines', { count: member.moreLines })}</li>}
        {member.overdue.map((task) => (
          <li key={`overdue:${task.task}`}>
            <span className={`${entryStyles.kind} ${entryStyles.overdue}`}>{t('standupChannel.entry.overdue')}</span>{' '}
            <Link to={task.link} className={entryStyles.link}>
              <span className={entryStyles.code}>{task.idCode}</span> {task.name}
            </Link>{' '}
            <span className={entryStyles.muted}>
              {t('standupChannel.entry.due', { date: formatEntryDay(task.deadline.slice(0, 10), language) })}
            </span>
          </li>
        ))}
        {member.moreOverdue > 0 && (
          <li className={entryStyles.muted}>{t('standupChannel.entry.moreOverdue', { count: member.moreOverdue })}</li>
        )}
      </ul>
    </div>
  );
}

function EntryCard({ message, entry }: { message: Pick<Message, 'id' | 'createdAt'>; entry: StandupEntryBody }) {
  const { i18n } = useTranslation();
  const { t, language } = useEntryLanguage(entry.language);
  const day = formatEntryDay(entry.date, language);
  const time = formatTime(message.createdAt, i18n.language);
  return (
    <article
      className={entryStyles.entry}
      data-row={message.id}
      aria-label={t('standupChannel.entry.label', { day, time })}
      lang={language}
    >
      <header className={entryStyles.header}>
        <span className={entryStyles.icon} aria-hidden>
          <ClipboardList size={15} />
        </span>
        <span className={entryStyles.title}>{t('standupChannel.entry.title', { day })}</span>
        <time className={styles.time} dateTime={message.createdAt} title={formatDateTime(message.createdAt, i18n.language)}>
          {time}
        </time>
      </header>
      {entry.members.map((member) => (
        <MemberLines key={member.user} member={member} t={t} language={language} />
      ))}
    </article>
  );
}

/**
 * A space's daily standup posted to its channel by the server: per member, what they finished, moved, created,
 * commented and edited since the previous post, then their overdue tasks, each line opening its task. Written in
 * the space's standup language; a body that is not a standup's JSON is never shown as text.
 */
export function StandupEntry({ message }: { message: Pick<Message, 'id' | 'body' | 'createdAt'> }) {
  const { t } = useTranslation();
  const entry = parseStandupEntry(message.body);
  if (!entry) {
    return (
      <p className={styles.system} data-row={message.id}>
        {t('standupChannel.entry.unreadable')}
      </p>
    );
  }
  return <EntryCard message={message} entry={entry} />;
}
