/**
 * Sending without the outbox: for a meeting room's guest, and for a member whose session the page did not load (the
 * meeting room page skips it), since the outbox queues per signed-in user. A message is sent at once with a client
 * id; while it is on its way it shows as pending, and a refused or failed one offers retry (same client id, so it
 * is never posted twice) and discard. Nothing is kept across reloads.
 */
import { useCallback, useState } from 'react';
import { request, RequestError } from '../../lib/graphql';
import { useStore } from '../../lib/store';
import { acknowledgeMessage } from './outbox';
import { setMessageDocument, type ConversationTarget, type MessageQuote } from './operations';

export interface DirectItem {
  clientId: string;
  body: string;
  replyTo: MessageQuote | null;
  state: 'sending' | 'failed';
  error?: string;
}

export interface DirectSend {
  items: readonly DirectItem[];
  send: (body: string, replyTo: MessageQuote | null) => void;
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
}

const randomId = () => crypto.randomUUID();

export function useDirectSend(target: ConversationTarget, createId: () => string = randomId): DirectSend {
  const store = useStore();
  const [items, setItems] = useState<readonly DirectItem[]>([]);

  const deliver = useCallback(
    async (item: DirectItem) => {
      setItems((list) => [...list.filter((known) => known.clientId !== item.clientId), { ...item, state: 'sending', error: undefined }]);
      try {
        const { setMessage } = await request(
          setMessageDocument,
          { ...target, body: item.body, clientId: item.clientId, replyTo: item.replyTo?.id ?? null },
          { handledByCaller: true },
        );
        acknowledgeMessage(store, setMessage);
        setItems((list) => list.filter((known) => known.clientId !== item.clientId));
      } catch (error) {
        const reason = error instanceof RequestError && error.kind === 'graphql' ? error.message : undefined;
        setItems((list) =>
          list.map((known) => (known.clientId === item.clientId ? { ...known, state: 'failed' as const, error: reason } : known)),
        );
      }
    },
    [store, target],
  );

  const send = useCallback(
    (body: string, replyTo: MessageQuote | null) => void deliver({ clientId: createId(), body, replyTo, state: 'sending' }),
    [deliver, createId],
  );
  const retry = useCallback(
    (clientId: string) => {
      const item = items.find((known) => known.clientId === clientId);
      if (item) void deliver(item);
    },
    [deliver, items],
  );
  const discard = useCallback((clientId: string) => setItems((list) => list.filter((known) => known.clientId !== clientId)), []);
  return { items, send, retry, discard };
}
