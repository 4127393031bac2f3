import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { taskNameLength } from '#shared/taskRules';
import { taskPriorities, taskPriorityFromValue, taskPriorityValue, type TaskPriority } from '#shared/tasks';
import { i18n } from '../../lib/i18n';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, openDialog } from '../../ui';
import { boardAtom } from './atoms';
import { deleteTask, editTask } from './boardActions';
import { DeadlineChip, PriorityIcon } from './TaskCard';
import styles from './Tasks.module.css';

/** A task opened from the board (/:project/tasks/d/:id): name, code, section, priority and deadline. */
export function TaskPanel({ project, id }: { project: string; id: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const board = useAtomValue(boardAtom);
  const task = board.tasks.get(id);
  const [name, setName] = useState(task?.name ?? '');
  const boardPath = `/${project}/tasks`;

  if (!task) {
    return (
      <aside className={styles.panel} aria-label={t('tasks.panel.label')}>
        <p>{t('tasks.panel.missing')}</p>
        <Link to={boardPath}>{t('tasks.panel.back')}</Link>
      </aside>
    );
  }
  const section = board.states.find((state) => state.id === task.state);

  const rename = () => {
    const next = name.trim();
    if (!next || next === task.name) return setName(task.name);
    void editTask(store, { id: task.id, name: next }, t('tasks.errors.edit')).then((saved) => {
      if (!saved) setName(store.get(boardAtom).tasks.get(task.id)?.name ?? task.name);
    });
  };

  const remove = async () => {
    const { confirmed } = await openDialog({
      title: i18n.t('tasks.panel.deleteTitle', { name: task.name }),
      description: i18n.t('tasks.panel.deleteDescription'),
      primaryLabel: i18n.t('tasks.panel.delete'),
      tone: 'danger',
    });
    if (!confirmed) return;
    if (await deleteTask(store, task.id)) void navigate(boardPath);
  };

  return (
    <aside className={styles.panel} aria-label={t('tasks.panel.label')}>
      <div className={styles.panelHeader}>
        <span className={styles.idCode}>{task.idCode}</span>
        <Link to={boardPath} className={styles.close} aria-label={t('tasks.panel.close')}><X size={18} /></Link>
      </div>
      <label className={styles.field}>
        <span>{t('tasks.panel.name')}</span>
        <input
          className={styles.nameInput}
          value={name}
          maxLength={taskNameLength.maximum}
          disabled={!task.canEdit}
          onChange={(event) => setName(event.target.value)}
          onBlur={rename}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
          }}
        />
      </label>
      <dl className={styles.facts}>
        <dt>{t('tasks.panel.section')}</dt>
        <dd>{section?.value ?? '—'}</dd>
        <dt>{t('tasks.panel.deadline')}</dt>
        <dd>{task.deadline ? <DeadlineChip deadline={task.deadline} /> : t('tasks.due.noDueDate')}</dd>
      </dl>
      <div className={styles.field}>
        <span>{t('tasks.panel.priority')}</span>
        <span className={styles.priorityRow}>
          <PriorityIcon priority={task.priority} />
          <select
            aria-label={t('tasks.panel.priority')}
            value={taskPriorityFromValue(task.priority)}
            disabled={!task.canEdit}
            onChange={(event) => {
              const priority = taskPriorityValue(event.target.value as TaskPriority);
              void editTask(store, { id: task.id, priority }, t('tasks.errors.edit'));
            }}
          >
            {taskPriorities.map((key) => <option key={key} value={key}>{t(`tasks.priority.${key}`)}</option>)}
          </select>
        </span>
      </div>
      {task.canDelete && <Button variant="danger" onClick={() => void remove()}>{t('tasks.panel.delete')}</Button>}
    </aside>
  );
}
