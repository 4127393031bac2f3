/**
 * Pure logic of a conversation's message list: merging pages and live changes by id (so a page
 * fetched after a reconnect never duplicates what the subscription already brought), where the
 * "unread" divider goes, and how rows are grouped for display.
 */
import type { ConversationTarget, Message, MessageChange } from './operations';

/**
 * Who wrote a message, as one id: a member's user id, or a meeting room guest's id (their messages have no
 * author). Null for automatic entries.
 */
export function authorKeyOf(message: Pick<Message, 'author' | 'authorGuest'>): string | null {
  return message.author?.id ?? message.authorGuest?.id ?? null;
}

/** Whether the viewer (a user's id, or a guest's) wrote the message. */
export function isOwnMessage(message: Pick<Message, 'author' | 'authorGuest'>, me: string | null): boolean {
  return me !== null && authorKeyOf(message) === me;
}

export function conversationKey(target: ConversationTarget): string {
  const [kind, id] = Object.entries(target)[0] ?? ['none', ''];
  return `${kind}:${String(id)}`;
}

/** Oldest first: by creation time, then id, so two messages of the same millisecond keep one order everywhere. */
export function compareMessages(left: Pick<Message, 'createdAt' | 'id'>, right: Pick<Message, 'createdAt' | 'id'>): number {
  const byTime = Date.parse(left.createdAt) - Date.parse(right.createdAt);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return left.id < right.id ? -1 : left.id > right.id ? 1 : 0;
}

/** Union by id, the incoming version winning, sorted oldest first. `existing` is returned as is when nothing changes. */
export function mergeMessages(existing: readonly Message[], incoming: readonly Message[]): Message[] {
  if (incoming.length === 0) return existing as Message[];
  const byId = new Map(existing.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(compareMessages);
}

/**
 * `incoming` merged by id (mergeMessages), leaving out any message older than the oldest listed: one that is not loaded
 * (an edit or reaction of an old message, shown while a page was on its way), which at the top of the list would make
 * the next older page start before it and skip every message in between.
 */
export function mergeWithinLoaded(existing: readonly Message[], incoming: readonly Message[]): Message[] {
  const oldest = existing[0];
  return mergeMessages(existing, oldest ? incoming.filter((message) => compareMessages(message, oldest) >= 0) : incoming);
}

/** `message` in place of the listed one with its id; `existing` as is when it is not listed (not loaded, or deleted). */
export function replaceListed(existing: readonly Message[], message: Message): Message[] {
  return existing.some((known) => known.id === message.id) ? mergeMessages(existing, [message]) : (existing as Message[]);
}

export function removeMessage(existing: readonly Message[], id: string): Message[] {
  const next = existing.filter((message) => message.id !== id);
  return next.length === existing.length ? (existing as Message[]) : next;
}

/**
 * One subMessage change applied to the list: a new message joins it, an edit or reaction replaces only a listed message
 * (one not loaded is read with its page, in order), typing changes leave it untouched.
 */
export function applyMessageChange(existing: readonly Message[], change: MessageChange): Message[] {
  if (change.type === 'message.deleted') return change.messageId ? removeMessage(existing, change.messageId) : (existing as Message[]);
  if (change.type === 'message.created' && change.message) return mergeMessages(existing, [change.message]);
  if (change.type.startsWith('message.') && change.message) return replaceListed(existing, change.message);
  return existing as Message[];
}

/**
 * The first unread message: the server counts messages of others since the caller last viewed the
 * conversation, so the divider sits before the `unread`-th newest message written by someone else.
 * When there are more unread than loaded, it sits before the oldest loaded message of others.
 */
export function unreadDividerId(messages: readonly Message[], unread: number, me: string | null): string | null {
  if (unread <= 0) return null;
  const others = messages.filter((message) => !isOwnMessage(message, me) && message.type !== 'system');
  if (others.length === 0) return null;
  return (others[Math.max(0, others.length - unread)] ?? others[0])?.id ?? null;
}

/** Local calendar day of a timestamp, as a comparable key. */
export function dayKey(timestamp: string): string {
  const date = new Date(timestamp);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** Consecutive messages of one author within this window show one header. */
export const groupingWindowMs = 5 * 60 * 1000;

export type Row =
  | { kind: 'day'; key: string; date: string }
  | { kind: 'unread'; key: string }
  | { kind: 'message'; key: string; message: Message; grouped: boolean };

/** Display rows: a separator at each new day, the unread divider, and whether a message continues its author's group. */
export function buildRows(messages: readonly Message[], dividerId: string | null): Row[] {
  const rows: Row[] = [];
  let previous: Message | undefined;
  for (const message of messages) {
    const day = dayKey(message.createdAt);
    const newDay = !previous || dayKey(previous.createdAt) !== day;
    if (newDay) rows.push({ kind: 'day', key: `day-${day}`, date: message.createdAt });
    const divider = message.id === dividerId;
    if (divider) rows.push({ kind: 'unread', key: 'unread' });
    const grouped =
      !newDay &&
      !divider &&
      previous !== undefined &&
      !message.replyTo &&
      message.type === 'text' &&
      previous.type === 'text' &&
      // Two guests' messages (no author) are two people's.
      authorKeyOf(previous) === authorKeyOf(message) &&
      Date.parse(message.createdAt) - Date.parse(previous.createdAt) < groupingWindowMs;
    rows.push({ kind: 'message', key: message.id, message, grouped });
    previous = message;
  }
  return rows;
}
