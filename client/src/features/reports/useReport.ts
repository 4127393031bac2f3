import { useCallback, useEffect, useState } from 'react';
import { request, RequestError, type Variables } from '../../lib/graphql';
import type { GraphQLDocument } from '../../lib/graphqlDocument';
import { i18n } from '../../lib/i18n';

export type ReportState<Data> = { status: 'loading' } | { status: 'ready'; data: Data } | { status: 'error'; message: string };

type Answer<Data> = { key: string; data: Data } | { key: string; message: string };

/** Runs a report's query whenever its variables change; a superseded answer is dropped, `retry` asks again. */
export function useReport<Data, ReportVariables extends Variables>(
  document: GraphQLDocument<Data, ReportVariables>,
  variables: ReportVariables,
): { state: ReportState<Data>; retry: () => void } {
  const [answer, setAnswer] = useState<Answer<Data> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const key = `${attempt}:${JSON.stringify(variables)}`;

  useEffect(() => {
    const abort = new AbortController();
    request(document as GraphQLDocument<Data, Variables>, variables, { handledByCaller: true, signal: abort.signal }).then(
      (data) => setAnswer({ key, data }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setAnswer({ key, message: error instanceof RequestError && error.message ? error.message : i18n.t('reports.failed') });
      },
    );
    return () => abort.abort();
    // `key` carries the variables and the attempt: the query runs again when what is asked changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, document]);

  if (answer?.key !== key) return { state: { status: 'loading' }, retry };
  return { state: 'data' in answer ? { status: 'ready', data: answer.data } : { status: 'error', message: answer.message }, retry };
}
