/**
 * Idempotency keys: one per logical mutation, sent as the `Idempotency-Key` header by every attempt
 * of it, so a server that applied the first attempt (whose answer was lost) answers a retry with
 * that first result and writes nothing more.
 *
 * crypto.randomUUID exists only in secure contexts (https, localhost); an instance reached over plain
 * http on a local network still gets version-4 ids, from getRandomValues, which every context has.
 */
export function newMutationKey(
  source: { getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>; randomUUID?: () => string } = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a document is a mutation: its text starts with the keyword, after blanks and comments. */
export function isMutationText(text: string): boolean {
  return /^(?:\s|#[^\n]*\n)*mutation\b/.test(text);
}
