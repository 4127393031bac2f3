/**
 * Chat state. Open conversations live in one Map keyed by conversation ("privat:<id>"), and are
 * evicted when their view unmounts (STYLE: no family growing with every chat visited). The
 * private chat list, the task threads list, presence and the outbox of unsent messages are app-wide.
 */
import { deletionsOf } from '../../lib/deletions';
import { atom, type AppStore } from '../../lib/store';
import { spaceListAtom } from '../spaces/atoms';
import type { ConversationTarget, Message, MessageAuthor, MessageFile, MessageQuote, PresenceState, Privat, TaskChat } from './operations';

export interface TypingPerson {
  user: MessageAuthor;
  /** Epoch ms after which the indicator is dropped unless renewed. */
  until: number;
}

export interface ConversationState {
  /** Oldest first. */
  messages: Message[];
  status: 'loading' | 'ready' | 'error';
  /** Whether older pages may exist on the server. */
  hasOlder: boolean;
  loadingOlder: boolean;
  /** The message before which the "unread" divider sits, fixed when the conversation opens. */
  dividerId: string | null;
  typing: readonly TypingPerson[];
}

export const emptyConversation: ConversationState = {
  messages: [],
  status: 'loading',
  hasOlder: true,
  loadingOlder: false,
  dividerId: null,
  typing: [],
};

export const conversationsAtom = atom<ReadonlyMap<string, ConversationState>>(new Map());

export function updateConversation(store: AppStore, key: string, update: (state: ConversationState) => ConversationState): void {
  store.set(conversationsAtom, (all) => {
    const current = all.get(key);
    if (!current) return all;
    const next = update(current);
    return next === current ? all : new Map(all).set(key, next);
  });
}

/**
 * The deletions of messages sent or heard in a store (lib/deletions): an echo, an answer or a page on its way before a
 * deletion does not bring the message back.
 */
export const messageDeletions = (store: AppStore) => deletionsOf(store, 'chat.message');

/** A read of a page of one conversation on its way, with the messages shown in it since the read was sent. */
export interface PageRead {
  shown: Message[];
  end: () => void;
}

/** Per store, the page reads on their way, by conversation. */
const pageReads = new WeakMap<AppStore, Set<{ key: string; shown: Message[] }>>();

/**
 * Starts keeping the messages shown in conversation `key` (heard live, answered, put back) until `end`, so the page's
 * answer, which may predate them, does not take them back: merge them again over it.
 */
export function startPageRead(store: AppStore, key: string): PageRead {
  let reads = pageReads.get(store);
  if (!reads) pageReads.set(store, (reads = new Set()));
  const read = { key, shown: [] as Message[] };
  reads.add(read);
  return { shown: read.shown, end: () => reads.delete(read) };
}

/** A message shown in conversation `key`: the page reads on their way keep it (startPageRead). */
export function shownWhilePagesRead(store: AppStore, key: string, message: Message): void {
  for (const read of pageReads.get(store) ?? []) if (read.key === key) read.shown.push(message);
}

export function openConversationState(store: AppStore, key: string): void {
  store.set(conversationsAtom, (all) => (all.has(key) ? all : new Map(all).set(key, emptyConversation)));
}

export function evictConversation(store: AppStore, key: string): void {
  store.set(conversationsAtom, (all) => {
    if (!all.has(key)) return all;
    const next = new Map(all);
    next.delete(key);
    return next;
  });
}

export type OutboxState = 'pending' | 'sending' | 'failed';

/** A message the user sent that the server has not acknowledged yet. */
export interface OutboxItem {
  clientId: string;
  /** The signed-in user who wrote it: a shared browser never sends one user's queue as another. */
  userId: string;
  conversation: string;
  target: ConversationTarget;
  body: string;
  replyTo: MessageQuote | null;
  /** An uploaded attachment: the message is sent as a file message with it. */
  file?: MessageFile | null;
  createdAt: string;
  state: OutboxState;
  /** Why the server refused it (failed). */
  error?: string;
}

/** The private chats of the current team, most recently updated first; null until loaded. */
export const privatsAtom = atom<readonly Privat[] | null>(null);

function byUpdatedDescending(left: Privat, right: Privat): number {
  return Date.parse(right.updated) - Date.parse(left.updated);
}

export function storePrivat(store: AppStore, privat: Privat): void {
  store.set(privatsAtom, (list) => [...(list ?? []).filter((known) => known.id !== privat.id), privat].sort(byUpdatedDescending));
}

export function forgetPrivat(store: AppStore, id: string): void {
  store.set(privatsAtom, (list) => (list ? list.filter((known) => known.id !== id) : list));
}

export function setPrivats(store: AppStore, privats: readonly Privat[]): void {
  store.set(privatsAtom, [...privats].sort(byUpdatedDescending));
}

/** The task threads of the current team with messages (the chat lists' Tasks tab), most recently active first; null until loaded. */
export const taskChatsAtom = atom<readonly TaskChat[] | null>(null);

export function storeTaskChatUnread(store: AppStore, taskId: string, unread: number): void {
  store.set(
    taskChatsAtom,
    (list) => list?.map((task) => (task.id === taskId && task.unread !== unread ? { ...task, unread } : task)) ?? list,
  );
}

export const presenceAtom = atom<ReadonlyMap<string, PresenceState>>(new Map());

/** Unread messages across private chats and spaces: the sidebar's badge on Chats. */
export const chatUnreadTotalAtom = atom((get) => {
  const privats = (get(privatsAtom) ?? []).reduce((sum, privat) => sum + (privat.inactive ? 0 : privat.unread), 0);
  const spaces = get(spaceListAtom).reduce((sum, space) => sum + (space.unread ?? 0), 0);
  return privats + spaces;
});
