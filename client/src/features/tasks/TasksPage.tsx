import { useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isFilterEmpty } from '#shared/taskViews';
import { isProjectId } from '../../app/routeRules';
import { useAtomValue, useSetAtom, useStore } from '../../lib/store';
import { Button, EmptyState, LoadingBar, Notice } from '../../ui';
import { navIcons } from '../shell/areas';
import { NotFound } from '../shell/NotFound';
import { boardAtom, focusedTaskIdAtom, taskFilterAtom, taskViewAtom, visibleTasksAtom } from './atoms';
import { loadBoard } from './boardActions';
import { FilterChips } from './FilterBar';
import { QuickPickDialog } from './QuickPickDialog';
import { ShortcutsHelpDialog } from './ShortcutsHelpDialog';
import { TagManagerDialog } from './TagManagerDialog';
import { TaskBoard } from './TaskBoard';
import { TaskList } from './TaskList';
import { TaskPanel } from './TaskPanel';
import styles from './Board.module.css';
import { useBoard } from './useBoard';
import { TaskToolbar } from './TaskToolbar';
import { useTaskShortcuts } from './useTaskShortcuts';

function NoMatches() {
  const { t } = useTranslation();
  const filter = useAtomValue(taskFilterAtom);
  const setFilter = useSetAtom(taskFilterAtom);
  if (useAtomValue(visibleTasksAtom).length > 0) return null;
  return (
    <p className={styles.noMatches} role="status">
      {isFilterEmpty(filter) ? t('tasks.board.empty') : t('tasks.filters.noMatches')}
      {!isFilterEmpty(filter) && (
        <Button size="sm" variant="ghost" onClick={() => setFilter({ tags: [], sprints: [], assignees: [], priorities: [] })}>
          {t('tasks.filters.clear')}
        </Button>
      )}
    </p>
  );
}

/**
 * Closing the task panel gives focus back to the card that opened it (issue 25), unless the person
 * has already put it somewhere else outside the board.
 */
function useFocusReturnOnClose(openTask: string | undefined, content: RefObject<HTMLDivElement | null>): void {
  const store = useStore();
  const previous = useRef(openTask);
  useLayoutEffect(() => {
    const closed = previous.current;
    previous.current = openTask;
    if (!closed || openTask) return;
    const active = document.activeElement;
    if (active && active !== document.body && !content.current?.contains(active)) return;
    store.set(focusedTaskIdAtom, closed);
    document.querySelector<HTMLElement>(`[data-task-link="${CSS.escape(closed)}"]`)?.focus();
  }, [openTask, content, store]);
}

function SpaceTasks({ project, openTask }: { project: string; openTask: string | undefined }) {
  const { t } = useTranslation();
  const store = useStore();
  const content = useRef<HTMLDivElement>(null);
  useBoard(project);
  useTaskShortcuts(project, openTask);
  useFocusReturnOnClose(openTask, content);
  /** The remembered card is forgotten once focus leaves the board and its panel, so Enter elsewhere is never taken for it. */
  const forgetCardOnLeave = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) store.set(focusedTaskIdAtom, null);
  };
  const board = useAtomValue(boardAtom);
  const view = useAtomValue(taskViewAtom);
  const [managingTags, setManagingTags] = useState(false);
  const current = board.project === project;
  const ready = current && board.status === 'ready';
  if (current && board.status === 'notFound') return <NotFound />;
  return (
    <div className={styles.page} data-tasks-page>
      <TaskToolbar ready={ready} onManageTags={() => setManagingTags(true)} />
      {ready && <FilterChips />}
      {current && board.status === 'loading' && <LoadingBar label={t('tasks.loading')} />}
      {current && board.status === 'error' && (
        <Notice tone="error" title={t('tasks.errors.load')}>
          <Button size="sm" onClick={() => void loadBoard(store, project)}>
            {t('tasks.retry')}
          </Button>
        </Notice>
      )}
      {ready && (
        <div ref={content} className={styles.content} onBlur={forgetCardOnLeave}>
          <NoMatches />
          {view === 'list' ? <TaskList project={project} /> : <TaskBoard project={project} />}
          {openTask && <TaskPanel key={openTask} project={project} id={openTask} />}
        </div>
      )}
      {managingTags && <TagManagerDialog project={project} onClose={() => setManagingTags(false)} />}
      <QuickPickDialog />
      <ShortcutsHelpDialog />
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
