import { useCallback, useEffect, useState } from 'react';
import { request } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { billingAtom } from './atoms';
import { getBillingDocument, type Billing } from './operations';

/**
 * The team's billing (getBilling): read on mount and again whenever `version` changes. Callers pass the team as the
 * live team path keeps it (a plan change, a member joining), so what is shown follows changes made elsewhere.
 */
export function useBilling(team: string, version: unknown) {
  const store = useStore();
  const kept = useAtomValue(billingAtom);
  const [failed, setFailed] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    request(getBillingDocument, { team }, { handledByCaller: true }).then(
      ({ getBilling }) => {
        if (!active) return;
        setFailed(null);
        store.set(billingAtom, getBilling);
      },
      (error: unknown) => {
        if (active) setFailed(error);
      },
    );
    return () => {
      active = false;
    };
  }, [store, team, version, attempt]);

  const retry = useCallback(() => {
    setFailed(null);
    setAttempt((count) => count + 1);
  }, []);

  /** A mutation's answer: the billing as it is now. */
  const replace = useCallback((billing: Billing) => store.set(billingAtom, billing), [store]);

  const billing = kept && kept.team === team ? kept : null;
  return { billing, failed: billing ? null : failed, retry, replace };
}
