import { DndContext, DragOverlay } from '@dnd-kit/core';
import { Plus } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionNameLength } from '#shared/taskRules';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, openDialog } from '../../ui';
import { boardAtom } from './atoms';
import { createTask } from './boardActions';
import { createSection, reorderSection } from './sectionActions';
import { TaskCardPreview } from './TaskCard';
import { TaskColumn } from './TaskColumn';
import { useCardDrag } from './useCardDrag';
import styles from './Board.module.css';

/**
 * The kanban board: one column per section. Cards move with dnd-kit (useCardDrag: mouse, touch and
 * keyboard, announced to screen readers); columns are reordered with native drag and drop or their menu.
 */
export function TaskBoard({ project }: { project: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const board = useAtomValue(boardAtom);
  const states = board.states;
  const { contextProps, activeId, slot, byKeyboard } = useCardDrag(store);
  const previewTask = activeId && !byKeyboard ? board.tasks.get(activeId) : undefined;
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
    <DndContext {...contextProps}>
      <div className={styles.board} data-task-board data-dragging={activeId ? true : undefined}>
        {states.map((state, index) => (
          <TaskColumn
            key={state.id}
            project={project}
            state={state}
            index={index}
            sectionCount={states.length}
            first={index === 0}
            onCreate={create}
            onDropSection={dropSection}
            draggingId={activeId}
            dropIndex={slot?.state === state.id ? slot.index : -1}
          />
        ))}
        <Button className={styles.addSection} variant="ghost" icon={<Plus size={14} aria-hidden />} onClick={() => void addSection()}>
          {t('tasks.sections.add')}
        </Button>
      </div>
      <DragOverlay dropAnimation={null}>{previewTask ? <TaskCardPreview task={previewTask} /> : null}</DragOverlay>
    </DndContext>
  );
}
