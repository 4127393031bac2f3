/**
 * Whether the space a dashboard URL names exists for the caller, so the page can tell "no such
 * space" (a not-found page) from "could not ask" (an error with a retry) before it loads anything.
 * A space the client already knows answers at once; any other is asked of the server once.
 */
import { useCallback, useEffect, useState } from 'react';
import { isProjectId } from '../../app/routeRules';
import { request, RequestError } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { spaceDeletions, spacesAtom, storeSpacesAtom } from './atoms';
import { getProjectBasicDocument } from './operations';

export type SpaceLookup = 'found' | 'checking' | 'notFound' | 'failed';

/** NOT_FOUND is an answer (the id names nothing the caller may see); anything else means the question did not get through. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof RequestError && error.kind === 'graphql' && error.code === 'NOT_FOUND';
}

export function useSpaceLookup(scope: string): { lookup: SpaceLookup; retry: () => void } {
  const store = useStore();
  const known = useAtomValue(spacesAtom).has(scope);
  const needsAsking = isProjectId(scope) && !known;
  // An answer counts for the scope and the attempt it was asked for; until then the lookup is checking.
  const [answer, setAnswer] = useState<{ scope: string; attempt: number; lookup: 'notFound' | 'failed' } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!needsAsking) return undefined;
    let current = true;
    request(getProjectBasicDocument, { id: scope }, { handledByCaller: true })
      .then(({ getProjectBasic }) => {
        if (!current) return;
        // An answer that left before the space's deletion was heard: it is not there any more.
        if (spaceDeletions(store).has(getProjectBasic.id)) setAnswer({ scope, attempt, lookup: 'notFound' });
        else store.set(storeSpacesAtom, [getProjectBasic], { replaceList: false });
      })
      .catch((error: unknown) => {
        if (current) setAnswer({ scope, attempt, lookup: isNotFoundError(error) ? 'notFound' : 'failed' });
      });
    return () => {
      current = false;
    };
  }, [needsAsking, scope, store, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  if (!needsAsking) return { lookup: 'found', retry };
  return { lookup: answer?.scope === scope && answer.attempt === attempt ? answer.lookup : 'checking', retry };
}
