/** The AI assistant's state on the page. Names end in Atom (STYLE). */
import { deletionsOf } from '../../lib/deletions';
import { atom, type AppStore } from '../../lib/store';
import { mergeMessages, sortConversations, upsertConversation } from './messages';
import type { AiConversation, AiMessage, AiStatus } from './operations';

/** getAiStatus, read once per page load: null until it arrives. */
export const aiStatusAtom = atom<AiStatus | null>(null);

/** The caller's conversations in the current team, latest activity first; null until read. */
export const aiConversationsAtom = atom<readonly AiConversation[] | null>(null);

/** The messages of the conversations opened on this page, oldest first, by conversation id. */
export const aiMessagesAtom = atom<ReadonlyMap<string, readonly AiMessage[]>>(new Map());

/**
 * The deletions of conversations heard or answered in a store (lib/deletions): a rename's or a question's answer, or a
 * read, on its way before a deletion does not bring the conversation back.
 */
export const aiConversationDeletions = (store: AppStore) => deletionsOf(store, 'ai.conversation');

/** Messages of a conversation as the server sent them, merged by id; none for a conversation deleted meanwhile. */
export function storeAiMessages(store: AppStore, conversation: string, incoming: readonly AiMessage[]): void {
  if (aiConversationDeletions(store).has(conversation)) return;
  store.set(aiMessagesAtom, (all) => new Map(all).set(conversation, mergeMessages(all.get(conversation) ?? [], incoming)));
  // The list shows each conversation's last message: keep it current as questions and answers arrive.
  const last = store.get(aiMessagesAtom).get(conversation)?.at(-1);
  const list = store.get(aiConversationsAtom);
  const known = list?.find((item) => item.id === conversation);
  if (list && known && last && (known.lastMessage?.id !== last.id || known.lastMessage.state !== last.state)) {
    store.set(aiConversationsAtom, upsertConversation(list, { ...known, lastMessage: last, updatedAt: last.createdAt }));
  }
}

/** A conversation as the server sent it, new or changed, unless it was deleted meanwhile. */
export function storeAiConversation(store: AppStore, conversation: AiConversation): void {
  if (aiConversationDeletions(store).has(conversation.id)) return;
  store.set(aiConversationsAtom, (list) => upsertConversation(list ?? [], conversation));
}

/** The caller's conversations as a read has them, leaving out any deleted while the read was on its way. */
export function storeAiConversations(store: AppStore, conversations: readonly AiConversation[]): void {
  store.set(aiConversationsAtom, sortConversations(aiConversationDeletions(store).without(conversations)));
}

/** A deleted conversation leaves the page, for good. */
export function forgetAiConversation(store: AppStore, id: string): void {
  aiConversationDeletions(store).confirm(id);
  store.set(aiConversationsAtom, (list) => list?.filter((item) => item.id !== id) ?? null);
  store.set(aiMessagesAtom, (all) => {
    const next = new Map(all);
    next.delete(id);
    return next;
  });
}
