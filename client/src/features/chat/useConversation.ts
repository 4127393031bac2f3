/**
 * Opens one conversation: the newest page with the unread divider, live changes (subMessage), and
 * lastViewed while it is on screen. After a reconnection subMessage catches up from the last message
 * change it saw (typing is not replayed: it fades by itself); the newest page is merged again only
 * when it could not. Its state is evicted when the view closes.
 */
import { useEffect, useEffectEvent } from 'react';
import { useAtomValue, useStore, type AppStore } from '../../lib/store';
import { useOnReconnect, useSubscription } from '../../lib/subscriptions';
import { useCoalescedReload } from '../../lib/coalescedReload';
import { spacesAtom } from '../spaces/atoms';
import {
  conversationsAtom,
  emptyConversation,
  evictConversation,
  openConversationState,
  privatsAtom,
  updateConversation,
  type ConversationState,
} from './atoms';
import { applyLiveChange, loadNewest, markViewed } from './conversationActions';
import { conversationKey } from './messages';
import { flushOutbox } from './outbox';
import { subMessageDocument, type ConversationTarget, type MessageChange } from './operations';

/** The caller's unread count of the conversation as the lists know it, read once when it opens. */
function knownUnread(store: AppStore, target: ConversationTarget): number {
  if ('privat' in target) return store.get(privatsAtom)?.find((privat) => privat.id === target.privat)?.unread ?? 0;
  if ('project' in target) return store.get(spacesAtom).get(target.project)?.unread ?? 0;
  return 0;
}

function visible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/**
 * A typing change by a meeting room's guest names them in `guest` (they have no user): shown like a person's, under
 * the guest's id, so the indicator says their name and their message clears it.
 */
export function withGuestTypist(change: MessageChange): MessageChange {
  if (change.user || !change.guest) return change;
  return { ...change, user: { id: change.guest.id, firstname: change.guest.name, lastname: '', profileImg: null } };
}

/**
 * `guest`: the viewer is a meeting room's guest, who has no read markers or offline queue: lastViewed and the
 * outbox's flush are not called for them.
 */
export function useConversation(
  target: ConversationTarget,
  unread?: number,
  { guest = false }: { guest?: boolean } = {},
): ConversationState {
  const store = useStore();
  const key = conversationKey(target);
  const state = useAtomValue(conversationsAtom).get(key) ?? emptyConversation;

  // `unread` is read once, when the conversation opens: the divider must not move afterwards.
  const open = useEffectEvent(() => {
    openConversationState(store, key);
    void loadNewest(store, target, { unread: unread ?? knownUnread(store, target) });
  });
  useEffect(() => {
    open();
    return () => evictConversation(store, key);
  }, [store, key]);

  const reloadNewest = useCoalescedReload(() => loadNewest(store, target));
  useSubscription(
    subMessageDocument,
    target,
    ({ subMessage }) => {
      applyLiveChange(store, target, withGuestTypist(subMessage));
      // A guest's message ends their typing as a member's does (the indicator is keyed by the guest's id).
      const guestAuthor = subMessage.type === 'message.created' ? subMessage.message?.authorGuest : null;
      if (guestAuthor)
        updateConversation(store, key, (current) => ({
          ...current,
          typing: current.typing.filter((person) => person.user.id !== guestAuthor.id),
        }));
    },
    { reload: reloadNewest },
  );

  // Messages written while the socket was down go out now that it is back.
  useOnReconnect(() => {
    if (!guest) void flushOutbox(store);
  });

  const newestId = state.messages.at(-1)?.id;
  const markIfVisible = useEffectEvent(() => {
    if (!guest && visible()) markViewed(store, target);
  });
  useEffect(() => {
    if (state.status === 'ready') markIfVisible();
  }, [state.status, newestId]);

  useEffect(() => {
    const onVisibility = () => markIfVisible();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  return state;
}
