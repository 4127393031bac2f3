/**
 * A hint, never a block: when the e-mail field is left with a valid address, asks the server
 * (once per address, after a short pause) whether it is free. Sign-up answers the same for a
 * taken address, so this only saves someone who already has an account a trip to their inbox.
 */
import { useEffect, useRef, useState } from 'react';
import { isValidEmail } from '#shared/email';
import { request } from '../../lib/graphql';
import { checkEmailDocument } from './operations';

export const emailCheckDelayMs = 400;

export function useEmailAvailabilityHint(email: string) {
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const asked = useRef(new Map<string, boolean>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function check() {
    clearTimeout(timer.current);
    const address = email.trim().toLowerCase();
    if (!isValidEmail(address)) return;
    const known = asked.current.get(address);
    if (known !== undefined) {
      setTakenEmail(known ? null : address);
      return;
    }
    timer.current = setTimeout(() => {
      request(checkEmailDocument, { email: address }, { handledByCaller: true })
        .then(({ checkEmail: free }) => {
          asked.current.set(address, free);
          setTakenEmail(free ? null : address);
        })
        .catch(() => undefined);
    }, emailCheckDelayMs);
  }

  const current = email.trim().toLowerCase();
  return { check, taken: takenEmail !== null && takenEmail === current };
}
