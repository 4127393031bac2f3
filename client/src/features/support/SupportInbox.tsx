import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRequestError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { markdownToText } from '../chat/markdown';
import { formatListTime } from '../chat/format';
import { Avatar, Button, Notice, Spinner } from '../../ui';
import { getSupportInboxDocument, type SupportThread } from './operations';
import styles from './Support.module.css';

/** A conversation heard live goes to the top of the inbox with its new unread count. */
export function withThread(threads: readonly SupportThread[], thread: SupportThread): SupportThread[] {
  const others = threads.filter((existing) => existing.id !== thread.id);
  const known = threads.find((existing) => existing.id === thread.id);
  // A read does not move a conversation: only a new message does.
  if (known && known.updatedAt === thread.updatedAt) return threads.map((existing) => (existing.id === thread.id ? thread : existing));
  return [thread, ...others];
}

/** The inbox's threads and unread count, loaded once and kept current by the page's live subscription (`receive`). */
export function useSupportInbox() {
  const { t, i18n } = useTranslation();
  const [threads, setThreads] = useState<SupportThread[] | null>(null);
  const [unread, setUnread] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    request(getSupportInboxDocument, {}, { handledByCaller: true }).then(
      (data) => {
        if (!current) return;
        setThreads(data.getSupportInbox.threads);
        setUnread(data.getSupportInbox.unread);
        setError(null);
      },
      (caught: unknown) => current && setError(describeRequestError(caught, t, i18n.language).message),
    );
    return () => {
      current = false;
    };
  }, [attempt, t, i18n.language]);

  const receive = useCallback((thread: SupportThread, inboxUnread: number) => {
    setThreads((current) => (current ? withThread(current, thread) : current));
    setUnread(inboxUnread);
  }, []);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { threads, unread, error, receive, reload };
}

export type InboxState = ReturnType<typeof useSupportInbox>;

interface SupportInboxProps {
  inbox: InboxState;
  selected: string | null;
  onOpen: (person: string) => void;
}

/** The support team's inbox: every conversation, the most recently active first, with its unread count. */
export function SupportInbox({ inbox, selected, onOpen }: SupportInboxProps) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="support-inbox" className={styles.form}>
      <h2 id="support-inbox" className={styles.subtitle}>
        {t('support.live.inbox')}
        {inbox.unread > 0 && <span className={styles.muted}> · {t('support.live.inboxUnread', { count: inbox.unread })}</span>}
      </h2>
      {inbox.error && (
        <Notice tone="error" title={t('support.live.loadFailed')}>
          <p className={styles.plain}>{inbox.error}</p>
          <Button onClick={inbox.reload}>{t('support.retry')}</Button>
        </Notice>
      )}
      {!inbox.error && inbox.threads === null && (
        <p className={styles.loading}>
          <Spinner size={16} /> {t('support.loading')}
        </p>
      )}
      {inbox.threads !== null && inbox.threads.length === 0 && <p className={styles.muted}>{t('support.live.inboxEmpty')}</p>}
      {inbox.threads !== null && inbox.threads.length > 0 && (
        <ul className={styles.inbox}>
          {inbox.threads.map((thread) => {
            const name = thread.person ? `${thread.person.firstname} ${thread.person.lastname}`.trim() : t('support.formerAccount');
            return (
              <li key={thread.id}>
                <button
                  type="button"
                  className={styles.threadButton}
                  aria-current={thread.id === selected ? 'true' : undefined}
                  onClick={() => onOpen(thread.id)}
                >
                  <Avatar name={name} src={thread.person?.profileImg ?? null} colorKey={thread.id} size={32} />
                  <span className={styles.threadText}>
                    <span className={styles.threadName}>{name}</span>
                    <span className={styles.threadPreview}>{thread.lastMessage ? markdownToText(thread.lastMessage.body) : ''}</span>
                    <time className={styles.messageTime} dateTime={thread.updatedAt}>
                      {formatListTime(thread.updatedAt, i18n.language)}
                    </time>
                  </span>
                  {thread.unread > 0 && (
                    <span className={styles.unread} aria-label={t('support.live.unread', { count: thread.unread })}>
                      {thread.unread}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
