import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useStore } from '../../lib/store';
import { currentTeamAtom } from '../auth/session';
import { teamDetailAtom } from './atoms';
import { loadTeamDetail } from './teamData';

/** The current team with roles and invitations: the kept copy at once, read again on every visit and team change. */
export function useTeamDetail() {
  const store = useStore();
  const teamId = useAtomValue(currentTeamAtom)?.id;
  const kept = useAtomValue(teamDetailAtom);
  const [failed, setFailed] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!teamId) return undefined;
    let active = true;
    loadTeamDetail(store, { handledByCaller: true }).catch((error: unknown) => {
      if (active) setFailed(error);
    });
    return () => {
      active = false;
    };
  }, [store, teamId, attempt]);

  const retry = useCallback(() => {
    setFailed(null);
    setAttempt((count) => count + 1);
  }, []);

  const team = kept && kept.id === teamId ? kept : null;
  return { team, failed: team ? null : failed, retry };
}
