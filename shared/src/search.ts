/** SPEC §5 and §9: the search box requires more than 4 characters. */
export const minimumSearchLength = 5;

/** Exact SPEC text, typo included: translations key off it and tests compare it verbatim. */
export const searchTooShortMessage = 'Type more than 4 characteres';

export type SearchTextValidation = { ok: true; text: string } | { ok: false; message: typeof searchTooShortMessage };

/**
 * Checks search input. Surrounding whitespace is trimmed before counting, because spaces do not
 * narrow a search; characters are counted as code points, so an emoji counts once.
 * On success `text` is the trimmed text to send.
 */
export function validateSearchText(text: string): SearchTextValidation {
  const trimmed = text.trim();
  if ([...trimmed].length < minimumSearchLength) return { ok: false, message: searchTooShortMessage };
  return { ok: true, text: trimmed };
}

/**
 * What the search index holds, one kind per area that declares a search source (server: each area's searchSource.ts):
 * getSearch's `filter` is one of these or "all", and the search page offers each as a type.
 */
export const searchKinds = ['task', 'message', 'doc', 'file', 'event'] as const;
export type SearchKind = (typeof searchKinds)[number];
