import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui';
import type { MentionCandidate } from './composerText';
import styles from './Chat.module.css';

export interface MentionListProps {
  id: string;
  candidates: readonly MentionCandidate[];
  active: number;
  onPick: (candidate: MentionCandidate) => void;
}

export function mentionOptionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}

/** The @mention suggestions under the composer; the textarea keeps focus and drives it with the arrow keys. */
export function MentionList({ id, candidates, active, onPick }: MentionListProps) {
  const { t } = useTranslation();
  return (
    <ul id={id} role="listbox" className={styles.mentionList} aria-label={t('chat.composer.mentions')}>
      {candidates.length === 0 && <li className={styles.mentionEmpty}>{t('chat.composer.noMatches')}</li>}
      {candidates.map((candidate, index) => (
        <li
          key={candidate.id}
          id={mentionOptionId(id, index)}
          role="option"
          aria-selected={index === active}
          className={clsx(styles.mentionOption, index === active && styles.mentionActive)}
          // mousedown, not click: the textarea must not lose focus (and its caret) before the pick.
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(candidate);
          }}
        >
          <Avatar name={candidate.name} src={candidate.profileImg} colorKey={candidate.id} size={20} />
          <span>{candidate.name}</span>
        </li>
      ))}
    </ul>
  );
}
