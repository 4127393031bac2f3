/**
 * Pure text edits of the composer: Markdown formatting around the selection, list prefixes, and
 * @mention detection and search. Each works on the message body (composerDocument.ts maps it to
 * the editor and back) and returns the new value and selection, so the behaviour is unit-tested
 * without a DOM.
 */

export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

function runLength(value: string, from: number, step: 1 | -1, character: string): number {
  let length = 0;
  while (value[from + step * length] === character) length += 1;
  return length;
}

/**
 * Whether the selection already sits inside these markers. Runs of one character are counted, so
 * italic inside bold ("***x***") and bold alone ("**x**") tell apart: an odd run holds an italic.
 */
function isWrapped(value: string, start: number, end: number, before: string, after: string): boolean {
  const character = before[0] ?? '';
  if (before !== after || before !== character.repeat(before.length)) {
    return value.slice(start - before.length, start) === before && value.slice(end, end + after.length) === after;
  }
  const left = runLength(value, start - 1, -1, character);
  const right = runLength(value, end, 1, character);
  if (before.length === 1) return left % 2 === 1 && right % 2 === 1;
  return left >= before.length && right >= before.length;
}

/** Wraps the selection in `before`/`after` (bold, italic, code); with no selection the caret lands between them. Wrapping again unwraps. */
export function wrapSelection(value: string, start: number, end: number, before: string, after = before): TextEdit {
  const selected = value.slice(start, end);
  const wrapped = isWrapped(value, start, end, before, after);
  if (wrapped && selected) {
    const next = value.slice(0, start - before.length) + selected + value.slice(end + after.length);
    return { value: next, selectionStart: start - before.length, selectionEnd: end - before.length };
  }
  const next = value.slice(0, start) + before + selected + after + value.slice(end);
  return { value: next, selectionStart: start + before.length, selectionEnd: end + before.length };
}

/** A link around the selection: [text](https://) with the URL part selected to be typed over. */
export function insertLink(value: string, start: number, end: number): TextEdit {
  const label = value.slice(start, end) || 'link';
  const placeholder = 'https://';
  const inserted = `[${label}](${placeholder})`;
  const urlStart = start + label.length + 3;
  return {
    value: value.slice(0, start) + inserted + value.slice(end),
    selectionStart: urlStart,
    selectionEnd: urlStart + placeholder.length,
  };
}

/** Prefixes every line touched by the selection with "- " (or removes it when all have it). */
export function toggleBulletList(value: string, start: number, end: number): TextEdit {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = value.indexOf('\n', end);
  const lineEnd = nextBreak === -1 ? value.length : nextBreak;
  const lines = value.slice(lineStart, lineEnd).split('\n');
  const allListed = lines.every((line) => line.startsWith('- '));
  const changed = lines.map((line) => (allListed ? line.slice(2) : `- ${line}`)).join('\n');
  const next = value.slice(0, lineStart) + changed + value.slice(lineEnd);
  const delta = changed.length - (lineEnd - lineStart);
  const first = allListed ? -2 : 2;
  return { value: next, selectionStart: Math.max(lineStart, start + first), selectionEnd: end + delta };
}

export interface MentionQuery {
  /** Where the "@" is. */
  start: number;
  /** What follows it up to the caret. */
  query: string;
}

/** The mention being typed at the caret: an "@" at a word start followed by up to 30 non-space characters. */
export function mentionQueryAt(value: string, caret: number): MentionQuery | null {
  const match = /(^|[\s(])@([^\s@[\]()]{0,30})$/u.exec(value.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Lower-case and without accents, so "jose" finds "José". */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export interface MentionCandidate {
  id: string;
  name: string;
  profileImg: string | null;
}

/** Candidates whose name has a word starting with the query, best first, at most `limit`. */
export function filterMentionCandidates(candidates: readonly MentionCandidate[], query: string, limit = 8): MentionCandidate[] {
  const wanted = searchable(query.trim());
  const scored = candidates.flatMap((candidate) => {
    const name = searchable(candidate.name);
    if (!wanted) return [{ candidate, score: 1 }];
    if (name.startsWith(wanted)) return [{ candidate, score: 0 }];
    if (name.split(/\s+/).some((word) => word.startsWith(wanted))) return [{ candidate, score: 1 }];
    return name.includes(wanted) ? [{ candidate, score: 2 }] : [];
  });
  return scored
    .sort((left, right) => left.score - right.score || left.candidate.name.localeCompare(right.candidate.name))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
