const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Used when a space's name has no Latin letter at all (digits, emoji, another script). */
const fallbackWord = 'TASK';

/** The name's words in capital A–Z letters, accents removed: "Équipe Café" -> ["EQUIPE", "CAFE"]. */
function wordsOf(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((word) => word.length > 0);
}

/** Pick `size` letters from `letters` keeping their order, the first letter always first. */
function* ordered(letters: string, size: number): Generator<string> {
  const first = letters[0]!;
  const rest = letters.slice(1);
  function* pick(start: number, chosen: string): Generator<string> {
    if (chosen.length === size) {
      yield chosen;
      return;
    }
    for (let index = start; index < rest.length; index += 1) yield* pick(index + 1, chosen + rest[index]);
  }
  yield* pick(0, first);
}

function* everyCode(first: string, size: number): Generator<string> {
  if (size === 1) {
    yield first;
    return;
  }
  for (const shorter of everyCode(first, size - 1)) for (const letter of alphabet) yield shorter + letter;
}

/** Prefix candidates, most readable first; the last ones try every code so one is always free. */
function* candidates(name: string): Generator<string> {
  const words = wordsOf(name);
  const letters = words.length > 0 ? words.join('') : fallbackWord;
  const first = letters[0]!;
  if (words.length >= 2)
    yield words
      .slice(0, 4)
      .map((word) => word[0])
      .join('');
  if (letters.length >= 3) yield letters.slice(0, 3);
  if (letters.length >= 4) yield letters.slice(0, 4);
  if (letters.length >= 2) yield letters.slice(0, 2);
  for (const size of [3, 4, 2]) yield* ordered(letters.slice(0, 12), size);
  const stem = letters.slice(0, Math.min(3, letters.length));
  for (const letter of alphabet) yield stem + letter;
  for (const size of [2, 3, 4]) yield* everyCode(first, size);
  for (const size of [2, 3, 4]) for (const other of alphabet) yield* everyCode(other, size);
}

/**
 * A space's idCode prefix: 2 to 4 capital letters read from its name ("Engineering" -> ENG,
 * "Customer Success Team" -> CST), the first one not `taken` in the team.
 */
export function derivePrefix(name: string, taken: ReadonlySet<string>): string {
  for (const candidate of candidates(name)) {
    if (candidate.length >= 2 && candidate.length <= 4 && /^[A-Z]+$/.test(candidate) && !taken.has(candidate)) return candidate;
  }
  throw new Error('every task prefix is taken');
}
