import { ArrowRightLeft, Columns3, Copy, MoreHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStore } from '../../lib/store';
import { Menu, MenuContent, MenuItem, MenuTrigger, openDialog } from '../../ui';
import { deleteTask, duplicateTask, moveTaskToSpace, subtasksOf } from './boardActions';
import { DeleteTaskDialog } from './DeleteTaskDialog';
import { MoveOnBoardDialog } from './MoveOnBoardDialog';
import { MoveTaskDialog } from './MoveTaskDialog';
import type { BoardTask } from './operations';
import styles from './Board.module.css';

/** The open task's actions: duplicate, move on the board (section and position), move to another space, delete (asking about subtasks when it has some). */
export function TaskActionsMenu({ project, task }: { project: string; task: BoardTask }) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'place' | 'move' | 'delete' | null>(null);
  const boardPath = `/${project}/tasks`;
  const subtaskCount = subtasksOf(store, task.id).length;

  const remove = async (delSubtasks: boolean) => {
    const deleted = await deleteTask(store, task.id, delSubtasks);
    if (deleted) void navigate(boardPath);
    return deleted;
  };

  const askDelete = async () => {
    if (subtaskCount > 0) return setDialog('delete');
    const { confirmed } = await openDialog({
      title: t('tasks.panel.deleteTitle', { name: task.name }),
      description: t('tasks.panel.deleteDescription'),
      primaryLabel: t('tasks.panel.delete'),
      tone: 'danger',
    });
    if (confirmed) await remove(false);
  };

  const duplicate = async () => {
    const copy = await duplicateTask(store, task.id);
    if (copy) void navigate(`${boardPath}/d/${copy.id}`);
  };

  return (
    <>
      <Menu>
        <MenuTrigger className={styles.iconButton} aria-label={t('tasks.actions.label')}>
          <MoreHorizontal size={16} aria-hidden />
        </MenuTrigger>
        <MenuContent align="end">
          <MenuItem icon={<Copy size={14} />} disabled={!task.canEdit} onSelect={() => void duplicate()}>
            {t('tasks.actions.duplicate')}
          </MenuItem>
          {!task.parentTask && (
            <MenuItem icon={<Columns3 size={14} />} disabled={!task.canEdit} onSelect={() => setDialog('place')}>
              {t('tasks.place.action')}
            </MenuItem>
          )}
          <MenuItem icon={<ArrowRightLeft size={14} />} disabled={!task.canEdit} onSelect={() => setDialog('move')}>
            {t('tasks.actions.move')}
          </MenuItem>
          {task.canDelete && (
            <MenuItem icon={<Trash2 size={14} />} tone="danger" onSelect={() => void askDelete()}>
              {t('tasks.panel.delete')}
            </MenuItem>
          )}
        </MenuContent>
      </Menu>
      {dialog === 'delete' && (
        <DeleteTaskDialog task={task} subtaskCount={subtaskCount} onDelete={remove} onClose={() => setDialog(null)} />
      )}
      {dialog === 'place' && <MoveOnBoardDialog task={task} onClose={() => setDialog(null)} />}
      {dialog === 'move' && (
        <MoveTaskDialog
          task={task}
          onClose={() => setDialog(null)}
          onMove={async (target, name) => {
            const moved = await moveTaskToSpace(store, task.id, target, name);
            if (moved) void navigate(boardPath);
            return moved;
          }}
        />
      )}
    </>
  );
}
