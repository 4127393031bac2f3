import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isProjectId } from '../../app/routeRules';
import { useAtomValue } from '../../lib/store';
import { EmptyState, LoadingBar } from '../../ui';
import { navIcons } from '../shell/areas';
import { boardAtom, taskViewAtom } from './atoms';
import { TaskBoard } from './TaskBoard';
import { TaskList } from './TaskList';
import { TaskPanel } from './TaskPanel';
import styles from './Tasks.module.css';
import { useBoard } from './useBoard';
import { ViewToggle } from './ViewToggle';

function SpaceTasks({ project, openTask }: { project: string; openTask: string | undefined }) {
  const { t } = useTranslation();
  useBoard(project);
  const board = useAtomValue(boardAtom);
  const view = useAtomValue(taskViewAtom);
  const ready = board.project === project && board.status === 'ready';
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <h2 className={styles.title}>{t('areas.tasks.title')}</h2>
        <ViewToggle />
      </div>
      {board.project === project && board.status === 'loading' && <LoadingBar label={t('tasks.loading')} />}
      {board.project === project && board.status === 'error' && <p role="alert">{t('tasks.errors.load')}</p>}
      {ready && (
        <div className={styles.content}>
          {view === 'list' ? <TaskList project={project} /> : <TaskBoard project={project} />}
          {openTask && <TaskPanel key={openTask} project={project} id={openTask} />}
        </div>
      )}
    </div>
  );
}

/** The tasks area: a space's board, or on the overview, the empty state asking for a space. */
export default function TasksPage() {
  const { t } = useTranslation();
  const { project, id2 } = useParams();
  if (!project || !isProjectId(project)) {
    return (
      <div className={styles.empty}>
        <EmptyState icon={navIcons.tasks} title={t('areas.tasks.title')} description={t('tasks.pickSpace')} />
      </div>
    );
  }
  return <SpaceTasks project={project} openTask={id2} />;
}
