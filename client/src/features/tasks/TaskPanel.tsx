import { CornerLeftUp, X } from 'lucide-react';
import { useCallback, useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { taskNameLength } from '#shared/taskRules';
import { request } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { useOnReconnect } from '../../lib/subscriptions';
import { currentUserAtom } from '../auth/session';
import { Conversation } from '../chat/Conversation';
import { NotFound } from '../shell/NotFound';
import { Tooltip } from '../../ui';
import { boardAtom } from './atoms';
import { editTask } from './boardActions';
import { getTaskDocument, type BoardTask, type TaskDetail } from './operations';
import { acknowledgeEdit, forgetEdit, markSent, rememberEdit } from './pendingEdits';
import { TaskActionsMenu } from './TaskActionsMenu';
import { TaskActivityTab } from './TaskActivityTab';
import { TaskCover } from './TaskCover';
import { TaskDescription } from './TaskDescription';
import { TaskFields } from './TaskFields';
import { TaskFilesTab } from './TaskFilesTab';
import { TaskLabels } from './TaskLabels';
import { TaskPeople } from './TaskPeople';
import { TaskSubtasks } from './TaskSubtasks';
import boardStyles from './Board.module.css';
import cardStyles from './Card.module.css';
import panelStyles from './Panel.module.css';

const tabs = ['details', 'files', 'chat', 'activity'] as const;
type Tab = (typeof tabs)[number];

/**
 * The description, author and creation date are read per task: the board does not carry them. The
 * task is read again when a newer version of it reaches the board (a live change or a save), so a
 * teammate's new description shows up; a failed reread keeps what is on screen. A first read that
 * failed is tried again on `retry` and after a reconnection.
 */
export function useTaskDetail(id: string, version: string | undefined): { detail: TaskDetail | null; failed: boolean; retry: () => void } {
  const [state, setState] = useState<{ detail: TaskDetail | null; failed: boolean }>({ detail: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  const readAt = useRef<string | null>(null);
  useEffect(() => {
    if (readAt.current !== null && version !== undefined && Date.parse(version) <= Date.parse(readAt.current)) return;
    let live = true;
    setState((current) => (current.failed ? { ...current, failed: false } : current));
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
  }, [id, version, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  useOnReconnect(retry);
  return { ...state, retry };
}

/** Typing pauses this long before the name is saved; leaving the field or Enter saves at once. */
export const nameIdleMs = 1000;

/**
 * The task's name: saved after a pause in typing, on Enter and on leaving the field. Every
 * keystroke is also kept on the device (pendingEdits.ts) until the server has it, so a reload
 * right after typing loses nothing. A teammate's rename shows unless the user is typing.
 */
function NameField({ task }: { task: BoardTask }) {
  const { t } = useTranslation();
  const store = useStore();
  const userId = useAtomValue(currentUserAtom)?.id;
  const { id, name, canEdit, project } = task;
  const [value, setValue] = useState(name);
  const focused = useRef(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The name on the server that the unsaved typing builds on. */
  const base = useRef(name);

  useEffect(() => {
    if (focused.current || idleTimer.current) return;
    setValue(name);
    base.current = name;
  }, [name]);

  const serverName = () => store.get(boardAtom).tasks.get(id)?.name ?? name;
  const stopTimer = () => {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = null;
  };
  const save = (typed: string) => {
    stopTimer();
    const next = typed.trim();
    if (!next || next === serverName()) {
      if (userId && next) forgetEdit(userId, id, 'name');
      return;
    }
    // The key kept with the edit on the device: a replay after a reload is this same mutation.
    const key = userId ? markSent(userId, id, 'name', next) : undefined;
    void editTask(store, { id, name: next }, t('tasks.errors.edit'), undefined, key).then((saved) => {
      if (saved) base.current = next;
      if (userId && saved) acknowledgeEdit(userId, id, 'name', next);
      else if (userId) forgetEdit(userId, id, 'name');
      if (!saved && !focused.current) setValue(serverName());
    });
  };
  const type = (typed: string) => {
    setValue(typed);
    const next = typed.trim();
    if (userId && next) rememberEdit(userId, { taskId: id, project, field: 'name', value: next, base: base.current });
    else if (userId) forgetEdit(userId, id, 'name');
    stopTimer();
    idleTimer.current = setTimeout(() => save(typed), nameIdleMs);
  };
  const undo = () => {
    stopTimer();
    if (userId) forgetEdit(userId, id, 'name');
    setValue(serverName());
  };

  // Closing the panel mid-pause still saves what was typed.
  const saveWhatIsPending = useEffectEvent(() => {
    if (idleTimer.current) save(value);
  });
  useEffect(() => () => saveWhatIsPending(), []);

  return (
    <label className={panelStyles.field}>
      <span className={panelStyles.fieldLabel}>{t('tasks.panel.name')}</span>
      <input
        className={panelStyles.nameInput}
        value={value}
        maxLength={taskNameLength.maximum}
        disabled={!canEdit}
        onChange={(event) => type(event.target.value)}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          if (value.trim() === '') return undo();
          save(value);
          setValue(value.trim());
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          // The first Escape takes back unsaved typing; with nothing to take back, it closes the panel.
          if (event.key === 'Escape' && value !== serverName()) {
            event.preventDefault();
            undo();
          }
        }}
      />
    </label>
  );
}

/**
 * A task opened from the board (/:project/tasks/d/:id): every field, its subtasks, its activity and its actions.
 *
 * A labelled complementary landmark rather than a non-modal dialog: the board stays usable beside
 * it and focus is not held inside, which screen readers convey truthfully for a landmark (listed
 * with the page's regions, announced on entry), whereas a role="dialog" that does not keep focus is
 * announced as if it did. Focus moves to its title when it opens, so the task's code and name are
 * read at once; Escape from anywhere inside closes it once a menu, a picker or an editor inside has
 * had its own Escape; the page then gives focus back to the card (TasksPage).
 */
export function TaskPanel({ project, id }: { project: string; id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const board = useAtomValue(boardAtom);
  const task = board.tasks.get(id);
  const { detail, failed, retry } = useTaskDetail(id, task?.updatedAt);
  const [tab, setTab] = useState<Tab>('details');
  const boardPath = `/${project}/tasks`;
  const title = useRef<HTMLHeadingElement>(null);
  const found = task !== undefined;
  useEffect(() => {
    if (found) title.current?.focus({ preventScroll: true });
  }, [found]);
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void navigate(boardPath);
  };

  if (!task) {
    return (
      <aside className={panelStyles.panel} aria-label={t('tasks.panel.label')} data-task-panel onKeyDown={closeOnEscape}>
        <NotFound back={{ path: boardPath, label: t('tasks.panel.back') }} />
      </aside>
    );
  }
  const parent = task.parentTask ? board.tasks.get(task.parentTask) : undefined;
  const fileCount = task.files?.length ?? 0;

  return (
    <aside className={panelStyles.panel} aria-label={t('tasks.panel.label')} data-task-panel onKeyDown={closeOnEscape}>
      <div className={panelStyles.panelHeader}>
        <h2 ref={title} tabIndex={-1} className={panelStyles.panelTitle}>
          <span className={cardStyles.idCode}>{task.idCode}</span>
          <span className={panelStyles.visuallyHidden}> {task.name}</span>
        </h2>
        {parent && (
          <Link className={panelStyles.parentLink} to={`/${project}/tasks/d/${parent.id}`}>
            <CornerLeftUp size={12} aria-hidden /> {t('tasks.panel.parent', { name: parent.name })}
          </Link>
        )}
        <span className={boardStyles.spacer} />
        <TaskActionsMenu project={project} task={task} />
        <Tooltip content={t('tasks.shortcuts.hint', { action: t('tasks.panel.close'), key: 'Esc' })}>
          <Link to={boardPath} className={panelStyles.close} aria-label={t('tasks.panel.close')} aria-keyshortcuts="Escape">
            <X size={18} />
          </Link>
        </Tooltip>
      </div>
      <TaskCover task={task} />
      <NameField task={task} />
      <div role="tablist" aria-label={t('tasks.panel.tabs')} className={panelStyles.tabs}>
        {tabs.map((key, index) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`task-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`task-tabpanel-${key}`}
            className={panelStyles.tab}
            onClick={() => setTab(key)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
              event.preventDefault();
              const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
              setTab(next);
              document.getElementById(`task-tab-${next}`)?.focus();
            }}
          >
            {t(`tasks.panel.${key}`)}
            {key === 'files' && fileCount > 0 && (
              <span className={panelStyles.tabBadge} aria-label={t('tasks.files.count', { count: fileCount })}>
                {fileCount}
              </span>
            )}
          </button>
        ))}
      </div>
      {tab === 'details' && (
        <div role="tabpanel" id="task-tabpanel-details" aria-labelledby="task-tab-details" className={panelStyles.panelBody}>
          <TaskFields task={task} />
          <TaskPeople task={task} followers={detail?.followers} />
          <TaskLabels task={task} />
          <TaskDescription task={task} detail={detail} failed={failed} onRetry={retry} />
          <TaskSubtasks project={project} task={task} />
        </div>
      )}
      {tab === 'files' && (
        <div role="tabpanel" id="task-tabpanel-files" aria-labelledby="task-tab-files" className={panelStyles.panelBody}>
          <TaskFilesTab task={task} />
        </div>
      )}
      {tab === 'chat' && (
        <div role="tabpanel" id="task-tabpanel-chat" aria-labelledby="task-tab-chat" className={panelStyles.panelChat}>
          {/* The thread does not need the task's detail: only its unread count, for the divider, comes with it. */}
          <Conversation task={task.id} {...(detail ? { unread: detail.unread } : {})} />
        </div>
      )}
      {tab === 'activity' && (
        <div role="tabpanel" id="task-tabpanel-activity" aria-labelledby="task-tab-activity" className={panelStyles.panelBody}>
          <TaskActivityTab taskId={task.id} />
        </div>
      )}
    </aside>
  );
}
