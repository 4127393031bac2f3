import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { taskNameLength } from '#shared/taskRules';
import { useAtomValue, useStore } from '../../lib/store';
import { boardAtom, isTemporaryTask } from './atoms';
import { createTask, editTask } from './boardActions';
import type { BoardTask } from './operations';
import { PriorityIcon } from './TaskCard';
import boardStyles from './Board.module.css';
import cardStyles from './Card.module.css';
import panelStyles from './Panel.module.css';

/**
 * The open task's subtasks. Completing one moves it to the board's last section and reopening to
 * the first: a task's state is its section (SPEC §4), and boards end with their "done" column.
 */
export function TaskSubtasks({ project, task }: { project: string; task: BoardTask }) {
  const { t } = useTranslation();
  const store = useStore();
  const board = useAtomValue(boardAtom);
  const [name, setName] = useState('');
  const subtasks = useMemo(
    () =>
      [...board.tasks.values()]
        .filter((candidate) => candidate.parentTask === task.id)
        .sort((left, right) => left.positionSection - right.positionSection),
    [board.tasks, task.id],
  );
  const first = board.states[0];
  const last = board.states.at(-1);
  const done = subtasks.filter((subtask) => subtask.state === last?.id).length;

  const add = () => {
    const next = name.trim();
    if (!next || !first) return;
    setName('');
    void createTask(store, project, first.id, next, task.id);
  };

  return (
    <section className={panelStyles.subtasks} aria-labelledby={`subtasks-${task.id}`}>
      <h3 id={`subtasks-${task.id}`} className={panelStyles.fieldLabel}>
        {t('tasks.subtasks.title')}{' '}
        {subtasks.length > 0 && <span className={boardStyles.count}>{t('tasks.subtasks.progress', { done, total: subtasks.length })}</span>}
      </h3>
      {subtasks.length === 0 && <p className={panelStyles.muted}>{t('tasks.subtasks.none')}</p>}
      <ul className={panelStyles.subtaskList}>
        {subtasks.map((subtask) => {
          const complete = subtask.state === last?.id;
          const pending = isTemporaryTask(subtask);
          return (
            <li key={subtask.id} className={panelStyles.subtask} data-pending={pending || undefined}>
              <input
                type="checkbox"
                checked={complete}
                disabled={!subtask.canEdit || !first || !last || board.states.length < 2}
                aria-label={t(complete ? 'tasks.subtasks.reopen' : 'tasks.subtasks.complete', { name: subtask.name })}
                onChange={() => void editTask(store, { id: subtask.id, state: complete ? first!.id : last!.id }, t('tasks.errors.edit'))}
              />
              <PriorityIcon priority={subtask.priority} />
              {pending ? (
                <span>{subtask.name}</span>
              ) : (
                <Link to={`/${project}/tasks/d/${subtask.id}`} data-complete={complete || undefined}>
                  {subtask.name}
                </Link>
              )}
              <span className={cardStyles.idCode}>{subtask.idCode}</span>
            </li>
          );
        })}
      </ul>
      {task.canEdit && (
        <input
          className={boardStyles.newTask}
          value={name}
          maxLength={taskNameLength.maximum}
          placeholder={t('tasks.subtasks.new')}
          aria-label={t('tasks.subtasks.new')}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            add();
          }}
        />
      )}
    </section>
  );
}
