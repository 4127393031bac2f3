import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '../../ui';
import type { BoardTask } from './operations';

interface DeleteTaskDialogProps {
  task: BoardTask;
  subtaskCount: number;
  /** Deletes the task; true when done, so the dialog can close. */
  onDelete: (delSubtasks: boolean) => Promise<boolean>;
  onClose: () => void;
}

/** A task with subtasks: delete them too, or keep them as top-level tasks (delTask's delSubtasks). */
export function DeleteTaskDialog({ task, subtaskCount, onDelete, onClose }: DeleteTaskDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<'all' | 'keep' | null>(null);
  const run = async (delSubtasks: boolean) => {
    setPending(delSubtasks ? 'all' : 'keep');
    const deleted = await onDelete(delSubtasks);
    setPending(null);
    if (deleted) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('tasks.panel.deleteTitle', { name: task.name })}
      description={t('tasks.delete.withSubtasks', { count: subtaskCount })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending !== null}>
            {t('tasks.cancel')}
          </Button>
          <Button variant="secondary" loading={pending === 'keep'} disabled={pending !== null} onClick={() => void run(false)}>
            {t('tasks.delete.keepSubtasks')}
          </Button>
          <Button variant="danger" loading={pending === 'all'} disabled={pending !== null} onClick={() => void run(true)} data-autofocus>
            {t('tasks.delete.allSubtasks', { count: subtaskCount })}
          </Button>
        </>
      }
    />
  );
}
