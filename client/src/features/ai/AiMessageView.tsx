import {
  CalendarDays,
  CheckSquare,
  Copy,
  File,
  FileText,
  MessageSquare,
  RotateCcw,
  Send,
  Sparkles,
  SquarePen,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SearchKind } from '#shared/search';
import { Link } from 'react-router';
import { Button, Notice } from '../../ui';
import { renderMarkdown } from '../chat/markdown';
import { appPath } from '../search/searchQuery';
import { isStreaming } from './messages';
import { chunkErrorText } from './writing/writingRequest';
import type { AiCitation, AiMessage } from './operations';
import styles from './Ai.module.css';

export interface AnswerActions {
  onCopy: (answer: AiMessage) => void;
  onRetry: (answer: AiMessage) => void;
  onInsertIntoDoc: (answer: AiMessage) => void;
  onSendToChat: (answer: AiMessage) => void;
}

/** An icon for every kind the search index holds (a calendar event's is the search page's). */
const citationIcons: Record<SearchKind, LucideIcon> = {
  task: CheckSquare,
  doc: FileText,
  message: MessageSquare,
  file: File,
  event: CalendarDays,
};

function CitationLink({ citation }: { citation: AiCitation }) {
  const { t } = useTranslation();
  const Icon = citationIcons[citation.kind as SearchKind] ?? FileText;
  const path = appPath(citation.link);
  const kind = t(`ai.citations.kinds.${citation.kind as SearchKind}`, { defaultValue: citation.kind });
  const content = (
    <>
      <Icon size={13} aria-hidden />
      <span className={styles.citationTitle}>{citation.title}</span>
      <span className="visually-hidden"> ({kind})</span>
    </>
  );
  return path ? (
    <Link to={path} className={styles.citation}>
      {content}
    </Link>
  ) : (
    <span className={styles.citation}>{content}</span>
  );
}

function Question({ message }: { message: AiMessage }) {
  const { t } = useTranslation();
  return (
    <li className={styles.question} aria-label={t('ai.message.question')}>
      <p className={styles.questionBody}>{message.body}</p>
      {message.mode === 'search' && <span className={styles.questionMode}>{t('ai.modes.search')}</span>}
    </li>
  );
}

/**
 * An answer: its Markdown rendered with the chat area's renderer (React elements, never HTML), "Writing…" while it
 * streams, marked when it was stopped, the clear message and Retry when it failed; citations of an AI search; and,
 * once written, copy, retry, insert into a doc and send to a chat.
 */
function Answer({ message, actions }: { message: AiMessage; actions: AnswerActions }) {
  const { t } = useTranslation();
  const streaming = isStreaming(message);
  const finished = message.state === 'done' || message.state === 'stopped';
  return (
    <li className={styles.answer} aria-label={t('ai.message.answer')} aria-busy={streaming || undefined}>
      <span className={styles.answerIcon} aria-hidden>
        <Sparkles size={14} />
      </span>
      <div className={styles.answerMain}>
        {message.body !== '' && <div className={styles.answerBody}>{renderMarkdown(message.body)}</div>}
        {streaming && (
          <p className={styles.writing} role="status">
            <span className={styles.writingDots} aria-hidden />
            {t('ai.message.writing')}
          </p>
        )}
        {message.state === 'stopped' && <p className={styles.stopped}>{t('ai.message.stopped')}</p>}
        {message.state === 'failed' && (
          <Notice tone="error" title={t('ai.message.failed')} className={styles.failure}>
            <p>
              {chunkErrorText(
                (key, fallback) => t(key, { defaultValue: fallback }),
                message.error,
                message.errorCode,
                t('ai.message.failedUnknown'),
              )}
            </p>
            <Button size="sm" variant="secondary" icon={<RotateCcw aria-hidden />} onClick={() => actions.onRetry(message)}>
              {t('ai.message.retry')}
            </Button>
          </Notice>
        )}
        {message.citations.length > 0 && (
          <div className={styles.citations}>
            <p className={styles.citationsTitle}>{t('ai.citations.title')}</p>
            <ul className={styles.citationList} aria-label={t('ai.citations.title')}>
              {message.citations.map((citation) => (
                <li key={`${citation.kind}:${citation.id}`}>
                  <CitationLink citation={citation} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {finished && (
          <div className={styles.answerActions} role="group" aria-label={t('ai.message.actions')}>
            <Button size="sm" variant="ghost" icon={<Copy aria-hidden />} onClick={() => actions.onCopy(message)}>
              {t('ai.message.copy')}
            </Button>
            <Button size="sm" variant="ghost" icon={<RotateCcw aria-hidden />} onClick={() => actions.onRetry(message)}>
              {t('ai.message.retry')}
            </Button>
            {message.body.trim() !== '' && (
              <>
                <Button size="sm" variant="ghost" icon={<SquarePen aria-hidden />} onClick={() => actions.onInsertIntoDoc(message)}>
                  {t('ai.message.insertIntoDoc')}
                </Button>
                <Button size="sm" variant="ghost" icon={<Send aria-hidden />} onClick={() => actions.onSendToChat(message)}>
                  {t('ai.message.sendToChat')}
                </Button>
              </>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

export function AiMessageView({ message, actions }: { message: AiMessage; actions: AnswerActions }) {
  return message.type === 'question' ? <Question message={message} /> : <Answer message={message} actions={actions} />;
}
