/** "While you were away" on the client: read once per visit to Home, kept for the session until dismissed. */
import { request } from '../../lib/graphql';
import { atom, useAtomValue, useStore } from '../../lib/store';
import { getAwaySummaryDocument, visitHomeDocument, type AwayLine } from './operations';
import { useLoad } from './useLoad';

export interface ShownAwaySummary {
  teamId: string;
  since: string;
  lines: readonly AwayLine[];
}

/**
 * The summary on screen: it stays when the person opens one of its lines and comes back to Home (the server has
 * remembered the visit by then, so reading it again would say nothing), until they dismiss it.
 */
export const awaySummaryAtom = atom<ShownAwaySummary | null>(null);

/**
 * Reads the summary of what changed since the last visit, then has the server remember this visit (for every
 * device), so the next one within 4 hours has nothing to say.
 */
export function useAwaySummary(userId: string | null, teamId: string | null): { summary: ShownAwaySummary | null; dismiss: () => void } {
  const store = useStore();
  const kept = useAtomValue(awaySummaryAtom);
  useLoad(userId && teamId ? `away:${userId}:${teamId}` : null, async () => {
    const { getAwaySummary } = await request(getAwaySummaryDocument, {}, { handledByCaller: true });
    void request(visitHomeDocument, {}, { handledByCaller: true }).catch(() => undefined);
    const since = getAwaySummary?.since;
    if (teamId && since && getAwaySummary.lines.length > 0) store.set(awaySummaryAtom, { teamId, since, lines: getAwaySummary.lines });
    return null;
  });
  return { summary: kept?.teamId === teamId ? kept : null, dismiss: () => store.set(awaySummaryAtom, null) };
}
