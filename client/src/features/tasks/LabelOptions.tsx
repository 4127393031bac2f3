import { Check, Plus } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tagNameLength } from '#shared/taskRules';
import { taskColors } from '#shared/tasks';
import { useAtomValue, useStore } from '../../lib/store';
import { boardAtom, sprintsAtom, tagsAtom } from './atoms';
import { editTask } from './boardActions';
import type { BoardTask, Tag, TaskTag } from './operations';
import { createTag } from './tagActions';
import panelStyles from './Panel.module.css';
import dialogsStyles from './Dialogs.module.css';

const plain = ({ id, name, color }: TaskTag): TaskTag => ({ id, name, color });

/** The server's rule for names in a space: unique among tags and sprints, ignoring case (not accents). */
const sameName = (left: string, right: string) => left.localeCompare(right, undefined, { sensitivity: 'accent' }) === 0;

/** Up and down move between the options and the search field, as in a combobox. */
function moveBetweenOptions(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  const options = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-option]')];
  const at = options.indexOf(document.activeElement as HTMLElement);
  options[(at + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length]?.focus();
}

interface LabelOptionsProps {
  task: BoardTask;
  /** Called once a single choice (a sprint) is made. */
  onDone: () => void;
}

/**
 * Tags (several) or the sprint (one) of a task, found by typing; a name that matches none offers
 * "Create tag “name”", which creates it in the space and puts it on the task in one go.
 */
function LabelOptions({ task, isSprint, onDone }: LabelOptionsProps & { isSprint: boolean }) {
  const { t } = useTranslation();
  const store = useStore();
  const labels = useAtomValue(isSprint ? sprintsAtom : tagsAtom);
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const kind = isSprint ? 'sprints' : 'tags';
  const wanted = query.trim();
  const shown = labels.filter((label) => label.name.toLocaleLowerCase().includes(wanted.toLocaleLowerCase()));
  // Tags and sprints share one namespace on the server: a sprint's name cannot become a tag.
  const taken = store.get(boardAtom).tags.some((label) => sameName(label.name, wanted));
  const canCreate = wanted.length >= tagNameLength.minimum && !taken;

  const isChosen = (label: Tag) => (isSprint ? task.sprint?.id === label.id : task.tags.some((known) => known.id === label.id));
  const choose = (label: Tag | null) => {
    if (isSprint) {
      void editTask(store, { id: task.id, sprint: label ? label.id : null }, t('tasks.errors.edit'), {
        sprint: label ? plain(label) : null,
      });
      onDone();
      return;
    }
    if (!label) return;
    const tags = isChosen(label) ? task.tags.filter((known) => known.id !== label.id) : [...task.tags, plain(label)];
    void editTask(store, { id: task.id, tags: tags.map((tag) => tag.id) }, t('tasks.errors.edit'), { tags });
  };
  const create = async () => {
    if (!canCreate || creating) return;
    setCreating(true);
    const color = taskColors[store.get(boardAtom).tags.length % taskColors.length]!;
    const created = await createTag(store, task.project, wanted, color, isSprint);
    setCreating(false);
    if (!created) return;
    setQuery('');
    // The task as it is now: a live change may have arrived while the tag was being created.
    const current = store.get(boardAtom).tasks.get(task.id) ?? task;
    if (isSprint) {
      void editTask(store, { id: task.id, sprint: created.id }, t('tasks.errors.edit'), { sprint: plain(created) });
      onDone();
    } else {
      const tags = [...current.tags, plain(created)];
      void editTask(store, { id: task.id, tags: tags.map((tag) => tag.id) }, t('tasks.errors.edit'), { tags });
    }
  };

  return (
    <div className={dialogsStyles.pickPeople} onKeyDown={moveBetweenOptions}>
      <input
        className={panelStyles.inlineInput}
        data-autofocus
        data-option
        value={query}
        maxLength={tagNameLength.maximum}
        placeholder={t(`tasks.${kind}.find`)}
        aria-label={t(`tasks.${kind}.find`)}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const exact = labels.find((label) => sameName(label.name, wanted));
          if (exact) choose(exact);
          else if (shown.length === 1 && wanted !== '') choose(shown[0]!);
          else void create();
        }}
      />
      {labels.length === 0 && wanted === '' && <p className={panelStyles.muted}>{t(`tasks.${kind}.noneYet`)}</p>}
      {taken && !labels.some((label) => sameName(label.name, wanted)) && (
        <p className={panelStyles.muted} role="status">
          {t('tasks.tags.nameTaken')}
        </p>
      )}
      <ul className={dialogsStyles.pickList} aria-label={t(`tasks.${kind}.title`)}>
        {isSprint && wanted === '' && (
          <li>
            <button
              type="button"
              data-option
              className={dialogsStyles.pickOption}
              aria-pressed={task.sprint === null}
              onClick={() => choose(null)}
            >
              <span className={dialogsStyles.pickLabel}>{t('tasks.sprints.noSprint')}</span>
              {task.sprint === null && <Check size={14} aria-hidden />}
            </button>
          </li>
        )}
        {shown.map((label) => (
          <li key={label.id}>
            <button
              type="button"
              data-option
              className={dialogsStyles.pickOption}
              aria-pressed={isChosen(label)}
              onClick={() => choose(label)}
            >
              <span className={dialogsStyles.swatch} style={{ background: label.color }} aria-hidden />
              <span className={dialogsStyles.pickLabel}>{label.name}</span>
              {isChosen(label) && <Check size={14} aria-hidden />}
            </button>
          </li>
        ))}
        {canCreate && (
          <li>
            <button type="button" data-option className={dialogsStyles.pickOption} disabled={creating} onClick={() => void create()}>
              <Plus size={14} aria-hidden />
              <span className={dialogsStyles.pickLabel}>{t(`tasks.${kind}.create`, { name: wanted })}</span>
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}

export function TagOptions(props: LabelOptionsProps) {
  return <LabelOptions {...props} isSprint={false} />;
}

export function SprintOptions(props: LabelOptionsProps) {
  return <LabelOptions {...props} isSprint />;
}
