import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors';
import { taskColors } from '#shared/tasks';
import { domains } from '../../server/src/domains';
import { appRow, replayedBesideLive } from '../support/appRows';
import { startTestServer, type TestServer } from './harness';
import { createSpace, countEvents, expectData, joinTeam, person, type Person } from './teamFactories';
import {
  createTag,
  createTask,
  editTask,
  getTask,
  getTasks,
  joinSpace,
  notificationsOf,
  sectionsOf,
  setTask,
  taskFields,
  type Task,
} from './taskFactories';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function team(): Promise<{ admin: Person; member: Person; space: string }> {
  const admin = await person(server, 'Amy');
  const member = await joinTeam(admin, await person(server, 'Ben'));
  const space = await createSpace(admin, 'Engineering');
  await joinSpace(member, space);
  return { admin, member, space };
}

describe('sections and codes of a new space', () => {
  it('gives a new space the default sections and a prefix derived from its name, unique in the team', async () => {
    const { admin, space } = await team();
    expect((await sectionsOf(admin, space)).map((section) => section.value)).toEqual(['To do', 'In progress', 'Done']);
    const first = await createTask(admin, space, 'Ship the board');
    expect(first.idCode).toBe('ENG-1');
    expect((await createTask(admin, space, 'Second')).idCode).toBe('ENG-2');
    const twin = await createSpace(admin, 'Engineering');
    expect((await createTask(admin, twin, 'Elsewhere')).idCode).toBe('ENGI-1');
  });

  it('names the personal space’s sections in its owner’s language', async () => {
    const german = await person(server, 'Greta');
    expectData(await german.client.execute('mutation ($id: ID!) { ediUserLanguage(id: $id, language: "de") { id } }', { id: german.id }));
    const space = await createSpace(german, 'Planung');
    expect((await sectionsOf(german, space)).map((section) => section.value)).toEqual(['Zu erledigen', 'In Arbeit', 'Erledigt']);
    const personal = expectData(
      await german.client.execute<{ getProjects: { id: string; isPersonal: boolean }[] }>('{ getProjects { id isPersonal } }'),
    ).getProjects.find((entry) => entry.isPersonal)!;
    expect((await sectionsOf(german, personal.id)).map((section) => section.value)).toEqual(['To do', 'In progress', 'Done']);
  });

  it('opens the board of a space made before tasks existed on first read, once', async () => {
    const admin = await person(server, 'Old');
    const projectId = '0a0b0c0d0e0f101112131415';
    await server.app.services.store.append(
      `project:${projectId}`,
      [
        {
          type: 'project.created',
          payload: { projectId, teamId: admin.teamId, name: 'Legacy', isPersonal: false, ownerId: admin.id, color: null, type: 'private' },
        },
        { type: 'project.member_added', payload: { projectId, userId: admin.id, permission: 'admin' } },
      ],
      { teamId: admin.teamId, actorId: admin.id },
    );
    expect(await sectionsOf(admin, projectId)).toHaveLength(3);
    const before = await countEvents(server);
    expect(await sectionsOf(admin, projectId)).toHaveLength(3);
    expect(await countEvents(server)).toBe(before);
    expect((await createTask(admin, projectId, 'Finally')).idCode).toBe('LEG-1');
  });
});

describe('setTask and getTask', () => {
  it('creates a task with every SPEC §3 field, the author following it', async () => {
    const { admin, member, space } = await team();
    const [, doing] = await sectionsOf(admin, space);
    const task = await createTask(admin, space, '  Write the spec  ', {
      state: doing!.id,
      priority: 3,
      deadline: '2030-02-03',
      length: { amount: 90, unit: 'minutes' },
      users: [member.id],
      description: 'First line\nSecond line',
      color: taskColors[7].toLowerCase(),
      letter: 'W',
    });
    expect(task).toMatchObject({
      name: 'Write the spec',
      letter: 'W',
      route: `/${space}/tasks/d/${task.id}`,
      color: taskColors[7],
      priority: 3,
      deadline: '2030-02-03',
      length: { amount: 90, unit: 'minutes' },
      project: space,
      state: doing!.id,
      stateProject: { value: 'In progress' },
      parentTask: null,
      cover: null,
      users: [{ id: member.id }],
      author: { id: admin.id },
      isFollowing: true,
      canEdit: true,
      canDelete: true,
      tags: [],
      sprint: null,
    });
    expect(task.followers.map((follower) => follower.id).sort()).toEqual([admin.id, member.id].sort());
    expect(task.description).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'First line' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Second line' }] },
      ],
    });
    expect(await getTask(member, task.id)).toMatchObject({ id: task.id, isFollowing: true, canDelete: false });
  });

  it('puts a task without a section in the first one, at the end, with default colour and priority', async () => {
    const { admin, space } = await team();
    const [todo] = await sectionsOf(admin, space);
    const first = await createTask(admin, space, 'One');
    const second = await createTask(admin, space, 'Two');
    expect(first).toMatchObject({ state: todo!.id, priority: 1, color: taskColors[0], letter: 'O' });
    expect(second.positionSection).toBeGreaterThan(first.positionSection);
    expect(second.color).toBe(taskColors[1]);
  });

  it('answers "Wrong Task" with NOT_FOUND for a missing task and for one in a space the caller cannot see', async () => {
    const { admin, member } = await team();
    const hidden = await createSpace(admin, 'Payroll', 'private');
    const secret = await createTask(admin, hidden, 'Salaries');
    for (const id of ['0123456789abcdef01234567', 'not-an-id', secret.id]) {
      const result = await member.client.execute('query ($id: ID!) { getTask(id: $id) { id } }', { id });
      expect(result.errors?.[0]).toMatchObject({ message: 'Wrong Task', extensions: { code: 'NOT_FOUND' } });
    }
  });

  it('lets a basic member create and edit tasks in their spaces, and only read a public space they did not join', async () => {
    const { admin, member, space } = await team();
    const own = await createTask(member, space, 'Mine');
    expect((await editTask(member, own.id, { name: 'Still mine' })).name).toBe('Still mine');
    const open = await createSpace(admin, 'Open plan');
    const task = await createTask(admin, open, 'Readable');
    expect((await getTasks(member, open)).map((entry) => entry.id)).toEqual([task.id]);
    expect((await getTask(member, task.id)).canEdit).toBe(false);
    const before = await countEvents(server);
    for (const result of [
      await setTask(member, { project: open, name: 'Drive-by' }),
      await member.client.execute('mutation ($id: ID!) { ediTask(id: $id, name: "x") { id } }', { id: task.id }),
    ]) {
      expect(result.errors?.[0]).toMatchObject({ message: errorMessages.PERMISSION_DENIED, extensions: { code: 'PERMISSION_DENIED' } });
    }
    expect(await countEvents(server)).toBe(before);
  });

  it('lets a guest work on tasks in the space they were invited to', async () => {
    const admin = await person(server, 'Host');
    const shared = await createSpace(admin, 'Client work', 'private');
    const guest = await joinTeam(admin, await person(server, 'Gia'), 'guest', shared);
    const task = await createTask(guest, shared, 'Guest’s task');
    expect(await editTask(guest, task.id, { priority: 2 })).toMatchObject({ priority: 2, canEdit: true, canDelete: true });
    expect(
      (await setTask(guest, { project: await createSpace(admin, 'Not theirs', 'private'), name: 'x' })).errors?.[0]?.extensions.code,
    ).toBe('NOT_FOUND');
  });

  it('takes a deleted space’s board, sections, tags and tasks with it', async () => {
    const { admin, space } = await team();
    const task = await createTask(admin, space, 'Goes with the space', { tags: [(await createTag(admin, space, 'Gone')).id] });
    expectData(await admin.client.execute('mutation ($id: ID!) { delProject(id: $id) }', { id: space }));
    expect((await admin.client.execute('query ($id: ID!) { getTask(id: $id) { id } }', { id: task.id })).errors?.[0]?.message).toBe(
      'Wrong Task',
    );
    const left = async (table: string) =>
      (await appRow<{ count: number }>(
        server.app,
        sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM ${sql.identifier(table)} WHERE project_id = ${space}`,
      ))!.count;
    expect(await Promise.all(['task_boards', 'project_states', 'tags', 'tasks', 'task_tags', 'task_followers'].map(left))).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
  });

  it('creates one task for two requests with the same Idempotency-Key, and refuses the key for another request', async () => {
    const { admin, space } = await team();
    const headers = { 'idempotency-key': `create-${Math.random()}` };
    const first = expectData(await setTask(admin, { project: space, name: 'Once' }, headers)).setTask;
    const retry = expectData(await setTask(admin, { project: space, name: 'Once' }, headers)).setTask;
    expect(retry.id).toBe(first.id);
    expect((await getTasks(admin, space)).filter((task) => task.name === 'Once')).toHaveLength(1);
    const reused = await setTask(admin, { project: space, name: 'Other' }, headers);
    expect(reused.errors?.[0]?.extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('ediTask', () => {
  it('changes fields, records only what differs, and clears with null', async () => {
    const { admin, member, space } = await team();
    const task = await createTask(admin, space, 'Draft', { deadline: '2030-01-01', cover: null });
    const tag = await createTag(admin, space, 'Backend');
    const sprint = await createTag(admin, space, 'Sprint 1', true);
    const edited = await editTask(admin, task.id, {
      name: 'Final',
      deadline: '2030-05-06T09:30:00+02:00',
      tags: [tag.id],
      sprint: sprint.id,
      users: [member.id],
      priority: 0,
      description: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Go', marks: [{ type: 'bold' }] }] }] },
    });
    expect(edited).toMatchObject({
      name: 'Final',
      deadline: '2030-05-06T07:30:00.000Z',
      tags: [{ id: tag.id }],
      sprint: { id: sprint.id },
      users: [{ id: member.id }],
      priority: 0,
    });
    const before = await countEvents(server);
    await editTask(admin, task.id, { name: 'Final', priority: 0 });
    expect(await countEvents(server)).toBe(before);
    const cleared = await editTask(admin, task.id, { deadline: null, sprint: null, tags: [], description: null, length: null });
    expect(cleared).toMatchObject({ deadline: null, sprint: null, tags: [], description: null, length: null, name: 'Final' });
  });

  it('moves a card within and between sections writing one row, and to the end of a section named without a position', async () => {
    const { admin, space } = await team();
    const [todo, doing] = await sectionsOf(admin, space);
    const [a, b, c] = [await createTask(admin, space, 'A'), await createTask(admin, space, 'B'), await createTask(admin, space, 'C')];
    const before = await countEvents(server);
    const moved = await editTask(admin, c.id, { positionSection: (a.positionSection + b.positionSection) / 2 });
    expect(await countEvents(server)).toBe(before + 1);
    expect((await getTasks(admin, space)).filter((task) => task.state === todo!.id).map((task) => task.name)).toEqual(['A', 'C', 'B']);
    const other = await createTask(admin, space, 'D', { state: doing!.id });
    const across = await editTask(admin, moved.id, { state: doing!.id });
    expect(across.positionSection).toBeGreaterThan(other.positionSection);
  });

  it('spreads a section out again once cards come too close, keeping their order', async () => {
    const { admin, space } = await team();
    const [first, second] = [await createTask(admin, space, 'First'), await createTask(admin, space, 'Second')];
    let low = first.positionSection;
    const high = second.positionSection;
    for (let index = 0; index < 40; index += 1) {
      const card = await createTask(admin, space, `Squeezed ${index}`);
      low = (low + high) / 2;
      await editTask(admin, card.id, { positionSection: low });
    }
    const respaced = await appRow<{ count: number }>(
      server.app,
      sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM events WHERE type = 'tasks.respaced' AND stream = ${`board:${space}`}`,
    );
    expect(respaced!.count).toBeGreaterThan(0);
    const names = (await getTasks(admin, space)).map((task) => task.name);
    expect(names[0]).toBe('First');
    expect(names.at(-1)).toBe('Second');
  });
});

describe('moving tasks to another space', () => {
  it('moves a task with its subtasks: new codes, sections and tags of the same names, people who can see the target', async () => {
    const { admin, member, space } = await team();
    const target = await createSpace(admin, 'Design', 'private');
    const [, doing] = await sectionsOf(admin, space);
    const sourceTag = await createTag(admin, space, 'UX');
    const targetTag = await createTag(admin, target, 'ux');
    const parent = await createTask(admin, space, 'Parent', { state: doing!.id, tags: [sourceTag.id], users: [member.id, admin.id] });
    const child = await createTask(admin, space, 'Child', { parentTask: parent.id });
    const moved = await editTask(admin, parent.id, { project: target, name: 'Parent, renamed' });
    expect(moved).toMatchObject({
      project: target,
      idCode: 'DES-1',
      name: 'Parent, renamed',
      stateProject: { value: 'In progress' },
      tags: [{ id: targetTag.id }],
      users: [{ id: admin.id }],
      parentTask: null,
    });
    expect(await getTask(admin, child.id)).toMatchObject({
      project: target,
      idCode: 'DES-2',
      parentTask: parent.id,
      stateProject: { value: 'To do' },
    });
    expect(await getTasks(admin, space)).toEqual([]);
    // The member cannot see the private target: they were unassigned, and are not told where it went.
    expect((await notificationsOf(server, member.id)).map((notice) => notice.type)).toEqual(['INVITATION_TASK']);
    const watcher = await joinTeam(admin, await person(server, 'Wat'));
    await joinSpace(watcher, space);
    const watched = await createTask(watcher, space, 'Watched');
    await editTask(admin, watched.id, { project: await createSpace(admin, 'Public target') });
    expect((await notificationsOf(server, watcher.id)).map((notice) => notice.type)).toEqual(['TASK_MOVE']);
  });

  it('refuses to move a task to a space the caller is not in, writing nothing', async () => {
    const { admin, member, space } = await team();
    const task = await createTask(member, space, 'Stay');
    const closed = await createSpace(admin, 'Closed', 'private');
    const open = await createSpace(admin, 'Open but not joined');
    const before = await countEvents(server);
    expect(
      (
        await member.client.execute('mutation ($id: ID!, $project: ID) { ediTask(id: $id, project: $project) { id } }', {
          id: task.id,
          project: closed,
        })
      ).errors?.[0]?.extensions.code,
    ).toBe('NOT_FOUND');
    expect(
      (
        await member.client.execute('mutation ($id: ID!, $project: ID) { ediTask(id: $id, project: $project) { id } }', {
          id: task.id,
          project: open,
        })
      ).errors?.[0],
    ).toMatchObject({ message: errorMessages.PERMISSION_DENIED });
    expect(await countEvents(server)).toBe(before);
  });
});

describe('delTask and duplicateTask', () => {
  it('deletes a task with its subtasks, or keeps them as top-level tasks', async () => {
    const { admin, space } = await team();
    const parent = await createTask(admin, space, 'Parent');
    const child = await createTask(admin, space, 'Child', { parentTask: parent.id });
    const grandchild = await createTask(admin, space, 'Grandchild', { parentTask: child.id });
    expectData(await admin.client.execute('mutation ($task: ID!) { delTask(task: $task, delSubtasks: false) }', { task: parent.id }));
    expect((await getTask(admin, child.id)).parentTask).toBeNull();
    expect((await getTask(admin, grandchild.id)).parentTask).toBe(child.id);
    expectData(await admin.client.execute('mutation ($task: ID!) { delTask(task: $task, delSubtasks: true) }', { task: child.id }));
    expect(await getTasks(admin, space)).toEqual([]);
  });

  it('lets the author, a space admin and a team admin delete; anyone else gets the SPEC §6 message', async () => {
    const { admin, member, space } = await team();
    const other = await joinTeam(admin, await person(server, 'Cal'));
    await joinSpace(other, space);
    const byAdmin = await createTask(admin, space, 'Admin’s');
    const byMember = await createTask(member, space, 'Member’s');
    const refused = await other.client.execute('mutation ($task: ID!) { delTask(task: $task) }', { task: byAdmin.id });
    expect(refused.errors?.[0]).toMatchObject({ message: errorMessages.PERMISSION_DENIED, extensions: { code: 'PERMISSION_DENIED' } });
    expectData(await member.client.execute('mutation ($task: ID!) { delTask(task: $task) }', { task: byMember.id }));
    expectData(await admin.client.execute('mutation ($task: ID!) { delTask(task: $task) }', { task: byAdmin.id }));
    const teamAdminSpace = await createSpace(member, 'Member space', 'private');
    const theirs = await createTask(member, teamAdminSpace, 'Reviewed by the team admin');
    expectData(await admin.client.execute('mutation ($task: ID!) { delTask(task: $task) }', { task: theirs.id }));
    expect(
      (await notificationsOf(server, member.id)).filter((notice) => notice.type === 'TASK_REMOVED').map((notice) => notice.taskId),
    ).toEqual([theirs.id]);
  });

  it('duplicates a task right after the original, without its subtasks', async () => {
    const { admin, member, space } = await team();
    const tag = await createTag(admin, space, 'Copy me');
    const original = await createTask(admin, space, 'Original', { tags: [tag.id], users: [member.id], priority: 2 });
    const next = await createTask(admin, space, 'Next');
    await createTask(admin, space, 'Sub', { parentTask: original.id });
    const copy = expectData(
      await member.client.execute<{ duplicateTask: Task }>(`mutation ($id: ID!) { duplicateTask(id: $id) { ${taskFields} } }`, {
        id: original.id,
      }),
    ).duplicateTask;
    expect(copy).toMatchObject({
      name: 'Original',
      priority: 2,
      tags: [{ id: tag.id }],
      users: [{ id: member.id }],
      author: { id: member.id },
    });
    expect(copy.idCode).not.toBe(original.idCode);
    expect(copy.positionSection).toBeGreaterThan(original.positionSection);
    expect(copy.positionSection).toBeLessThan(next.positionSection);
    expect((await getTasks(admin, space)).filter((task) => task.parentTask === copy.id)).toEqual([]);
  });
});

describe('following', () => {
  it('follows and unfollows; an assignee cannot unfollow, and nothing is written', async () => {
    const { admin, member, space } = await team();
    const task = await createTask(admin, space, 'Watch me');
    const follow = 'mutation ($id: ID!) { followTask(id: $id) { isFollowing followers { id } } }';
    const unfollow = 'mutation ($id: ID!) { unfollowTask(id: $id) { isFollowing } }';
    expect(
      expectData(await member.client.execute<{ followTask: { isFollowing: boolean } }>(follow, { id: task.id })).followTask.isFollowing,
    ).toBe(true);
    expect(
      expectData(await member.client.execute<{ unfollowTask: { isFollowing: boolean } }>(unfollow, { id: task.id })).unfollowTask
        .isFollowing,
    ).toBe(false);
    await editTask(admin, task.id, { users: [member.id] });
    const before = await countEvents(server);
    const refused = await member.client.execute(unfollow, { id: task.id });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Assignees follow their tasks automatically. Unassign yourself to stop following.',
      extensions: { code: 'UNFOLLOW_ASSIGNEE', category: 'BAD_USER_INPUT', params: {} },
    });
    expect(await countEvents(server)).toBe(before);
  });
});

describe('activity and notifications', () => {
  it('reads a task’s history from the log, newest first, page by page, without mere reordering', async () => {
    const { admin, member, space } = await team();
    const [, doing] = await sectionsOf(admin, space);
    const task = await createTask(admin, space, 'Tracked');
    await editTask(admin, task.id, { positionSection: 1 });
    await editTask(member, task.id, { name: 'Tracked well', state: doing!.id });
    await editTask(admin, task.id, { users: [member.id] });
    const query =
      'query ($task: ID!, $after: String) { getTaskActivity(task: $task, first: 2, after: $after) { nextCursor entries { type actor { id } changes { field from to } } } }';
    type Page = {
      getTaskActivity: {
        nextCursor: string | null;
        entries: { type: string; actor: { id: string }; changes: { field: string; from: unknown; to: unknown }[] }[];
      };
    };
    const first = expectData(await admin.client.execute<Page>(query, { task: task.id })).getTaskActivity;
    expect(first.entries[0]).toEqual({
      type: 'task.updated',
      actor: { id: admin.id },
      changes: [{ field: 'assigneeIds', from: [], to: [member.id] }],
    });
    expect(first.entries[1]!.changes).toContainEqual({ field: 'name', from: 'Tracked', to: 'Tracked well' });
    const second = expectData(await admin.client.execute<Page>(query, { task: task.id, after: first.nextCursor })).getTaskActivity;
    expect(second.entries.map((entry) => entry.type)).toEqual(['task.created']);
    expect(second.nextCursor).toBeNull();
  });

  it('records notifications for followers and new assignees, never for the one who acted', async () => {
    const { admin, member, space } = await team();
    const [, doing] = await sectionsOf(admin, space);
    const task = await createTask(admin, space, 'Notify', { users: [member.id] });
    await editTask(admin, task.id, { name: 'Notify them' });
    await editTask(admin, task.id, { state: doing!.id });
    await editTask(admin, task.id, { positionSection: 5 });
    await editTask(member, task.id, { name: 'Member edit' });
    expect((await notificationsOf(server, member.id)).map((notice) => notice.type)).toEqual([
      'INVITATION_TASK',
      'TASK_UPDATED',
      'TASK_STATE',
    ]);
    expect((await notificationsOf(server, admin.id)).map((notice) => notice.type)).toEqual(['TASK_UPDATED']);
  });
});

describe('replay', () => {
  it('rebuilds boards, sections, tags and tasks exactly from the log', async () => {
    const { admin, member, space } = await team();
    const other = await createSpace(admin, 'Replay target');
    const [, doing, done] = await sectionsOf(admin, space);
    const tag = await createTag(admin, space, 'Replay');
    const sprint = await createTag(admin, space, 'Replay sprint', true);
    const parent = await createTask(admin, space, 'Replay parent', {
      tags: [tag.id],
      sprint: sprint.id,
      users: [member.id],
      description: 'Text',
    });
    await createTask(member, space, 'Replay child', { parentTask: parent.id, state: done!.id });
    await editTask(admin, parent.id, { state: doing!.id, deadline: '2031-01-01', length: { amount: 2, unit: 'days' } });
    expectData(await admin.client.execute('mutation ($id: ID!) { unfollowTask(id: $id) { id } }', { id: parent.id }));
    expectData(
      await admin.client.execute('mutation ($id: ID!, $moveTo: ID) { deleteState(id: $id, moveTo: $moveTo) { id } }', {
        id: done!.id,
        moveTo: doing!.id,
      }),
    );
    expectData(await admin.client.execute('mutation ($id: ID!) { delTag(id: $id) }', { id: sprint.id }));
    const moving = await createTask(admin, space, 'Replay mover');
    await editTask(admin, moving.id, { project: other });
    const { live, rebuilt } = await replayedBesideLive(
      server,
      domains.flatMap((module) => module.projections),
    );
    expect(rebuilt).toEqual(live);
  });
});
