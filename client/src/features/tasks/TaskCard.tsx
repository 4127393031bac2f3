import { ChevronDown, ChevronUp, ChevronsUp, Equal, Paperclip, type LucideIcon } from 'lucide-react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { memo, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dueDateGroup, taskPriorityFromValue, type TaskPriority } from '#shared/tasks';
import { useSetAtom } from '../../lib/store';
import { Avatar } from '../../ui';
import { focusedTaskIdAtom, isTemporaryTask, personName } from './atoms';
import type { BoardTask, TaskPerson } from './operations';
import styles from './Card.module.css';

export const priorityIcons: Record<TaskPriority, LucideIcon> = { low: ChevronDown, normal: Equal, high: ChevronUp, urgent: ChevronsUp };

/**
 * The virtualizer's guess at a card's height before it is measured (cards grow with long names,
 * many tags or a cover): the plain card, and the extra a cover adds.
 */
export const cardEstimate = { plain: 72, cover: 120 } as const;

/** The space between two cards of a column. */
export const cardGap = 6;

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A deadline as a short date in the reader's language; a date-only deadline is that calendar day. */
export function formatDeadline(deadline: string, language: string): string {
  const match = dateOnly.exec(deadline);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(deadline);
  return Number.isNaN(date.getTime()) ? deadline : new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' }).format(date);
}

export function PriorityIcon({ priority }: { priority: number }) {
  const { t } = useTranslation();
  const key = taskPriorityFromValue(priority);
  const Icon = priorityIcons[key];
  return (
    <span className={styles.priority} data-priority={key} title={t(`tasks.priority.${key}`)}>
      <Icon size={14} aria-label={t(`tasks.priority.${key}`)} role="img" />
    </span>
  );
}

export function DeadlineChip({ deadline }: { deadline: string }) {
  const { t, i18n } = useTranslation();
  const group = dueDateGroup(deadline, new Date());
  return (
    <span className={styles.deadline} data-group={group} title={t(`tasks.due.${group}`)}>
      {formatDeadline(deadline, i18n.language)}
    </span>
  );
}

export function Assignees({ users, size }: { users: readonly TaskPerson[]; size: number }) {
  return (
    <span className={styles.assignees}>
      {users.slice(0, 3).map((user) => (
        <Avatar key={user.id} name={personName(user)} src={user.profileImg} colorKey={user.id} size={size} />
      ))}
      {users.length > 3 && <span className={styles.more}>+{users.length - 3}</span>}
    </span>
  );
}

interface TaskCardProps {
  task: BoardTask;
  href: string;
  /** The card's index in its column (the virtualizer reads it back from `data-index` when measuring). */
  index: number;
  /** Pixels from the top of the virtualized column. */
  start: number;
  /** The virtualizer's measuring ref: cards have no fixed height. */
  measureRef: (element: HTMLLIElement | null) => void;
  focused: boolean;
  /** This card is being dragged: it stays in place, faded, while its preview follows the pointer or the keys. */
  dragging: boolean;
  /** The dragged card would land just before this one, or after it (the last card of its column); null when neither. */
  dropLine: 'before' | 'after' | null;
}

/** A paperclip with the number of the task's files, when it has any. */
export function FileCount({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <span className={styles.fileCount} title={t('tasks.files.count', { count })} aria-label={t('tasks.files.count', { count })} role="img">
      <Paperclip size={12} aria-hidden />
      {count}
    </span>
  );
}

/** What a card shows below its name; shared by the card and its drag preview. */
function CardBottom({ task }: { task: BoardTask }) {
  const labels = task.sprint ? [task.sprint, ...task.tags] : task.tags;
  return (
    <div className={styles.cardBottom}>
      <ul className={styles.tags}>
        {labels.map((tag) => (
          <li key={tag.id} className={styles.tag} style={{ borderColor: tag.color, color: tag.color }}>
            {tag.name}
          </li>
        ))}
      </ul>
      <FileCount count={task.files?.length ?? 0} />
      {task.deadline && <DeadlineChip deadline={task.deadline} />}
      <Assignees users={task.users} size={22} />
    </div>
  );
}

/**
 * One card. Memoised: a live change to one task re-renders that card only. The whole card is the
 * drag handle for a pointer; for the keyboard it is the card's link (Space picks it up, Enter opens
 * it), which carries the role description and the instructions screen readers read.
 */
export const TaskCard = memo(function TaskCard({ task, href, index, start, measureRef, focused, dragging, dropLine }: TaskCardProps) {
  const { t } = useTranslation();
  const pending = isTemporaryTask(task);
  const setFocused = useSetAtom(focusedTaskIdAtom);
  const ref = useRef<HTMLAnchorElement>(null);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = useDraggable({
    id: task.id,
    disabled: pending,
    attributes: { roleDescription: t('tasks.drag.roleDescription') },
  });
  const { setNodeRef: setDropRef } = useDroppable({ id: task.id, disabled: pending });
  const setCardRef = useCallback(
    (element: HTMLLIElement | null) => {
      measureRef(element);
      setNodeRef(element);
      setDropRef(element);
    },
    [measureRef, setNodeRef, setDropRef],
  );
  const setLinkRef = useCallback(
    (element: HTMLAnchorElement | null) => {
      ref.current = element;
      setActivatorNodeRef(element);
    },
    [setActivatorNodeRef],
  );
  useEffect(() => {
    if (focused && document.activeElement !== ref.current) ref.current?.focus({ preventScroll: true });
  }, [focused]);
  return (
    <li
      ref={setCardRef}
      className={styles.card}
      style={{ transform: `translateY(${start}px)`, borderLeftColor: task.color || undefined }}
      data-index={index}
      data-testid="task-card"
      data-task-id={task.id}
      data-pending={pending || undefined}
      data-focused={focused || undefined}
      data-dragging={dragging || undefined}
      data-drop={dropLine ?? undefined}
      {...listeners}
    >
      {task.cover && <img className={styles.cardCover} src={task.cover} alt="" loading="lazy" draggable={false} />}
      <div className={styles.cardTop}>
        <span className={styles.idCode}>{task.idCode}</span>
        <PriorityIcon priority={task.priority} />
      </div>
      {pending ? (
        <span className={styles.cardName}>{task.name}</span>
      ) : (
        <Link
          ref={setLinkRef}
          className={styles.cardName}
          to={href}
          draggable={false}
          data-task-link={task.id}
          aria-roledescription={attributes['aria-roledescription']}
          aria-describedby={attributes['aria-describedby']}
          onFocus={() => setFocused(task.id)}
        >
          {task.name}
        </Link>
      )}
      <CardBottom task={task} />
    </li>
  );
});

/** The card as it follows the pointer or the keys during a drag (dnd-kit's overlay). */
export function TaskCardPreview({ task }: { task: BoardTask }) {
  return (
    <div className={styles.cardPreview} style={{ borderLeftColor: task.color || undefined }} aria-hidden>
      {task.cover && <img className={styles.cardCover} src={task.cover} alt="" draggable={false} />}
      <div className={styles.cardTop}>
        <span className={styles.idCode}>{task.idCode}</span>
        <PriorityIcon priority={task.priority} />
      </div>
      <span className={styles.cardName}>{task.name}</span>
      <CardBottom task={task} />
    </div>
  );
}
