/**
 * A view's reload after a live gap (lib/subscriptions.ts: a subscription that could not be given what
 * it missed while its socket was down). A view with several subscriptions hears one gap from each of
 * them after one reconnection, one after the other: a requested read waits until every subscription
 * that came back has heard where it stands (resumeSettling.ts), so the gaps of one reconnection share
 * one read. A request while the read is on its way runs it once more when it is done: that read may
 * have been served before the subscription asking was listening again, and so miss what changed in
 * between.
 */
import { useCallback, useEffect, useRef } from 'react';
import { appResumeSettling } from './resumeSettling';

export interface CoalescedReload {
  /** Asks for a read; cheap to call many times in a row. */
  request(): void;
  /** Drops a read that was asked for and has not started (the view is gone). */
  cancel(): void;
}

/** Resolves on a later turn of the event loop: requests made in the same turn share the read. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function coalesceReloads(read: () => unknown, settled: () => Promise<void> = () => appResumeSettling.settled()): CoalescedReload {
  /** The request waiting for the subscriptions to settle, if any; a cancel drops it. */
  let waiting: object | null = null;
  let reading = false;
  let readAgain = false;

  async function run(): Promise<void> {
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

  async function whenSettled(request: object): Promise<void> {
    await settled();
    await nextTurn();
    if (waiting !== request) return;
    waiting = null;
    await run();
  }

  return {
    request: () => {
      if (reading) readAgain = true;
      else if (waiting === null) {
        const request = {};
        waiting = request;
        void whenSettled(request);
      }
    },
    cancel: () => {
      waiting = null;
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
