/** What an edit changes: the new values in `changes`, the values they replace in `previous`. */
export interface FieldChanges<Fields> {
  changes: Partial<Fields>;
  previous: Partial<Fields>;
}

/**
 * The fields of `next` whose values differ from `current`, in `next`'s order; fields left undefined
 * are not asked for and never count as changes. `same` decides equality (strict equality unless given).
 */
export function diffFields<Fields extends object>(
  current: Fields,
  next: Partial<Fields>,
  same: <Field extends keyof Fields>(field: Field, current: Fields[Field], next: Fields[Field]) => boolean = (_field, left, right) =>
    left === right,
): FieldChanges<Fields> {
  const changes: Partial<Fields> = {};
  const previous: Partial<Fields> = {};
  for (const field of Object.keys(next) as (keyof Fields)[]) {
    const value = next[field];
    if (value === undefined || same(field, current[field], value as Fields[keyof Fields])) continue;
    changes[field] = value;
    previous[field] = current[field];
  }
  return { changes, previous };
}

/** Clients send arguments they do not use as null; treat them as absent. */
export function withoutNulls<Args extends Record<string, unknown>>(args: Args): Partial<Args> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null)) as Partial<Args>;
}
