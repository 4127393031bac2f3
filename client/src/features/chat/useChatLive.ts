/**
 * App-wide chat liveness, mounted once by the dashboard: the private chat list (subPrivat), the
 * spaces' unread counts and last messages (subProject's project.message / project.read),
 * presence (getPresence, subPresence, and the caller's own online/away), and the outbox, flushed
 * when the page starts and whenever the connection comes back. After a reconnection the two lists
 * catch up from the last change their subscriptions saw, and are read again only when one could
 * not; presence is not in the event log, so it is read again after every reconnection. Signing out
 * removes the user's message drafts from the device.
 */
import { useEffect } from 'react';
import { request } from '../../lib/graphql';
import { subscribe, onReconnect, connectionStatusAtom } from '../../lib/subscriptions';
import { useAtomValue, useStore } from '../../lib/store';
import { currentTeamAtom, currentUserAtom } from '../auth/session';
import { coalesceReloads } from '../../lib/coalescedReload';
import { spaceIdsAtom } from '../spaces/atoms';
import { resumeAttachments } from './attachments';
import { applyPresence, applyPrivatChange, applySpaceChatChange, loadPresence, loadPrivats, loadSpaceChats } from './chatLists';
import { forgetDrafts } from './drafts';
import { keepLoading, onChatListsRetry, privatsFailedAtom } from './listLoading';
import { flushOutbox, restoreOutbox } from './outbox';
import { setPresenceDocument, subPresenceDocument, subPrivatDocument, subSpaceChatsDocument } from './operations';

function reportPresence(state: 'online' | 'away'): void {
  void request(setPresenceDocument, { state }, { silent: true }).catch(() => undefined);
}

export function useChatLive(): void {
  const store = useStore();
  const teamId = useAtomValue(currentTeamAtom)?.id;
  const userId = useAtomValue(currentUserAtom)?.id;
  const spacesLoaded = useAtomValue(spaceIdsAtom) !== null;

  useEffect(() => {
    if (!teamId) return undefined;
    const reloadPrivats = coalesceReloads(() => loadPrivats(store));
    const reloadSpaceChats = coalesceReloads(() => loadSpaceChats(store));
    // Read until they arrive: a failed read is retried with backoff (and at once on "Try again"), never left loading.
    const stops = [
      keepLoading(() => loadPrivats(store), {
        onFailed: (failed) => store.set(privatsFailedAtom, failed),
        wakeOn: onChatListsRetry(store),
      }),
      keepLoading(() => loadPresence(store)),
      subscribe(subPrivatDocument, {}, ({ subPrivat }) => applyPrivatChange(store, subPrivat), undefined, reloadPrivats.request),
      subscribe(
        subSpaceChatsDocument,
        {},
        ({ subProject }) => applySpaceChatChange(store, subProject),
        undefined,
        reloadSpaceChats.request,
      ),
      // Who is online changed while the socket was down without a trace in the log: read again, not replayed.
      subscribe(subPresenceDocument, {}, ({ subPresence }) => applyPresence(store, subPresence)),
      onReconnect(() => {
        void loadPresence(store).catch(() => undefined);
        void flushOutbox(store);
      }),
      reloadPrivats.cancel,
      reloadSpaceChats.cancel,
    ];
    return () => stops.forEach((stop) => stop());
  }, [teamId, store]);

  // Unread counts attach to known spaces, so they are read once the spaces list is there.
  useEffect(() => {
    if (!teamId || !spacesLoaded) return undefined;
    return keepLoading(() => loadSpaceChats(store), { wakeOn: onChatListsRetry(store) });
  }, [teamId, spacesLoaded, store]);

  useEffect(() => {
    if (!userId) return undefined;
    restoreOutbox(store);
    void flushOutbox(store);
    const flush = () => {
      void flushOutbox(store);
      // Attachments picked while offline start uploading once the connection is back.
      resumeAttachments(store);
    };
    window.addEventListener('online', flush);
    const stopWatching = store.sub(connectionStatusAtom, () => {
      if (store.get(connectionStatusAtom) === 'connected') flush();
    });
    return () => {
      window.removeEventListener('online', flush);
      stopWatching();
    };
  }, [userId, store]);

  // Drafts are kept on the device for their writer only: signing out removes them (the user atom empties before the page leaves).
  useEffect(() => {
    let signedIn = store.get(currentUserAtom)?.id ?? null;
    return store.sub(currentUserAtom, () => {
      const next = store.get(currentUserAtom)?.id ?? null;
      if (signedIn && next !== signedIn) forgetDrafts(signedIn);
      signedIn = next;
    });
  }, [store]);

  useEffect(() => {
    if (!teamId) return undefined;
    reportPresence(document.visibilityState === 'hidden' ? 'away' : 'online');
    const onVisibility = () => reportPresence(document.visibilityState === 'hidden' ? 'away' : 'online');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [teamId]);
}
