/**
 * The signed-in user and their team: loaded by the start-up preload (SPEC §7), read by the
 * dashboard frame. Logout lives here too.
 */
import { request } from '../../lib/graphql';
import type { ResultOf } from '../../lib/graphqlDocument';
import { clearUserCookie, readCookie, userCookieName } from '../../lib/cookies';
import { deletionsAtom } from '../../lib/deletions';
import { navigateTo } from '../../lib/navigation';
import { appStore, atom, type AppStore } from '../../lib/store';
import { forgetDrafts } from '../chat/drafts';
import { forgetLocalDocs } from '../docs/collab/localDocs';
import { forgetPendingTaskEdits } from '../tasks/pendingEdits';
import { editUserLanguageDocument, logoutDocument, type currentTeamFragment, type currentUserFragment } from './operations';

export type CurrentUser = ResultOf<typeof currentUserFragment>;
/** The current team, with the caller's effective role in it (admin, basic or guest). */
export type CurrentTeam = ResultOf<typeof currentTeamFragment>;

export const currentUserAtom = atom<CurrentUser | null>(null);
export const currentTeamAtom = atom<CurrentTeam | null>(null);

/** "Ada Lovelace", else the e-mail address. */
export function displayName(user: Pick<CurrentUser, 'firstname' | 'lastname' | 'email'>): string {
  const name = [user.firstname, user.lastname]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return name || user.email;
}

/** Merges fresh fields of the signed-in user (a profile save, an e-mail change) into the atom the top bar reads. */
export function updateCurrentUser(changes: Partial<CurrentUser> & Pick<CurrentUser, 'id'>, store: AppStore = appStore): void {
  const user = store.get(currentUserAtom);
  if (!user || user.id !== changes.id) return;
  const fields = ['email', 'firstname', 'lastname', 'language', 'profileImg'] as const;
  const picked = Object.fromEntries(fields.filter((field) => changes[field] !== undefined).map((field) => [field, changes[field]]));
  store.set(currentUserAtom, { ...user, ...picked });
}

/** Ends the session on the server, forgets it here and goes to sign-in, even when the server cannot be reached. */
export async function logout(store: AppStore = appStore): Promise<void> {
  try {
    await request(logoutDocument);
  } catch {
    // The data client has already told the user; the session is forgotten locally regardless.
  }
  // What this device keeps for the user (docs with edits not yet saved, task edits, chat drafts) must not
  // outlive the sign-out.
  const userId = store.get(currentUserAtom)?.id ?? readCookie(userCookieName);
  void forgetLocalDocs(userId);
  forgetPendingTaskEdits(userId);
  forgetDrafts(userId);
  clearUserCookie();
  store.set(currentUserAtom, null);
  store.set(currentTeamAtom, null);
  // The ids this user's session saw deleted mean nothing to the next one signing in on this page.
  store.set(deletionsAtom, new Map());
  navigateTo('/signin');
}

/** Saves the interface language on the user's profile, which wins over the device's stored choice at start-up. */
export async function saveProfileLanguage(language: string, store: AppStore = appStore): Promise<void> {
  const user = store.get(currentUserAtom);
  if (!user) return;
  store.set(currentUserAtom, { ...user, language });
  await request(editUserLanguageDocument, { id: user.id, language }, { silent: true }).catch(() => undefined);
}
