import { taskColors } from '#shared/tasks';

/** A collaborator's caret colour: one of the 12 palette colours (SPEC §9), the same for a user on every device. */
export function caretColor(userId: string): string {
  let hash = 0;
  for (const character of userId) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return taskColors[hash % taskColors.length] ?? taskColors[0];
}
