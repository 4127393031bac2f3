import * as RadixAvatar from '@radix-ui/react-avatar';
import clsx from 'clsx';
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

const palette = [
  '#5e6ad2',
  '#2f9e8f',
  '#d9730d',
  '#c0417a',
  '#3a8fd8',
  '#8a5cd1',
  '#4f9a3a',
  '#d14f4f',
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
  return palette[hash % palette.length] ?? palette[0]!;
}

/** An image, or initials on a colour derived from the name while the image loads or when there is none. */
export function Avatar({ name, src, colorKey, size = 28, shape = 'circle', className }: AvatarProps) {
  return (
    <RadixAvatar.Root
      className={clsx(styles.root, shape === 'square' && styles.square, className)}
      style={{ width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)), backgroundColor: avatarColor(colorKey ?? name) }}
    >
      {src && <RadixAvatar.Image className={styles.image} src={src} alt={name} />}
      <RadixAvatar.Fallback className={styles.fallback} delayMs={src ? 300 : undefined} aria-label={name} role="img">
        {initialsOf(name)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
