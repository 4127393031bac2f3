import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtom, useAtomValue, useStore } from '../../lib/store';
import { initialViewport, observeViewportRect, overscan, useRangeWithPinned, useScrollToFocused } from '../tasks/virtualRows';
import { filesPrefsAtom, filesSortKeys, selectedEntryKeyAtom, sortedEntriesAtom, type Entry, type FilesSortKey } from './atoms';
import { EntryRow, EntryTile } from './EntryItems';
import { confirmDelete, promptRename } from './entryCommands';
import styles from './Files.module.css';

export const listRowHeight = 40;
export const tileWidth = 176;
const tileRowHeight = 216;
/** A width to lay the grid out with where nothing is measured (before layout, or a DOM without one). */
const fallbackWidth = 900;

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(fallbackWidth);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(entry && entry.contentRect.width > 0 ? entry.contentRect.width : fallbackWidth),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The list's column headings: each sorts by its column, a second press reverses the order. */
function ListHeader() {
  const { t } = useTranslation();
  const [prefs, setPrefs] = useAtom(filesPrefsAtom);
  const Arrow = prefs.descending ? ArrowDown : ArrowUp;
  const sortBy = (sort: FilesSortKey) => setPrefs(sort === prefs.sort ? { descending: !prefs.descending } : { sort, descending: false });
  return (
    <div className={styles.listHeader}>
      {filesSortKeys.map((key) => (
        <button
          key={key}
          type="button"
          className={styles.headerButton}
          data-column={key}
          aria-pressed={prefs.sort === key}
          onClick={() => sortBy(key)}
        >
          {t(`files.sort.${key}`)}
          {prefs.sort === key && <Arrow size={12} aria-label={t(prefs.descending ? 'files.sort.descending' : 'files.sort.ascending')} />}
        </button>
      ))}
      <span />
    </div>
  );
}

/**
 * The open folder's entries as a list or a grid, virtualised (only what is in view is mounted, so a
 * folder of thousands scrolls smoothly). Keys: arrows move the selection, Home and End jump, Enter
 * opens, F2 renames, Delete deletes after a confirmation.
 */
export function FileBrowser({ project, onOpen }: { project: string; onOpen: (entry: Entry) => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const entries = useAtomValue(sortedEntriesAtom);
  const { view } = useAtomValue(filesPrefsAtom);
  const [selectedKey, setSelectedKey] = useAtom(selectedEntryKeyAtom);
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useWidth(scrollRef);
  const columns = view === 'grid' ? Math.max(1, Math.floor(width / tileWidth)) : 1;
  const selectedIndex = entries.findIndex((entry) => entry.key === selectedKey);
  const selectedRow = selectedIndex < 0 ? -1 : Math.floor(selectedIndex / columns);
  // eslint-disable-next-line react-hooks/incompatible-library -- the app is not compiled by the React Compiler; the virtualizer re-renders this itself
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: Math.ceil(entries.length / columns),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (view === 'grid' ? tileRowHeight : listRowHeight),
    overscan,
    initialRect: initialViewport,
    observeElementRect: observeViewportRect,
    // React 19 warns about flushSync inside its lifecycle (the virtualizer measures from refs and layout effects).
    useFlushSync: false,
    rangeExtractor: useRangeWithPinned(selectedRow),
  });
  useScrollToFocused(virtualizer, selectedRow);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed in a menu (a portal, but a React child) or a text field are theirs, not the list's.
    if (
      !(event.target instanceof HTMLElement) ||
      !event.target.closest('[data-entry-main]') ||
      event.altKey ||
      event.ctrlKey ||
      event.metaKey
    )
      return;
    const moves: Record<string, number> = { ArrowDown: columns, ArrowUp: -columns, Home: -entries.length, End: entries.length };
    if (view === 'grid') Object.assign(moves, { ArrowRight: 1, ArrowLeft: -1 });
    const step = moves[event.key];
    if (step !== undefined) {
      event.preventDefault();
      const next = selectedIndex < 0 ? 0 : Math.min(entries.length - 1, Math.max(0, selectedIndex + step));
      const entry = entries[next];
      if (entry) setSelectedKey(entry.key);
      return;
    }
    const entry = entries[selectedIndex];
    if (!entry) return;
    if (event.key === 'Enter') onOpen(entry);
    else if (event.key === 'Delete') void confirmDelete(store, entry);
    else if (event.key === 'F2') void promptRename(store, entry);
    else return;
    event.preventDefault();
  };

  const tabbableKey = selectedIndex >= 0 ? selectedKey : entries[0]?.key;
  const itemProps = (entry: Entry) => ({
    entry,
    project,
    onOpen,
    selected: entry.key === selectedKey,
    tabbable: entry.key === tabbableKey,
  });
  return (
    <div className={styles.browser}>
      {view === 'list' && <ListHeader />}
      <div ref={scrollRef} className={styles.viewport} data-file-browser onKeyDown={onKeyDown}>
        <ul className={styles.rows} style={{ height: virtualizer.getTotalSize() }} aria-label={t('files.list.label')} data-view={view}>
          {virtualizer.getVirtualItems().map((row) => {
            if (view === 'list') {
              const entry = entries[row.index];
              return entry ? (
                <EntryRow
                  key={entry.key}
                  {...itemProps(entry)}
                  index={row.index}
                  start={row.start}
                  measureRef={virtualizer.measureElement}
                />
              ) : null;
            }
            const tiles = entries.slice(row.index * columns, (row.index + 1) * columns);
            return (
              <li
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={row.index}
                className={styles.tileRow}
                style={{ transform: `translateY(${row.start}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
              >
                {tiles.map((entry) => (
                  <EntryTile key={entry.key} {...itemProps(entry)} />
                ))}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
