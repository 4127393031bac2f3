import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRequestError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { getSupportThreadDocument, readSupportThreadDocument, sendSupportMessageDocument, type SupportMessage } from './operations';

export type ConversationLoad =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; messages: SupportMessage[]; hasMore: boolean };

/** Adds a message once (a live delivery and the send's own answer both bring it), kept in time order. */
export function withMessage(messages: readonly SupportMessage[], message: SupportMessage): SupportMessage[] {
  if (messages.some((existing) => existing.id === message.id)) return [...messages];
  return [...messages, message].sort((first, second) => first.createdAt.localeCompare(second.createdAt));
}

/**
 * One support conversation: the caller's own (`person` null) or, for the support team, a person's. Loads it,
 * takes live messages from the page's subscription (`receive`), sends, and marks it read for the viewer's side
 * while it is on screen.
 */
export function useSupportConversation(person: string | null) {
  const { t, i18n } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  // What was loaded, for which conversation and attempt: another key reads as loading until its answer comes.
  const key = `${person ?? ''}#${attempt}`;
  const [loaded, setLoaded] = useState<{ key: string; load: ConversationLoad } | null>(null);
  const load: ConversationLoad = loaded?.key === key ? loaded.load : { status: 'loading' };

  const markRead = useCallback(() => {
    if (document.visibilityState !== 'visible') return;
    void request(readSupportThreadDocument, { person }, { handledByCaller: true }).catch(() => undefined);
  }, [person]);

  useEffect(() => {
    let current = true;
    request(getSupportThreadDocument, { person }, { handledByCaller: true }).then(
      (data) => {
        if (!current) return;
        const { thread, messages, hasMore } = data.getSupportThread;
        setLoaded({ key, load: { status: 'ready', messages, hasMore } });
        if (thread && thread.unread > 0) markRead();
      },
      (error: unknown) =>
        current && setLoaded({ key, load: { status: 'failed', message: describeRequestError(error, t, i18n.language).message } }),
    );
    return () => {
      current = false;
    };
  }, [person, key, markRead, t, i18n.language]);

  const addMessage = useCallback((message: SupportMessage) => {
    setLoaded((state) =>
      state?.load.status === 'ready'
        ? { key: state.key, load: { ...state.load, messages: withMessage(state.load.messages, message) } }
        : state,
    );
  }, []);

  /** A message of this conversation heard live; the other side's is read at once while it is on screen. */
  const receive = useCallback(
    (message: SupportMessage, fromOtherSide: boolean) => {
      addMessage(message);
      if (fromOtherSide) markRead();
    },
    [addMessage, markRead],
  );

  const send = useCallback(
    async (body: string) => {
      const data = await request(sendSupportMessageDocument, { body, person }, { handledByCaller: true });
      addMessage(data.sendSupportMessage);
    },
    [person, addMessage],
  );

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { load, receive, send, retry };
}
