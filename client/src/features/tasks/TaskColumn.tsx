import { useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../lib/store';
import { boardCompleteAtom, columnTasksAtom, firstScreenCards, focusedTaskIdAtom } from './atoms';
import { columnDropId } from './boardDrag';
import { NewTaskInput } from './NewTaskInput';
import type { ProjectState } from './operations';
import { sectionIcon } from './sectionIcons';
import { SectionMenu } from './SectionMenu';
import { cardEstimate, cardGap, TaskCard } from './TaskCard';
import styles from './Board.module.css';
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
  /** A section was dropped on this column: it takes this column's place. */
  onDropSection: (sectionId: string, toIndex: number) => void;
  /** The card being dragged anywhere on the board; null when none. */
  draggingId: string | null;
  /** Where in this column the dragged card would land, among its other cards; -1 when not here. */
  dropIndex: number;
}

/** One section of the board: its header and menu, its virtualized cards and its new-task field. */
export const TaskColumn = memo(function TaskColumn({
  project,
  state,
  index,
  sectionCount,
  first,
  onCreate,
  onDropSection,
  draggingId,
  dropIndex,
}: TaskColumnProps) {
  const { t } = useTranslation();
  const tasks = useAtomValue(columnTasksAtom(state.id));
  // While only the first screen is read, a full first screen may hide more cards below.
  const partial = !useAtomValue(boardCompleteAtom) && tasks.length >= firstScreenCards;
  const focusedId = useAtomValue(focusedTaskIdAtom);
  const [sectionOver, setSectionOver] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { setNodeRef: setDropRef } = useDroppable({ id: columnDropId(state.id) });
  const Icon = sectionIcon(state.icon);
  const focusedIndex = useMemo(() => (focusedId ? tasks.findIndex((task) => task.id === focusedId) : -1), [tasks, focusedId]);
  const draggingIndex = useMemo(() => (draggingId ? tasks.findIndex((task) => task.id === draggingId) : -1), [tasks, draggingId]);
  /** The card the dragged one would land before (its index among all of this column's cards), or the end. */
  const others = useMemo(() => tasks.filter((task) => task.id !== draggingId), [tasks, draggingId]);
  const dropBeforeId = dropIndex >= 0 ? (others[dropIndex]?.id ?? null) : null;
  const dropAfterId = dropIndex >= 0 && dropBeforeId === null ? (tasks.at(-1)?.id ?? null) : null;
  const dropAtEnd = dropIndex >= 0 && dropBeforeId === null;
  const dropTargetIndex = useMemo(
    () => (dropBeforeId ? tasks.findIndex((task) => task.id === dropBeforeId) : dropAtEnd ? tasks.length - 1 : -1),
    [tasks, dropBeforeId, dropAtEnd],
  );

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
    // The dragged card stays mounted (its drag lives on it) and so does where it would land.
    rangeExtractor: useRangeWithPinned(focusedIndex, draggingIndex, dropTargetIndex),
  });
  useScrollToFocused(virtualizer, focusedIndex);
  useScrollToFocused(virtualizer, dropTargetIndex);

  return (
    <section
      ref={setDropRef}
      className={styles.column}
      data-over={sectionOver || dropIndex >= 0 || undefined}
      aria-label={state.value}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(sectionDragType)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setSectionOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setSectionOver(false);
      }}
      onDrop={(event) => {
        setSectionOver(false);
        const section = event.dataTransfer.getData(sectionDragType);
        if (!section) return;
        event.preventDefault();
        onDropSection(section, index);
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
        {partial ? (
          <span className={styles.count} aria-label={t('tasks.countAtLeast', { count: tasks.length })}>
            {tasks.length}+
          </span>
        ) : (
          <span className={styles.count} aria-label={t('tasks.count', { count: tasks.length })}>
            {tasks.length}
          </span>
        )}
        <SectionMenu state={state} index={index} sectionCount={sectionCount} />
      </header>
      <div ref={scrollRef} className={styles.cardsViewport}>
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
                  dragging={task.id === draggingId}
                  dropLine={task.id === dropBeforeId ? 'before' : task.id === dropAfterId ? 'after' : null}
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
