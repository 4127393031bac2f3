import { sql } from 'drizzle-orm';
import type { SpaceContentAccess, SpaceDirectory } from '../../server/src/core/spaceContent';
import { ManualClock } from '../../server/src/core/clock';
import type { Projection } from '../../server/src/core/events';
import { tableDialect } from '../../server/src/db/pickTable';
import { openBoard } from '../../server/src/domains/tasks/board';
import { BoardCache } from '../../server/src/domains/tasks/boardCache';
import { readBoardTasks } from '../../server/src/domains/tasks/boardRead';
import {
  createStateIn,
  createTagIn,
  deleteStateIn,
  deleteTagIn,
  reorderStatesIn,
  updateStateIn,
  updateTagIn,
} from '../../server/src/domains/tasks/boardResolvers';
import { calendarDeadlines } from '../../server/src/domains/tasks/calendarDeadlines';
import { decideFollow, decideUnfollow } from '../../server/src/domains/tasks/commands';
import { presentTasks, sectionsOf, tagsOf } from '../../server/src/domains/tasks/present';
import { tasksProjection } from '../../server/src/domains/tasks/projection';
import { taskActivity } from '../../server/src/domains/tasks/taskQueries';
import { ancestorsOf, descendantsOf, findTaskRow, lastPositions, loadBoard } from '../../server/src/domains/tasks/state';
import { projectStates, tags, taskAssignees, taskBoards, taskFollowers, tasks, taskTags } from '../../server/src/domains/tasks/tables';
import {
  copyTarget,
  createTaskIn,
  deleteTaskIn,
  editTaskIn,
  followChangeIn,
  type NewTaskTarget,
} from '../../server/src/domains/tasks/taskMutations';
import { idLabels, openAreaDoor, unitsReadingSpaces, outcomesOn, seedPeople, seedSpace, tableRowsOf } from './areaDoor';
import type { AreaRun } from './areaOnDoors';

/**
 * Runs the tasks area's commands (boards, sections, tags, tasks, subtasks, moves, follows, deletions) and reads (the
 * kept board and the board read whole, tasks presented, sections, tags, deadlines, a task's family) on the door of this
 * process's dialect (DATABASE_URL: PostgreSQL when set, else a SQLite file of its own), and prints what they answered
 * and what the area's tables hold, live and after a replay, as one JSON line after `tasks-on-door:`.
 * tests/integration/tasks-postgres.test.ts runs it once per dialect and compares. Each lock the area takes has a race
 * here: two commands at once that, without it, would both decide from the same state on PostgreSQL.
 *
 * Who may see a space comes from the core's space directory, a port the teams area implements: here a fixed one (two
 * members in every space, one outsider), bound to the database and to every unit's transaction.
 */

const projections: Projection[] = [tasksProjection];
const clock = new ManualClock(new Date('2026-04-01T09:00:00.000Z'));
const id = (suffix: string) => suffix.padStart(24, '0');
const ann = id('a11');
const bob = id('b22');
const cy = id('c33');
const team = id('f1');
const [launch, backlog, sameNameOne, sameNameTwo] = [id('5001'), id('5002'), id('5003'), id('5004')] as [string, string, string, string];
const spaceIds = [launch, backlog, sameNameOne, sameNameTwo];

const members = new Map([
  [ann, 'admin'],
  [bob, 'member'],
]);
const directory: SpaceDirectory = {
  access: async (_db, projectId, userId) => {
    if (!spaceIds.includes(projectId)) return null;
    const role = members.get(userId);
    return {
      seat: role ? { userId, role: role as 'admin', withinLimit: true } : null,
      space: { teamId: team, isPersonal: false, type: 'private', ownerId: ann },
      spaceSeat: { permission: role ? 'basic' : null, requested: false },
    } as SpaceContentAccess;
  },
};

const labels = idLabels();
for (const [name, value] of Object.entries({ ann, bob, cy, team, launch, backlog, sameNameOne, sameNameTwo })) labels.name(value, name);
const outcomeOf = outcomesOn(clock, (answer) => labels.labelled(answer));

const door = await openAreaDoor('tasks', projections, clock);
try {
  const { store, db } = door;
  const run = unitsReadingSpaces(door, directory);
  const at = '2026-04-01T09:00:00.000Z';
  await seedPeople(door, { [ann]: 'Ann', [bob]: 'Bob', [cy]: 'Cy' }, at, { emailVerified: true, lastname: 'Tester' });
  await seedSpace(door, { id: launch, teamId: team, name: 'Launch', type: 'private', ownerId: ann }, {}, at);
  await seedSpace(door, { id: backlog, teamId: team, name: 'Backlog', type: 'private', ownerId: ann }, {}, at);

  const outcomes: Record<string, unknown> = {};
  const races: Record<string, unknown> = {};
  /** Two commands at once: what each answered, sorted (which one wins is up to the database). */
  const together = async (commands: (() => Promise<unknown>)[]) => {
    clock.advance(1000);
    const settled = await Promise.allSettled(commands.map((command) => command()));
    return settled
      .map((outcome) =>
        outcome.status === 'fulfilled'
          ? JSON.stringify({ answered: labels.labelled(outcome.value) ?? null })
          : JSON.stringify({ refused: (outcome.reason as { code?: string }).code ?? String(outcome.reason) }),
      )
      .sort();
  };

  // Boards: two spaces; then two spaces of one name open theirs at once, each with a prefix of its own (the team's
  // prefixes are locked while one is chosen).
  const open = (projectId: string, name: string) => run(ann, (unit) => openBoard(unit, { projectId, teamId: team, name, ownerId: ann }));
  await open(launch, 'Launch');
  await open(backlog, 'Backlog');
  races['two boards of one name opened at once'] = await together([() => open(sameNameOne, 'Ship'), () => open(sameNameTwo, 'Ship')]);
  const sections = async (projectId: string) => (await loadBoard(db, projectId))?.states.map((state) => state.id) ?? [];
  for (const projectId of [launch, backlog, sameNameOne, sameNameTwo])
    for (const stateId of await sections(projectId)) labels.label(stateId);
  const [todo, doing, done] = (await sections(launch)) as [string, string, string];

  // Sections and tags.
  const answerOf = async (label: string, command: () => Promise<unknown>) => {
    outcomes[label] = await outcomeOf(command);
    const answer = (outcomes[label] as { answered?: unknown }).answered;
    return typeof answer === 'string' ? answer : null;
  };
  const review = await answerOf('ann adds a section', () =>
    run(ann, async (unit) => labels.label(await createStateIn(unit, ann, launch, { value: 'Review', icon: 2 }))),
  );
  await answerOf('bob renames it', () => run(bob, (unit) => updateStateIn(unit, bob, labelled(review), { value: 'In review' })));
  await answerOf('cy renames it', () => run(cy, (unit) => updateStateIn(unit, cy, labelled(review), { value: 'Nope' })));
  await answerOf('ann moves it first', () =>
    run(ann, (unit) => reorderStatesIn(unit, ann, [labelled(review), todo], [100, 200]).then((projectId) => labels.labelled(projectId))),
  );
  const backend = await answerOf('ann adds a tag', () =>
    run(ann, async (unit) => labels.label(await createTagIn(unit, ann, launch, { name: 'Backend', color: '#112233', isSprint: false }))),
  );
  const sprint = await answerOf('ann adds a sprint', () =>
    run(ann, async (unit) => labels.label(await createTagIn(unit, ann, launch, { name: 'Sprint 1', color: undefined, isSprint: true }))),
  );
  await answerOf('bob renames the tag', () =>
    run(bob, (unit) => updateTagIn(unit, bob, labelled(backend), { name: 'Server', color: '#445566' })),
  );
  await answerOf('bob names a tag as the sprint', () =>
    run(bob, (unit) => updateTagIn(unit, bob, labelled(backend), { name: 'sprint 1' })),
  );
  // The board's stream is locked before its tags are read: one of two tags of one name is refused.
  races['two tags of one name at once'] = await together(
    [0, 1].map(
      () => () =>
        run(ann, async (unit) =>
          labels.label(await createTagIn(unit, ann, launch, { name: 'Frontend', color: '#778899', isSprint: false })),
        ),
    ),
  );

  // Tasks, subtasks and their numbers.
  const [first, second, subtask, grandchild, copy, racerOne, racerTwo] = ['7001', '7002', '7003', '7004', '7005', '7006', '7007'].map(
    id,
  ) as [string, string, string, string, string, string, string];
  for (const [name, value] of Object.entries({ first, second, subtask, grandchild, copy, racerOne, racerTwo })) labels.name(value, name);
  const description = {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Ship the ' },
          { type: 'text', marks: [{ type: 'bold' }], text: 'plan' },
        ],
      },
    ],
  };
  const create = (actorId: string, taskId: string, target: NewTaskTarget) =>
    outcomeOf(() => run(actorId, (unit) => createTaskIn(unit, actorId, taskId, target)));
  const into =
    (projectId: string, fields: Record<string, unknown> & { name: string }): NewTaskTarget =>
    async () => ({ projectId, fields });
  outcomes['ann creates a task'] = await create(
    ann,
    first,
    into(launch, { name: 'Write the plan', assigneeIds: [bob], tagIds: [labelled(backend)], description, deadline: '2026-04-10' }),
  );
  outcomes['bob creates one in a section, in a sprint'] = await create(
    bob,
    second,
    into(launch, { name: 'Review it', stateId: doing, sprintId: labelled(sprint), priority: 3, length: { amount: 2.5, unit: 'h' } }),
  );
  outcomes['a subtask'] = await create(ann, subtask, into(launch, { name: 'Outline', parentTaskId: first }));
  outcomes['a subtask of the subtask'] = await create(ann, grandchild, into(launch, { name: 'Headings', parentTaskId: subtask }));
  outcomes['cy creates one'] = await create(cy, id('7099'), into(launch, { name: 'Not mine' }));
  outcomes['a task assigned to cy'] = await create(ann, id('7098'), into(launch, { name: 'For cy', assigneeIds: [cy] }));
  outcomes['a tag of another space'] = await create(ann, id('7097'), into(backlog, { name: 'Tagged', tagIds: [labelled(backend)] }));
  // The board's stream is locked before its last number is read: two tasks created at once get two numbers.
  races['two tasks created at once'] = await together([
    () => run(ann, (unit) => createTaskIn(unit, ann, racerOne, into(launch, { name: 'Racer' }))),
    () => run(ann, (unit) => createTaskIn(unit, ann, racerTwo, into(launch, { name: 'Racer' }))),
  ]);
  // Which racer took the lower number is up to the database: from here on they are named by their numbers.
  const racers = await db
    .select({ id: tasks.id, number: tasks.number })
    .from(tasks)
    .where(sql`${tasks.name} = 'Racer'`);
  racers.sort((left, right) => left.number - right.number);
  labels.name(racers[0]!.id, 'racerFirst');
  labels.name(racers[1]!.id, 'racerSecond');
  outcomes['ann copies the second task'] = await create(ann, copy, copyTarget(ann, second));

  // Edits, follows, a cycle refused.
  const edit = (actorId: string, taskId: string, requested: Record<string, unknown>, target?: string) =>
    outcomeOf(() => run(actorId, (unit) => editTaskIn(unit, actorId, taskId, requested, target)));
  outcomes['bob edits the first task'] = await edit(bob, first, { name: 'Write the final plan', priority: 2, stateId: doing });
  outcomes['bob places it before the second'] = await edit(bob, first, { positionSection: 1 });
  outcomes['a parent below itself'] = await edit(ann, first, { parentTaskId: grandchild });
  outcomes['cy edits'] = await edit(cy, first, { name: 'Mine now' });
  outcomes['ann follows the second'] = await outcomeOf(() => run(ann, (unit) => followChangeIn(unit, ann, second, decideFollow)));
  outcomes['bob, assigned, unfollows the first'] = await outcomeOf(() =>
    run(bob, (unit) => followChangeIn(unit, bob, first, decideUnfollow)),
  );
  outcomes['ann unfollows the first'] = await outcomeOf(() => run(ann, (unit) => followChangeIn(unit, ann, first, decideUnfollow)));
  // The task's stream is locked before it is read: of two identical edits at once, the second finds nothing to change.
  // Both by ann: the edit notifies the task's other people, so with two editors the log would depend on which won.
  races['two identical edits at once'] = await together(
    [ann, ann].map((actorId) => () => run(actorId, (unit) => editTaskIn(unit, actorId, second, { name: 'Review the plan' }))),
  );

  // A family moves to the other space; a section goes with its tasks moved; a task and a tag go.
  outcomes['the first task moves to the backlog with its subtasks'] = await edit(ann, first, {}, backlog);
  outcomes['ann deletes the in-review section into to-do'] = await outcomeOf(() =>
    run(ann, (unit) => deleteStateIn(unit, ann, labelled(review), todo).then((projectId) => labels.labelled(projectId))),
  );
  outcomes['ann deletes the done section, which is empty'] = await outcomeOf(() =>
    run(ann, (unit) => deleteStateIn(unit, ann, done, undefined).then((projectId) => labels.labelled(projectId))),
  );
  outcomes['bob deletes ann’s task'] = await outcomeOf(() => run(bob, (unit) => deleteTaskIn(unit, bob, copy, false)));
  outcomes['ann deletes the copy'] = await outcomeOf(() => run(ann, (unit) => deleteTaskIn(unit, ann, copy, false)));
  outcomes['ann deletes the tag'] = await outcomeOf(() => run(ann, (unit) => deleteTagIn(unit, ann, labelled(backend))));
  outcomes['the tag again'] = await outcomeOf(() => run(ann, (unit) => deleteTagIn(unit, ann, labelled(backend))));

  // Reads.
  const kept = new BoardCache();
  const boardOf = async (projectId: string) => labels.labelled(await readBoardTasks(db, projectId));
  const rowsOf = async (projectId: string) =>
    db
      .select()
      .from(tasks)
      .where(sql`${tasks.projectId} = ${projectId}`);
  const reads = {
    'the launch board, kept': labels.labelled(await kept.tasksOf(db, launch, team)),
    'the launch board, read whole': await boardOf(launch),
    'the backlog board': await boardOf(backlog),
    'the backlog as ann sees it': labels.labelled(await presentTasks(db, await rowsOf(backlog), ann)),
    'the launch sections': labels.labelled(await sectionsOf(db, launch)),
    'the launch tags': labels.labelled(await tagsOf(db, launch)),
    'the last positions of to-do': await lastPositions(db, launch, todo),
    'above the grandchild': labels.labelled(await ancestorsOf(db, grandchild)),
    'below the first': labels.labelled((await descendantsOf(db, first)).map((row) => row.id)),
    'the first task': labels.labelled(await findTaskRow(db, first)),
    // Reordering alone is no news: the activity leaves out an edit that only moved the task.
    'the first task’s activity': (await taskActivity(db, first, 20, null)).entries.map((entry) => ({
      type: entry.type,
      actor: entry.actor?.firstname ?? null,
      changes: labels.labelled(entry.changes),
    })),
    'bob’s deadlines': labels.labelled(await calendarDeadlines(db, team, bob, '2026-04-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z')),
    'boards and their prefixes': (await db.select().from(taskBoards))
      .map((board) => `${labels.labelled(board.projectId) as string}:${board.lastNumber}`)
      .sort(),
    'prefixes of the two boards of one name': (await db.select().from(taskBoards))
      .filter((board) => board.projectId === sameNameOne || board.projectId === sameNameTwo)
      .map((board) => board.prefix)
      .sort(),
  };
  // After a write the kept board reads the changed task again; it must answer as a board read whole.
  outcomes['bob renames the second again'] = await edit(bob, second, { name: 'Review the final plan' });
  const patched = labels.labelled(await kept.tasksOf(db, launch, team));
  const readWhole = labels.labelled(await new BoardCache().tasksOf(db, launch, team));

  const tables = [taskBoards, projectStates, tags, tasks, taskAssignees, taskFollowers, taskTags];
  const live = await tableRowsOf(db, tables, labels.labelled);
  const logged = await store.read();
  await door.replay();
  const replayed = await tableRowsOf(db, tables, labels.labelled);
  const events = logged.map((event) => ({ stream: labels.labelledText(event.stream), version: event.version, type: event.type }));
  const result: AreaRun & { races: Record<string, unknown>; patched: unknown; readWhole: unknown; counts: unknown } = {
    dialect: tableDialect,
    outcomes,
    reads,
    live,
    replayed,
    events,
    races,
    patched,
    readWhole,
    counts: kept.counts,
  };
  // Ids inside texts (a task's route) are labelled too.
  process.stdout.write(`tasks-on-door:${labels.labelledText(JSON.stringify(result))}\n`);
} finally {
  await door.close();
}

/** The id behind a label the scenario got back (labels are given to ids as they are answered). */
function labelled(label: string | null): string {
  const found = labels.ids().find((candidate) => labels.labelled(candidate) === label);
  if (!found) throw new Error(`No id is labelled ${String(label)}`);
  return found;
}
