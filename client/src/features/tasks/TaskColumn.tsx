import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NewTaskInput } from './NewTaskInput';
import type { BoardTask, ProjectState } from './operations';
import { TaskCard } from './TaskCard';
import styles from './Tasks.module.css';

interface TaskColumnProps {
  state: ProjectState;
  tasks: readonly BoardTask[];
  taskHref: (task: BoardTask) => string;
  onCreate: (state: string, name: string) => void;
  /** A card was dropped in this section, before `beforeId` (the end when null). */
  onDrop: (event: DragEvent, state: string, beforeId: string | null) => void;
  onDragStart: (id: string) => void;
}

export function TaskColumn({ state, tasks, taskHref, onCreate, onDrop, onDragStart }: TaskColumnProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
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
        onDrop(event, state.id, null);
      }}
    >
      <header className={styles.columnHeader}>
        <h3 className={styles.columnTitle}>{state.value}</h3>
        <span className={styles.count} aria-label={t('tasks.count', { count: tasks.length })}>{tasks.length}</span>
      </header>
      <ul className={styles.cards}>
        {tasks.map((task) => (
          <TaskCard
            key={task.id}
            task={task}
            href={taskHref(task)}
            onDragStart={onDragStart}
            onDropBefore={(event, beforeId) => {
              event.stopPropagation();
              setOver(false);
              onDrop(event, state.id, beforeId);
            }}
          />
        ))}
      </ul>
      <NewTaskInput sectionName={state.value} onCreate={(name) => onCreate(state.id, name)} />
    </section>
  );
}
