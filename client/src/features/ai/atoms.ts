/** The AI assistant's state on the page. Names end in Atom (STYLE). */
import { atom, type AppStore } from '../../lib/store';
import { mergeMessages, upsertConversation } from './messages';
import type { AiConversation, AiMessage, AiStatus } from './operations';

/** getAiStatus, read once per page load: null until it arrives. */
export const aiStatusAtom = atom<AiStatus | null>(null);

/** The caller's conversations in the current team, latest activity first; null until read. */
export const aiConversationsAtom = atom<readonly AiConversation[] | null>(null);

/** The messages of the conversations opened on this page, oldest first, by conversation id. */
export const aiMessagesAtom = atom<ReadonlyMap<string, readonly AiMessage[]>>(new Map());

export function storeAiMessages(store: AppStore, conversation: string, incoming: readonly AiMessage[]): void {
  store.set(aiMessagesAtom, (all) => new Map(all).set(conversation, mergeMessages(all.get(conversation) ?? [], incoming)));
  // The list shows each conversation's last message: keep it current as questions and answers arrive.
  const last = store.get(aiMessagesAtom).get(conversation)?.at(-1);
  const list = store.get(aiConversationsAtom);
  const known = list?.find((item) => item.id === conversation);
  if (list && known && last && (known.lastMessage?.id !== last.id || known.lastMessage.state !== last.state)) {
    store.set(aiConversationsAtom, upsertConversation(list, { ...known, lastMessage: last, updatedAt: last.createdAt }));
  }
}

export function storeAiConversation(store: AppStore, conversation: AiConversation): void {
  store.set(aiConversationsAtom, (list) => upsertConversation(list ?? [], conversation));
}

export function forgetAiConversation(store: AppStore, id: string): void {
  store.set(aiConversationsAtom, (list) => list?.filter((item) => item.id !== id) ?? null);
  store.set(aiMessagesAtom, (all) => {
    const next = new Map(all);
    next.delete(id);
    return next;
  });
}
