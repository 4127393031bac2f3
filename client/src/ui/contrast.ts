/**
 * WCAG 2.1 contrast between two colours, and the text colour that reads best on a background:
 * avatars and space icons draw their initials on colours chosen per person or space, so the
 * initials' colour is chosen from that background instead of being always white.
 */
import type { CSSProperties } from 'react';

/**
 * Dark text for light backgrounds. Black, because only black and white together guarantee 4.5:1
 * on every colour (a mid tone such as #6366f1 gives 4.47:1 with the theme's near-black).
 */
export const darkInitials = '#000000';
/** Light text for dark backgrounds. */
export const lightInitials = '#ffffff';

/** Red, green and blue from 0 to 255 of `#rgb` or `#rrggbb`; undefined for anything else (CSS variables, names). */
export function parseHexColor(color: string): [number, number, number] | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return undefined;
  const digits = match[1]!;
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
}

/** Relative luminance as WCAG 2.1 defines it, from 0 (black) to 1 (white). */
export function relativeLuminance([red, green, blue]: readonly [number, number, number]): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The contrast ratio of two hex colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const a = parseHexColor(first);
  const b = parseHexColor(second);
  if (!a || !b) throw new Error(`not a hex colour: ${a ? second : first}`);
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * White or near-black, whichever contrasts more with `background`. A colour that is not a hex
 * value (a CSS variable) gets the theme's text colour, which the theme keeps readable on its own surfaces.
 */
export function readableTextOn(background: string): string {
  if (!parseHexColor(background)) return 'var(--color-text)';
  return contrastRatio(lightInitials, background) >= contrastRatio(darkInitials, background) ? lightInitials : darkInitials;
}

/**
 * The style of a square of initials on a colour (a space's icon, a task chat's badge): the letters in the colour
 * that reads on it, and a faint square with the page's background colour for letters when there is no colour.
 */
export function initialsSquareStyle(size: number, color: string | null | undefined): CSSProperties {
  return {
    width: size,
    height: size,
    fontSize: Math.round(size * 0.42),
    backgroundColor: color ?? 'var(--color-text-faint)',
    color: color ? readableTextOn(color) : 'var(--color-bg)',
  };
}
