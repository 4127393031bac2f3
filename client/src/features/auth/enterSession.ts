/**
 * After signing in without a page load (password sign-in, e-mail verification): the session
 * atoms the dashboard reads get the user and team at once, the interface switches to the
 * profile's language, and the delayed preloads (plans, notifications, spaces) run as they do
 * at start-up.
 */
import { delayedPreloads, scheduleDelayedPreloads } from '../../app/preload';
import { request } from '../../lib/graphql';
import { setLanguage, toSupportedLanguage } from '../../lib/i18n';
import { appStore, type AppStore } from '../../lib/store';
import type { AuthPayload } from './operations';
import { currentTeamAtom, currentUserAtom } from './session';

export async function enterSession({ user, team }: AuthPayload, store: AppStore = appStore): Promise<void> {
  store.set(currentUserAtom, user);
  store.set(currentTeamAtom, team);
  const language = toSupportedLanguage(user.language);
  if (language) await setLanguage(language);
  scheduleDelayedPreloads(delayedPreloads({ request, store }));
}
