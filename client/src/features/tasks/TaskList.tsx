import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DueDateGroup, TaskPriority } from '#shared/tasks';
import { unassignedKey, type TaskGrouping } from '#shared/taskViews';
import { useAtomValue, useSetAtom, useStore } from '../../lib/store';
import { boardAtom, boardPeopleAtom, focusedTaskIdAtom, isTemporaryTask, personName, viewPrefsAtom } from './atoms';
import { createTask } from './boardActions';
import { NewTaskInput } from './NewTaskInput';
import type { BoardTask } from './operations';
import { sectionIcon } from './sectionIcons';
import { Assignees, DeadlineChip, PriorityIcon } from './TaskCard';
import boardStyles from './Board.module.css';
import cardStyles from './Card.module.css';
import { listGroupsAtom } from './viewAtoms';
import { initialViewport, observeViewportRect, overscan, useRangeWithPinned, useScrollToFocused } from './virtualRows';

/** The virtualizer's guess at a row's (or group header's) height before it is measured. */
export const listRowEstimate = 36;

type ListItem = { kind: 'header'; key: string; count: number } | { kind: 'task'; key: string; task: BoardTask };

function useGroupLabel(grouping: TaskGrouping): (key: string) => { label: string; icon?: number } {
  const { t } = useTranslation();
  const states = useAtomValue(boardAtom).states;
  const people = useAtomValue(boardPeopleAtom);
  return (key) => {
    if (grouping === 'section') {
      const state = states.find((section) => section.id === key);
      return { label: state?.value ?? key, icon: state?.icon ?? 0 };
    }
    if (grouping === 'dueDate') return { label: t(`tasks.due.${key as DueDateGroup}`) };
    if (grouping === 'priority') return { label: t(`tasks.priority.${key as TaskPriority}`) };
    if (key === unassignedKey) return { label: t('tasks.filters.unassigned') };
    const person = people.find((candidate) => candidate.id === key);
    return { label: person ? personName(person) : t('tasks.filters.someone') };
  };
}

interface TaskRowProps {
  task: BoardTask;
  project: string;
  index: number;
  start: number;
  measureRef: (element: HTMLLIElement | null) => void;
  focused: boolean;
}

const TaskRow = memo(function TaskRow({ task, project, index, start, measureRef, focused }: TaskRowProps) {
  const setFocused = useSetAtom(focusedTaskIdAtom);
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focused && document.activeElement !== ref.current) ref.current?.focus({ preventScroll: true });
  }, [focused]);
  const pending = isTemporaryTask(task);
  return (
    <li
      ref={measureRef}
      className={cardStyles.row}
      style={{ transform: `translateY(${start}px)` }}
      data-index={index}
      data-testid="task-row"
      data-task-id={task.id}
      data-pending={pending || undefined}
      data-focused={focused || undefined}
    >
      <span className={cardStyles.idCode}>{task.idCode}</span>
      <PriorityIcon priority={task.priority} />
      {pending ? (
        <span className={cardStyles.cardName}>{task.name}</span>
      ) : (
        <Link
          ref={ref}
          className={cardStyles.cardName}
          to={`/${project}/tasks/d/${task.id}`}
          data-task-link={task.id}
          onFocus={() => setFocused(task.id)}
        >
          {task.name}
        </Link>
      )}
      <span className={cardStyles.rowTags}>
        {[...(task.sprint ? [task.sprint] : []), ...task.tags].map((tag) => (
          <span key={tag.id} className={cardStyles.tag} style={{ borderColor: tag.color, color: tag.color }}>
            {tag.name}
          </span>
        ))}
      </span>
      {task.deadline ? <DeadlineChip deadline={task.deadline} /> : <span />}
      <Assignees users={task.users} size={20} />
    </li>
  );
});

/** The list view: the filtered tasks grouped by section, due date, assignee or priority, virtualized. */
export function TaskList({ project }: { project: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const groups = useAtomValue(listGroupsAtom);
  const { grouping } = useAtomValue(viewPrefsAtom);
  const states = useAtomValue(boardAtom).states;
  const focusedId = useAtomValue(focusedTaskIdAtom);
  const labelOf = useGroupLabel(grouping);
  const scrollRef = useRef<HTMLDivElement>(null);

  const items = useMemo(
    () =>
      groups.flatMap((group): ListItem[] => [
        { kind: 'header', key: `group-${group.key}`, count: group.tasks.length },
        ...group.tasks.map((task): ListItem => ({ kind: 'task', key: `${group.key}-${task.id}`, task })),
      ]),
    [groups],
  );
  const focusedIndex = useMemo(() => items.findIndex((item) => item.kind === 'task' && item.task.id === focusedId), [items, focusedId]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the app is not compiled by the React Compiler; the virtualizer re-renders this itself
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    getItemKey: (index) => items[index]?.key ?? index,
    estimateSize: () => listRowEstimate,
    overscan,
    initialRect: initialViewport,
    observeElementRect: observeViewportRect,
    // React 19 warns about flushSync inside its lifecycle (the virtualizer measures from refs and layout effects).
    useFlushSync: false,
    rangeExtractor: useRangeWithPinned(focusedIndex),
  });
  useScrollToFocused(virtualizer, focusedIndex);

  const firstSection = states[0];
  return (
    <div className={cardStyles.list} data-task-board>
      {firstSection && (
        <NewTaskInput
          first
          sectionName={firstSection.value}
          label={t('tasks.newTaskIn', { section: firstSection.value })}
          onCreate={(name) => void createTask(store, project, firstSection.id, name)}
        />
      )}
      <div ref={scrollRef} className={cardStyles.listViewport}>
        <ul className={cardStyles.rows} style={{ height: virtualizer.getTotalSize() }} aria-label={t('tasks.view.list')}>
          {virtualizer.getVirtualItems().map((row) => {
            const item = items[row.index];
            if (!item) return null;
            if (item.kind === 'task') {
              return (
                <TaskRow
                  key={item.key}
                  task={item.task}
                  project={project}
                  index={row.index}
                  start={row.start}
                  measureRef={virtualizer.measureElement}
                  focused={item.task.id === focusedId && focusedIndex === row.index}
                />
              );
            }
            const groupKey = item.key.slice('group-'.length);
            const { label, icon } = labelOf(groupKey);
            const Icon = icon === undefined ? null : sectionIcon(icon);
            return (
              <li
                key={item.key}
                ref={virtualizer.measureElement}
                className={cardStyles.groupHeader}
                style={{ transform: `translateY(${row.start}px)` }}
                data-index={row.index}
                data-testid="group-header"
              >
                {Icon && <Icon size={14} aria-hidden />}
                <h3 className={boardStyles.columnTitle}>{label}</h3>
                <span className={boardStyles.count} aria-label={t('tasks.count', { count: item.count })}>
                  {item.count}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
