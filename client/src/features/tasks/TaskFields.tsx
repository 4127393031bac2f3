import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTaskLengthUnit, maximumTaskLengthAmount, taskLengthUnits, type TaskLengthUnit } from '#shared/taskRules';
import { taskPriorities, taskPriorityFromValue, taskPriorityValue, type TaskPriority } from '#shared/tasks';
import { useAtomValue, useStore } from '../../lib/store';
import { Tooltip } from '../../ui';
import { boardAtom } from './atoms';
import { editTask, moveTask } from './boardActions';
import type { BoardTask } from './operations';
import { PriorityIcon } from './TaskCard';
import styles from './Panel.module.css';

/** The date part of a deadline for a date input; a date-time deadline shows its day. */
const dateOf = (deadline: string | null) => deadline?.slice(0, 10) ?? '';

const lengthAmount = (length: BoardTask['length']) => (length ? String(length.amount) : '');
/** The estimate's unit; hours, the field's default, when there is none or the server sent one not known here. */
const lengthUnit = (length: BoardTask['length']): TaskLengthUnit => (length && isTaskLengthUnit(length.unit) ? length.unit : 'hours');

function EstimateField({ task }: { task: BoardTask }) {
  const { t } = useTranslation();
  const store = useStore();
  const [amount, setAmount] = useState(() => lengthAmount(task.length));
  const [unit, setUnit] = useState(() => lengthUnit(task.length));
  // A new estimate from the server (this save's answer, a teammate's edit) replaces what the fields show.
  const [shownLength, setShownLength] = useState(task.length);
  if (shownLength !== task.length) {
    setShownLength(task.length);
    setAmount(lengthAmount(task.length));
    setUnit(lengthUnit(task.length));
  }

  const save = (nextAmount: string, nextUnit: TaskLengthUnit) => {
    const value = Number(nextAmount);
    const length = nextAmount.trim() === '' ? null : { amount: value, unit: nextUnit };
    if (length && (!Number.isFinite(value) || value <= 0 || value > maximumTaskLengthAmount)) return;
    if (length?.amount === task.length?.amount && length?.unit === task.length?.unit) return;
    void editTask(store, { id: task.id, length }, t('tasks.errors.edit'), { length });
  };

  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel} id={`estimate-${task.id}`}>
        {t('tasks.panel.estimate')}
      </span>
      <span className={styles.inlineFields} role="group" aria-labelledby={`estimate-${task.id}`}>
        <input
          className={styles.inlineInput}
          type="number"
          min={0}
          step="any"
          max={maximumTaskLengthAmount}
          inputMode="decimal"
          value={amount}
          aria-label={t('tasks.panel.estimateAmount')}
          disabled={!task.canEdit}
          onChange={(event) => setAmount(event.target.value)}
          onBlur={() => save(amount, unit)}
          onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
        />
        <select
          className={styles.inlineInput}
          value={unit}
          aria-label={t('tasks.panel.estimateUnit')}
          disabled={!task.canEdit}
          onChange={(event) => {
            const next = isTaskLengthUnit(event.target.value) ? event.target.value : 'hours';
            setUnit(next);
            if (amount.trim() !== '') save(amount, next);
          }}
        >
          {taskLengthUnits.map((key) => (
            <option key={key} value={key}>
              {t(`tasks.units.${key}`)}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}

/** Section, priority, deadline and estimate of the open task. */
export function TaskFields({ task }: { task: BoardTask }) {
  const { t } = useTranslation();
  const store = useStore();
  const states = useAtomValue(boardAtom).states;
  const disabled = !task.canEdit;
  return (
    <div className={styles.fieldGrid}>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>{t('tasks.panel.section')}</span>
        <select
          className={styles.inlineInput}
          value={task.state}
          disabled={disabled}
          onChange={(event) =>
            void (task.parentTask
              ? editTask(store, { id: task.id, state: event.target.value }, t('tasks.errors.move'))
              : moveTask(store, task.id, event.target.value, null))
          }
        >
          {states.map((state) => (
            <option key={state.id} value={state.id}>
              {state.value}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.field}>
        <span className={styles.fieldLabel}>{t('tasks.panel.priority')}</span>
        <span className={styles.priorityRow}>
          <PriorityIcon priority={task.priority} />
          <Tooltip content={t('tasks.shortcuts.hint', { action: t('tasks.shortcuts.priority'), key: 'P' })}>
            <select
              className={styles.inlineInput}
              aria-label={t('tasks.panel.priority')}
              aria-keyshortcuts="p"
              value={taskPriorityFromValue(task.priority)}
              disabled={disabled}
              onChange={(event) =>
                void editTask(
                  store,
                  { id: task.id, priority: taskPriorityValue(event.target.value as TaskPriority) },
                  t('tasks.errors.edit'),
                )
              }
            >
              {taskPriorities.map((key) => (
                <option key={key} value={key}>
                  {t(`tasks.priority.${key}`)}
                </option>
              ))}
            </select>
          </Tooltip>
        </span>
      </div>
      <label className={styles.field}>
        <span className={styles.fieldLabel}>{t('tasks.panel.deadline')}</span>
        <input
          className={styles.inlineInput}
          type="date"
          value={dateOf(task.deadline)}
          disabled={disabled}
          onChange={(event) => {
            const deadline = event.target.value === '' ? null : event.target.value;
            if (deadline !== task.deadline) void editTask(store, { id: task.id, deadline }, t('tasks.errors.deadline'), { deadline });
          }}
        />
      </label>
      <EstimateField task={task} />
    </div>
  );
}
