/**
 * Whether the server has an AI provider and how large a prompt it takes. Asked when a writing tools menu first
 * opens (not on every page with an editor), once per page: the answer is kept in the app's store.
 */
import { useCallback } from 'react';
import { request } from '../../../lib/graphql';
import { atom, useAtomValue, useStore } from '../../../lib/store';
import { getAiWritingStatusDocument, type AiWritingStatus } from './operations';

/** null: not known (not asked yet, or the server did not say): the tools are offered and a run's answer decides. */
export const aiWritingStatusAtom = atom<AiWritingStatus | null>(null);
const pendingAtom = atom<Promise<AiWritingStatus | null> | null>(null);

export function useAiWritingStatus() {
  const store = useStore();
  const status = useAtomValue(aiWritingStatusAtom);
  const load = useCallback((): Promise<AiWritingStatus | null> => {
    const known = store.get(aiWritingStatusAtom);
    if (known) return Promise.resolve(known);
    const pending = store.get(pendingAtom);
    if (pending) return pending;
    const asked = request(getAiWritingStatusDocument, {}, { silent: true }).then(
      (data) => {
        const answer = data?.getAiStatus ?? null;
        store.set(aiWritingStatusAtom, answer);
        return answer;
      },
      () => {
        // Asked again next time; meanwhile a run's own error says what is wrong.
        store.set(pendingAtom, null);
        return null;
      },
    );
    store.set(pendingAtom, asked);
    return asked;
  }, [store]);
  return { status, load };
}
