import { Plus } from 'lucide-react';
import { useCallback, useRef, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionNameLength } from '#shared/taskRules';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, openDialog } from '../../ui';
import { boardAtom } from './atoms';
import { createTask, moveTask } from './boardActions';
import { createSection, reorderSection } from './sectionActions';
import { TaskColumn } from './TaskColumn';
import styles from './Tasks.module.css';

/** The kanban board: one column per section; cards and columns move with native drag and drop. */
export function TaskBoard({ project }: { project: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const states = useAtomValue(boardAtom).states;
  const dragged = useRef<string | null>(null);

  const dropCard = useCallback(
    (event: DragEvent, state: string, beforeId: string | null) => {
      event.preventDefault();
      const id = event.dataTransfer.getData('text/plain') || dragged.current;
      dragged.current = null;
      if (id && store.get(boardAtom).tasks.has(id)) void moveTask(store, id, state, beforeId);
    },
    [store],
  );
  const dragStart = useCallback((id: string) => {
    dragged.current = id;
  }, []);
  const create = useCallback((stateId: string, name: string) => void createTask(store, project, stateId, name), [store, project]);
  const dropSection = useCallback((id: string, toIndex: number) => void reorderSection(store, id, toIndex), [store]);

  /** Asks for a new section's name and adds it at the end of the board. */
  const addSection = async () => {
    const { confirmed, values } = await openDialog({
      title: t('tasks.sections.newTitle'),
      inputs: [{ label: t('tasks.sections.name'), placeholder: t('tasks.sections.namePlaceholder') }],
      primaryLabel: t('tasks.sections.create'),
    });
    const value = values[0]?.trim().slice(0, sectionNameLength.maximum);
    if (confirmed && value) await createSection(store, project, value, 0);
  };

  return (
    <div className={styles.board}>
      {states.map((state, index) => (
        <TaskColumn
          key={state.id}
          project={project}
          state={state}
          index={index}
          sectionCount={states.length}
          first={index === 0}
          onCreate={create}
          onDropCard={dropCard}
          onDragStart={dragStart}
          onDropSection={dropSection}
        />
      ))}
      <Button className={styles.addSection} variant="ghost" icon={<Plus size={14} aria-hidden />} onClick={() => void addSection()}>
        {t('tasks.sections.add')}
      </Button>
    </div>
  );
}
