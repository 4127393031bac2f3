/** Derived state of the list view and of keyboard navigation, on top of the board atoms. */
import { groupTasks, type TaskGroup } from '#shared/taskViews';
import { atom } from '../../lib/store';
import { boardAtom, boardColumnsAtom, boardPeopleAtom, viewPrefsAtom, visibleTasksAtom } from './atoms';
import type { BoardTask } from './operations';

/** The user's time zone: due-date groups compare calendar days where the user is. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A moment that moves forward once a minute, so "today" and "overdue" roll over at midnight without a reload. */
export const nowAtom = atom(new Date());

/** The list's groups for the chosen grouping; within a group, board order (due dates: soonest first). */
export const listGroupsAtom = atom((get): TaskGroup<BoardTask>[] => {
  const { states } = get(boardAtom);
  const { grouping } = get(viewPrefsAtom);
  const order = new Map(states.map((state, index) => [state.id, index]));
  const tasks = [...get(visibleTasksAtom)].sort(
    (left, right) => (order.get(left.state) ?? 0) - (order.get(right.state) ?? 0) || left.positionSection - right.positionSection,
  );
  if (grouping === 'dueDate') tasks.sort((left, right) => (left.deadline ?? '').localeCompare(right.deadline ?? ''));
  return groupTasks(tasks, grouping, {
    sectionIds: states.map((state) => state.id),
    assigneeIds: get(boardPeopleAtom).map((person) => person.id),
    now: get(nowAtom),
    timeZone,
  });
});

/** Cards in keyboard order: the board's columns, or the list as one column (a task listed twice counts once). */
export const navigationOrderAtom = atom((get): string[][] => {
  if (get(viewPrefsAtom).view === 'board') return [...get(boardColumnsAtom).values()].map((column) => column.map((task) => task.id));
  const seen = new Set<string>();
  const flat: string[] = [];
  for (const group of get(listGroupsAtom)) {
    for (const task of group.tasks) {
      if (seen.has(task.id)) continue;
      seen.add(task.id);
      flat.push(task.id);
    }
  }
  return [flat];
});

export type QuickPickKind = 'priority' | 'assignee' | 'tags' | 'sprint';

/** The quick picker (P and A on the keyboard; tags and sprint from the panel) and the task it acts on; null when closed. */
export const quickPickAtom = atom<{ kind: QuickPickKind; taskId: string } | null>(null);

/** Whether the keyboard shortcuts help is open. */
export const shortcutsHelpOpenAtom = atom(false);
