/**
 * Narrows an unknown value to one of a const list. Values arrive untyped from GraphQL
 * arguments, localStorage and the database, so each enumeration module checks through this.
 */
export function isOneOf<const Value extends string>(values: readonly Value[], value: unknown): value is Value {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
