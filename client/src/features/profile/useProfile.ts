import { useCallback, useEffect, useState } from 'react';
import { currentUserAtom } from '../auth/session';
import { useAtomValue, useStore } from '../../lib/store';
import { loadProfile, profileAtom } from './atoms';

/** The signed-in user's profile: the kept copy at once when it is theirs, refreshed from the server on every visit. */
export function useProfile() {
  const store = useStore();
  const user = useAtomValue(currentUserAtom);
  const kept = useAtomValue(profileAtom);
  const profile = kept && (!user || kept.id === user.id) ? kept : null;
  const [failed, setFailed] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    loadProfile(store).catch((error: unknown) => {
      if (active) setFailed(error);
    });
    return () => {
      active = false;
    };
  }, [store, attempt]);

  const retry = useCallback(() => {
    setFailed(null);
    setAttempt((count) => count + 1);
  }, []);

  return { profile, failed: profile ? null : failed, retry };
}
