import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, Dialog, Select } from '../../ui';
import { boardAtom } from './atoms';
import type { ProjectState } from './operations';
import { deleteSection } from './sectionActions';

interface DeleteSectionDialogProps {
  state: ProjectState;
  onClose: () => void;
}

/** Deleting a section asks which section receives its tasks (SPEC §4); nothing is lost. */
export function DeleteSectionDialog({ state, onClose }: DeleteSectionDialogProps) {
  const { t } = useTranslation();
  const store = useStore();
  const board = useAtomValue(boardAtom);
  const others = board.states.filter((section) => section.id !== state.id);
  const [moveTo, setMoveTo] = useState(others[0]?.id ?? '');
  const [pending, setPending] = useState(false);
  const count = [...board.tasks.values()].filter((task) => task.state === state.id).length;

  const confirm = async () => {
    if (!moveTo) return;
    setPending(true);
    const deleted = await deleteSection(store, state.id, moveTo);
    setPending(false);
    if (deleted) onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('tasks.sections.deleteTitle', { section: state.value })}
      description={t('tasks.sections.deleteDescription', { count })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('tasks.cancel')}
          </Button>
          <Button variant="danger" loading={pending} disabled={!moveTo} onClick={() => void confirm()} data-autofocus>
            {t('tasks.sections.deleteConfirm')}
          </Button>
        </>
      }
    >
      <Select
        label={t('tasks.sections.moveTasksTo')}
        value={moveTo}
        onChange={(event) => setMoveTo(event.target.value)}
        options={others.map((section) => ({ value: section.id, label: section.value }))}
      />
    </Dialog>
  );
}
