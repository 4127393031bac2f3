import { ChevronDown, ChevronUp, ChevronsUp, Equal, type LucideIcon } from 'lucide-react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dueDateGroup, taskPriorityFromValue, type TaskPriority } from '#shared/tasks';
import { Avatar } from '../../ui';
import type { BoardTask } from './operations';
import styles from './Tasks.module.css';

export const priorityIcons: Record<TaskPriority, LucideIcon> = { low: ChevronDown, normal: Equal, high: ChevronUp, urgent: ChevronsUp };

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

interface TaskCardProps {
  task: BoardTask;
  href: string;
  onDragStart: (id: string) => void;
  onDropBefore: (event: DragEvent, beforeId: string) => void;
}

export function TaskCard({ task, href, onDragStart, onDropBefore }: TaskCardProps) {
  const pending = task.id.startsWith('temp-');
  return (
    <li
      className={styles.card}
      data-testid="task-card"
      data-pending={pending || undefined}
      draggable={!pending}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', task.id);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(task.id);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => onDropBefore(event, task.id)}
    >
      <div className={styles.cardTop}>
        <span className={styles.idCode}>{task.idCode}</span>
        <PriorityIcon priority={task.priority} />
      </div>
      {pending ? <span className={styles.cardName}>{task.name}</span> : <Link className={styles.cardName} to={href}>{task.name}</Link>}
      {task.tags.length > 0 && (
        <ul className={styles.tags}>
          {task.tags.map((tag) => (
            <li key={tag.id} className={styles.tag} style={{ borderColor: tag.color, color: tag.color }}>{tag.name}</li>
          ))}
        </ul>
      )}
      {(task.deadline || task.users.length > 0) && (
        <div className={styles.cardBottom}>
          {task.deadline ? <DeadlineChip deadline={task.deadline} /> : <span />}
          <span className={styles.assignees}>
            {task.users.map((user) => (
              <Avatar key={user.id} name={`${user.firstname} ${user.lastname}`.trim()} src={user.profileImg} colorKey={user.id} size={22} />
            ))}
          </span>
        </div>
      )}
    </li>
  );
}
