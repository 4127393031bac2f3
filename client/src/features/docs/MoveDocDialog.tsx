import { ChevronRight, Folder, Home } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { Button, Dialog, Spinner } from '../../ui';
import styles from './Docs.module.css';
import { editWall, foldersIn } from './docsActions';
import type { DocFolder, Wall } from './operations';

interface Level {
  id: string | null;
  name: string;
}

/** Moves a doc into a folder: walk down the doc folders of the space, then "Move here". */
export function MoveDocDialog({ project, wall, onClose }: { project: string; wall: Wall; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const [trail, setTrail] = useState<Level[]>([{ id: null, name: t('docs.move.topLevel') }]);
  const [moving, setMoving] = useState(false);
  const here = trail[trail.length - 1] ?? { id: null, name: '' };
  // The folders of the level they were read for (null: the read failed); another level shows loading until its own arrive.
  const [answer, setAnswer] = useState<{ level: string | null; folders: DocFolder[] | null } | null>(null);
  const current = answer?.level === here.id ? answer : null;
  const folders = current?.folders ?? null;
  const failed = current !== null && current.folders === null;

  useEffect(() => {
    let live = true;
    foldersIn(project, here.id).then(
      (found) => live && setAnswer({ level: here.id, folders: found }),
      () => live && setAnswer({ level: here.id, folders: null }),
    );
    return () => {
      live = false;
    };
  }, [project, here.id]);

  const move = async () => {
    setMoving(true);
    const kept = await editWall(store, wall, { folder: here.id ?? '' });
    setMoving(false);
    if (kept) onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('docs.move.title', { title: wall.title })}
      footer={
        <>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <Button variant="primary" onClick={() => void move()} loading={moving} disabled={here.id === wall.folder} data-autofocus>
            {t('docs.move.here', { folder: here.name })}
          </Button>
        </>
      }
    >
      <nav aria-label={t('docs.list.breadcrumbs')} className={styles.moveTrail}>
        {trail.map((level, index) => (
          <span key={level.id ?? 'top'}>
            {index > 0 && <ChevronRight size={12} aria-hidden />}
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => setTrail(trail.slice(0, index + 1))}
              aria-current={index === trail.length - 1 ? 'location' : undefined}
            >
              {index === 0 ? <Home size={12} aria-hidden /> : null} {level.name}
            </button>
          </span>
        ))}
      </nav>
      {folders === null && !failed && <Spinner />}
      {failed && <p role="alert">{t('docs.errors.load')}</p>}
      {folders && folders.length === 0 && <p className={styles.muted}>{t('docs.move.noFolders')}</p>}
      {folders && folders.length > 0 && (
        <ul className={styles.moveList}>
          {folders.map((folder) => (
            <li key={folder.id}>
              <button
                type="button"
                className={styles.moveFolder}
                onClick={() => setTrail([...trail, { id: folder.id, name: folder.name }])}
              >
                <Folder size={14} aria-hidden /> {folder.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
