import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { replay } from '../../core/sqlite/replay';
import { events } from '../../core/sqlite/tables';
import type { TaskCreated } from './events';
import { tasksProjection } from './projection';
import { tasks } from './tables';

const teamId = 'team00000000000000000001';
const projectId = 'project00000000000000001';
const taskId = 'task00000000000000000001';
const stateId = 'state0000000000000000001';

const created: TaskCreated = {
  taskId,
  projectId,
  teamId,
  number: 1,
  idCode: 'ABC-1',
  name: 'Write the plan',
  letter: null,
  color: '#4f46e5',
  description: null,
  cover: null,
  priority: 0,
  deadline: null,
  length: null,
  parentTaskId: null,
  sprintId: null,
  stateId,
  tagIds: [],
  assigneeIds: [],
  followerIds: [],
  positionSection: 1,
  positionDuedate: 1,
  positionAsignee: 1,
};

let database: DatabaseHandle;
let version = 0;

/** Stores an event as the log holds it, payload as given: the shape an older server may have written. */
async function storeEvent(type: string, payload: unknown, createdAt: string): Promise<void> {
  version += 1;
  await database.db.insert(events).values({
    id: `event-${version}`,
    teamId,
    stream: `task:${taskId}`,
    version,
    type,
    actorId: 'author',
    payload,
    mutationId: null,
    createdAt,
  });
}

beforeEach(() => {
  database = openDatabase(':memory:');
  version = 0;
});
afterEach(() => database.close());

describe('tasksProjection', () => {
  it('replays a task.updated naming a field that is no longer a column: the known changes are written, the unknown keys skipped', async () => {
    await storeEvent('task.created', created, '2026-01-01T10:00:00.000Z');
    await storeEvent(
      'task.updated',
      {
        taskId,
        projectId,
        // `title` and `estimate` stand for fields of an older shape; `toString` would pass an `in` check on the columns object.
        changes: { name: 'Write the final plan', title: 'Old name', estimate: 3, toString: 'x', priority: 2 },
        previous: { name: 'Write the plan', priority: 0 },
        followersAdded: [],
      },
      '2026-01-02T10:00:00.000Z',
    );
    const progress = await replay(database, database, [tasksProjection]);
    expect(progress.applied).toBe(2);
    const [row] = await database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ name: 'Write the final plan', priority: 2, updatedAt: '2026-01-02T10:00:00.000Z' });
  });

  it('writes nothing but the update time for a task.updated whose every change is unknown', async () => {
    await storeEvent('task.created', created, '2026-01-01T10:00:00.000Z');
    await storeEvent(
      'task.updated',
      { taskId, projectId, changes: { title: 'Old name' }, previous: { title: 'Older name' }, followersAdded: [] },
      '2026-01-03T10:00:00.000Z',
    );
    await replay(database, database, [tasksProjection]);
    const [row] = await database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ name: 'Write the plan', updatedAt: '2026-01-03T10:00:00.000Z' });
  });
});
