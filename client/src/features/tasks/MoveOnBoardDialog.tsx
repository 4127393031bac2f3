import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, Dialog, Select } from '../../ui';
import { boardAtom, boardColumnsAtom } from './atoms';
import { moveTask } from './boardActions';
import { originSlot, othersIn, sameSlot, type DragColumns } from './boardDrag';
import type { BoardTask } from './operations';

/**
 * "Move to…" (issue 25): the keyboard's and the screen reader's way to put a task in another
 * section or at another place in its own, as a drag would, by picking a section and a position.
 * Positions count the section's visible cards with this one among them.
 */
export function MoveOnBoardDialog({ task, onClose }: { task: BoardTask; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const states = useAtomValue(boardAtom).states;
  const visible = useAtomValue(boardColumnsAtom);
  const columns: DragColumns = {
    states: states.map((state) => state.id),
    cards: new Map([...visible].map(([state, tasks]) => [state, tasks.map((card) => card.id)])),
  };
  const origin = originSlot(columns, task.id) ?? { state: task.state, index: 0 };
  const [section, setSection] = useState(origin.state);
  const [position, setPosition] = useState(origin.index);
  const count = othersIn(columns, section, task.id).length + 1;
  const target = { state: section, index: Math.min(position, count - 1) };

  const move = () => {
    onClose();
    if (sameSlot(target, origin)) return;
    void moveTask(store, task.id, target.state, othersIn(columns, target.state, task.id)[target.index] ?? null);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('tasks.place.title', { name: task.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('tasks.cancel')}
          </Button>
          <Button variant="primary" onClick={move}>
            {t('tasks.place.confirm')}
          </Button>
        </>
      }
    >
      <Select
        label={t('tasks.place.section')}
        value={section}
        data-autofocus
        onChange={(event) => {
          setSection(event.target.value);
          // Another section starts at its end, where a new card would go; the own section keeps the card's place.
          const others = othersIn(columns, event.target.value, task.id).length;
          setPosition(event.target.value === origin.state ? origin.index : others);
        }}
        options={states.map((state) => ({ value: state.id, label: state.value }))}
      />
      <Select
        label={t('tasks.place.position')}
        value={String(target.index)}
        onChange={(event) => setPosition(Number(event.target.value))}
        options={Array.from({ length: count }, (_, index) => ({
          value: String(index),
          label: t('tasks.place.positionOption', { position: index + 1, count }),
        }))}
      />
    </Dialog>
  );
}
