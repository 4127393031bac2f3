import { CornerLeftUp, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { taskNameLength } from '#shared/taskRules';
import { request } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { Conversation } from '../chat/Conversation';
import { NotFound } from '../shell/NotFound';
import { LoadingBar, Tooltip } from '../../ui';
import { boardAtom } from './atoms';
import { editTask } from './boardActions';
import { getTaskDocument, type TaskDetail } from './operations';
import { TaskActionsMenu } from './TaskActionsMenu';
import { TaskActivityTab } from './TaskActivityTab';
import { TaskCover } from './TaskCover';
import { TaskDescription } from './TaskDescription';
import { TaskFields } from './TaskFields';
import { TaskFilesTab } from './TaskFilesTab';
import { TaskLabels } from './TaskLabels';
import { TaskPeople } from './TaskPeople';
import { TaskSubtasks } from './TaskSubtasks';
import styles from './Tasks.module.css';

const tabs = ['details', 'files', 'chat', 'activity'] as const;
type Tab = (typeof tabs)[number];

/**
 * The description, author and creation date are read per task: the board does not carry them. The
 * task is read again when a newer version of it reaches the board (a live change or a save), so a
 * teammate's new description shows up; a failed reread keeps what is on screen.
 */
function useTaskDetail(id: string, version: string | undefined): { detail: TaskDetail | null; failed: boolean } {
  const [state, setState] = useState<{ detail: TaskDetail | null; failed: boolean }>({ detail: null, failed: false });
  const readAt = useRef<string | null>(null);
  useEffect(() => {
    if (readAt.current !== null && version !== undefined && Date.parse(version) <= Date.parse(readAt.current)) return;
    let live = true;
    request(getTaskDocument, { id }, { handledByCaller: true })
      .then(({ getTask }) => {
        if (!live) return;
        if (getTask) readAt.current = getTask.updatedAt;
        setState((current) => (getTask ? { detail: getTask, failed: false } : current.detail ? current : { detail: null, failed: true }));
      })
      .catch(() => live && setState((current) => (current.detail ? current : { detail: null, failed: true })));
    return () => {
      live = false;
    };
  }, [id, version]);
  return state;
}

function NameField({ id, name, canEdit }: { id: string; name: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const store = useStore();
  const [value, setValue] = useState(name);
  useEffect(() => setValue(name), [name]);
  const rename = () => {
    const next = value.trim();
    if (!next || next === name) return setValue(name);
    void editTask(store, { id, name: next }, t('tasks.errors.edit')).then((saved) => {
      if (!saved) setValue(store.get(boardAtom).tasks.get(id)?.name ?? name);
    });
  };
  return (
    <label className={styles.field}>
      <span className={styles.fieldLabel}>{t('tasks.panel.name')}</span>
      <input className={styles.nameInput} value={value} maxLength={taskNameLength.maximum} disabled={!canEdit}
        onChange={(event) => setValue(event.target.value)} onBlur={rename}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') setValue(name);
        }} />
    </label>
  );
}

/** A task opened from the board (/:project/tasks/d/:id): every field, its subtasks, its activity and its actions. */
export function TaskPanel({ project, id }: { project: string; id: string }) {
  const { t } = useTranslation();
  const board = useAtomValue(boardAtom);
  const task = board.tasks.get(id);
  const { detail, failed } = useTaskDetail(id, task?.updatedAt);
  const [tab, setTab] = useState<Tab>('details');
  const boardPath = `/${project}/tasks`;

  if (!task) {
    return (
      <aside className={styles.panel} aria-label={t('tasks.panel.label')}>
        <NotFound back={{ path: boardPath, label: t('tasks.panel.back') }} />
      </aside>
    );
  }
  const parent = task.parentTask ? board.tasks.get(task.parentTask) : undefined;
  const fileCount = task.files?.length ?? 0;

  return (
    <aside className={styles.panel} aria-label={t('tasks.panel.label')}>
      <div className={styles.panelHeader}>
        <span className={styles.idCode}>{task.idCode}</span>
        {parent && (
          <Link className={styles.parentLink} to={`/${project}/tasks/d/${parent.id}`}>
            <CornerLeftUp size={12} aria-hidden /> {t('tasks.panel.parent', { name: parent.name })}
          </Link>
        )}
        <span className={styles.spacer} />
        <TaskActionsMenu project={project} task={task} />
        <Tooltip content={t('tasks.shortcuts.hint', { action: t('tasks.panel.close'), key: 'Esc' })}>
          <Link to={boardPath} className={styles.close} aria-label={t('tasks.panel.close')} aria-keyshortcuts="Escape"><X size={18} /></Link>
        </Tooltip>
      </div>
      <TaskCover task={task} />
      <NameField id={task.id} name={task.name} canEdit={task.canEdit} />
      <div role="tablist" aria-label={t('tasks.panel.tabs')} className={styles.tabs}>
        {tabs.map((key, index) => (
          <button key={key} type="button" role="tab" id={`task-tab-${key}`} aria-selected={tab === key} aria-controls={`task-tabpanel-${key}`}
            className={styles.tab} onClick={() => setTab(key)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
              event.preventDefault();
              const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
              setTab(next);
              document.getElementById(`task-tab-${next}`)?.focus();
            }}>
            {t(`tasks.panel.${key}`)}
            {key === 'files' && fileCount > 0 && <span className={styles.tabBadge} aria-label={t('tasks.files.count', { count: fileCount })}>{fileCount}</span>}
          </button>
        ))}
      </div>
      {tab === 'details' && (
        <div role="tabpanel" id="task-tabpanel-details" aria-labelledby="task-tab-details" className={styles.panelBody}>
          <TaskFields task={task} />
          <TaskPeople task={task} />
          <TaskLabels task={task} />
          <TaskDescription task={task} detail={detail} failed={failed} />
          <TaskSubtasks project={project} task={task} />
        </div>
      )}
      {tab === 'files' && (
        <div role="tabpanel" id="task-tabpanel-files" aria-labelledby="task-tab-files" className={styles.panelBody}>
          <TaskFilesTab task={task} />
        </div>
      )}
      {tab === 'chat' && (
        <div role="tabpanel" id="task-tabpanel-chat" aria-labelledby="task-tab-chat" className={styles.panelChat}>
          {detail ? <Conversation task={task.id} unread={detail.unread} /> : <LoadingBar label={t('tasks.panel.loadingDetail')} />}
        </div>
      )}
      {tab === 'activity' && (
        <div role="tabpanel" id="task-tabpanel-activity" aria-labelledby="task-tab-activity" className={styles.panelBody}>
          <TaskActivityTab taskId={task.id} />
        </div>
      )}
    </aside>
  );
}
