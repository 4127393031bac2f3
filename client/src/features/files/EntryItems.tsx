import { Link2 } from 'lucide-react';
import { memo, useEffect, useRef, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { formatBytes } from '#shared/files';
import { useSetAtom } from '../../lib/store';
import { entryName, selectedEntryKeyAtom, type Entry } from './atoms';
import { EntryMenu } from './EntryMenu';
import { formatShortDate, kindOf } from './fileDisplay';
import { FileKindIcon } from './FileKindIcon';
import styles from './Files.module.css';
import { useFolderDrop } from './folderDrop';
import { startEntryDrag } from './useDropTarget';

export interface EntryItemProps {
  entry: Entry;
  project: string;
  selected: boolean;
  /** The one item Tab reaches (roving focus): the selected one, else the first. */
  tabbable: boolean;
  onOpen: (entry: Entry) => void;
}

function EntryVisual({ entry, size }: { entry: Entry; size: number }) {
  if (entry.kind === 'file' && entry.file.thumbnail) {
    return (
      <img
        className={styles.thumb}
        src={entry.file.thumbnail}
        alt=""
        loading="lazy"
        width={size}
        height={size}
        style={entry.file.base64 ? { backgroundImage: `url("${entry.file.base64}")` } : undefined}
      />
    );
  }
  return (
    <FileKindIcon
      kind={entry.kind === 'folder' ? 'folder' : kindOf(entry.file)}
      size={size}
      className={entry.kind === 'folder' ? styles.folderIcon : styles.fileIcon}
      aria-hidden
    />
  );
}

/** The item's focusable part: selects on click and focus, opens on double-click (Enter is the list's). */
function useItem({ entry, selected, onOpen }: Pick<EntryItemProps, 'entry' | 'selected' | 'onOpen'>) {
  const select = useSetAtom(selectedEntryKeyAtom);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Follow the selection with focus only while focus is in the list (arrow keys), never stealing it from elsewhere.
    const list = ref.current?.closest('[data-file-browser]');
    if (selected && ref.current && list?.contains(document.activeElement) && document.activeElement !== ref.current)
      ref.current.focus({ preventScroll: true });
  }, [selected]);
  return {
    ref,
    onClick: () => select(entry.key),
    onFocus: () => select(entry.key),
    onDoubleClick: () => onOpen(entry),
  };
}

function useDrag(entry: Entry, project: string) {
  const folder = entry.kind === 'folder' ? { id: entry.folder.id, name: entry.folder.name } : null;
  const drop = useFolderDrop(project, folder);
  return {
    over: folder !== null && drop.over,
    props: {
      draggable: entry.kind === 'folder' ? entry.folder.canEdit : entry.file.canEdit,
      onDragStart: (event: DragEvent) => startEntryDrag(event, entry.key),
      ...(folder ? drop.handlers : {}),
    },
  };
}

interface RowProps extends EntryItemProps {
  index: number;
  start: number;
  measureRef: (element: HTMLLIElement | null) => void;
}

export const EntryRow = memo(function EntryRow({ entry, project, selected, tabbable, onOpen, index, start, measureRef }: RowProps) {
  const { t, i18n } = useTranslation();
  const item = useItem({ entry, selected, onOpen });
  const drag = useDrag(entry, project);
  const file = entry.kind === 'file' ? entry.file : null;
  return (
    <li
      ref={measureRef}
      className={clsx(styles.row, selected && styles.selected, drag.over && styles.dropOver)}
      style={{ transform: `translateY(${start}px)` }}
      data-index={index}
      data-testid="file-row"
      data-entry={entry.key}
      {...drag.props}
    >
      <button
        type="button"
        className={styles.rowMain}
        data-entry-main
        tabIndex={tabbable ? 0 : -1}
        aria-current={selected || undefined}
        {...item}
      >
        <EntryVisual entry={entry} size={18} />
        <span className={styles.name}>{entryName(entry)}</span>
        {file?.shared && <Link2 size={13} className={styles.sharedMark} aria-label={t('files.share.badge')} />}
      </button>
      <span className={styles.cell}>{file ? formatBytes(file.size, i18n.language) : '—'}</span>
      <span className={styles.cell}>{file ? t(`files.kinds.${kindOf(file)}`) : t('files.kinds.folder')}</span>
      <span className={styles.cell}>
        {formatShortDate(file?.createdAt ?? (entry.kind === 'folder' ? entry.folder.createdAt : ''), i18n.language)}
      </span>
      <EntryMenu entry={entry} project={project} />
    </li>
  );
});

export const EntryTile = memo(function EntryTile({ entry, project, selected, tabbable, onOpen }: EntryItemProps) {
  const { t, i18n } = useTranslation();
  const item = useItem({ entry, selected, onOpen });
  const drag = useDrag(entry, project);
  const file = entry.kind === 'file' ? entry.file : null;
  return (
    <div
      className={clsx(styles.tile, selected && styles.selected, drag.over && styles.dropOver)}
      data-testid="file-tile"
      data-entry={entry.key}
      {...drag.props}
    >
      <button
        type="button"
        className={styles.tileMain}
        data-entry-main
        tabIndex={tabbable ? 0 : -1}
        aria-current={selected || undefined}
        {...item}
      >
        <span className={styles.tileVisual}>
          <EntryVisual entry={entry} size={file?.thumbnail ? 160 : 40} />
        </span>
        <span className={styles.tileName}>{entryName(entry)}</span>
        <span className={styles.tileMeta}>
          {file ? formatBytes(file.size, i18n.language) : t('files.kinds.folder')}
          {file?.shared && <Link2 size={12} className={styles.sharedMark} aria-label={t('files.share.badge')} />}
        </span>
      </button>
      <span className={styles.tileMenu}>
        <EntryMenu entry={entry} project={project} />
      </span>
    </div>
  );
});
