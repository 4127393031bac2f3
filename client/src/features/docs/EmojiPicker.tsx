import { SmilePlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../ui';
import styles from './Docs.module.css';

/** A small built-in set: common doc subjects, no emoji font or picker library to download. */
export const docEmojis = [
  '📄',
  '📝',
  '📌',
  '📎',
  '📚',
  '📖',
  '🗂️',
  '📊',
  '📈',
  '🗓️',
  '✅',
  '💡',
  '🚀',
  '🎯',
  '🔥',
  '⭐',
  '🎉',
  '🧭',
  '🛠️',
  '⚙️',
  '🔒',
  '🔑',
  '🧪',
  '🐛',
  '📣',
  '💬',
  '🤝',
  '👋',
  '❤️',
  '🌱',
  '🌍',
  '🏁',
  '🧩',
  '🎨',
  '📦',
  '🏷️',
  '⏱️',
  '💰',
  '🧠',
  '📷',
] as const;

export function EmojiPicker({ value, onChange, disabled }: { value: string | null; onChange: (emoji: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const trigger = (
    <button
      type="button"
      className={styles.emojiButton}
      aria-label={value ? t('docs.emoji.change', { emoji: value }) : t('docs.emoji.add')}
      disabled={disabled}
    >
      {value ?? <SmilePlus size={20} aria-hidden />}
    </button>
  );
  if (disabled)
    return value ? (
      <span className={styles.emojiButton} aria-hidden>
        {value}
      </span>
    ) : null;
  return (
    <Menu>
      <MenuTrigger asChild>{trigger}</MenuTrigger>
      <MenuContent align="start" className={styles.emojiMenu} aria-label={t('docs.emoji.title')}>
        <div className={styles.emojiGrid}>
          {docEmojis.map((emoji) => (
            <MenuItem key={emoji} className={styles.emojiItem} onSelect={() => onChange(emoji)}>
              {emoji}
            </MenuItem>
          ))}
        </div>
        {value && (
          <>
            <MenuSeparator />
            <MenuItem icon={<X size={14} aria-hidden />} onSelect={() => onChange('')}>
              {t('docs.emoji.remove')}
            </MenuItem>
          </>
        )}
      </MenuContent>
    </Menu>
  );
}
