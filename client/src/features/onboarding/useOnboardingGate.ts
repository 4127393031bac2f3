import { useEffect, useRef } from 'react';
import { useAtomValue, useStore } from '../../lib/store';
import { currentUserAtom } from '../auth/session';
import { loadSettings, settingsAtom } from '../settings/atoms';
import { onboardingDismissedAtom, onboardingVisibleAtom } from './atoms';

/** Reads the signed-in user's settings (whether they saw the welcome flow) and says whether to show it. */
export function useOnboardingGate(): boolean {
  const store = useStore();
  const userId = useAtomValue(currentUserAtom)?.id;
  const visible = useAtomValue(onboardingVisibleAtom);
  const seenUser = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!userId || seenUser.current === userId) return;
    if (seenUser.current !== undefined) {
      // Another account signed in without a page load: its own settings decide.
      store.set(settingsAtom, null);
      store.set(onboardingDismissedAtom, false);
    }
    seenUser.current = userId;
    void loadSettings(store).catch(() => undefined);
  }, [userId, store]);

  return visible && userId !== undefined;
}
