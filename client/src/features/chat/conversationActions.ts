/**
 * Reads and writes of one conversation. Pages and live changes go through the same merge by id;
 * edits, deletions and reactions are optimistic and roll back with a toast when refused.
 */
import { request } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import type { AppStore } from '../../lib/store';
import { showToast } from '../../ui';
import { currentUserAtom } from '../auth/session';
import { storeSpaceChat, spacesAtom } from '../spaces/atoms';
import { isNotFoundError } from '../spaces/useSpaceLookup';
import {
  conversationsAtom,
  messageDeletions,
  privatsAtom,
  shownWhilePagesRead,
  startPageRead,
  storePrivat,
  storeTaskChatUnread,
  updateConversation,
  type ConversationState,
} from './atoms';
import {
  applyMessageChange,
  conversationKey,
  mergeMessages,
  mergeWithinLoaded,
  removeMessage,
  replaceListed,
  unreadDividerId,
} from './messages';
import { acknowledgeMessage } from './outbox';
import type { SendTypingSignal } from './typingSignal';
import {
  delMessageDocument,
  ediMessageDocument,
  getMessagesDocument,
  lastViewedDocument,
  messagePageSize,
  reactMessageDocument,
  typingMessageDocument,
  type ConversationTarget,
  type Message,
  type MessageChange,
} from './operations';

function refused(title: string, error: unknown): void {
  const message = error instanceof Error && error.message ? error.message : i18n.t('chat.errors.generic');
  showToast({ title, message, icon: 'error' });
}

function me(store: AppStore): string | null {
  return store.get(currentUserAtom)?.id ?? null;
}

/**
 * Reads the newest page. On open it places the unread divider; after a reconnection it merges by
 * id, and when the page does not reach what is on screen (more than a page was missed) it
 * replaces the list, older pages loading again on scroll, so no gap is ever shown. Messages shown
 * while the page was on its way (heard live, answered) are merged again over it, as it may predate them, unless older
 * than the list's oldest (mergeWithinLoaded): scrolling up then reads every older message.
 */
export async function loadNewest(store: AppStore, target: ConversationTarget, options: { unread?: number } = {}): Promise<void> {
  const key = conversationKey(target);
  const reading = startPageRead(store, key);
  try {
    const { getMessages } = await request(getMessagesDocument, { ...target, first: messagePageSize }, { handledByCaller: true });
    const page = [...messageDeletions(store).without(getMessages)].reverse();
    updateConversation(store, key, (state) => {
      const newestKnown = state.messages.at(-1);
      const oldestFetched = page[0];
      const overlaps = page.some((message) => state.messages.some((known) => known.id === message.id));
      const gap =
        state.messages.length > 0 &&
        !overlaps &&
        page.length >= messagePageSize &&
        newestKnown !== undefined &&
        oldestFetched !== undefined &&
        Date.parse(oldestFetched.createdAt) > Date.parse(newestKnown.createdAt);
      const messages = mergeWithinLoaded(gap ? page : mergeMessages(state.messages, page), messageDeletions(store).without(reading.shown));
      const first = state.status !== 'ready';
      return {
        ...state,
        status: 'ready',
        messages,
        hasOlder: first || gap ? getMessages.length >= messagePageSize : state.hasOlder,
        dividerId: first ? unreadDividerId(messages, options.unread ?? 0, me(store)) : state.dividerId,
      };
    });
  } catch {
    updateConversation(store, key, (state) => (state.status === 'ready' ? state : { ...state, status: 'error' }));
  } finally {
    reading.end();
  }
}

/** Reads the page before the oldest message on screen. */
export async function loadOlder(store: AppStore, target: ConversationTarget): Promise<void> {
  const key = conversationKey(target);
  const state = store.get(conversationsAtom).get(key);
  const oldest = state?.messages[0];
  if (!state || state.loadingOlder || !state.hasOlder || !oldest) return;
  updateConversation(store, key, (current) => ({ ...current, loadingOlder: true }));
  const reading = startPageRead(store, key);
  try {
    const { getMessages } = await request(
      getMessagesDocument,
      { ...target, first: messagePageSize, before: oldest.id },
      { handledByCaller: true },
    );
    updateConversation(store, key, (current) => ({
      ...current,
      loadingOlder: false,
      hasOlder: getMessages.length >= messagePageSize,
      messages: mergeWithinLoaded(
        mergeMessages(current.messages, messageDeletions(store).without(getMessages)),
        messageDeletions(store).without(reading.shown),
      ),
    }));
  } catch (error) {
    updateConversation(store, key, (current) => ({ ...current, loadingOlder: false }));
    refused(i18n.t('chat.errors.loadOlder'), error);
  } finally {
    reading.end();
  }
}

/** How long a "X is typing…" stays without a new signal. */
export const typingShownMs = 6000;

/**
 * One subMessage change: messages merge by id (and settle the outbox), typing signals refresh or drop the indicator.
 * A message deleted meanwhile (the caller's deletion on its way: an earlier edit's or reaction's echo can come before
 * the deletion's) stays deleted.
 */
export function applyLiveChange(store: AppStore, target: ConversationTarget, heard: MessageChange, now = Date.now()): void {
  const key = conversationKey(target);
  const deletions = messageDeletions(store);
  if (heard.type === 'message.deleted' && heard.messageId) deletions.confirm(heard.messageId);
  const change = heard.message && deletions.has(heard.message.id) ? { ...heard, message: null } : heard;
  if (change.type === 'typing' || change.type === 'typing.stopped') {
    const user = change.user;
    if (!user || user.id === me(store)) return;
    const others = (state: ConversationState) => state.typing.filter((person) => person.user.id !== user.id);
    updateConversation(store, key, (state) => ({
      ...state,
      typing: change.type === 'typing' ? [...others(state), { user, until: now + typingShownMs }] : others(state),
    }));
    return;
  }
  // The outbox settles even for a message deleted meanwhile (acknowledgeMessage leaves that one out of the list).
  if (heard.type === 'message.created' && heard.message) acknowledgeMessage(store, heard.message);
  if (change.type.startsWith('message.') && change.message) shownWhilePagesRead(store, key, change.message);
  const authorId = heard.message?.author?.id;
  updateConversation(store, key, (state): ConversationState => ({
    ...state,
    messages: applyMessageChange(state.messages, change),
    typing: change.type === 'message.created' && authorId ? state.typing.filter((person) => person.user.id !== authorId) : state.typing,
  }));
}

/** A message put back in its conversation (a deletion the server refused), unless the list no longer reaches back to it. */
function restoreMessage(store: AppStore, message: Message): void {
  const key = conversationKey(targetOfMessage(message));
  shownWhilePagesRead(store, key, message);
  updateConversation(store, key, (state) => ({ ...state, messages: mergeWithinLoaded(state.messages, [message]) }));
}

/**
 * An edit's or a reaction's message (shown at once, the server's answer, or put back when refused), only while the
 * message is still listed: one deleted meanwhile (by the caller, or live by someone else, whose echo may have come
 * before this answer) must not come back.
 */
function replaceListedMessage(store: AppStore, message: Message): void {
  const key = conversationKey(targetOfMessage(message));
  if (
    !store
      .get(conversationsAtom)
      .get(key)
      ?.messages.some((known) => known.id === message.id)
  )
    return;
  shownWhilePagesRead(store, key, message);
  updateConversation(store, key, (state) => ({ ...state, messages: replaceListed(state.messages, message) }));
}

export function targetOfMessage(message: Message): ConversationTarget {
  if (message.privat) return { privat: message.privat };
  if (message.task) return { task: message.task };
  if (message.meetingroom) return { meetingroom: message.meetingroom };
  return { project: message.project ?? '' };
}

export async function editMessage(store: AppStore, message: Message, body: string): Promise<boolean> {
  replaceListedMessage(store, { ...message, body, editedAt: new Date().toISOString() });
  try {
    const { ediMessage } = await request(ediMessageDocument, { id: message.id, body }, { handledByCaller: true });
    replaceListedMessage(store, ediMessage);
    return true;
  } catch (error) {
    replaceListedMessage(store, message);
    refused(i18n.t('chat.errors.edit'), error);
    return false;
  }
}

/** Deletes a message, gone at once: until the answer, no echo or page brings it back (messageDeletions). */
export async function deleteMessage(store: AppStore, message: Message): Promise<boolean> {
  const key = conversationKey(targetOfMessage(message));
  const deletions = messageDeletions(store);
  deletions.begin(message.id);
  updateConversation(store, key, (state) => ({ ...state, messages: removeMessage(state.messages, message.id) }));
  try {
    await request(delMessageDocument, { id: message.id }, { handledByCaller: true });
    deletions.confirm(message.id);
    return true;
  } catch (error) {
    // Refused because it is already gone (someone deleted it first; their echo may have come already): it stays gone,
    // and nothing on its way (an earlier echo, a page) may bring it back.
    if (isNotFoundError(error)) deletions.confirm(message.id);
    const gone = deletions.refuse(message.id);
    if (!gone) restoreMessage(store, message);
    refused(i18n.t('chat.errors.delete'), error);
    return false;
  }
}

/** The reactions as they will be once the caller's reaction with `emoji` is toggled. */
export function toggledReactions(message: Message, emoji: string, userId: string): Message['reactions'] {
  const existing = message.reactions.find((reaction) => reaction.emoji === emoji);
  if (!existing) return [...message.reactions, { emoji, count: 1, users: [userId] }];
  const users = existing.users.includes(userId) ? existing.users.filter((id) => id !== userId) : [...existing.users, userId];
  return message.reactions
    .map((reaction) => (reaction.emoji === emoji ? { ...reaction, users, count: users.length } : reaction))
    .filter((reaction) => reaction.count > 0);
}

export async function toggleReaction(store: AppStore, message: Message, emoji: string): Promise<void> {
  const userId = me(store);
  if (!userId) return;
  replaceListedMessage(store, { ...message, reactions: toggledReactions(message, emoji, userId) });
  try {
    const { reactMessage } = await request(reactMessageDocument, { id: message.id, emoji }, { handledByCaller: true });
    replaceListedMessage(store, reactMessage);
  } catch (error) {
    replaceListedMessage(store, message);
    refused(i18n.t('chat.errors.react'), error);
  }
}

/** lastViewed is sent at most this often per conversation while messages keep arriving. */
export const lastViewedThrottleMs = 2000;
const lastViewedSent = new Map<string, number>();
const lastViewedScheduled = new Map<string, ReturnType<typeof setTimeout>>();

function clearUnread(store: AppStore, target: ConversationTarget): void {
  if ('privat' in target) {
    const privat = store.get(privatsAtom)?.find((known) => known.id === target.privat);
    if (privat && privat.unread > 0) storePrivat(store, { ...privat, unread: 0 });
  }
  if ('project' in target) {
    const space = store.get(spacesAtom).get(target.project);
    if (space?.unread) storeSpaceChat(store, target.project, { unread: 0, lastMessage: space.lastMessage ?? null });
  }
  if ('task' in target) storeTaskChatUnread(store, target.task, 0);
}

/** Marks the conversation read, throttled: the first call goes at once, later ones are folded into one at the end of the window. */
export function markViewed(store: AppStore, target: ConversationTarget): void {
  const key = conversationKey(target);
  if (lastViewedScheduled.has(key)) return;
  const wait = Math.max(0, (lastViewedSent.get(key) ?? 0) + lastViewedThrottleMs - Date.now());
  const send = () => {
    lastViewedScheduled.delete(key);
    lastViewedSent.set(key, Date.now());
    clearUnread(store, target);
    void request(lastViewedDocument, target, { silent: true }).catch(() => undefined);
  };
  if (wait === 0) send();
  else lastViewedScheduled.set(key, setTimeout(send, wait));
}

/** Sends the caller's typing signal (a start, or a stop) for one conversation; TypingSignal decides when. */
export function sendTypingSignal(target: ConversationTarget): SendTypingSignal {
  return (stopped, signal) => request(typingMessageDocument, stopped ? { ...target, stopped } : target, { handledByCaller: true, signal });
}
