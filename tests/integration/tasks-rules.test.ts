import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskMessages } from '#shared/taskRules';
import type { GraphqlResponse } from './harness';
import { startTestServer, type TestServer } from './harness';
import { countEvents, createSpace, joinTeam, person, type Person } from './teamFactories';
import { createTag, createTask, ediTask, getTask, joinSpace, sectionsOf, setTask } from './taskFactories';

let server: TestServer;
let admin: Person;
let member: Person;
let space: string;
let otherSpace: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await person(server, 'Ria');
  member = await joinTeam(admin, await person(server, 'Sol'));
  space = await createSpace(admin, 'Rules');
  otherSpace = await createSpace(admin, 'Elsewhere');
  await joinSpace(member, space);
});
afterAll(() => server.close());

/** Runs a call that must be refused with `code` (and `message` when given) and checks nothing was written. */
async function refused(call: () => Promise<GraphqlResponse<unknown>>, code: string, message?: string): Promise<void> {
  const before = await countEvents(server);
  const result = await call();
  expect(result.errors?.[0]?.extensions.code, JSON.stringify(result.errors)).toBe(code);
  if (message !== undefined) expect(result.errors?.[0]?.message).toBe(message);
  expect(await countEvents(server)).toBe(before);
}

describe('task names', () => {
  it('refuses empty, blank and 10,000-character names on create and edit', async () => {
    const task = await createTask(admin, space, 'Valid');
    for (const name of ['', '   ']) {
      await refused(() => setTask(admin, { project: space, name }), 'TASK_NAME_REQUIRED', taskMessages.nameRequired);
      await refused(() => ediTask(admin, { id: task.id, name }), 'TASK_NAME_REQUIRED', taskMessages.nameRequired);
    }
    const long = 'x'.repeat(10_000);
    await refused(() => setTask(admin, { project: space, name: long }), 'TASK_NAME_TOO_LONG', taskMessages.nameTooLong);
    await refused(() => ediTask(admin, { id: task.id, name: long }), 'TASK_NAME_TOO_LONG', taskMessages.nameTooLong);
    expect((await createTask(admin, space, 'y'.repeat(500))).name).toHaveLength(500);
  });
});

describe('deadlines', () => {
  it('refuses deadlines that are not a real date or a date-time with its zone', async () => {
    const task = await createTask(admin, space, 'Dated');
    for (const deadline of ['tomorrow', '2025-13-01', '2025-02-30', '2025-06-15T10:00', '15/06/2025', '2025-06-15T25:00:00Z']) {
      await refused(() => setTask(admin, { project: space, name: 'Late', deadline }), 'DEADLINE_INVALID', taskMessages.deadlineFormat);
      await refused(() => ediTask(admin, { id: task.id, deadline }), 'DEADLINE_INVALID', taskMessages.deadlineFormat);
    }
    expect((await getTask(admin, task.id)).deadline).toBeNull();
  });
});

describe('references across spaces', () => {
  it('refuses a parent that would make a cycle, and a parent in another space', async () => {
    const top = await createTask(admin, space, 'Top');
    const middle = await createTask(admin, space, 'Middle', { parentTask: top.id });
    const bottom = await createTask(admin, space, 'Bottom', { parentTask: middle.id });
    await refused(() => ediTask(admin, { id: top.id, parentTask: bottom.id }), 'PARENT_CYCLE', taskMessages.parentCycle);
    await refused(() => ediTask(admin, { id: top.id, parentTask: top.id }), 'PARENT_CYCLE', taskMessages.parentCycle);
    const foreign = await createTask(admin, otherSpace, 'Foreign parent');
    await refused(
      () => setTask(admin, { project: space, name: 'Orphan', parentTask: foreign.id }),
      'NOT_FOUND',
      taskMessages.parentOtherSpace,
    );
    await refused(() => ediTask(admin, { id: bottom.id, parentTask: foreign.id }), 'NOT_FOUND', taskMessages.parentOtherSpace);
  });

  it('refuses a tag, a sprint and a section of another space', async () => {
    const task = await createTask(admin, space, 'Tagged');
    const foreignTag = await createTag(admin, otherSpace, 'Foreign');
    const foreignSprint = await createTag(admin, otherSpace, 'Foreign sprint', true);
    const ownSprint = await createTag(admin, space, 'Own sprint', true);
    const [foreignSection] = await sectionsOf(admin, otherSpace);
    await refused(() => setTask(admin, { project: space, name: 'x', tags: [foreignTag.id] }), 'NOT_FOUND', taskMessages.tagOtherSpace);
    await refused(() => ediTask(admin, { id: task.id, tags: [foreignTag.id] }), 'NOT_FOUND', taskMessages.tagOtherSpace);
    await refused(() => ediTask(admin, { id: task.id, tags: [ownSprint.id] }), 'NOT_FOUND', taskMessages.tagOtherSpace);
    await refused(() => ediTask(admin, { id: task.id, sprint: foreignSprint.id }), 'NOT_FOUND', taskMessages.sprintOtherSpace);
    await refused(
      () => setTask(admin, { project: space, name: 'x', state: foreignSection!.id }),
      'NOT_FOUND',
      taskMessages.sectionOtherSpace,
    );
    await refused(() => ediTask(admin, { id: task.id, state: foreignSection!.id }), 'NOT_FOUND', taskMessages.sectionOtherSpace);
  });

  it('refuses an assignee who cannot see the space', async () => {
    const outsider = await person(server, 'Out');
    const task = await createTask(admin, space, 'Assigned');
    await refused(() => ediTask(admin, { id: task.id, users: [outsider.id] }), 'NOT_FOUND', taskMessages.assigneeNotInSpace);
  });

  it('refuses moving a task to a space the caller is not in, or to another team’s space', async () => {
    const task = await createTask(member, space, 'Going nowhere');
    const privateSpace = await createSpace(admin, 'Private', 'private');
    await refused(() => ediTask(member, { id: task.id, project: privateSpace }), 'NOT_FOUND');
    await refused(() => ediTask(member, { id: task.id, project: otherSpace }), 'PERMISSION_DENIED');
    const elsewhere = await person(server, 'Far');
    const farAway = await createSpace(elsewhere, 'Far away');
    await refused(() => ediTask(member, { id: task.id, project: farAway }), 'NOT_FOUND');
  });
});

describe('field formats', () => {
  it('refuses a colour outside the palette, a priority outside 0..3, a foreign cover and a bad estimate', async () => {
    const task = await createTask(admin, space, 'Formatted');
    await refused(() => ediTask(admin, { id: task.id, color: '#123456' }), 'TASK_COLOR_INVALID', taskMessages.colorNotInPalette);
    await refused(() => ediTask(admin, { id: task.id, priority: 4 }), 'PRIORITY_INVALID');
    await refused(
      () => ediTask(admin, { id: task.id, cover: 'https://tracker.example/pixel.gif' }),
      'TASK_COVER_INVALID',
      taskMessages.coverNotAllowed,
    );
    await refused(() => ediTask(admin, { id: task.id, cover: '/media/../secret.key' }), 'TASK_COVER_INVALID', taskMessages.coverNotAllowed);
    await refused(() => ediTask(admin, { id: task.id, length: { amount: 3, unit: 'fortnights' } }), 'ESTIMATE_UNIT_INVALID');
    await refused(() => ediTask(admin, { id: task.id, length: { amount: -1, unit: 'hours' } }), 'ESTIMATE_AMOUNT_INVALID');
    await refused(() => ediTask(admin, { id: task.id, letter: 'AB' }), 'TASK_LETTER_INVALID');
  });

  it('refuses unknown rich-text content and drops unsafe links and images', async () => {
    const task = await createTask(admin, space, 'Described');
    await refused(
      () => ediTask(admin, { id: task.id, description: { type: 'doc', content: [{ type: 'script', text: 'alert(1)' }] } }),
      'DESCRIPTION_CONTENT_UNSUPPORTED',
    );
    await refused(() => ediTask(admin, { id: task.id, description: { type: 'paragraph' } }), 'DESCRIPTION_INVALID');
    const cleaned = await createTask(admin, space, 'Cleaned', {
      description: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            attrs: { onclick: 'x' },
            content: [{ type: 'text', text: 'click', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
          },
          { type: 'image', attrs: { src: 'https://tracker.example/a.png' } },
        ],
      },
    });
    expect(cleaned.description).toEqual({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'click' }] }] });
  });
});
