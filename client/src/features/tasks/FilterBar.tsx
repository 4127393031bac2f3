import { Filter, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { taskPriorities, taskPriorityValue } from '#shared/tasks';
import { isFilterEmpty, toggleValue, unassignedKey, type TaskFilter } from '#shared/taskViews';
import { useAtom, useAtomValue } from '../../lib/store';
import { Button, Menu, MenuCheckboxItem, MenuContent, MenuSub, MenuSubContent, MenuSubTrigger, MenuTrigger } from '../../ui';
import { boardPeopleAtom, personName, sprintsAtom, tagsAtom, taskFilterAtom, visibleTasksAtom } from './atoms';
import boardStyles from './Board.module.css';
import dialogsStyles from './Dialogs.module.css';

type FilterKind = keyof TaskFilter;

interface Chip {
  kind: FilterKind;
  value: string | number;
  label: string;
  color?: string;
}

/** The filter's state as chips, with the toggle both the menu and the chips use. */
function useFilterChips() {
  const { t } = useTranslation();
  const [filter, setFilter] = useAtom(taskFilterAtom);
  const tags = useAtomValue(tagsAtom);
  const sprints = useAtomValue(sprintsAtom);
  const people = useAtomValue(boardPeopleAtom);
  const toggle = (kind: FilterKind, value: string | number) =>
    setFilter({ ...filter, [kind]: toggleValue<string | number>(filter[kind], value) } as TaskFilter);
  const personLabel = (id: string) =>
    id === unassignedKey
      ? t('tasks.filters.unassigned')
      : personName(people.find((person) => person.id === id) ?? { firstname: t('tasks.filters.someone'), lastname: '' });
  const chips: Chip[] = [
    ...filter.tags.map((id) => ({
      kind: 'tags' as const,
      value: id,
      label: tags.find((tag) => tag.id === id)?.name ?? '…',
      color: tags.find((tag) => tag.id === id)?.color,
    })),
    ...filter.sprints.map((id) => ({
      kind: 'sprints' as const,
      value: id,
      label: sprints.find((tag) => tag.id === id)?.name ?? '…',
      color: sprints.find((tag) => tag.id === id)?.color,
    })),
    ...filter.assignees.map((id) => ({ kind: 'assignees' as const, value: id, label: personLabel(id) })),
    ...filter.priorities.map((value) => ({
      kind: 'priorities' as const,
      value,
      label: t(`tasks.priority.${taskPriorities[value] ?? 'normal'}`),
    })),
  ];
  return { chips, toggle, personLabel };
}

/** The "Filter" menu of the toolbar: by tag, sprint, assignee and priority; the choices apply to every view. */
export function FilterMenu() {
  const { t } = useTranslation();
  const filter = useAtomValue(taskFilterAtom);
  const tags = useAtomValue(tagsAtom);
  const sprints = useAtomValue(sprintsAtom);
  const people = useAtomValue(boardPeopleAtom);
  const { toggle, personLabel } = useFilterChips();
  const keepOpen = (event: Event) => event.preventDefault();
  const active = !isFilterEmpty(filter);

  return (
    <Menu>
      <MenuTrigger asChild>
        <Button size="sm" variant={active ? 'secondary' : 'ghost'} icon={<Filter size={14} aria-hidden />}>
          {t('tasks.filters.add')}
        </Button>
      </MenuTrigger>
      <MenuContent align="start">
        <MenuSub>
          <MenuSubTrigger>{t('tasks.filters.tags')}</MenuSubTrigger>
          <MenuSubContent>
            {tags.length === 0 && <p className={boardStyles.menuEmpty}>{t('tasks.tags.none')}</p>}
            {tags.map((tag) => (
              <MenuCheckboxItem
                key={tag.id}
                checked={filter.tags.includes(tag.id)}
                onCheckedChange={() => toggle('tags', tag.id)}
                onSelect={keepOpen}
                icon={<span className={dialogsStyles.swatch} style={{ background: tag.color }} />}
              >
                {tag.name}
              </MenuCheckboxItem>
            ))}
          </MenuSubContent>
        </MenuSub>
        <MenuSub>
          <MenuSubTrigger>{t('tasks.filters.sprints')}</MenuSubTrigger>
          <MenuSubContent>
            {sprints.length === 0 && <p className={boardStyles.menuEmpty}>{t('tasks.sprints.none')}</p>}
            {sprints.map((sprint) => (
              <MenuCheckboxItem
                key={sprint.id}
                checked={filter.sprints.includes(sprint.id)}
                onCheckedChange={() => toggle('sprints', sprint.id)}
                onSelect={keepOpen}
                icon={<span className={dialogsStyles.swatch} style={{ background: sprint.color }} />}
              >
                {sprint.name}
              </MenuCheckboxItem>
            ))}
          </MenuSubContent>
        </MenuSub>
        <MenuSub>
          <MenuSubTrigger>{t('tasks.filters.assignees')}</MenuSubTrigger>
          <MenuSubContent>
            {[unassignedKey, ...people.map((person) => person.id)].map((id) => (
              <MenuCheckboxItem
                key={id}
                checked={filter.assignees.includes(id)}
                onCheckedChange={() => toggle('assignees', id)}
                onSelect={keepOpen}
              >
                {personLabel(id)}
              </MenuCheckboxItem>
            ))}
          </MenuSubContent>
        </MenuSub>
        <MenuSub>
          <MenuSubTrigger>{t('tasks.filters.priorities')}</MenuSubTrigger>
          <MenuSubContent>
            {[...taskPriorities].reverse().map((priority) => (
              <MenuCheckboxItem
                key={priority}
                checked={filter.priorities.includes(taskPriorityValue(priority))}
                onSelect={keepOpen}
                onCheckedChange={() => toggle('priorities', taskPriorityValue(priority))}
              >
                {t(`tasks.priority.${priority}`)}
              </MenuCheckboxItem>
            ))}
          </MenuSubContent>
        </MenuSub>
      </MenuContent>
    </Menu>
  );
}

/** The active filters as removable chips, how many tasks they leave and "Clear filters"; nothing while no filter is set. */
export function FilterChips() {
  const { t } = useTranslation();
  const [filter, setFilter] = useAtom(taskFilterAtom);
  const shown = useAtomValue(visibleTasksAtom).length;
  const { chips, toggle } = useFilterChips();
  if (isFilterEmpty(filter)) return null;
  return (
    <div className={boardStyles.filterBar}>
      <ul className={boardStyles.chips} aria-label={t('tasks.filters.active')}>
        {chips.map((chip) => (
          <li key={`${chip.kind}-${chip.value}`} className={boardStyles.chip}>
            {chip.color && <span className={dialogsStyles.swatch} style={{ background: chip.color }} />}
            <span>{t(`tasks.filters.chip.${chip.kind}`, { value: chip.label })}</span>
            <button
              type="button"
              className={boardStyles.chipRemove}
              aria-label={t('tasks.filters.remove', { value: chip.label })}
              onClick={() => toggle(chip.kind, chip.value)}
            >
              <X size={12} aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <span className={boardStyles.count} role="status">
        {t('tasks.filters.showing', { count: shown })}
      </span>
      <Button size="sm" variant="ghost" onClick={() => setFilter({ tags: [], sprints: [], assignees: [], priorities: [] })}>
        {t('tasks.filters.clear')}
      </Button>
    </div>
  );
}
