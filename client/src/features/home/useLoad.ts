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
 * keeping what is on screen during a reload; `retry` after an error, or when a live change says the data moved on.
 * A retry asked while a read is on its way runs once after it answers: a burst of live changes (twenty files
 * uploaded at once) makes two reads, not twenty, and the last one sees them all. A superseded key's answer is dropped.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>): { state: Load<T>; retry: () => void } {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const reading = useRef(false);
  const readAgain = useRef(false);
  const retry = useCallback(() => {
    if (reading.current) readAgain.current = true;
    else setAttempt((count) => count + 1);
  }, []);
  useOnReconnect(retry);
  // `load` is a fresh closure each render; `key` says when what it reads changed, so the effect reads the latest.
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    if (key === null) return undefined;
    let current = true;
    reading.current = true;
    // This read sees every change asked about before it started.
    readAgain.current = false;
    const settled = () => {
      reading.current = false;
      if (!readAgain.current) return;
      readAgain.current = false;
      setAttempt((count) => count + 1);
    };
    latestLoad.current().then(
      (data) => {
        if (!current) return;
        setAnswer({ key, attempt, load: { status: 'ready', data } });
        settled();
      },
      // A failed reload keeps the key's data on screen.
      () => {
        if (!current) return;
        setAnswer((known) => (known?.key === key && known.load.status === 'ready' ? known : { key, attempt, load: { status: 'error' } }));
        settled();
      },
    );
    return () => {
      current = false;
      reading.current = false;
    };
  }, [key, attempt]);

  // The key's data stays on screen while it is read again (a retry, a reconnection); an error shows until its retry answers.
  const shown = answer?.key === key && (answer.attempt === attempt || answer.load.status === 'ready') ? answer.load : null;
  return { state: shown ?? { status: 'loading' }, retry };
}
