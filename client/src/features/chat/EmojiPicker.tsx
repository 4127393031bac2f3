import type { ReactNode } from 'react';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui';
import styles from './Chat.module.css';

/** A small built-in set (no emoji package is installed): the reactions and smileys teams use most. */
export const commonEmoji = [
  '👍',
  '❤️',
  '😂',
  '🎉',
  '😮',
  '😢',
  '🙏',
  '👀',
  '🔥',
  '✅',
  '👏',
  '🚀',
  '😄',
  '😅',
  '🤔',
  '😍',
  '😎',
  '🙌',
  '💯',
  '👌',
  '😉',
  '🙂',
  '😕',
  '😡',
  '🤝',
  '💡',
  '⚠️',
  '❌',
  '⭐',
  '☕',
  '👋',
  '🥳',
] as const;

export interface EmojiPickerProps {
  /** Names the grid for screen readers. */
  label: string;
  onPick: (emoji: string) => void;
  /** One focusable element that opens the grid. */
  children: ReactNode;
  /** Where focus goes when the grid closes (the composer keeps its caret); defaults to the trigger. */
  onClosed?: () => void;
}

/** A grid of emoji in a menu: arrow keys move, Enter picks, Escape closes. */
export function EmojiPicker({ label, onPick, children, onClosed }: EmojiPickerProps) {
  return (
    <Menu modal={false}>
      <MenuTrigger asChild>{children}</MenuTrigger>
      <MenuContent
        className={styles.emojiGrid}
        aria-label={label}
        onCloseAutoFocus={(event) => {
          if (!onClosed) return;
          event.preventDefault();
          onClosed();
        }}
      >
        {commonEmoji.map((emoji) => (
          <MenuItem key={emoji} className={styles.emojiItem} aria-label={emoji} onSelect={() => onPick(emoji)}>
            {emoji}
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
