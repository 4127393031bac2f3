import * as RadixAvatar from '@radix-ui/react-avatar';
import clsx from 'clsx';
import { readableTextOn } from './contrast';
import styles from './Avatar.module.css';

export interface AvatarProps {
  /** The person or thing the avatar stands for: used for the initials, the colour and the image's alt text. */
  name: string;
  src?: string | null;
  /** A stable key for the colour (the id); defaults to the name. */
  colorKey?: string;
  size?: number;
  shape?: 'circle' | 'square';
  className?: string;
}

/** Every colour reaches 4.5:1 with the initials' colour readableTextOn picks for it (tested). */
export const avatarPalette = [
  '#5e6ad2',
  '#2f9e8f',
  '#d9730d',
  '#c0417a',
  '#3a8fd8',
  '#8a5cd1',
  '#4f9a3a',
  '#c24040',
  '#b08a1e',
  '#3b7a9e',
  '#a8548f',
  '#5a7d2a',
];

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...(words[0] ?? '')][0] ?? '';
  const last = words.length > 1 ? ([...(words.at(-1) ?? '')][0] ?? '') : '';
  return (first + last).toUpperCase();
}

export function avatarColor(key: string): string {
  let hash = 0;
  for (const character of key) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return avatarPalette[hash % avatarPalette.length] ?? avatarPalette[0]!;
}

/** An image, or initials (white or dark, whichever reads) on a colour derived from the name while the image loads or when there is none. */
export function Avatar({ name, src, colorKey, size = 28, shape = 'circle', className }: AvatarProps) {
  const background = avatarColor(colorKey ?? name);
  return (
    <RadixAvatar.Root
      className={clsx(styles.root, shape === 'square' && styles.square, className)}
      style={{
        width: size,
        height: size,
        fontSize: Math.max(10, Math.round(size * 0.4)),
        backgroundColor: background,
        color: readableTextOn(background),
      }}
    >
      {src && <RadixAvatar.Image className={styles.image} src={src} alt={name} />}
      <RadixAvatar.Fallback className={styles.fallback} delayMs={src ? 300 : undefined} aria-label={name} role="img">
        {initialsOf(name)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
