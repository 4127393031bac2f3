/**
 * The driver's error behind an error: drizzle wraps a failed statement in its own error ("Failed query: …") with the
 * driver's as its cause, which has the SQLSTATE `code`.
 */
export function databaseErrorOf(error: unknown): { code?: unknown } | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ('code' in current) return current as { code?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Which unique index refused a failed unit of work, on PostgreSQL (SQLSTATE 23505 with the index's name): uniqueness
 * across streams (a team's URL) is a unique index, and two units that both passed the area's check meet it when they
 * run at once. The area turns the index's name into its own error where the failed unit arrives, never inside the
 * unit (a failed statement fails the whole unit there). On SQLite units run one at a time, so the area's check meets
 * the first unit's row and no index is ever refused.
 */
export function violatedUniqueIndexOf(error: unknown): string | null {
  const { code, constraint_name: constraint } = (databaseErrorOf(error) ?? {}) as { code?: unknown; constraint_name?: unknown };
  return code === '23505' && typeof constraint === 'string' ? constraint : null;
}
