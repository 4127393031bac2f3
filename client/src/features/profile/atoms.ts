/** The signed-in user's full profile, shared by the Profile and My account tabs; saves write it and the top bar's user. */
import { updateCurrentUser } from '../auth/session';
import { request } from '../../lib/graphql';
import { appStore, atom, type AppStore } from '../../lib/store';
import { getProfileDocument, type Profile } from './operations';

export const profileAtom = atom<Profile | null>(null);

/** Keeps a profile the server returned: in the profile atom and, for name, photo, e-mail and language, in the current user. */
export function storeProfile(profile: Profile, store: AppStore = appStore): void {
  store.set(profileAtom, profile);
  updateCurrentUser(profile, store);
}

export async function loadProfile(store: AppStore = appStore): Promise<Profile> {
  const { getUser } = await request(getProfileDocument, {}, { handledByCaller: true });
  storeProfile(getUser, store);
  return getUser;
}
