/** What FTS5's snippet() and highlight() put around a match: private-use characters no indexed text keeps. */
export const matchStart = '\uE000';
export const matchEnd = '\uE001';

/** Text as the index keeps it: without the two match markers, so a marked snippet is never ambiguous. */
export function indexedText(text: string): string {
  return text.replace(/[\uE000\uE001]/g, '');
}

export interface TextRange {
  start: number;
  length: number;
}

/** A marked text (matches between matchStart and matchEnd) as its plain text and the matches' UTF-16 ranges. */
export function unmark(marked: string): { text: string; ranges: TextRange[] } {
  let text = '';
  const ranges: TextRange[] = [];
  let openedAt: number | null = null;
  for (const character of marked) {
    if (character === matchStart) openedAt = text.length;
    else if (character === matchEnd) {
      if (openedAt !== null && text.length > openedAt) ranges.push({ start: openedAt, length: text.length - openedAt });
      openedAt = null;
    } else text += character;
  }
  return { text, ranges };
}

/** A snippet cut to `maximum` UTF-16 units at a word boundary, its ranges kept only where they fit whole. */
export function clip(snippet: { text: string; ranges: TextRange[] }, maximum: number): { text: string; ranges: TextRange[] } {
  const text = snippet.text.replace(/\s+/g, ' ');
  // Collapsing white space moves the offsets: recompute them on the collapsed text.
  const ranges = collapsedRanges(snippet.text, snippet.ranges);
  if (text.length <= maximum) return { text, ranges };
  let end = text.lastIndexOf(' ', maximum - 1);
  if (end < maximum / 2) end = maximum - 1;
  const clipped = `${text.slice(0, end)}…`;
  return { text: clipped, ranges: ranges.filter((range) => range.start + range.length <= end) };
}

function collapsedRanges(original: string, ranges: TextRange[]): TextRange[] {
  // Map each original offset to its offset once runs of white space become one space.
  const offsets: number[] = [];
  let collapsed = 0;
  let inSpace = false;
  for (let index = 0; index < original.length; index += 1) {
    offsets.push(collapsed);
    const isSpace = /\s/.test(original[index]!);
    if (!(isSpace && inSpace)) collapsed += 1;
    inSpace = isSpace;
  }
  offsets.push(collapsed);
  return ranges.map((range) => {
    const start = offsets[range.start]!;
    return { start, length: offsets[range.start + range.length]! - start };
  });
}

/**
 * The FTS5 query for what a person typed: every word a quoted string, so quotes, -, *, ^, :, NEAR,
 * AND/OR/NOT and parentheses are only text; a word of three or more letters or digits also matches words
 * it begins ("deplo" finds "deploy"). Null when nothing searchable is left (punctuation only).
 */
export function ftsQuery(typed: string): string | null {
  const terms = searchedWords(typed);
  if (terms.length === 0) return null;
  return terms.map((term) => (matchesWordsItBegins(term) ? `${quotedWord(term)}*` : quotedWord(term))).join(' ');
}

/** Whether a typed word also finds the words it begins: when it has three or more letters or digits. */
export function matchesWordsItBegins(word: string): boolean {
  return [...word.replace(/[^\p{L}\p{N}]/gu, '')].length >= 3;
}

/**
 * The typed words as one FTS5 phrase, whole words only ("a" + "b"): text holding the same words in the same order.
 * Null when nothing searchable is left.
 */
export function ftsPhrase(typed: string): string | null {
  const terms = searchedWords(typed);
  return terms.length === 0 ? null : terms.map(quotedWord).join(' + ');
}

/**
 * The typed words that hold a letter or a digit (the others give the index no token), without the match markers and
 * control characters: a NUL would end FTS5's query string early and PostgreSQL refuses it in text, so a typed one
 * simply joins what it stood between (which then finds nothing, unless that is a word).
 */
export function searchedWords(typed: string): string[] {
  return typed
    .split(/\s+/)
    .map((word) => word.replace(/[\uE000\uE001]|[^\P{Cc}\s]/gu, ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
}

const quotedWord = (word: string) => `"${word.replace(/"/g, '""')}"`;
