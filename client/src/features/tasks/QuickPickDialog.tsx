import { Check } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { taskPriorities, taskPriorityValue } from '#shared/tasks';
import { useAtom, useAtomValue, useStore } from '../../lib/store';
import { Avatar, Button, Dialog } from '../../ui';
import { boardAtom, boardPeopleAtom, personName } from './atoms';
import { editTask } from './boardActions';
import { priorityKeys } from './keyboardNav';
import { SprintOptions, TagOptions } from './LabelOptions';
import type { BoardTask } from './operations';
import { PriorityIcon } from './TaskCard';
import panelStyles from './Panel.module.css';
import dialogsStyles from './Dialogs.module.css';
import { quickPickAtom } from './viewAtoms';

/** Up and down move between the picker's options, as in a menu. */
function moveBetweenOptions(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  const options = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-option]')];
  const at = options.indexOf(document.activeElement as HTMLElement);
  options[(at + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length]?.focus();
}

function PriorityOptions({ task, onDone }: { task: BoardTask; onDone: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const numberOf = (value: number) => Object.entries(priorityKeys).find(([, priority]) => priority === value)?.[0];
  return (
    <ul className={dialogsStyles.pickList} onKeyDown={moveBetweenOptions}>
      {[...taskPriorities].reverse().map((key) => {
        const value = taskPriorityValue(key);
        return (
          <li key={key}>
            <button
              type="button"
              data-option
              className={dialogsStyles.pickOption}
              aria-pressed={task.priority === value}
              data-autofocus={task.priority === value || undefined}
              onClick={() => {
                void editTask(store, { id: task.id, priority: value }, t('tasks.errors.edit'));
                onDone();
              }}
            >
              <PriorityIcon priority={value} />
              <span className={dialogsStyles.pickLabel}>{t(`tasks.priority.${key}`)}</span>
              <kbd className={dialogsStyles.kbd}>{numberOf(value)}</kbd>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Assignees toggle in place; the server makes each one a follower. */
export function AssigneeOptions({ task }: { task: BoardTask }) {
  const { t } = useTranslation();
  const store = useStore();
  const people = useAtomValue(boardPeopleAtom);
  const [query, setQuery] = useState('');
  const shown = people.filter((person) => personName(person).toLowerCase().includes(query.trim().toLowerCase()));
  const toggle = (id: string) => {
    const assigned = task.users.some((user) => user.id === id);
    const users = assigned ? task.users.filter((user) => user.id !== id) : [...task.users, people.find((person) => person.id === id)!];
    void editTask(store, { id: task.id, users: users.map((user) => user.id) }, t('tasks.errors.edit'), { users });
  };
  return (
    <div className={dialogsStyles.pickPeople} onKeyDown={moveBetweenOptions}>
      <input
        className={panelStyles.inlineInput}
        data-autofocus
        value={query}
        placeholder={t('tasks.people.search')}
        aria-label={t('tasks.people.search')}
        onChange={(event) => setQuery(event.target.value)}
      />
      {shown.length === 0 && <p className={panelStyles.muted}>{t('tasks.people.nobody')}</p>}
      <ul className={dialogsStyles.pickList}>
        {shown.map((person) => {
          const assigned = task.users.some((user) => user.id === person.id);
          return (
            <li key={person.id}>
              <button
                type="button"
                data-option
                className={dialogsStyles.pickOption}
                aria-pressed={assigned}
                onClick={() => toggle(person.id)}
              >
                <Avatar name={personName(person)} src={person.profileImg} colorKey={person.id} size={20} />
                <span className={dialogsStyles.pickLabel}>{personName(person)}</span>
                {assigned && <Check size={14} aria-hidden />}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const titles = {
  priority: 'tasks.quick.priorityTitle',
  assignee: 'tasks.quick.assigneeTitle',
  tags: 'tasks.quick.tagsTitle',
  sprint: 'tasks.quick.sprintTitle',
} as const;

/** The pickers: P sets the priority, A the assignees of the focused or open task; the panel opens the tags and sprint ones. */
export function QuickPickDialog() {
  const { t } = useTranslation();
  const [pick, setPick] = useAtom(quickPickAtom);
  const task = useAtomValue(boardAtom).tasks.get(pick?.taskId ?? '');
  if (!pick || !task) return null;
  const close = () => setPick(null);
  const severalChoices = pick.kind === 'assignee' || pick.kind === 'tags';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={t(titles[pick.kind], { code: task.idCode })}
      footer={
        severalChoices ? (
          <Button variant="secondary" onClick={close}>
            {t('tasks.done')}
          </Button>
        ) : undefined
      }
    >
      {pick.kind === 'priority' && <PriorityOptions task={task} onDone={close} />}
      {pick.kind === 'assignee' && <AssigneeOptions task={task} />}
      {pick.kind === 'tags' && <TagOptions task={task} onDone={close} />}
      {pick.kind === 'sprint' && <SprintOptions task={task} onDone={close} />}
    </Dialog>
  );
}
