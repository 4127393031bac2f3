import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAtomValue, useStore } from '../../lib/store';
import { Avatar } from '../../ui';
import { boardAtom, boardColumnsAtom } from './atoms';
import { createTask } from './boardActions';
import { NewTaskInput } from './NewTaskInput';
import { DeadlineChip, PriorityIcon } from './TaskCard';
import styles from './Tasks.module.css';

/** The list view: the board's tasks grouped by section, one row each. */
export function TaskList({ project }: { project: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const { states } = useAtomValue(boardAtom);
  const columns = useAtomValue(boardColumnsAtom);
  return (
    <div className={styles.list}>
      {states.map((state) => {
        const tasks = columns.get(state.id) ?? [];
        return (
          <section key={state.id} className={styles.group} aria-label={state.value}>
            <header className={styles.columnHeader}>
              <h3 className={styles.columnTitle}>{state.value}</h3>
              <span className={styles.count} aria-label={t('tasks.count', { count: tasks.length })}>{tasks.length}</span>
            </header>
            <ul className={styles.rows}>
              {tasks.map((task) => (
                <li key={task.id} className={styles.row} data-testid="task-row" data-pending={task.id.startsWith('temp-') || undefined}>
                  <span className={styles.idCode}>{task.idCode}</span>
                  <PriorityIcon priority={task.priority} />
                  <Link className={styles.cardName} to={`/${project}/tasks/d/${task.id}`}>{task.name}</Link>
                  {task.deadline && <DeadlineChip deadline={task.deadline} />}
                  <span className={styles.assignees}>
                    {task.users.map((user) => (
                      <Avatar key={user.id} name={`${user.firstname} ${user.lastname}`.trim()} src={user.profileImg} colorKey={user.id} size={20} />
                    ))}
                  </span>
                </li>
              ))}
            </ul>
            <NewTaskInput sectionName={state.value} onCreate={(name) => void createTask(store, project, state.id, name)} />
          </section>
        );
      })}
    </div>
  );
}
