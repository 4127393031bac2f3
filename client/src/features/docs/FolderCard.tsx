import { Folder, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStore } from '../../lib/store';
import { Button, Menu, MenuContent, MenuItem, MenuTrigger, openDialog } from '../../ui';
import styles from './Docs.module.css';
import { deleteFolder, renameFolder } from './docsActions';
import type { DocFolder } from './operations';
import { docsListPath } from './paths';

export function FolderCard({ project, folder }: { project: string; folder: DocFolder }) {
  const { t } = useTranslation();
  const store = useStore();

  const rename = async () => {
    const { confirmed, values } = await openDialog({
      title: t('docs.folders.rename'),
      inputs: [{ label: t('docs.folders.name'), defaultValue: folder.name }],
      primaryLabel: t('docs.folders.save'),
    });
    const name = values[0]?.trim();
    if (confirmed && name && name !== folder.name) await renameFolder(store, folder, name);
  };

  const remove = async () => {
    const { confirmed } = await openDialog({
      title: t('docs.folders.deleteTitle', { name: folder.name }),
      description: t('docs.folders.deleteBody'),
      primaryLabel: t('docs.folders.delete'),
      tone: 'danger',
    });
    if (confirmed) await deleteFolder(store, folder);
  };

  return (
    <li className={styles.folderCard}>
      <Link to={docsListPath(project, folder.id)} className={styles.folderLink}>
        <Folder size={16} aria-hidden />
        <span>{folder.name}</span>
      </Link>
      {folder.canEdit && (
        <Menu>
          <MenuTrigger asChild>
            <Button
              size="sm"
              variant="ghost"
              iconOnly
              icon={<MoreHorizontal size={14} aria-hidden />}
              aria-label={t('docs.folders.actions', { name: folder.name })}
            />
          </MenuTrigger>
          <MenuContent align="end">
            <MenuItem icon={<Pencil size={14} aria-hidden />} onSelect={() => void rename()}>
              {t('docs.folders.rename')}
            </MenuItem>
            <MenuItem icon={<Trash2 size={14} aria-hidden />} tone="danger" onSelect={() => void remove()}>
              {t('docs.folders.delete')}
            </MenuItem>
          </MenuContent>
        </Menu>
      )}
    </li>
  );
}
