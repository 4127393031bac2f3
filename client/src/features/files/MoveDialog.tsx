import { ChevronLeft, Folder } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { useAtom, useStore } from '../../lib/store';
import { Button, Dialog, Notice, Spinner } from '../../ui';
import { entryName } from './atoms';
import { movingEntryAtom } from './entryCommands';
import styles from './Files.module.css';
import { moveEntry } from './filesActions';
import { getFoldersDocument, type FolderCrumb, type StoredFolder } from './operations';

type Level = { status: 'loading' } | { status: 'ready'; folders: StoredFolder[] } | { status: 'error'; message: string };

/**
 * Picks where a file or folder goes: browse the space's folders from the top level, then "Move
 * here". The folder being moved cannot be opened (nothing moves into itself); a move into one of
 * its subfolders is refused by the server, whose reason the toast shows.
 */
export function MoveDialog({ project }: { project: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const [entry, setEntry] = useAtom(movingEntryAtom);
  const [trail, setTrail] = useState<FolderCrumb[]>([]);
  // Each move starts at the top level.
  const [trailFor, setTrailFor] = useState(entry);
  if (trailFor !== entry) {
    setTrailFor(entry);
    setTrail([]);
  }
  const here = trail.at(-1) ?? null;
  // The folders of the level they were read for; another level shows loading until its own arrive.
  const [answer, setAnswer] = useState<{ folder: string | null; level: Level } | null>(null);
  const level: Level = answer && answer.folder === (here?.id ?? null) ? answer.level : { status: 'loading' };

  useEffect(() => {
    if (!entry) return undefined;
    let live = true;
    const folder = here?.id ?? null;
    request(getFoldersDocument, folder ? { project, folder } : { project }, { handledByCaller: true })
      .then(({ getFolders }) => live && setAnswer({ folder, level: { status: 'ready', folders: getFolders } }))
      .catch(
        (error: unknown) =>
          live &&
          setAnswer({ folder, level: { status: 'error', message: error instanceof Error ? error.message : t('files.errors.generic') } }),
      );
    return () => {
      live = false;
    };
  }, [entry, here, project, t]);

  if (!entry) return null;
  const parent = entry.kind === 'folder' ? entry.folder.upfolder : entry.file.folder;
  const close = () => setEntry(null);
  const move = () => {
    close();
    void moveEntry(store, entry, here);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={t('files.moveDialog.title', { name: entryName(entry) })}
      description={t('files.moveDialog.location', { folder: trail.map((crumb) => crumb.name).join(' / ') || t('files.root') })}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            {t('dialog.cancel')}
          </Button>
          <Button variant="primary" disabled={(parent ?? null) === (here?.id ?? null)} onClick={move}>
            {t('files.moveDialog.here')}
          </Button>
        </>
      }
    >
      {here && (
        <Button size="sm" variant="ghost" icon={<ChevronLeft size={14} aria-hidden />} onClick={() => setTrail(trail.slice(0, -1))}>
          {t('files.moveDialog.up')}
        </Button>
      )}
      {level.status === 'loading' && <Spinner label={t('files.loading')} />}
      {level.status === 'error' && <Notice tone="error">{level.message}</Notice>}
      {level.status === 'ready' && (
        <ul className={styles.moveList} aria-label={t('files.moveDialog.folders')}>
          {level.folders.length === 0 && <li className={styles.muted}>{t('files.moveDialog.empty')}</li>}
          {level.folders.map((folder) => {
            const self = entry.kind === 'folder' && entry.folder.id === folder.id;
            return (
              <li key={folder.id}>
                <button
                  type="button"
                  className={styles.moveFolder}
                  disabled={self}
                  onClick={() => setTrail([...trail, { id: folder.id, name: folder.name }])}
                >
                  <Folder size={16} aria-hidden /> {folder.name}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
