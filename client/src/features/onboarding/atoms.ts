/**
 * The welcome flow (SPEC §2) shows once: right after sign-up (/signup/finish?new=1), or on the first
 * dashboard visit of a user whose settings have no `onboardingCompleted`. Finishing or skipping it
 * stores that setting.
 */
import { appStore, atom, type AppStore } from '../../lib/store';
import { saveSetting, settingsAtom } from '../settings/atoms';

export const onboardingSettingName = 'onboardingCompleted';

/** Set by the sign-up finish screen: show the flow without waiting for the settings. */
export const onboardingRequestedAtom = atom(false);

/** Finished or skipped in this session: hidden at once, whatever the settings still say. */
export const onboardingDismissedAtom = atom(false);

export const onboardingVisibleAtom = atom((get) => {
  if (get(onboardingDismissedAtom)) return false;
  if (get(onboardingRequestedAtom)) return true;
  const settings = get(settingsAtom);
  return settings !== null && settings.get(onboardingSettingName)?.active !== true;
});

export async function completeOnboarding(store: AppStore = appStore): Promise<void> {
  store.set(onboardingDismissedAtom, true);
  store.set(onboardingRequestedAtom, false);
  await saveSetting(onboardingSettingName, true, 'onboarding', store);
}
