/**
 * A view's reload after a live gap (lib/subscriptions.ts: a subscription that could not be given what
 * it missed while its socket was down). A view with several subscriptions hears one gap from each of
 * them after one reconnection, a few milliseconds apart: the requests that arrive within
 * `reloadGatheringMs` of the first share one read. A request while the read is on its way runs it
 * once more when it is done: that read may have been served before the subscription asking was
 * listening again, and so miss what changed in between.
 */
import { useCallback, useEffect, useRef } from 'react';

/**
 * How long a requested read waits for the other requests of the same reconnection. The server answers
 * a reconnected socket's subscriptions one after the other: seven of them answered 'gap' within 41 ms
 * on a busy 2-core machine, and a view's own subscriptions, subscribed together, answer next to each
 * other. A reload that starts a tenth of a second later is not seen; a second read of the view is.
 */
export const reloadGatheringMs = 100;

export interface CoalescedReload {
  /** Asks for a read; cheap to call many times in a row. */
  request(): void;
  /** Drops a read that was asked for and has not started (the view is gone). */
  cancel(): void;
}

export function coalesceReloads(read: () => unknown, gatheringMs = reloadGatheringMs): CoalescedReload {
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
      else timer ??= setTimeout(() => void run(), gatheringMs);
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
