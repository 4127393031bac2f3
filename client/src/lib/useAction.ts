/**
 * Runs one of a screen's actions (a button press that calls the server) and keeps what went
 * wrong as a message to show in place: a refusal (SPEC §6's permission message), a conflict, a
 * network failure. `pending` names the running action so only its button spins.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRequestError } from './formMessages';
import { isPermissionDenied } from './permissions';

export interface ActionOutcome {
  ok: boolean;
  /** The server refused for lack of rights: the caller reloads what it shows. */
  denied: boolean;
  /** What went wrong, as shown in place. */
  message?: string;
}

export function useAction() {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const run = useCallback(
    async (key: string, action: () => Promise<unknown>): Promise<ActionOutcome> => {
      setPending(key);
      setError(null);
      try {
        await action();
        return { ok: true, denied: false };
      } catch (caught) {
        const message = describeRequestError(caught, t, i18n.language).message;
        setError(message);
        return { ok: false, denied: isPermissionDenied(caught), message };
      } finally {
        setPending(null);
      }
    },
    [t, i18n.language],
  );

  return { error, setError, pending, run };
}
