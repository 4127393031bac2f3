import { Download, FolderInput, FolderOpen, Info, Link2, Link2Off, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSetAtom, useStore } from '../../lib/store';
import { Button, Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../ui';
import { detailsOpenAtom, entryName, selectedEntryKeyAtom, type Entry } from './atoms';
import { canDelete, canEdit, confirmDelete, downloadStoredFile, movingEntryAtom, openFile, promptRename } from './entryCommands';
import { copyShareLink, setShared } from './filesActions';
import { folderPath } from './useFilesArea';

/** The "…" menu of a file or folder: what the keys do (Enter, F2, Delete) and the rest (move, share, download, details). */
export function EntryMenu({ entry, project }: { entry: Entry; project: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const setMoving = useSetAtom(movingEntryAtom);
  const setDetails = useSetAtom(detailsOpenAtom);
  const setSelected = useSetAtom(selectedEntryKeyAtom);
  const name = entryName(entry);
  const file = entry.kind === 'file' ? entry.file : null;
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          tabIndex={-1}
          icon={<MoreHorizontal size={16} aria-hidden />}
          aria-label={t('files.actions.more', { name })}
          onClick={() => setSelected(entry.key)}
        />
      </MenuTrigger>
      <MenuContent align="end">
        {file ? (
          <>
            <MenuItem icon={<FolderOpen size={14} />} hint="↵" onSelect={() => openFile(store, file)}>
              {t('files.actions.open')}
            </MenuItem>
            <MenuItem icon={<Download size={14} />} onSelect={() => downloadStoredFile(file)}>
              {t('files.actions.download')}
            </MenuItem>
          </>
        ) : (
          <MenuItem
            icon={<FolderOpen size={14} />}
            hint="↵"
            onSelect={() => entry.kind === 'folder' && navigate(folderPath(project, entry.folder.id))}
          >
            {t('files.actions.open')}
          </MenuItem>
        )}
        {canEdit(entry) && (
          <MenuItem icon={<Pencil size={14} />} hint="F2" onSelect={() => void promptRename(store, entry)}>
            {t('files.actions.rename')}
          </MenuItem>
        )}
        {canEdit(entry) && (
          <MenuItem icon={<FolderInput size={14} />} onSelect={() => setMoving(entry)}>
            {t('files.actions.move')}
          </MenuItem>
        )}
        {file?.canEdit &&
          (file.shared ? (
            <>
              <MenuItem icon={<Link2 size={14} />} onSelect={() => void copyShareLink(file.id)}>
                {t('files.actions.copyLink')}
              </MenuItem>
              <MenuItem icon={<Link2Off size={14} />} onSelect={() => void setShared(store, file, false)}>
                {t('files.actions.unshare')}
              </MenuItem>
            </>
          ) : (
            <MenuItem icon={<Link2 size={14} />} onSelect={() => void setShared(store, file, true)}>
              {t('files.actions.share')}
            </MenuItem>
          ))}
        {file && (
          <MenuItem
            icon={<Info size={14} />}
            onSelect={() => {
              setSelected(entry.key);
              setDetails(true);
            }}
          >
            {t('files.actions.details')}
          </MenuItem>
        )}
        {canDelete(entry) && (
          <>
            <MenuSeparator />
            <MenuItem icon={<Trash2 size={14} />} hint="Del" tone="danger" onSelect={() => void confirmDelete(store, entry)}>
              {t('files.actions.delete')}
            </MenuItem>
          </>
        )}
      </MenuContent>
    </Menu>
  );
}
