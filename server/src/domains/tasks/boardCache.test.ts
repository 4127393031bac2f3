import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SpaceContentAccess } from '../../core/spaceContent';
import { newId } from '../../core/ids';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { SqliteEventStore } from '../../core/sqlite/eventStore';
import { users } from '../accounts';
import { BoardCache } from './boardCache';
import { forBoardViewer } from './boardRead';
import { decideCreateState, decideOpenBoard } from './boardCommands';
import { decideCreateTask, decideDeleteTask, decideEditTask, decideFollow } from './commands';
import type { TaskCreated } from './events';
import { lastPositions, loadBoard, toTaskState, findTaskRow } from './state';
import { boardStream } from './board';
import { tasksProjection } from './projection';
import { taskStream } from './taskWrites';

const teamId = 'team-1';
const spaces = ['space-a', 'space-b'];
const ann = 'user-ann';
const bob = 'user-bob';

let folder: string;
let database: DatabaseHandle;
let store: SqliteEventStore;
const openEventStore = (on: DatabaseHandle) => new SqliteEventStore(on, [tasksProjection]);

async function addPerson(id: string, firstname: string) {
  const now = new Date().toISOString();
  await database.db
    .insert(users)
    .values({ id, email: `${id}@example.com`, firstname, lastname: 'Tester', language: 'en', createdAt: now, updatedAt: now });
}

async function openSpaceBoard(projectId: string) {
  await store.run(
    { actorId: ann },
    async (unit) =>
      await unit.append(
        boardStream(projectId),
        decideOpenBoard({
          projectId,
          teamId,
          spaceName: projectId,
          takenPrefixes: new Set((await loadBoard(unit.transaction, spaces[0]!)) ? ['SPAC'] : []),
          sections: [{ stateId: newId(), value: 'To do' }],
        }),
        { teamId },
      ),
  );
}

async function createTask(on: DatabaseHandle, projectId: string, name: string, authorId = ann): Promise<string> {
  const writer = on === database ? store : openEventStore(on);
  return writer.run({ actorId: authorId }, async (unit) => {
    const db = unit.transaction;
    const board = (await loadBoard(db, projectId))!;
    const last = await lastPositions(db, projectId, board.states[0]!.id);
    const events = decideCreateTask(
      { taskId: newId(), authorId, fields: { name, stateId: board.states[0]!.id, assigneeIds: [bob] }, lastPositions: () => last },
      { board, canSee: () => true },
    );
    const created = events[0]!.payload as TaskCreated;
    await unit.append(taskStream(created.taskId), events, { teamId, expectedVersion: 0 });
    return created.taskId;
  });
}

async function editTask(
  taskId: string,
  change: (task: Awaited<ReturnType<typeof toTaskState>>) => Parameters<typeof unitAppend>[1] | Promise<Parameters<typeof unitAppend>[1]>,
) {
  await store.run({ actorId: ann }, async (unit) => {
    const db = unit.transaction;
    const task = await toTaskState(db, (await findTaskRow(db, taskId))!);
    await unitAppend(unit, await change(task));
  });
}
async function unitAppend(unit: Parameters<Parameters<typeof store.run>[1]>[0], events: ReturnType<typeof decideFollow>) {
  const taskId = (events[0]!.payload as { taskId: string }).taskId;
  await unit.append(taskStream(taskId), events, { teamId });
}

const access = (userId: string, options: { member: boolean; admin: boolean }): SpaceContentAccess =>
  ({
    seat: { userId, role: options.admin ? 'admin' : 'member', withinLimit: true },
    space: { teamId, isPersonal: false, type: 'private', ownerId: ann },
    spaceSeat: { permission: options.member ? 'basic' : null, requested: false },
  }) as SpaceContentAccess;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'board-cache-'));
  database = openDatabase(join(folder, 'workspace.sqlite'));
  store = openEventStore(database);
  await addPerson(ann, 'Ann');
  await addPerson(bob, 'Bob');
  for (const space of spaces) await openSpaceBoard(space);
});

afterEach(() => {
  database.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('BoardCache', () => {
  it('answers a board it has read from memory while nothing on it changed', async () => {
    await createTask(database, spaces[0]!, 'First');
    const cache = new BoardCache();
    const first = await cache.tasksOf(database.db, spaces[0]!, teamId);
    const again = await cache.tasksOf(database.db, spaces[0]!, teamId);
    expect(first.map((task) => task.name)).toEqual(['First']);
    expect(again).toBe(first);
    expect(cache.counts).toEqual({ hits: 1, patches: 0, misses: 1 });
  });

  it('reads a task again after any task event of the space, and only of that space', async () => {
    const taskId = await createTask(database, spaces[0]!, 'First');
    const cache = new BoardCache();
    const read = async () => await cache.tasksOf(database.db, spaces[0]!, teamId);
    await read();

    await createTask(database, spaces[1]!, 'Elsewhere');
    expect((await read()).map((task) => task.name)).toEqual(['First']);
    expect(cache.counts).toEqual({ hits: 1, patches: 0, misses: 1 });

    await createTask(database, spaces[0]!, 'Second');
    expect((await read()).map((task) => task.name)).toEqual(['First', 'Second']);

    await editTask(taskId, async (task) =>
      decideEditTask(task, { name: 'Renamed' }, { board: (await loadBoard(database.db, spaces[0]!))!, canSee: () => true }),
    );
    expect((await read()).map((task) => task.name)).toEqual(['Renamed', 'Second']);

    await editTask(taskId, (task) => decideFollow(task, 'user-cy'));
    expect((await read())[0]!.followerIds).toContain('user-cy');
    expect(cache.counts).toEqual({ hits: 1, patches: 3, misses: 1 });

    // A section change is no one task's: the whole board is read again.
    await store.run({ actorId: ann }, async (unit) => {
      const board = (await loadBoard(unit.transaction, spaces[0]!))!;
      await unit.append(boardStream(spaces[0]!), decideCreateState(board, { stateId: newId(), value: 'Review', icon: 0 }), { teamId });
    });
    await read();
    expect(cache.counts).toEqual({ hits: 1, patches: 3, misses: 2 });
  });

  it('answers after tasks were read again exactly as a board read whole', async () => {
    const ids = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) ids.push(await createTask(database, spaces[0]!, name));
    const cache = new BoardCache();
    await cache.tasksOf(database.db, spaces[0]!, teamId);
    const references = async () => ({ board: (await loadBoard(database.db, spaces[0]!))!, canSee: () => true });
    // Moved to the top, renamed and given a deadline, followed, deleted, and one more created.
    await editTask(ids[3]!, async (task) => decideEditTask(task, { positionSection: -5, name: 'Four first' }, await references()));
    await editTask(ids[1]!, async (task) => decideEditTask(task, { deadline: '2031-02-03' }, await references()));
    await editTask(ids[2]!, (task) => decideFollow(task, 'user-cy'));
    await editTask(ids[0]!, (task) => [...decideDeleteTask(task, [], false).values()][0]!);
    await createTask(database, spaces[0]!, 'Five', bob);
    const patched = await cache.tasksOf(database.db, spaces[0]!, teamId);
    expect(cache.counts).toEqual({ hits: 0, patches: 1, misses: 1 });
    expect(patched.map((task) => task.name)).toEqual(['Four first', 'Two', 'Three', 'Five']);
    expect(patched).toEqual(await new BoardCache().tasksOf(database.db, spaces[0]!, teamId));
  });

  it('sees a write made through another connection to the same database, as another process would make it', async () => {
    await createTask(database, spaces[0]!, 'First');
    const cache = new BoardCache();
    await cache.tasksOf(database.db, spaces[0]!, teamId);
    const otherProcess = openDatabase(join(folder, 'workspace.sqlite'), { migrate: false });
    try {
      await createTask(otherProcess, spaces[0]!, 'From elsewhere');
    } finally {
      otherProcess.close();
    }
    expect((await cache.tasksOf(database.db, spaces[0]!, teamId)).map((task) => task.name)).toEqual(['First', 'From elsewhere']);
  });

  it('shows people as they are now, though renaming someone is no task event', async () => {
    await createTask(database, spaces[0]!, 'First');
    const cache = new BoardCache();
    expect((await cache.tasksOf(database.db, spaces[0]!, teamId))[0]!.users.map((person) => person.firstname)).toEqual(['Bob']);
    await database.db.update(users).set({ firstname: 'Robert' }).where(eq(users.id, bob));
    expect((await cache.tasksOf(database.db, spaces[0]!, teamId))[0]!.users.map((person) => person.firstname)).toEqual(['Robert']);
    expect(cache.counts.hits).toBe(1);
  });

  it("lays each viewer's flags over the same shared tasks", async () => {
    await createTask(database, spaces[0]!, 'By Ann', ann);
    await createTask(database, spaces[0]!, 'By Bob', bob);
    const cache = new BoardCache();
    const boardTasks = await cache.tasksOf(database.db, spaces[0]!, teamId);
    const asBob = forBoardViewer(boardTasks, access(bob, { member: true, admin: false }), bob);
    const asAnn = forBoardViewer(boardTasks, access(ann, { member: true, admin: false }), ann);
    const asAdmin = forBoardViewer(
      await cache.tasksOf(database.db, spaces[0]!, teamId),
      access('user-admin', { member: false, admin: true }),
      'user-admin',
    );
    const flags = (tasks: typeof asBob) =>
      tasks.map(({ name, isFollowing, canEdit, canDelete }) => ({ name, isFollowing, canEdit, canDelete }));
    // Bob is assigned to both, so follows both; Ann follows what she wrote; each deletes their own; a team admin manages all.
    expect(flags(asBob)).toEqual([
      { name: 'By Ann', isFollowing: true, canEdit: true, canDelete: false },
      { name: 'By Bob', isFollowing: true, canEdit: true, canDelete: true },
    ]);
    expect(flags(asAnn)).toEqual([
      { name: 'By Ann', isFollowing: true, canEdit: true, canDelete: true },
      { name: 'By Bob', isFollowing: false, canEdit: true, canDelete: false },
    ]);
    expect(flags(asAdmin).map((task) => task.canDelete)).toEqual([true, true]);
    expect(boardTasks.every((task) => !('isFollowing' in task))).toBe(true);
  });

  it('keeps at most its limits, forgetting the board asked for least recently', async () => {
    await createTask(database, spaces[0]!, 'First');
    await createTask(database, spaces[1]!, 'Other');
    const cache = new BoardCache({ boards: 1, tasks: 10 });
    await cache.tasksOf(database.db, spaces[0]!, teamId);
    await cache.tasksOf(database.db, spaces[1]!, teamId);
    expect(cache.size).toEqual({ boards: 1, tasks: 1 });
    await cache.tasksOf(database.db, spaces[0]!, teamId);
    expect(cache.counts).toEqual({ hits: 0, patches: 0, misses: 3 });

    const small = new BoardCache({ boards: 4, tasks: 0 });
    expect((await small.tasksOf(database.db, spaces[0]!, teamId)).map((task) => task.name)).toEqual(['First']);
    expect(small.size).toEqual({ boards: 0, tasks: 0 });
  });
});
