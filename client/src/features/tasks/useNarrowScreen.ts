import { useSyncExternalStore } from 'react';

/** Phones: below this width the tasks toolbar folds its secondary actions into one menu. */
export const narrowScreenQuery = '(max-width: 640px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(narrowScreenQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia(narrowScreenQuery).matches;

/** Whether the screen is phone-narrow, following rotation and window resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
