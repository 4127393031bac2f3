/**
 * The one module that wraps Jotai (STYLE "Client state"): the app's store, the atom
 * constructors and the hooks. Components and features import from here, never from 'jotai',
 * so the store can be swapped for a scoped one (tests, embedded editors) in one place.
 * Atom names end in `Atom`.
 */
import { createStore } from 'jotai';

export { atom, useAtom, useAtomValue, useSetAtom, useStore, Provider as StoreProvider } from 'jotai';
export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';

export type AppStore = ReturnType<typeof createStore>;

/** The store the running app renders from; code outside React (toasts, dialogs, the data client) writes to it too. */
export const appStore: AppStore = createStore();

/** A fresh, isolated store: one per test, so atoms never leak between cases. */
export function createAppStore(): AppStore {
  return createStore();
}
