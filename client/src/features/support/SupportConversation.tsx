import { ArrowLeft, Send } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRequestError } from '../../lib/formMessages';
import { useAtomValue } from '../../lib/store';
import { Avatar, Button, Notice, Spinner, TextArea } from '../../ui';
import { currentUserAtom } from '../auth/session';
import { formatDateTime } from '../chat/format';
import { renderMarkdown } from '../chat/markdown';
import type { SupportMessage } from './operations';
import type { ConversationLoad } from './useSupportConversation';
import styles from './Support.module.css';

/** Longest message (the chat area's rule, shared/src/chatRules.ts messageBodyLength). */
const messageMaximum = 20_000;

export interface SupportConversationProps {
  load: ConversationLoad;
  send: (body: string) => Promise<void>;
  retry: () => void;
  /** The heading: "Support team" for the person, the person's name for the support team. */
  title: string;
  /** Said when there is no message yet. */
  emptyText: string;
  /** The support team's view: messages of the support team are "ours". */
  asSupport: boolean;
  /** On a phone the support team goes back to the inbox from here. */
  onBack?: () => void;
}

/** A support conversation: its messages (Markdown rendered safely by the chat area's renderer) and a composer (Enter sends). */
export function SupportConversation({ load, send, retry, title, emptyText, asSupport, onBack }: SupportConversationProps) {
  const { t, i18n } = useTranslation();
  const me = useAtomValue(currentUserAtom);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const count = load.status === 'ready' ? load.messages.length : 0;

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  async function submit() {
    const body = draft.trim();
    if (body === '' || sending) return;
    setSending(true);
    setError(null);
    try {
      await send(body);
      setDraft('');
    } catch (caught) {
      setError(describeRequestError(caught, t, i18n.language).message);
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  function authorName(message: SupportMessage): string {
    if (!message.author) return t('support.formerAccount');
    const name = `${message.author.firstname} ${message.author.lastname}`.trim();
    return message.fromSupport && !asSupport ? t('support.live.supportAuthor', { name }) : name;
  }

  return (
    <section className={styles.conversation} aria-label={title}>
      <header className={styles.conversationHeader}>
        {onBack && (
          <Button
            className={styles.backButton}
            size="sm"
            iconOnly
            icon={<ArrowLeft size={16} aria-hidden />}
            aria-label={t('support.live.back')}
            onClick={onBack}
          />
        )}
        <h2 className={styles.subtitle}>{title}</h2>
      </header>
      {load.status === 'loading' && (
        <p className={`${styles.loading} ${styles.empty}`}>
          <Spinner size={16} /> {t('support.loading')}
        </p>
      )}
      {load.status === 'failed' && (
        <div className={styles.empty}>
          <Notice tone="error" title={t('support.live.loadFailed')}>
            <p className={styles.plain}>{load.message}</p>
            <Button onClick={retry}>{t('support.retry')}</Button>
          </Notice>
        </div>
      )}
      {load.status === 'ready' &&
        (load.messages.length === 0 ? (
          <p className={styles.empty}>{emptyText}</p>
        ) : (
          <ol ref={listRef} className={styles.messages} aria-label={t('support.live.messages')} aria-live="polite">
            {load.messages.map((message) => (
              <li key={message.id} className={styles.message}>
                <Avatar name={authorName(message)} src={message.author?.profileImg ?? null} colorKey={message.author?.id} size={28} />
                <div className={styles.messageBody}>
                  <div className={styles.messageMeta}>
                    <span className={styles.messageAuthor}>{authorName(message)}</span>
                    <time className={styles.messageTime} dateTime={message.createdAt}>
                      {formatDateTime(message.createdAt, i18n.language)}
                    </time>
                  </div>
                  <div className={styles.markdown}>{renderMarkdown(message.body, { me: me?.id ?? null })}</div>
                </div>
              </li>
            ))}
          </ol>
        ))}
      {load.status === 'ready' && (
        <form
          className={styles.composer}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextArea
            className={styles.composerField}
            label={t('support.live.message')}
            rows={2}
            maxLength={messageMaximum}
            value={draft}
            error={error ?? undefined}
            hint={t('support.live.enterHint')}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" variant="primary" loading={sending} disabled={draft.trim() === ''} icon={<Send size={16} aria-hidden />}>
            {t('support.live.send')}
          </Button>
        </form>
      )}
    </section>
  );
}
