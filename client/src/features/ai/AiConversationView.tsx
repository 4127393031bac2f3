import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRequestError } from '../../lib/formMessages';
import { useStore } from '../../lib/store';
import { Button, Notice, Spinner, showToast } from '../../ui';
import { askAi, stopAiAnswer, type Question } from './aiActions';
import { AiComposer } from './AiComposer';
import { AiMessageView, type AnswerActions } from './AiMessageView';
import { InsertIntoDocDialog } from './InsertIntoDocDialog';
import { isAiMode, questionOf, streamingAnswer, type AiMode } from './messages';
import type { AiConversation, AiMessage } from './operations';
import { SendToChatDialog } from './SendToChatDialog';
import { useAiConversation } from './useAiConversation';
import styles from './Ai.module.css';

/** Within this many pixels of the bottom, the list follows a streaming answer; scrolled further up, it stays put. */
const followDistance = 80;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The open conversation: its questions and answers, the composer, and what can be done with an answer. */
export function AiConversationView({ conversation, maxPromptBytes }: { conversation: AiConversation; maxPromptBytes: number }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const { messages, load, retry } = useAiConversation(conversation.id);
  const [inserting, setInserting] = useState<AiMessage | null>(null);
  const [sending, setSending] = useState<AiMessage | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const streaming = streamingAnswer(messages);

  const ask = async (question: Question): Promise<string | null> => {
    try {
      following.current = true;
      await askAi(store, conversation.id, question);
      return null;
    } catch (error) {
      return describeRequestError(error, t, i18n.language).message;
    }
  };

  const stop = () => {
    if (!streaming) return;
    stopAiAnswer(store, streaming).catch((error: unknown) => {
      showToast({ message: describeRequestError(error, t, i18n.language).message, icon: 'error' });
    });
  };

  const actions: AnswerActions = {
    onCopy: (answer) => {
      void copyText(answer.body).then((copied) =>
        showToast({ message: t(copied ? 'ai.message.copied' : 'ai.message.copyFailed'), icon: copied ? 'success' : 'error' }),
      );
    },
    onRetry: (answer) => {
      const question = questionOf(messages, answer.id);
      if (!question) return;
      void ask({
        body: question.body,
        mode: isAiMode(question.mode) ? question.mode : 'chat',
        persona: question.persona ?? 'assistant',
        tone: question.tone ?? '',
      }).then((refused) => {
        if (refused) showToast({ message: refused, icon: 'error' });
      });
    },
    onInsertIntoDoc: setInserting,
    onSendToChat: setSending,
  };

  // Follows the newest text while the reader is at the bottom.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [messages]);

  // Esc stops the answer being written from anywhere on the page, unless a dialog or menu takes Esc for itself.
  const latestStop = useRef(stop);
  useEffect(() => {
    latestStop.current = stop;
  });
  const isStreaming = streaming !== null;
  useEffect(() => {
    if (!isStreaming) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('[role="dialog"], [role="menu"]')) return;
      latestStop.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isStreaming]);

  // A newly opened conversation puts the cursor in its composer.
  useEffect(() => {
    scroller.current?.parentElement?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
  }, [conversation.id]);

  const defaultMode: AiMode = isAiMode(conversation.type) ? conversation.type : 'chat';

  return (
    <div className={styles.conversation}>
      <div
        ref={scroller}
        className={styles.messages}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight < followDistance;
        }}
      >
        {load.status === 'loading' && (
          <div className={styles.centered}>
            <Spinner size={20} label={t('ai.loading')} />
          </div>
        )}
        {load.status === 'error' && (
          <Notice tone="error" title={t('ai.conversation.failed')}>
            <p>{load.message}</p>
            <Button size="sm" variant="secondary" onClick={retry}>
              {t('ai.tryAgain')}
            </Button>
          </Notice>
        )}
        {load.status === 'ready' && messages.length === 0 && (
          <p className={styles.conversationEmpty}>
            {t(defaultMode === 'search' ? 'ai.conversation.emptySearch' : 'ai.conversation.empty')}
          </p>
        )}
        {load.status === 'ready' && messages.length > 0 && (
          <ol className={styles.thread} aria-label={t('ai.conversation.messages')}>
            {messages.map((message) => (
              <AiMessageView key={message.id} message={message} actions={actions} />
            ))}
          </ol>
        )}
      </div>
      <AiComposer
        key={conversation.id}
        defaultMode={defaultMode}
        maxPromptBytes={maxPromptBytes}
        streaming={streaming !== null}
        onAsk={ask}
        onStop={stop}
      />
      <InsertIntoDocDialog answer={inserting} onClose={() => setInserting(null)} copy={copyText} />
      <SendToChatDialog answer={sending} onClose={() => setSending(null)} />
    </div>
  );
}
