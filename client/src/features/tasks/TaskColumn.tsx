import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../lib/store';
import { columnTasksAtom, focusedTaskIdAtom } from './atoms';
import { NewTaskInput } from './NewTaskInput';
import type { ProjectState } from './operations';
import { sectionIcon } from './sectionIcons';
import { SectionMenu } from './SectionMenu';
import { cardEstimate, cardGap, TaskCard } from './TaskCard';
import styles from './Tasks.module.css';
import { initialViewport, observeViewportRect, overscan, useRangeWithPinned, useScrollToFocused } from './virtualRows';

/** The drag type of a section being reordered, so a dragged column is never mistaken for a card. */
export const sectionDragType = 'application/x-task-section';

interface TaskColumnProps {
  project: string;
  state: ProjectState;
  index: number;
  sectionCount: number;
  /** Marks the first column's new-task field as the one `C` focuses. */
  first: boolean;
  onCreate: (state: string, name: string) => void;
  /** A card was dropped in this section, before `beforeId` (the end when null). */
  onDropCard: (event: DragEvent, state: string, beforeId: string | null) => void;
  onDragStart: (id: string) => void;
  /** A section was dropped on this column: it takes this column's place. */
  onDropSection: (sectionId: string, toIndex: number) => void;
}

/** One section of the board: its header and menu, its virtualized cards and its new-task field. */
export const TaskColumn = memo(function TaskColumn({
  project,
  state,
  index,
  sectionCount,
  first,
  onCreate,
  onDropCard,
  onDragStart,
  onDropSection,
}: TaskColumnProps) {
  const { t } = useTranslation();
  const tasks = useAtomValue(columnTasksAtom(state.id));
  const focusedId = useAtomValue(focusedTaskIdAtom);
  const [over, setOver] = useState(false);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const Icon = sectionIcon(state.icon);
  const focusedIndex = useMemo(() => (focusedId ? tasks.findIndex((task) => task.id === focusedId) : -1), [tasks, focusedId]);
  const draggingIndex = useMemo(() => (draggingId ? tasks.findIndex((task) => task.id === draggingId) : -1), [tasks, draggingId]);
  // The dragged card was dropped in another column (its dragend never reaches this one): nothing left to keep mounted.
  if (draggingId !== null && draggingIndex < 0) setDraggingId(null);

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: tasks.length,
    getScrollElement: () => scrollRef.current,
    // Keyed by task: a measured height follows its card when cards move.
    getItemKey: (index) => tasks[index]?.id ?? index,
    estimateSize: (index) => (tasks[index]?.cover ? cardEstimate.plain + cardEstimate.cover : cardEstimate.plain),
    gap: cardGap,
    overscan,
    initialRect: initialViewport,
    observeElementRect: observeViewportRect,
    // React 19 warns about flushSync inside its lifecycle (the virtualizer measures from refs and layout effects).
    useFlushSync: false,
    rangeExtractor: useRangeWithPinned(focusedIndex, draggingIndex),
  });
  useScrollToFocused(virtualizer, focusedIndex);

  const dragStart = useCallback(
    (id: string) => {
      setDraggingId(id);
      onDragStart(id);
    },
    [onDragStart],
  );

  const dropBefore = useCallback(
    (event: DragEvent, beforeId: string) => {
      if (event.dataTransfer.types.includes(sectionDragType)) return;
      event.stopPropagation();
      setOver(false);
      onDropCard(event, state.id, beforeId);
    },
    [onDropCard, state.id],
  );

  return (
    <section
      className={styles.column}
      data-over={over || undefined}
      aria-label={state.value}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        const section = event.dataTransfer.getData(sectionDragType);
        if (section) {
          event.preventDefault();
          onDropSection(section, index);
        } else onDropCard(event, state.id, null);
      }}
    >
      <header
        className={styles.columnHeader}
        draggable
        onDragStart={(event) => {
          event.dataTransfer.setData(sectionDragType, state.id);
          event.dataTransfer.effectAllowed = 'move';
        }}
      >
        <Icon size={14} aria-hidden className={styles.sectionIcon} />
        <h3 className={styles.columnTitle}>{state.value}</h3>
        <span className={styles.count} aria-label={t('tasks.count', { count: tasks.length })}>
          {tasks.length}
        </span>
        <SectionMenu state={state} index={index} sectionCount={sectionCount} />
      </header>
      <div ref={scrollRef} className={styles.cardsViewport} onDragEnd={() => setDraggingId(null)}>
        {tasks.length === 0 ? (
          <p className={styles.columnEmpty}>{t('tasks.board.emptyColumn')}</p>
        ) : (
          <ul className={styles.cards} style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const task = tasks[row.index];
              if (!task) return null;
              return (
                <TaskCard
                  key={task.id}
                  task={task}
                  href={`/${project}/tasks/d/${task.id}`}
                  index={row.index}
                  start={row.start}
                  measureRef={virtualizer.measureElement}
                  focused={task.id === focusedId}
                  onDragStart={dragStart}
                  onDropBefore={dropBefore}
                />
              );
            })}
          </ul>
        )}
      </div>
      <NewTaskInput sectionName={state.value} first={first} onCreate={(name) => onCreate(state.id, name)} />
    </section>
  );
});
