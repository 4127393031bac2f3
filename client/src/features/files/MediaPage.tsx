import { useVirtualizer } from '@tanstack/react-virtual';
import { Images, Play, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isProjectId } from '../../app/routeRules';
import { useSubscription } from '../../lib/subscriptions';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, EmptyState, LoadingBar, Notice } from '../../ui';
import { useCoalescedReload } from '../../lib/coalescedReload';
import { initialViewport, observeViewportRect, overscan } from '../tasks/virtualRows';
import { heardFileChange } from './atoms';
import { formatDuration } from './fileDisplay';
import styles from './Media.module.css';
import { addMedia, applyMediaChange, loadMedia, mediaAtom, mediaFilesAtom } from './mediaAtoms';
import { MediaViewer } from './MediaViewer';
import { subFileDocument, type StoredFile } from './operations';
import { enqueueUploads } from './uploadQueue';

const tileSize = 180;
const fallbackWidth = 900;

function MediaTile({ file, onOpen }: { file: StoredFile; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.tile}
      onClick={onOpen}
      aria-label={t('files.media.open', { name: file.name })}
      data-testid="media-tile"
      style={file.base64 ? { backgroundImage: `url("${file.base64}")` } : undefined}
    >
      {file.thumbnail ? <img src={file.thumbnail} alt="" loading="lazy" /> : <Play size={32} aria-hidden className={styles.tileIcon} />}
      {file.category === 'video' && (
        <span className={styles.badge}>
          <Play size={10} aria-hidden /> {file.duration ? formatDuration(file.duration) : ''}
        </span>
      )}
    </button>
  );
}

/** The space's images and videos as a virtualised grid of thumbnails; a tile opens the viewer. */
function MediaGrid({ files, onOpen }: { files: readonly StoredFile[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallbackWidth);
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(entry && entry.contentRect.width > 0 ? entry.contentRect.width : fallbackWidth),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const columns = Math.max(1, Math.floor(width / tileSize));
  // eslint-disable-next-line react-hooks/incompatible-library -- the app is not compiled by the React Compiler; the virtualizer re-renders this itself
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: Math.ceil(files.length / columns),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => width / columns,
    overscan,
    initialRect: initialViewport,
    observeElementRect: observeViewportRect,
    useFlushSync: false,
  });
  return (
    <div ref={scrollRef} className={styles.viewport}>
      <ul className={styles.rows} style={{ height: virtualizer.getTotalSize() }} aria-label={t('files.media.grid')}>
        {virtualizer.getVirtualItems().map((row) => (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className={styles.row}
            style={{ transform: `translateY(${row.start}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {files.slice(row.index * columns, (row.index + 1) * columns).map((file) => (
              <MediaTile key={file.id} file={file} onOpen={() => onOpen(file.id)} />
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

function SpaceMedia({ project }: { project: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const area = useAtomValue(mediaAtom);
  const files = useAtomValue(mediaFilesAtom);
  const [viewed, setViewed] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    void loadMedia(store, project);
  }, [store, project]);
  // After a reconnection subFile catches up from the last change it saw; the media are read again only when it could not.
  const reloadMedia = useCoalescedReload(() => loadMedia(store, project));
  useSubscription(
    subFileDocument,
    { project },
    ({ subFile }) => {
      const change = heardFileChange(store, subFile);
      store.set(mediaAtom, (current) => applyMediaChange(current, change));
    },
    {
      reload: reloadMedia,
    },
  );
  const current = area.project === project;
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <h2 className={styles.title}>{t('areas.media.title')}</h2>
        <span className={styles.spacer} />
        <Button size="sm" variant="primary" icon={<Upload size={14} aria-hidden />} onClick={() => input.current?.click()}>
          {t('files.actions.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*,video/*"
          multiple
          hidden
          data-testid="media-upload-input"
          onChange={(event) => {
            const picked = [...(event.target.files ?? [])];
            event.target.value = '';
            if (picked.length > 0) enqueueUploads(picked, { project }, store, { onUploaded: (file) => addMedia(store, file) });
          }}
        />
      </div>
      {current && area.status === 'loading' && <LoadingBar label={t('files.loading')} />}
      {current && area.status === 'error' && (
        <Notice tone="error" title={t('files.errors.load')}>
          <Button size="sm" onClick={() => void loadMedia(store, project)}>
            {t('files.retry')}
          </Button>
        </Notice>
      )}
      {current && area.status === 'ready' && files.length === 0 && (
        <EmptyState
          className={styles.empty}
          icon={Images}
          title={t('files.media.empty.title')}
          description={t('files.media.empty.description')}
        />
      )}
      {current && area.status === 'ready' && files.length > 0 && <MediaGrid files={files} onOpen={setViewed} />}
      {viewed && <MediaViewer files={files} currentId={viewed} onChange={setViewed} onClose={() => setViewed(null)} />}
    </div>
  );
}

/** The media area of a space (`/:project/media`); on the overview it asks for a space. */
export default function MediaPage() {
  const { t } = useTranslation();
  const { project } = useParams();
  if (!project || !isProjectId(project)) {
    return (
      <div className={styles.pick}>
        <EmptyState icon={Images} title={t('areas.media.title')} description={t('files.media.pickSpace')} />
      </div>
    );
  }
  return <SpaceMedia project={project} />;
}
