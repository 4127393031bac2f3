/**
 * Lists the chat screens cannot do without (private chats, the spaces, task threads, teammates):
 * read until they arrive. A failed read is tried again after the live connection's backoff (1 s
 * doubling to 30 s), at once when someone presses "Try again", and the screen says it failed
 * meanwhile, so a slow or restarting server makes the lists late, never a spinner for good.
 */
import { useEffect, useRef, useState } from 'react';
import { websocketRetryDelay } from '#shared/constants';
import { atom, useStore, type AppStore } from '../../lib/store';

/** Bumped by the chat lists' "Try again": every loader waiting for its next attempt tries at once. */
export const chatListsRetryAtom = atom(0);

/** Whether the private chats' last read failed (they are read app-wide, by useChatLive, and keep being retried). */
export const privatsFailedAtom = atom(false);

export function retryChatLists(store: AppStore): void {
  store.set(chatListsRetryAtom, (count) => count + 1);
}

/** Wakes a waiting loader whenever the chat lists' "Try again" is pressed; returns the unsubscribe. */
export const onChatListsRetry = (store: AppStore) => (wake: () => void) => store.sub(chatListsRetryAtom, wake);

export interface KeepLoadingOptions {
  /** After each attempt: whether it failed (the next one is on its way). */
  onFailed?: (failed: boolean) => void;
  /** Subscribes to an outside "try now" (a Try again button); returns the unsubscribe. */
  wakeOn?: (wake: () => void) => () => void;
  /** How long to wait before attempt number `attempt` + 1 (0 after the first failure). */
  delay?: (attempt: number) => number;
}

/** Runs `load` until it succeeds or the returned stop is called. */
export function keepLoading(
  load: () => Promise<unknown>,
  { onFailed, wakeOn, delay = websocketRetryDelay }: KeepLoadingOptions = {},
): () => void {
  let stopped = false;
  let wake: (() => void) | null = null;
  const stopWaking = wakeOn?.(() => wake?.()) ?? (() => undefined);
  const stop = () => {
    stopped = true;
    wake?.();
    stopWaking();
  };
  void (async () => {
    for (let attempt = 0; !stopped; attempt += 1) {
      try {
        await load();
        if (!stopped) onFailed?.(false);
        break;
      } catch {
        if (stopped) break;
        onFailed?.(true);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => wake?.(), delay(attempt));
        wake = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
      });
    }
    stopWaking();
  })();
  return stop;
}

/**
 * Loads while `needed` (the list is not there yet), retrying as above; `failed` once an attempt
 * failed, until one succeeds. `retry` tries at once (and wakes the other chat lists' loaders).
 */
export function useKeptLoading(load: () => Promise<unknown>, needed: boolean): { failed: boolean; retry: () => void } {
  const store = useStore();
  const [failed, setFailed] = useState(false);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    if (!needed) return undefined;
    return keepLoading(() => latest.current(), { onFailed: setFailed, wakeOn: onChatListsRetry(store) });
  }, [needed, store]);
  return { failed: needed && failed, retry: () => retryChatLists(store) };
}
