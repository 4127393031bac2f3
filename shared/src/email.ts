/**
 * SPEC §5: e-mail addresses are checked with a standard address pattern, case-insensitive.
 *
 * The local part allows the RFC 5322 "atext" characters in dot-separated runs (no leading,
 * trailing or doubled dot); the domain is one or more DNS labels (at most 63 characters, no
 * leading or trailing hyphen) followed by an alphabetic top-level domain of 2 or more letters.
 * Quoted local parts and IP-literal domains are refused: no real sign-up uses them.
 */
export const emailPattern =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** RFC 5321 limits a forward path to 254 characters. */
export const maximumEmailLength = 254;

/**
 * Whether `value` is an acceptable e-mail address.
 *
 * Nothing is trimmed or lower-cased here: a validator that silently fixes its input hides the
 * difference between what was checked and what gets stored. Forms trim before calling, and
 * the server normalises (trim, lower-case) in one place before saving or looking up.
 */
export function isValidEmail(value: string): boolean {
  return value.length <= maximumEmailLength && emailPattern.test(value);
}
