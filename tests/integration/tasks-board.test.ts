import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors';
import { taskMessages } from '#shared/taskRules';
import { startTestServer, type TestServer } from './harness';
import { countEvents, createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { createTag, createTask, editTask, getTask, getTasks, joinSpace, sectionsOf, type Section } from './taskFactories';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function team(): Promise<{ admin: Person; member: Person; space: string }> {
  const admin = await person(server, 'Sec');
  const member = await joinTeam(admin, await person(server, 'Tag'));
  const space = await createSpace(admin, 'Board');
  await joinSpace(member, space);
  return { admin, member, space };
}

const sectionFields = 'id value icon position';

describe('sections (project states)', () => {
  it('creates, renames, gives an icon and reorders sections in bulk', async () => {
    const { member, space } = await team();
    const created = expectData(
      await member.client.execute<{ createState: Section }>(
        `mutation ($project: ID!) { createState(project: $project, value: " Review ", icon: 7) { ${sectionFields} } }`,
        { project: space },
      ),
    ).createState;
    expect(created).toMatchObject({ value: 'Review', icon: 7 });
    const renamed = expectData(
      await member.client.execute<{ updateState: Section }>(
        `mutation ($id: ID!) { updateState(id: $id, value: "QA", icon: 3) { ${sectionFields} } }`,
        { id: created.id },
      ),
    ).updateState;
    expect(renamed).toMatchObject({ value: 'QA', icon: 3 });
    const [todo, doing, done] = await sectionsOf(member, space);
    const reordered = expectData(
      await member.client.execute<{ updateStates: Section[] }>(
        `mutation ($ids: [ID!]!, $positions: [Float!]!) { updateStates(ids: $ids, positions: $positions) { ${sectionFields} } }`,
        { ids: [created.id, done!.id], positions: [todo!.position / 2, (todo!.position + doing!.position) / 2] },
      ),
    ).updateStates;
    expect(reordered.map((section) => section.value)).toEqual(['QA', 'To do', 'Done', 'In progress']);
  });

  it('refuses bad section input and a reorder naming another space’s section, writing nothing', async () => {
    const { admin, space } = await team();
    const other = await createSpace(admin, 'Other board');
    const [mine] = await sectionsOf(admin, space);
    const [theirs] = await sectionsOf(admin, other);
    const before = await countEvents(server);
    expect(
      (await admin.client.execute('mutation ($project: ID!) { createState(project: $project, value: "  ") { id } }', { project: space }))
        .errors?.[0]?.extensions,
    ).toMatchObject({ code: 'SECTION_NAME_REQUIRED', category: 'BAD_USER_INPUT', field: 'value' });
    expect(
      (
        await admin.client.execute('mutation ($project: ID!) { createState(project: $project, value: "x", icon: 500) { id } }', {
          project: space,
        })
      ).errors?.[0]?.extensions.code,
    ).toBe('SECTION_ICON_INVALID');
    const mixed = await admin.client.execute(
      'mutation ($ids: [ID!]!, $positions: [Float!]!) { updateStates(ids: $ids, positions: $positions) { id } }',
      { ids: [mine!.id, theirs!.id], positions: [1, 2] },
    );
    expect(mixed.errors?.[0]).toMatchObject({ message: taskMessages.sectionOtherSpace, extensions: { code: 'NOT_FOUND' } });
    const uneven = await admin.client.execute(
      'mutation ($ids: [ID!]!, $positions: [Float!]!) { updateStates(ids: $ids, positions: $positions) { id } }',
      { ids: [mine!.id], positions: [1, 2] },
    );
    expect(uneven.errors?.[0]?.extensions).toMatchObject({ code: 'SECTION_POSITIONS_MISMATCH', field: 'positions' });
    expect(await countEvents(server)).toBe(before);
  });

  it('deletes a section moving its tasks, in order, to the end of the section chosen', async () => {
    const { admin, space } = await team();
    const [todo, doing, done] = await sectionsOf(admin, space);
    const stay = await createTask(admin, space, 'Already there', { state: done!.id });
    const first = await createTask(admin, space, 'First', { state: doing!.id });
    const second = await createTask(admin, space, 'Second', { state: doing!.id });
    const left = expectData(
      await admin.client.execute<{ deleteState: Section[] }>(
        `mutation ($id: ID!, $moveTo: ID) { deleteState(id: $id, moveTo: $moveTo) { ${sectionFields} } }`,
        { id: doing!.id, moveTo: done!.id },
      ),
    ).deleteState;
    expect(left.map((section) => section.id)).toEqual([todo!.id, done!.id]);
    const inDone = (await getTasks(admin, space)).filter((task) => task.state === done!.id).map((task) => task.id);
    expect(inDone).toEqual([stay.id, first.id, second.id]);
    expect((await getTask(admin, first.id)).stateProject.value).toBe('Done');
  });

  it('refuses to delete the last section, to move tasks into the deleted one, or without a target; basic members may not delete', async () => {
    const { admin, member, space } = await team();
    const [todo, doing, done] = await sectionsOf(admin, space);
    await createTask(admin, space, 'Needs a home', { state: todo!.id });
    const before = await countEvents(server);
    const deleteState = 'mutation ($id: ID!, $moveTo: ID) { deleteState(id: $id, moveTo: $moveTo) { id } }';
    expect((await admin.client.execute(deleteState, { id: todo!.id, moveTo: todo!.id })).errors?.[0]?.message).toBe(
      taskMessages.moveToSameSection,
    );
    expect((await admin.client.execute(deleteState, { id: todo!.id })).errors?.[0]?.extensions.code).toBe('SECTION_MOVE_TO_MISSING');
    expect((await member.client.execute(deleteState, { id: doing!.id, moveTo: todo!.id })).errors?.[0]).toMatchObject({
      message: errorMessages.PERMISSION_DENIED,
      extensions: { code: 'PERMISSION_DENIED' },
    });
    expect(await countEvents(server)).toBe(before);
    expectData(await admin.client.execute(deleteState, { id: doing!.id }));
    expectData(await admin.client.execute(deleteState, { id: done!.id }));
    const last = await admin.client.execute(deleteState, { id: todo!.id });
    expect(last.errors?.[0]).toMatchObject({ message: taskMessages.lastSection, extensions: { code: 'LAST_SECTION' } });
  });
});

describe('tags and sprints', () => {
  it('creates, renames, recolours and lists tags and sprints; names are unique in a space', async () => {
    const { admin, member, space } = await team();
    const tag = await createTag(member, space, 'Frontend');
    const sprint = await createTag(member, space, 'Sprint 12', true);
    expect(tag).toMatchObject({ name: 'Frontend', isSprint: false });
    expect(tag.color).toMatch(/^#[0-9A-F]{6}$/);
    const edited = expectData(
      await member.client.execute<{ ediTag: { name: string; color: string } }>(
        'mutation ($id: ID!) { ediTag(id: $id, name: "Web", color: "#3b82f6") { name color } }',
        { id: tag.id },
      ),
    ).ediTag;
    expect(edited).toEqual({ name: 'Web', color: '#3B82F6' });
    const listed = expectData(
      await admin.client.execute<{ getTags: { id: string; isSprint: boolean }[] }>(
        'query ($project: ID!) { getTags(project: $project) { id isSprint } }',
        { project: space },
      ),
    ).getTags;
    expect(listed).toEqual([
      { id: tag.id, isSprint: false },
      { id: sprint.id, isSprint: true },
    ]);
    const taken = await member.client.execute('mutation ($project: ID!) { setTag(project: $project, name: "web") { id } }', {
      project: space,
    });
    expect(taken.errors?.[0]).toMatchObject({ message: taskMessages.tagNameTaken, extensions: { code: 'TAG_NAME_TAKEN' } });
  });

  it('takes a deleted tag off every task, and a deleted sprint out of its tasks', async () => {
    const { admin, space } = await team();
    const tag = await createTag(admin, space, 'Doomed');
    const keep = await createTag(admin, space, 'Kept');
    const sprint = await createTag(admin, space, 'Doomed sprint', true);
    const task = await createTask(admin, space, 'Tagged', { tags: [tag.id, keep.id], sprint: sprint.id });
    expectData(await admin.client.execute('mutation ($id: ID!) { delTag(id: $id) }', { id: tag.id }));
    expectData(await admin.client.execute('mutation ($id: ID!) { delTag(id: $id) }', { id: sprint.id }));
    expect(await getTask(admin, task.id)).toMatchObject({ tags: [{ id: keep.id }], sprint: null });
    expect(
      (await admin.client.execute('mutation ($id: ID!) { ediTag(id: $id, name: "Back") { id } }', { id: tag.id })).errors?.[0],
    ).toMatchObject({ message: taskMessages.tagNotFound, extensions: { code: 'NOT_FOUND' } });
  });
});

describe('covers', () => {
  type Pic = { img: string; name: string; author: string | null };

  it('suggests bundled covers by name without an Unsplash key, served with an image type and cached for good', async () => {
    const { admin, space } = await team();
    const pics = expectData(
      await admin.client.execute<{ suggestPics: Pic[] }>('{ suggestPics(name: "Ocean cleanup", value: 5) { img name author } }'),
    ).suggestPics;
    expect(pics).toHaveLength(5);
    expect(pics[0]).toMatchObject({ name: 'Ocean', author: null });
    expect(pics[0]!.img).toMatch(/^\/media\/covers\/ocean\.[0-9a-f]{10}\.svg$/);
    const response = await fetch(`${server.url}${pics[0]!.img}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toMatch(/^<svg /);
    expect((await fetch(`${server.url}/media/covers/..%2F..%2Fpackage.json`)).status).toBe(404);
    const everything = expectData(
      await admin.client.execute<{ suggestPics: Pic[] }>('{ suggestPics(name: "zzz", value: 30) { img } }'),
    ).suggestPics;
    expect(new Set(everything.map((pic) => pic.img)).size).toBe(24);
    const task = await createTask(admin, space, 'With a cover');
    expect((await editTask(admin, task.id, { cover: pics[0]!.img })).cover).toBe(pics[0]!.img);
    expect((await admin.client.execute('{ suggestPics(name: "x", value: 31) { img } }')).errors?.[0]?.extensions).toMatchObject({
      code: 'NUMBER_TOO_LARGE',
      params: { maximum: 30 },
      field: 'value',
    });
  });
});
