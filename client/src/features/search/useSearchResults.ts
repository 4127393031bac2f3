import { useCallback, useEffect, useState } from 'react';
import { request, RequestError } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import { getSearchDocument, type SearchResult, type SearchVariables } from './operations';

export type SearchState =
  | { status: 'idle' }
  /** `previous`: the results of the last query, kept on screen while the next one is asked. */
  | { status: 'loading'; previous: readonly SearchResult[] | null }
  | { status: 'ready'; results: readonly SearchResult[] }
  | { status: 'error'; message: string };

type Answer = { key: string; results: readonly SearchResult[] } | { key: string; message: string };

/**
 * getSearch for `variables` (none: nothing asked), `delayMs` after they last changed, so typing asks once
 * it pauses. A superseded request is aborted and its answer dropped; `retry` asks again after an error.
 */
export function useSearchResults(variables: SearchVariables | null, delayMs: number): { state: SearchState; retry: () => void } {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const key = variables ? `${attempt}:${JSON.stringify(variables)}` : null;

  useEffect(() => {
    if (!key || !variables) return undefined;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      request(getSearchDocument, variables, { handledByCaller: true, signal: abort.signal }).then(
        ({ getSearch }) => setAnswer({ key, results: getSearch }),
        (error: unknown) => {
          if (abort.signal.aborted) return;
          const message = error instanceof RequestError && error.message ? error.message : i18n.t('search.failed');
          setAnswer({ key, message });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
    // `key` carries the variables (and the attempt): the effect runs when what is asked changes, not on every new object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delayMs]);

  if (!key) return { state: { status: 'idle' }, retry };
  if (answer?.key === key) {
    return {
      state: 'results' in answer ? { status: 'ready', results: answer.results } : { status: 'error', message: answer.message },
      retry,
    };
  }
  return { state: { status: 'loading', previous: answer && 'results' in answer ? answer.results : null }, retry };
}
