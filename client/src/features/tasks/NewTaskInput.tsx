import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taskNameLength } from '#shared/taskRules';
import { Tooltip } from '../../ui';
import styles from './Board.module.css';

interface NewTaskInputProps {
  sectionName: string;
  onCreate: (name: string) => void;
  /** The field the `C` shortcut focuses: the first of the area. */
  first?: boolean;
  label?: string;
}

/** A section's inline "New task" field: Enter adds the task and keeps the field open for the next. */
export function NewTaskInput({ sectionName, onCreate, first = false, label }: NewTaskInputProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const input = (
    <input
      className={styles.newTask}
      value={value}
      maxLength={taskNameLength.maximum}
      placeholder={t('tasks.newTask')}
      aria-label={label ?? t('tasks.newTaskIn', { section: sectionName })}
      aria-keyshortcuts={first ? 'c' : undefined}
      data-new-task={first || undefined}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          setValue('');
          event.currentTarget.blur();
        }
        if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
        event.preventDefault();
        const name = value.trim();
        if (!name) return;
        setValue('');
        onCreate(name);
      }}
    />
  );
  return first ? <Tooltip content={t('tasks.shortcuts.hint', { action: t('tasks.shortcuts.create'), key: 'C' })}>{input}</Tooltip> : input;
}
