/**
 * Light and dark themes (SPEC §2, §4): the stored preference lives in localStorage `darkmode`
 * as the string 'true' or 'false'; sign-in and sign-up pages are always light. The theme is
 * the `data-theme` attribute on <html>, which switches every CSS variable.
 */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { readStored, writeStored } from '../lib/browser';
import { appStore, atom, useAtomValue, useStore, type AppStore } from '../lib/store';
import { darkModeStorageKey, themeFor, type Theme } from './routeRules';

const themeColors: Record<Theme, string> = { light: '#ffffff', dark: '#0f0f12' };

export function readStoredDarkMode(): string | null {
  return readStored(darkModeStorageKey);
}

/** The raw stored preference, so the rule "dark iff the string 'true'" stays in one place (themeFor). */
export const darkModePreferenceAtom = atom<string | null>(readStoredDarkMode());

export const darkModeEnabledAtom = atom((get) => get(darkModePreferenceAtom) === 'true');

export function setDarkMode(enabled: boolean, store: AppStore = appStore): void {
  const value = enabled ? 'true' : 'false';
  writeStored(darkModeStorageKey, value);
  store.set(darkModePreferenceAtom, value);
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColors[theme]);
}

/** Keeps <html data-theme> in step with the path and the preference, including changes made in other tabs. */
export function useThemeSync(): void {
  const { pathname } = useLocation();
  const store = useStore();
  const preference = useAtomValue(darkModePreferenceAtom);
  useLayoutEffect(() => applyTheme(themeFor(pathname, preference)), [pathname, preference]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === darkModeStorageKey) store.set(darkModePreferenceAtom, event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);
}
