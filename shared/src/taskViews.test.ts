import { describe, expect, it } from 'vitest';
import {
  emptyTaskFilter,
  groupTasks,
  isFilterEmpty,
  isTaskGrouping,
  matchesFilter,
  toggleValue,
  unassignedKey,
  type GroupableTask,
} from './taskViews';

const task = (id: string, overrides: Partial<GroupableTask> = {}): GroupableTask => ({
  id,
  state: 's1',
  priority: 1,
  deadline: null,
  users: [],
  tags: [],
  sprint: null,
  ...overrides,
});
const now = new Date(2025, 5, 15, 12);
const ids = (groups: { key: string; tasks: GroupableTask[] }[]) => groups.map((group) => [group.key, group.tasks.map((item) => item.id)]);

describe('grouping tasks (SPEC §4)', () => {
  it('groups by section in board order, keeping empty sections', () => {
    const groups = groupTasks([task('a', { state: 's2' }), task('b'), task('c', { state: 'gone' })], 'section', {
      sectionIds: ['s1', 's2', 's3'],
      now,
    });
    expect(ids(groups)).toEqual([
      ['s1', ['b']],
      ['s2', ['a']],
      ['s3', []],
    ]);
  });

  it('groups by due date: today, overdue, next 7 days, later, no due date', () => {
    const tasks = [
      task('today', { deadline: '2025-06-15' }),
      task('late', { deadline: '2025-06-14' }),
      task('week', { deadline: '2025-06-22' }),
      task('far', { deadline: '2025-06-23' }),
      task('none'),
      task('bad', { deadline: 'soon' }),
    ];
    expect(ids(groupTasks(tasks, 'dueDate', { sectionIds: [], now }))).toEqual([
      ['today', ['today']],
      ['overdue', ['late']],
      ['next7Days', ['week']],
      ['later', ['far']],
      ['noDueDate', ['none', 'bad']],
    ]);
  });

  it('groups by priority, urgent first', () => {
    const groups = groupTasks([task('low', { priority: 0 }), task('urgent', { priority: 3 }), task('odd', { priority: 9 })], 'priority', {
      sectionIds: [],
      now,
    });
    expect(ids(groups)).toEqual([
      ['urgent', ['urgent']],
      ['high', []],
      ['normal', ['odd']],
      ['low', ['low']],
    ]);
  });

  it('groups by assignee in the given order, a shared task under each, the unassigned last', () => {
    const tasks = [task('both', { users: [{ id: 'u2' }, { id: 'u1' }] }), task('nobody'), task('stranger', { users: [{ id: 'u9' }] })];
    const groups = groupTasks(tasks, 'assignee', { sectionIds: [], assigneeIds: ['u1', 'u2', 'u3'], now });
    expect(ids(groups)).toEqual([
      ['u1', ['both']],
      ['u2', ['both']],
      ['u9', ['stranger']],
      [unassignedKey, ['nobody']],
    ]);
  });

  it('recognises grouping names', () => {
    expect(isTaskGrouping('dueDate')).toBe(true);
    expect(isTaskGrouping('colour')).toBe(false);
  });
});

describe('filtering tasks', () => {
  const tagged = task('tagged', { tags: [{ id: 'g1' }], sprint: { id: 'sp1' }, users: [{ id: 'u1' }], priority: 3 });
  const plain = task('plain');

  it('lets everything through an empty filter', () => {
    expect(isFilterEmpty(emptyTaskFilter)).toBe(true);
    expect([tagged, plain].filter((item) => matchesFilter(item, emptyTaskFilter))).toHaveLength(2);
  });

  it('treats values of one kind as alternatives and kinds as all required', () => {
    expect(matchesFilter(tagged, { ...emptyTaskFilter, tags: ['g2', 'g1'] })).toBe(true);
    expect(matchesFilter(tagged, { ...emptyTaskFilter, tags: ['g1'], priorities: [0] })).toBe(false);
    expect(matchesFilter(tagged, { ...emptyTaskFilter, sprints: ['sp1'], assignees: ['u1'], priorities: [3] })).toBe(true);
    expect(matchesFilter(plain, { ...emptyTaskFilter, sprints: ['sp1'] })).toBe(false);
  });

  it('matches unassigned tasks with the unassigned value', () => {
    const filter = { ...emptyTaskFilter, assignees: [unassignedKey] };
    expect(matchesFilter(plain, filter)).toBe(true);
    expect(matchesFilter(tagged, filter)).toBe(false);
    expect(matchesFilter(tagged, { ...filter, assignees: [unassignedKey, 'u1'] })).toBe(true);
  });

  it('toggles a value in a list', () => {
    expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
  });
});
