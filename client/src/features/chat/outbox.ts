/**
 * The outbox: every message the user sends goes through it, so none is lost or sent twice.
 *
 * - Attachments are uploaded first (attachments.ts); the recorded file then comes here like any
 *   message, so a file message queued offline is sent once the connection is back.
 * - Sending adds an item with a fresh clientId (crypto.randomUUID) to `outboxAtom`, mirrored in
 *   localStorage so a reload keeps it, then flushes.
 * - A flush sends pending items one at a time, in order, unless the connection is down (the
 *   websocket is reconnecting or the browser is offline): then they wait, shown with a clock,
 *   and the next flush runs when the socket is back (onReconnect, the `online` event).
 * - A network failure leaves the item pending and schedules another flush after a backoff (1 s
 *   doubling to 30 s, as the live connection): that one goes out even while the websocket still
 *   reads "reconnecting" (a message is sent over HTTP, which may be back well before the socket), so
 *   a message is never left waiting for a socket event. A refusal marks it failed, and the user
 *   retries (same clientId: the server returns the first message and writes nothing) or discards it.
 * - Every attempt of an item sends its clientId as the mutation's Idempotency-Key too, so the server
 *   answers a resend whose first answer was lost with that first answer. A key the server says was
 *   used for another request (a page of a newer version resending an item an older one sent) is
 *   dropped for that attempt: the clientId alone still makes the server return the first message.
 * - The item leaves the outbox when the mutation result or the subMessage echo carrying its
 *   clientId arrives, whichever is first; both merge into the list by id, so neither duplicates.
 */
import { websocketRetryDelay } from '#shared/constants';
import { readStored, writeStored } from '../../lib/browser';
import { request, RequestError } from '../../lib/graphql';
import { atom, type AppStore } from '../../lib/store';
import { connectionStatusAtom } from '../../lib/subscriptions';
import { currentUserAtom } from '../auth/session';
import { messageDeletions, shownWhilePagesRead, updateConversation, type OutboxItem } from './atoms';
import { conversationKey, mergeMessages } from './messages';
import { setMessageDocument, type ConversationTarget, type Message, type MessageFile, type MessageQuote } from './operations';

export const outboxStorageKey = 'chat.outbox';

export const outboxAtom = atom<readonly OutboxItem[]>([]);

function isOutboxItem(value: unknown): value is OutboxItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<OutboxItem>;
  return (
    typeof item.clientId === 'string' &&
    typeof item.userId === 'string' &&
    typeof item.body === 'string' &&
    typeof item.conversation === 'string' &&
    typeof item.target === 'object' &&
    item.target !== null
  );
}

/** The items a previous page left in storage; one that was being sent when the page closed is pending again. */
export function readStoredOutbox(): OutboxItem[] {
  try {
    const parsed: unknown = JSON.parse(readStored(outboxStorageKey) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isOutboxItem).map((item) => (item.state === 'sending' ? { ...item, state: 'pending' } : item));
  } catch {
    return [];
  }
}

function setOutbox(store: AppStore, update: (items: readonly OutboxItem[]) => readonly OutboxItem[]): void {
  store.set(outboxAtom, update);
  writeStored(outboxStorageKey, JSON.stringify(store.get(outboxAtom)));
}

function patchItem(store: AppStore, clientId: string, patch: Partial<OutboxItem>): void {
  setOutbox(store, (items) => items.map((item) => (item.clientId === clientId ? { ...item, ...patch } : item)));
}

/** Loads what a previous page left unsent into the outbox (kept once per clientId). */
export function restoreOutbox(store: AppStore): void {
  const stored = readStoredOutbox();
  if (stored.length === 0) return;
  setOutbox(store, (items) => {
    const known = new Set(items.map((item) => item.clientId));
    return [...items, ...stored.filter((item) => !known.has(item.clientId))];
  });
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function isDisconnected(store: AppStore): boolean {
  return isOffline() || store.get(connectionStatusAtom) === 'reconnecting';
}

export function targetKeyOf(message: Pick<Message, 'project' | 'privat' | 'task' | 'meetingroom'>): string | null {
  if (message.project) return conversationKey({ project: message.project });
  if (message.privat) return conversationKey({ privat: message.privat });
  if (message.task) return conversationKey({ task: message.task });
  if (message.meetingroom) return conversationKey({ meetingroom: message.meetingroom });
  return null;
}

/**
 * A message the server acknowledged (mutation result or live echo): the pending item with its
 * clientId leaves the outbox, and the message joins its conversation by id.
 */
export function acknowledgeMessage(store: AppStore, message: Message): void {
  if (message.clientId && store.get(outboxAtom).some((item) => item.clientId === message.clientId)) {
    setOutbox(store, (items) => items.filter((item) => item.clientId !== message.clientId));
  }
  const key = targetKeyOf(message);
  if (key && !messageDeletions(store).has(message.id)) {
    shownWhilePagesRead(store, key, message);
    updateConversation(store, key, (state) => ({ ...state, messages: mergeMessages(state.messages, [message]) }));
  }
}

const flushChains = new WeakMap<AppStore, Promise<void>>();

/** The retry after a network failure, per store: how many came in a row, and the one scheduled. */
const retries = new WeakMap<AppStore, { attempt: number; timer: ReturnType<typeof setTimeout> | null }>();

function retryStateOf(store: AppStore) {
  let state = retries.get(store);
  if (!state) retries.set(store, (state = { attempt: 0, timer: null }));
  return state;
}

/** Another flush after the backoff, whatever the socket says by then (the server may be back for HTTP first). */
function scheduleRetry(store: AppStore): void {
  const state = retryStateOf(store);
  if (state.timer !== null) return;
  state.timer = setTimeout(() => {
    state.timer = null;
    void queueFlush(store, true);
  }, websocketRetryDelay(state.attempt));
  state.attempt += 1;
}

/** Nothing left to send, or a send went through: the next failure starts the backoff again. */
function settleRetry(store: AppStore): void {
  const state = retries.get(store);
  if (!state) return;
  state.attempt = 0;
  if (state.timer !== null && !store.get(outboxAtom).some((item) => item.state === 'pending')) {
    clearTimeout(state.timer);
    state.timer = null;
  }
}

async function deliver(store: AppStore, item: OutboxItem): Promise<void> {
  patchItem(store, item.clientId, { state: 'sending', error: undefined });
  try {
    const variables = {
      ...item.target,
      body: item.body,
      clientId: item.clientId,
      ...(item.replyTo ? { replyTo: item.replyTo.id } : {}),
      ...(item.file ? { type: 'file' as const, file: item.file.id } : {}),
    };
    const send = (idempotencyKey?: string) =>
      request(setMessageDocument, variables, { handledByCaller: true, ...(idempotencyKey ? { idempotencyKey } : {}) });
    const { setMessage } = await send(item.clientId).catch((error: unknown) => {
      if (error instanceof RequestError && error.code === 'IDEMPOTENCY_KEY_REUSED') return send();
      throw error;
    });
    acknowledgeMessage(store, setMessage);
    settleRetry(store);
  } catch (error) {
    if (!store.get(outboxAtom).some((queued) => queued.clientId === item.clientId)) return;
    const transient = !(error instanceof RequestError) || error.kind !== 'graphql';
    if (transient) {
      patchItem(store, item.clientId, { state: 'pending' });
      scheduleRetry(store);
    } else patchItem(store, item.clientId, { state: 'failed', error: error.message });
  }
}

/** `retrying`: the backoff's flush, which only an offline browser holds back. */
async function flushOnce(store: AppStore, retrying: boolean): Promise<void> {
  const me = store.get(currentUserAtom)?.id;
  if (!me) return;
  for (const { clientId } of store.get(outboxAtom)) {
    if (retrying ? isOffline() : isDisconnected(store)) return;
    // Re-read: an echo may have removed it, or the user discarded it, while an earlier one was sending.
    const item = store.get(outboxAtom).find((queued) => queued.clientId === clientId);
    if (!item || item.state !== 'pending' || item.userId !== me) continue;
    await deliver(store, item);
    if (store.get(outboxAtom).find((queued) => queued.clientId === clientId)?.state === 'pending') return;
  }
}

/** Sends every pending item, in order; calls made while a flush runs queue behind it, so an item is never sent twice at once. */
export function flushOutbox(store: AppStore): Promise<void> {
  return queueFlush(store, false);
}

function queueFlush(store: AppStore, retrying: boolean): Promise<void> {
  const next = (flushChains.get(store) ?? Promise.resolve()).then(() => flushOnce(store, retrying));
  flushChains.set(store, next);
  return next;
}

export interface Outgoing {
  target: ConversationTarget;
  body: string;
  replyTo?: MessageQuote | null;
  /** An attachment already uploaded to the conversation's owner (see attachments.ts); the body may then be empty. */
  file?: MessageFile | null;
}

/** Queues a message and tries to send it now. Returns the queued item (its clientId identifies it until the server answers). */
export function sendMessage(store: AppStore, outgoing: Outgoing, createId: () => string = () => crypto.randomUUID()): OutboxItem | null {
  const userId = store.get(currentUserAtom)?.id;
  if (!userId) return null;
  const item: OutboxItem = {
    clientId: createId(),
    userId,
    conversation: conversationKey(outgoing.target),
    target: outgoing.target,
    body: outgoing.body,
    replyTo: outgoing.replyTo ?? null,
    ...(outgoing.file ? { file: outgoing.file } : {}),
    createdAt: new Date().toISOString(),
    state: 'pending',
  };
  setOutbox(store, (items) => [...items, item]);
  void flushOutbox(store);
  return item;
}

/** Sends a failed item again with the same clientId. */
export function retryMessage(store: AppStore, clientId: string): Promise<void> {
  patchItem(store, clientId, { state: 'pending', error: undefined });
  return flushOutbox(store);
}

export function discardMessage(store: AppStore, clientId: string): void {
  setOutbox(store, (items) => items.filter((item) => item.clientId !== clientId));
  settleRetry(store);
}
