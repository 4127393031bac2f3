/** Test helper: a fresh app store signed in as Grace Hopper (id `grace`) in the team Engines (id `t1`), as the meetings tests start. */
import { createAppStore } from '../lib/store';
import { currentTeamAtom, currentUserAtom } from '../features/auth/session';

export function signedInStore() {
  const store = createAppStore();
  store.set(currentUserAtom, {
    id: 'grace',
    firstname: 'Grace',
    lastname: 'Hopper',
    profileImg: null,
    email: 'grace@example.com',
    language: 'en',
  });
  store.set(currentTeamAtom, { id: 't1', name: 'Engines', logo: null, url: null, role: null });
  return store;
}
