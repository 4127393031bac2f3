import { useCallback, useEffect, useState } from 'react';
import { useOnReconnect } from '../../lib/subscriptions';

export type Load<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error' };

/**
 * Runs `load` when `key` changes and again after a reconnection (what changed meanwhile shows),
 * keeping what is on screen during a reload; `retry` after an error. A superseded answer is dropped.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>): { state: Load<T>; retry: () => void } {
  const [state, setState] = useState<{ key: string | null; load: Load<T> }>({ key, load: { status: 'loading' } });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  useOnReconnect(retry);

  useEffect(() => {
    if (key === null) return undefined;
    let current = true;
    setState((known) => (known.key === key && known.load.status === 'ready' ? known : { key, load: { status: 'loading' } }));
    load().then(
      (data) => current && setState({ key, load: { status: 'ready', data } }),
      () =>
        current && setState((known) => (known.key === key && known.load.status === 'ready' ? known : { key, load: { status: 'error' } })),
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render; `key` says when what it reads changed.
  }, [key, attempt]);

  return { state: state.key === key ? state.load : { status: 'loading' }, retry };
}
