/**
 * One open conversation: its messages read once, then kept current by subAiMessage (each event carries the answer
 * as it is now, merged by id, so events and the mutation's answer can arrive in any order). After a live gap the
 * messages are read again.
 */
import { useCallback, useEffect, useState } from 'react';
import { coalesceReloads } from '../../lib/coalescedReload';
import { describeRequestError } from '../../lib/formMessages';
import { i18n } from '../../lib/i18n';
import { useAtomValue, useStore } from '../../lib/store';
import { subscribe } from '../../lib/subscriptions';
import { loadAiMessages } from './aiActions';
import { aiMessagesAtom, storeAiMessages } from './atoms';
import { subAiMessageDocument, type AiMessage } from './operations';

export type ConversationLoad = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string };

const noMessages: readonly AiMessage[] = [];

export function useAiConversation(id: string | null): { messages: readonly AiMessage[]; load: ConversationLoad; retry: () => void } {
  const store = useStore();
  const messages = useAtomValue(aiMessagesAtom).get(id ?? '') ?? noMessages;
  const [load, setLoad] = useState<{ key: string; load: ConversationLoad } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const key = id ? `${id}:${attempt}` : null;

  useEffect(() => {
    if (!id || !key) return undefined;
    const abort = new AbortController();
    const read = () =>
      loadAiMessages(store, id, abort.signal).then(
        () => setLoad({ key, load: { status: 'ready' } }),
        (error: unknown) => {
          if (abort.signal.aborted) return;
          setLoad({ key, load: { status: 'error', message: describeRequestError(error, i18n.t, i18n.language).message } });
        },
      );
    const reload = coalesceReloads(read);
    // Subscribed before the read, so an answer written meanwhile is not missed.
    const stop = subscribe(
      subAiMessageDocument,
      { aiconversation: id },
      ({ subAiMessage }) => storeAiMessages(store, id, [subAiMessage.message]),
      undefined,
      reload.request,
    );
    void read();
    return () => {
      abort.abort();
      reload.cancel();
      stop();
    };
  }, [id, key, store]);

  const current: ConversationLoad = load && load.key === key ? load.load : { status: 'loading' };
  // Messages already on the page (asked here before the read came back) are shown while it is on its way.
  return { messages, load: current.status === 'loading' && messages.length > 0 ? { status: 'ready' } : current, retry };
}
