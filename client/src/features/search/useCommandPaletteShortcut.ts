import { useEffect } from 'react';
import { useStore } from '../../lib/store';
import { commandPaletteOpenAtom } from './atoms';

/** Ctrl+K, or Cmd+K on a Mac: nothing else in the app takes it, fields and the doc editor included. */
export function isPaletteShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing'>,
): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && !event.isComposing && event.key.toLowerCase() === 'k';
}

/** Whether the keyboard is a Mac's, to name the shortcut the way its owner reads it. */
export function isApplePlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/**
 * Opens (or closes) the command palette on Ctrl/Cmd+K anywhere in the signed-in app. Listened for before the
 * page's own handlers (capture), so an editor or a field cannot swallow it.
 */
export function useCommandPaletteShortcut(): void {
  const store = useStore();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      store.set(commandPaletteOpenAtom, (open) => !open);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [store]);
}
