/**
 * C0 control characters (U+0000 to U+001F) and DEL (U+007F): invisible in text, refused by file systems, and how
 * "java\tscript:" slips past a naive check of a link's scheme. Checked by code point rather than with a regular
 * expression, whose control-character ranges read as mistakes (ESLint's no-control-regex).
 */
export function isControlCharacter(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code <= 0x1f || code === 0x7f;
}

export function hasControlCharacter(text: string): boolean {
  for (const character of text) if (isControlCharacter(character)) return true;
  return false;
}
