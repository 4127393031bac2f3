/**
 * Whether single-key shortcuts (a letter or a sign pressed alone, such as N, E or ?) are on
 * (WCAG 2.1.4): speech input and stray key presses can fire them by accident, so a person can
 * turn them off. Kept in this browser's localStorage under `shortcuts.singleKey` ('true' or
 * 'false'), on by default, and followed across tabs. Shortcuts with a modifier, Escape and the
 * arrow keys of a focused widget are not single-key shortcuts and stay.
 */
import { readStored, writeStored } from './browser';
import { atom, useAtomValue } from './store';

export const singleKeyShortcutsStorageKey = 'shortcuts.singleKey';

/** Anything but the stored string 'false' means on, so a missing or garbled value keeps the default. */
export function readSingleKeyShortcuts(): boolean {
  return readStored(singleKeyShortcutsStorageKey) !== 'false';
}

const storedSingleKeyShortcutsAtom = atom(readSingleKeyShortcuts());

/** Follows changes made in other tabs for as long as anything on the page reads the preference. */
storedSingleKeyShortcutsAtom.onMount = (setEnabled) => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === singleKeyShortcutsStorageKey || event.key === null) setEnabled(readSingleKeyShortcuts());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
};

/** The preference: read it to know whether single-key shortcuts may act; write it (a boolean) to change and remember it. */
export const singleKeyShortcutsAtom = atom(
  (get) => get(storedSingleKeyShortcutsAtom),
  (_get, set, enabled: boolean) => {
    writeStored(singleKeyShortcutsStorageKey, enabled ? 'true' : 'false');
    set(storedSingleKeyShortcutsAtom, enabled);
  },
);

/** Whether a key, as KeyboardEvent.key names it, is a single character (a letter, digit or sign): what the preference governs. */
export function isSingleCharacterKey(key: string): boolean {
  return [...key].length === 1;
}

/** True when single-key shortcuts are on; every handler of one checks it before acting. */
export function useSingleKeyShortcuts(): boolean {
  return useAtomValue(singleKeyShortcutsAtom);
}
