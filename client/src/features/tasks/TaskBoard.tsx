import { useRef, type DragEvent } from 'react';
import { useAtomValue, useStore } from '../../lib/store';
import { boardAtom, boardColumnsAtom } from './atoms';
import { createTask, moveTask } from './boardActions';
import type { BoardTask } from './operations';
import { TaskColumn } from './TaskColumn';
import styles from './Tasks.module.css';

/** The kanban board: one column per section, cards moved with native drag and drop. */
export function TaskBoard({ project }: { project: string }) {
  const store = useStore();
  const { states } = useAtomValue(boardAtom);
  const columns = useAtomValue(boardColumnsAtom);
  const dragged = useRef<string | null>(null);
  const taskHref = (task: BoardTask) => `/${project}/tasks/d/${task.id}`;

  const drop = (event: DragEvent, state: string, beforeId: string | null) => {
    event.preventDefault();
    const id = event.dataTransfer.getData('text/plain') || dragged.current;
    dragged.current = null;
    if (id && store.get(boardAtom).tasks.has(id)) void moveTask(store, id, state, beforeId);
  };

  return (
    <div className={styles.board}>
      {states.map((state) => (
        <TaskColumn
          key={state.id}
          state={state}
          tasks={columns.get(state.id) ?? []}
          taskHref={taskHref}
          onCreate={(stateId, name) => void createTask(store, project, stateId, name)}
          onDrop={drop}
          onDragStart={(id) => {
            dragged.current = id;
          }}
        />
      ))}
    </div>
  );
}
