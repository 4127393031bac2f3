import { FileText, FolderInput, MoreHorizontal, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRelativeTime } from '#shared/time';
import { useStore } from '../../lib/store';
import { Button, Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui';
import { confirmDeleteDoc } from './confirmDelete';
import styles from './Docs.module.css';
import type { Wall } from './operations';
import { docPagePath } from './paths';

/** One doc in the list: its cover, emoji and title, when it last changed (before `now`), and its actions. */
export function DocCard({ project, wall, now, onMove }: { project: string; wall: Wall; now: number; onMove: (wall: Wall) => void }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const updated = formatRelativeTime(Date.parse(wall.updatedAt), now, i18n.language, t('docs.justNow'));
  return (
    <li className={styles.docCard}>
      <Link to={docPagePath(project, wall)} className={styles.docLink}>
        <span
          className={styles.cardCover}
          style={wall.cover ? { backgroundImage: `url("${encodeURI(wall.cover)}")` } : undefined}
          aria-hidden
        />
        <span className={styles.cardBody}>
          <span className={styles.cardEmoji} aria-hidden>
            {wall.emoji ?? <FileText size={18} />}
          </span>
          <span className={styles.cardTitle}>{wall.title}</span>
          <span className={styles.cardMeta}>{t('docs.list.updated', { when: updated })}</span>
        </span>
      </Link>
      {wall.canEdit && (
        <Menu>
          <MenuTrigger asChild>
            <Button
              className={styles.cardMenu}
              size="sm"
              variant="ghost"
              iconOnly
              icon={<MoreHorizontal size={14} aria-hidden />}
              aria-label={t('docs.list.actions', { title: wall.title })}
            />
          </MenuTrigger>
          <MenuContent align="end">
            <MenuItem icon={<FolderInput size={14} aria-hidden />} onSelect={() => onMove(wall)}>
              {t('docs.move.action')}
            </MenuItem>
            {wall.canManage && (
              <MenuItem icon={<Trash2 size={14} aria-hidden />} tone="danger" onSelect={() => void confirmDeleteDoc(store, wall)}>
                {t('docs.delete.action')}
              </MenuItem>
            )}
          </MenuContent>
        </Menu>
      )}
    </li>
  );
}
