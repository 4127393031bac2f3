import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../ui';
import { formatNames } from './format';
import type { MessageReaction } from './operations';
import styles from './Chat.module.css';

export interface ReactionsProps {
  reactions: readonly MessageReaction[];
  me: string | null;
  /** A person's display name from their id (the conversation's members). */
  nameOf: (id: string) => string;
  onToggle: (emoji: string) => void;
}

/** The reactions under a message: each chip toggles the caller's reaction; its tooltip says who reacted. */
export function Reactions({ reactions, me, nameOf, onToggle }: ReactionsProps) {
  const { t, i18n } = useTranslation();
  if (reactions.length === 0) return null;
  return (
    <ul className={styles.reactions} aria-label={t('chat.message.reactions')}>
      {reactions.map((reaction) => {
        const mine = me !== null && reaction.users.includes(me);
        const names = formatNames(
          reaction.users.map((id) => (id === me ? t('chat.message.you') : nameOf(id))),
          i18n.language,
        );
        const who = t('chat.message.reactedBy', { names, emoji: reaction.emoji });
        return (
          <li key={reaction.emoji}>
            <Tooltip content={who} side="top">
              <button
                type="button"
                className={clsx(styles.reaction, mine && styles.reactionMine)}
                aria-pressed={mine}
                aria-label={t('chat.message.reactionLabel', { emoji: reaction.emoji, count: reaction.count, names })}
                onClick={() => onToggle(reaction.emoji)}
              >
                <span aria-hidden>{reaction.emoji}</span>
                <span className={styles.reactionCount}>{reaction.count}</span>
              </button>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
