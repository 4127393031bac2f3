// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from './store';
import { isSingleCharacterKey, readSingleKeyShortcuts, singleKeyShortcutsAtom, singleKeyShortcutsStorageKey } from './shortcutPreference';

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('single-key shortcuts preference', () => {
  it('is on by default and with anything stored but false', () => {
    expect(readSingleKeyShortcuts()).toBe(true);
    localStorage.setItem(singleKeyShortcutsStorageKey, 'garbled');
    expect(readSingleKeyShortcuts()).toBe(true);
    localStorage.setItem(singleKeyShortcutsStorageKey, 'false');
    expect(readSingleKeyShortcuts()).toBe(false);
  });

  it('remembers a change in storage', () => {
    const store = createAppStore();
    expect(store.get(singleKeyShortcutsAtom)).toBe(true);
    store.set(singleKeyShortcutsAtom, false);
    expect(store.get(singleKeyShortcutsAtom)).toBe(false);
    expect(localStorage.getItem(singleKeyShortcutsStorageKey)).toBe('false');
    store.set(singleKeyShortcutsAtom, true);
    expect(localStorage.getItem(singleKeyShortcutsStorageKey)).toBe('true');
  });

  it('follows a change made in another tab while something reads it', () => {
    const store = createAppStore();
    const unsubscribe = store.sub(singleKeyShortcutsAtom, () => undefined);
    localStorage.setItem(singleKeyShortcutsStorageKey, 'false');
    window.dispatchEvent(new StorageEvent('storage', { key: singleKeyShortcutsStorageKey, newValue: 'false' }));
    expect(store.get(singleKeyShortcutsAtom)).toBe(false);
    unsubscribe();
  });

  it('governs single characters only: letters, digits and signs, never arrows, Enter, Escape or F6', () => {
    for (const key of ['j', 'C', '1', '?', '+', '-', '0', 'é']) expect(isSingleCharacterKey(key)).toBe(true);
    for (const key of ['ArrowDown', 'Enter', 'Escape', 'F6', 'PageUp', 'Home']) expect(isSingleCharacterKey(key)).toBe(false);
  });
});
