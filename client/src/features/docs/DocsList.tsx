import { FilePlus, FolderPlus, FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAtom, useAtomValue, useStore } from '../../lib/store';
import { useSubscription } from '../../lib/subscriptions';
import { useNow } from '../../lib/useNow';
import { Button, EmptyState, LoadingBar, Notice, openDialog, Select } from '../../ui';
import { useCoalescedReload } from '../../lib/coalescedReload';
import {
  applyDocChange,
  applyFolderChange,
  docFoldersAtom,
  docSortAtom,
  docSorts,
  docsListAtom,
  visibleDocsAtom,
  type DocSort,
} from './atoms';
import { Breadcrumbs } from './Breadcrumbs';
import { DocCard } from './DocCard';
import styles from './Docs.module.css';
import { createDoc, createFolder, loadDocs, loadMoreDocs } from './docsActions';
import { FolderCard } from './FolderCard';
import { MoveDocDialog } from './MoveDocDialog';
import { docFolderType, subDocDocument, subFolderDocument, type Wall } from './operations';
import { docPagePath, docsListPath } from './paths';

function SortSelect() {
  const { t } = useTranslation();
  const [sort, setSort] = useAtom(docSortAtom);
  return (
    <Select
      className={styles.sort}
      label={t('docs.list.sortBy')}
      value={sort}
      onChange={(event) => setSort(event.target.value as DocSort)}
      options={docSorts.map((value) => ({ value, label: t(`docs.list.sort.${value}`) }))}
    />
  );
}

/** A space's docs in one folder (or the top level): its subfolders, then its docs; live through subDoc and subFolder. */
export function DocsList({ project, folder }: { project: string; folder: string | null }) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const list = useAtomValue(docsListAtom);
  const folders = useAtomValue(docFoldersAtom);
  const docs = useAtomValue(visibleDocsAtom);
  const sort = useAtomValue(docSortAtom);
  const [moving, setMoving] = useState<Wall | null>(null);
  const [busy, setBusy] = useState<'doc' | 'more' | null>(null);
  const now = useNow();

  // The server sorts (and pages) the docs: another order is another first page.
  useEffect(() => {
    void loadDocs(store, project, folder, sort);
  }, [store, project, folder, sort]);
  // After a reconnection both subscriptions catch up from the last change they saw; the folder is read again (once) only when one could not.
  const reloadList = useCoalescedReload(() => loadDocs(store, project, folder, sort));
  useSubscription(subDocDocument, { project }, (data) => applyDocChange(store, data.subDoc), { reload: reloadList });
  useSubscription(subFolderDocument, { project }, (data) => applyFolderChange(store, data.subFolder, docFolderType), {
    reload: reloadList,
  });

  const current = list.project === project && list.folder === folder && list.sort === sort;
  const ready = current && list.status === 'ready';

  const newDoc = async () => {
    setBusy('doc');
    const wall = await createDoc(store, project, folder, t('docs.untitled'));
    setBusy(null);
    if (wall) void navigate(docPagePath(project, wall));
  };

  const newFolder = async () => {
    const { confirmed, values } = await openDialog({
      title: t('docs.folders.new'),
      inputs: [{ label: t('docs.folders.name') }],
      primaryLabel: t('docs.folders.create'),
    });
    const name = values[0]?.trim();
    if (confirmed && name) await createFolder(store, project, folder, name);
  };

  const more = async () => {
    setBusy('more');
    await loadMoreDocs(store);
    setBusy(null);
  };

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Breadcrumbs project={project} current={folders.project === project && folders.parent === folder ? folders.current : null} />
        <span className={styles.spacer} />
        <SortSelect />
        <Button size="sm" variant="ghost" icon={<FolderPlus size={14} aria-hidden />} onClick={() => void newFolder()} disabled={!ready}>
          {t('docs.folders.new')}
        </Button>
        <Button
          size="sm"
          variant="primary"
          icon={<FilePlus size={14} aria-hidden />}
          onClick={() => void newDoc()}
          loading={busy === 'doc'}
          disabled={!ready}
        >
          {t('docs.list.new')}
        </Button>
      </div>
      {folders.gone && (
        <Notice tone="info" title={t('docs.folders.gone')}>
          <Button size="sm" onClick={() => void navigate(docsListPath(project, folders.current?.upfolder ?? null))}>
            {t('docs.folders.up')}
          </Button>
        </Notice>
      )}
      {current && list.status === 'loading' && <LoadingBar label={t('docs.list.loading')} />}
      {current && list.status === 'error' && (
        <Notice tone="error" title={t('docs.errors.load')}>
          <Button size="sm" onClick={() => void loadDocs(store, project, folder, sort)}>
            {t('docs.retry')}
          </Button>
        </Notice>
      )}
      {ready && folders.folders.length === 0 && docs.length === 0 && (
        <EmptyState
          icon={FileText}
          title={folder ? t('docs.list.emptyFolder') : t('docs.list.empty')}
          description={t('docs.list.emptyHint')}
        />
      )}
      {ready && folders.folders.length > 0 && (
        <section aria-label={t('docs.folders.title')}>
          <ul className={styles.folderGrid}>
            {folders.folders.map((entry) => (
              <FolderCard key={entry.id} project={project} folder={entry} />
            ))}
          </ul>
        </section>
      )}
      {ready && docs.length > 0 && (
        <section aria-label={t('docs.list.title')}>
          <ul className={styles.docGrid}>
            {docs.map((wall) => (
              <DocCard key={wall.id} project={project} wall={wall} now={now} onMove={setMoving} />
            ))}
          </ul>
        </section>
      )}
      {/* Docs that arrived live count in the total but were not loaded: what is left to load is what is not shown. */}
      {ready && list.docs.size < list.total && (
        <div className={styles.more}>
          <Button size="sm" onClick={() => void more()} loading={busy === 'more'}>
            {t('docs.list.more')}
          </Button>
        </div>
      )}
      {moving && <MoveDocDialog project={project} wall={moving} onClose={() => setMoving(null)} />}
    </div>
  );
}
