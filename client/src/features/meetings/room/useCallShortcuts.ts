import { useEffect, useRef } from 'react';

/** Ctrl/⌘+D toggles the microphone and Ctrl/⌘+E the camera, as in the usual meeting tools (the browser's own use of them is prevented). */
export function useCallShortcuts(toggleMicrophone: () => void, toggleCamera: () => void): void {
  const latest = useRef({ toggleMicrophone, toggleCamera });
  useEffect(() => {
    latest.current = { toggleMicrophone, toggleCamera };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const key = event.key.toLowerCase();
      if (key === 'd') {
        event.preventDefault();
        latest.current.toggleMicrophone();
      } else if (key === 'e') {
        event.preventDefault();
        latest.current.toggleCamera();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
