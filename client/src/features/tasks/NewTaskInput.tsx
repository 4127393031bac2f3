import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taskNameLength } from '#shared/taskRules';
import styles from './Tasks.module.css';

/** A section's inline "New task" field: Enter adds the task and keeps the field open for the next. */
export function NewTaskInput({ sectionName, onCreate }: { sectionName: string; onCreate: (name: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <input
      className={styles.newTask}
      value={value}
      maxLength={taskNameLength.maximum}
      placeholder={t('tasks.newTask')}
      aria-label={t('tasks.newTaskIn', { section: sectionName })}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setValue('');
        if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
        event.preventDefault();
        const name = value.trim();
        if (!name) return;
        setValue('');
        onCreate(name);
      }}
    />
  );
}
