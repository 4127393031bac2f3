import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../lib/store';
import { Button, Dialog, Notice, Select } from '../../ui';
import { spaceListAtom } from '../spaces/atoms';
import type { BoardTask } from './operations';

interface MoveTaskDialogProps {
  task: BoardTask;
  onMove: (project: string, spaceName: string) => Promise<boolean>;
  onClose: () => void;
}

/** Moves a task and its subtasks to another of the user's spaces (ediTask with project). */
export function MoveTaskDialog({ task, onMove, onClose }: MoveTaskDialogProps) {
  const { t } = useTranslation();
  const spaces = useAtomValue(spaceListAtom).filter((space) => space.id !== task.project);
  const [target, setTarget] = useState(spaces[0]?.id ?? '');
  const [pending, setPending] = useState(false);
  const move = async () => {
    const space = spaces.find((candidate) => candidate.id === target);
    if (!space) return;
    setPending(true);
    const moved = await onMove(space.id, space.name);
    setPending(false);
    if (moved) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('tasks.move.title', { name: task.name })}
      description={t('tasks.move.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('tasks.cancel')}
          </Button>
          <Button variant="primary" loading={pending} disabled={!target} onClick={() => void move()} data-autofocus>
            {t('tasks.move.confirm')}
          </Button>
        </>
      }
    >
      {spaces.length === 0 ? (
        <Notice tone="info">{t('tasks.move.noSpaces')}</Notice>
      ) : (
        <Select
          label={t('tasks.move.space')}
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          options={spaces.map((space) => ({ value: space.id, label: space.name }))}
        />
      )}
    </Dialog>
  );
}
