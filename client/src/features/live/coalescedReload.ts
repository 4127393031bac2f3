/**
 * A view's reload after a live gap (lib/subscriptions.ts: a subscription that could not be given what
 * it missed while its socket was down). A view with several subscriptions hears one gap from each of
 * them after one reconnection: the requests that arrive before the read starts share it. A request
 * while the read is on its way runs it once more when it is done: that read may have been served
 * before the subscription asking was listening again, and so miss what changed in between.
 */
import { useCallback, useEffect, useRef } from 'react';

export interface CoalescedReload {
  /** Asks for a read; cheap to call many times in a row. */
  request(): void;
  /** Drops a read that was asked for and has not started (the view is gone). */
  cancel(): void;
}

export function coalesceReloads(read: () => unknown): CoalescedReload {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reading = false;
  let readAgain = false;

  async function run(): Promise<void> {
    timer = undefined;
    reading = true;
    try {
      await read();
    } catch {
      // The loaders report their own failures; a failed read must not stop the next one.
    }
    reading = false;
    if (!readAgain) return;
    readAgain = false;
    await run();
  }

  return {
    request: () => {
      if (reading) readAgain = true;
      // The other subscriptions' answers to the same reconnection are already on their way: they join this read.
      else timer ??= setTimeout(() => void run(), 0);
    },
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
      readAgain = false;
    },
  };
}

/** `coalesceReloads` for a component while it is mounted, running the latest `read`; the function it returns is stable. */
export function useCoalescedReload(read: () => unknown): () => void {
  const latest = useRef(read);
  const mounted = useRef<CoalescedReload | null>(null);
  useEffect(() => {
    latest.current = read;
  });
  useEffect(() => {
    const reload = coalesceReloads(() => latest.current());
    mounted.current = reload;
    return () => {
      reload.cancel();
      mounted.current = null;
    };
  }, []);
  return useCallback(() => mounted.current?.request(), []);
}
