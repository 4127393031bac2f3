import { useCallback, useEffect, useRef, useState } from 'react';
import { useOnReconnect } from '../../lib/subscriptions';

export type Load<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error' };

interface Answer<T> {
  key: string;
  attempt: number;
  load: Load<T>;
}

/**
 * Runs `load` when `key` changes and again after a reconnection (what changed meanwhile shows),
 * keeping what is on screen during a reload; `retry` after an error. A superseded answer is dropped.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>): { state: Load<T>; retry: () => void } {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  useOnReconnect(retry);
  // `load` is a fresh closure each render; `key` says when what it reads changed, so the effect reads the latest.
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    if (key === null) return undefined;
    let current = true;
    latestLoad.current().then(
      (data) => current && setAnswer({ key, attempt, load: { status: 'ready', data } }),
      // A failed reload keeps the key's data on screen.
      () =>
        current &&
        setAnswer((known) => (known?.key === key && known.load.status === 'ready' ? known : { key, attempt, load: { status: 'error' } })),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  // The key's data stays on screen while it is read again (a retry, a reconnection); an error shows until its retry answers.
  const shown = answer?.key === key && (answer.attempt === attempt || answer.load.status === 'ready') ? answer.load : null;
  return { state: shown ?? { status: 'loading' }, retry };
}
