import { FolderOpen, Upload } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import clsx from 'clsx';
import { isProjectId } from '../../app/routeRules';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, EmptyState, LoadingBar, Notice } from '../../ui';
import { navIcons } from '../shell/areas';
import { detailsOpenAtom, filesAreaAtom, sortedEntriesAtom, type Entry } from './atoms';
import { Breadcrumbs } from './Breadcrumbs';
import { DetailsPanel } from './DetailsPanel';
import { openFile } from './entryCommands';
import { FileBrowser } from './FileBrowser';
import styles from './Files.module.css';
import { loadFolder } from './filesActions';
import { FilesToolbar } from './FilesToolbar';
import { FolderViewer } from './FolderViewer';
import { useLinkedFileRedirect, useOpenLinkedFile } from './linkedFile';
import { useFolderDrop } from './folderDrop';
import { MoveDialog } from './MoveDialog';
import { StorageBar } from './StorageBar';
import { folderPath, useFilesArea } from './useFilesArea';

function SpaceFiles({ project, folder }: { project: string; folder: string | null }) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  useFilesArea(project, folder);
  useOpenLinkedFile(useSearchParams()[0].get('file'));
  const area = useAtomValue(filesAreaAtom);
  const entries = useAtomValue(sortedEntriesAtom);
  const detailsOpen = useAtomValue(detailsOpenAtom);
  const here = area.path.at(-1) ?? null;
  // Files dropped anywhere on the area upload into the open folder.
  const drop = useFolderDrop(project, folder ? (here ?? { id: folder, name: '' }) : null);
  const current = area.project === project && area.folder === folder;
  const open = useCallback(
    (entry: Entry) => (entry.kind === 'folder' ? navigate(folderPath(project, entry.folder.id)) : openFile(store, entry.file)),
    [navigate, project, store],
  );
  return (
    <div className={clsx(styles.page, drop.over && styles.dropping)} {...drop.handlers}>
      <FilesToolbar project={project} folder={folder} />
      <div className={styles.subbar}>
        <Breadcrumbs project={project} path={current ? area.path : []} />
        <StorageBar />
      </div>
      {current && area.status === 'loading' && <LoadingBar label={t('files.loading')} />}
      {current && area.status === 'error' && (
        <Notice tone="error" title={t('files.errors.load')}>
          <Button size="sm" onClick={() => void loadFolder(store, project, folder)}>
            {t('files.retry')}
          </Button>
        </Notice>
      )}
      {current && area.status === 'missing' && (
        <Notice tone="info" title={t('files.missingFolder')}>
          <Link to={folderPath(project, null)}>{t('files.backToRoot')}</Link>
        </Notice>
      )}
      {current && area.status === 'ready' && (
        <div className={styles.content}>
          {entries.length === 0 ? (
            <EmptyState
              className={styles.emptyFolder}
              icon={FolderOpen}
              title={t(folder ? 'files.emptyFolder.title' : 'files.empty.title')}
              description={t('files.empty.description')}
            />
          ) : (
            <FileBrowser project={project} onOpen={open} />
          )}
          {detailsOpen && <DetailsPanel />}
        </div>
      )}
      {!area.complete && current && area.status === 'ready' && (
        <p className={styles.muted} role="status">
          {t('files.loadingMore', { count: area.files.size })}
        </p>
      )}
      {drop.over && (
        <div className={styles.dropOverlay} aria-hidden>
          <Upload size={28} />
          <span>{t('files.drop.here', { folder: here?.name ?? t('files.root') })}</span>
        </div>
      )}
      <MoveDialog project={project} />
      <FolderViewer />
    </div>
  );
}

/** `/:project/files/d/<file>`: on its way to the file's folder. */
function LinkedFile({ project, fileId }: { project: string; fileId: string }) {
  const { t } = useTranslation();
  useLinkedFileRedirect(project, fileId);
  return <LoadingBar label={t('files.loading')} />;
}

/**
 * The files area of a space (`/:project/files/:folder?`, `?file=<id>` opening one file there, and
 * `/:project/files/d/<file>` finding the file's folder first); on the overview it asks for a space.
 */
export default function FilesPage() {
  const { t } = useTranslation();
  const { project, id, id2 } = useParams();
  if (!project || !isProjectId(project)) {
    return (
      <div className={styles.empty}>
        <EmptyState icon={navIcons.files} title={t('areas.files.title')} description={t('files.pickSpace')} />
      </div>
    );
  }
  if (id2) return <LinkedFile project={project} fileId={id2} />;
  return <SpaceFiles project={project} folder={id ?? null} />;
}
