// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../lib/store';
import { heldReply, mockGraphQL, type GraphQLReply } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { boardAtom, receiveTaskChange } from './atoms';
import { loadBoard } from './boardActions';
import { boardTask, section, taskChange, testProject as project } from './fixtures';
import type { BoardTask, ProjectState, TaskChange } from './operations';
import { createSection, deleteSection, reorderSection, updateSection } from './sectionActions';
import { deleteTag } from './tagActions';

const todo = section('s1', 'To do', 1024);
const doing = section('s2', 'Doing', 2048);
const done = section('s3', 'Done', 3072);

function setup(): AppStore {
  const store = createAppStore();
  store.set(boardAtom, { project, states: [todo, doing, done], tasks: new Map(), tags: [], status: 'ready', complete: true });
  return store;
}

/** A live change of the sections: the space's sections as they are now. */
const sectionsHeard = (type: string, states: ProjectState[]): TaskChange => taskChange({ type, project, states });

const shown = (store: AppStore) => store.get(boardAtom).states.map((state) => state.value);

/** Where each task of the board is: its section, or its name and section. */
const placed = (store: AppStore) =>
  Object.fromEntries([...store.get(boardAtom).tasks.values()].map((task) => [task.id, `${task.name} in ${task.state}`]));

/** The board's reads answering the board as the server has it (a reload after a refusal). */
const serverBoard = (states: ProjectState[], tasks: BoardTask[]) => ({
  getStatesProject: () => ({ data: { getStatesProject: states } }),
  getTags: () => ({ data: { getTags: [] } }),
  getTasks: () => ({ data: { getTasks: tasks } }),
});

/** A live change of one task: the task as the server has it now. */
const taskHeard = (type: string, task: BoardTask): TaskChange => ({ ...sectionsHeard(type, []), states: null, taskId: task.id, task });

const permissionRefusal: GraphQLReply = { errors: [{ message: 'No permission.', extensions: { code: 'PERMISSION_DENIED' } }] };

const refusal: GraphQLReply = { errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND', reason: 'SECTION_NOT_FOUND' } }] };

/** The server's refusal when the section the tasks were to go to is not the space's (deleted meanwhile). */
const moveToRefusal: GraphQLReply = {
  errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND', reason: 'SECTION_OTHER_SPACE' } }],
};

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => vi.unstubAllGlobals());

describe('section writes and their live echoes', () => {
  it('shows a new section once, whether the echo comes before the answer or after it', async () => {
    const review = section('s4', 'Review', 4096);
    for (const echoFirst of [true, false]) {
      const answer = heldReply();
      mockGraphQL({ createState: answer.asked });
      const store = setup();
      const creating = createSection(store, project, 'Review', 0);
      await answer.sent();
      if (echoFirst) receiveTaskChange(store, sectionsHeard('state.created', [todo, doing, done, review]));
      answer.release({ data: { createState: review } });
      await creating;
      if (!echoFirst) receiveTaskChange(store, sectionsHeard('state.created', [todo, doing, done, review]));
      expect(shown(store)).toEqual(['To do', 'Doing', 'Done', 'Review']);
    }
  });

  it('does not bring back a section deleted while its rename was on its way, answered or refused', async () => {
    for (const reply of [{ data: { updateState: { ...doing, value: 'In progress' } } }, refusal]) {
      const answer = heldReply();
      mockGraphQL({ updateState: answer.asked });
      const store = setup();
      const renaming = updateSection(store, 's2', { value: 'In progress' });
      expect(shown(store)).toEqual(['To do', 'In progress', 'Done']);
      await answer.sent();
      receiveTaskChange(store, { ...sectionsHeard('state.deleted', [todo, done]), stateId: 's2', moveTo: 's1' });
      answer.release(reply);
      await renaming;
      expect(shown(store)).toEqual(['To do', 'Done']);
    }
  });

  it('does not bring back a new section deleted before its creation’s answer, whichever echo came first', async () => {
    const review = section('s4', 'Review', 4096);
    for (const createdHeard of [true, false]) {
      const answer = heldReply();
      mockGraphQL({ createState: answer.asked });
      const store = setup();
      const creating = createSection(store, project, 'Review', 0);
      await answer.sent();
      if (createdHeard) receiveTaskChange(store, sectionsHeard('state.created', [todo, doing, done, review]));
      receiveTaskChange(store, { ...sectionsHeard('state.deleted', [todo, doing, done]), stateId: 's4', moveTo: 's1' });
      answer.release({ data: { createState: review } });
      expect(await creating).toBe(true);
      expect(shown(store)).toEqual(['To do', 'Doing', 'Done']);
    }
  });

  it('keeps a section the caller deleted gone when an earlier change’s echo still lists it, and after a read on its way', async () => {
    const answer = heldReply();
    mockGraphQL({ deleteState: answer.asked, ...serverBoard([todo, doing, done], []) });
    const store = setup();
    const deleting = deleteSection(store, 's2', 's1');
    await answer.sent();
    receiveTaskChange(store, sectionsHeard('state.updated', [todo, { ...doing, value: 'In progress' }, done]));
    expect(shown(store)).toEqual(['To do', 'Done']);
    answer.release({ data: { deleteState: [todo, done] } });
    expect(await deleting).toBe(true);
    await loadBoard(store, project);
    expect(shown(store)).toEqual(['To do', 'Done']);
  });

  it('reads the board again, and puts nothing back, when a deletion is refused after someone’s deletion of the section was heard', async () => {
    const task = boardTask({ id: 't1', name: 'Fix login', state: 's2' });
    const answer = heldReply();
    mockGraphQL({ deleteState: answer.asked, ...serverBoard([todo, done], [{ ...task, state: 's3' }]) });
    const store = setup();
    store.set(boardAtom, (board) => ({ ...board, tasks: new Map([[task.id, task]]) }));
    const deleting = deleteSection(store, 's2', 's1');
    await answer.sent();
    receiveTaskChange(store, { ...sectionsHeard('state.deleted', [todo, done]), stateId: 's2', moveTo: 's3' });
    answer.release(permissionRefusal);
    expect(await deleting).toBe(false);
    expect(shown(store)).toEqual(['To do', 'Done']);
    expect(placed(store)).toEqual({ t1: 'Fix login in s3' });
  });

  it('keeps a section created while a reorder was on its way, and takes back only the moved one when refused', async () => {
    const review = section('s4', 'Review', 4096);
    for (const refused of [false, true]) {
      const answer = heldReply();
      mockGraphQL({ updateStates: answer.asked });
      const store = setup();
      const moving = reorderSection(store, 's3', 0);
      expect(shown(store)).toEqual(['Done', 'To do', 'Doing']);
      await answer.sent();
      // Someone adds a section after the reorder was written (or refused): the echo lists the sections as they are.
      receiveTaskChange(store, sectionsHeard('state.created', [refused ? done : { ...done, position: 512 }, todo, doing, review]));
      answer.release(refused ? refusal : { data: { updateStates: [{ ...done, position: 512 }, todo, doing] } });
      expect(await moving).toBe(!refused);
      expect(shown(store)).toEqual(refused ? ['To do', 'Doing', 'Done', 'Review'] : ['Done', 'To do', 'Doing', 'Review']);
    }
  });

  it('does not bring back a section or a tag whose deletion the server refused because someone deleted it first', async () => {
    const backend = { id: 'g1', name: 'backend', color: '#16A34A', isSprint: false, project };
    // The section's refusal reads the board again: the server has it gone.
    mockGraphQL({ deleteState: () => refusal, delTag: () => refusal, ...serverBoard([todo, done], []) });
    const store = setup();
    store.set(boardAtom, (board) => ({ ...board, tags: [backend] }));
    const deleting = deleteSection(store, 's2', 's1');
    const untagging = deleteTag(store, 'g1');
    receiveTaskChange(store, { ...sectionsHeard('state.deleted', [todo, done]), stateId: 's2', moveTo: 's1' });
    receiveTaskChange(store, { ...sectionsHeard('tag.deleted', []), states: null, tags: [] });
    expect(await deleting).toBe(false);
    expect(await untagging).toBe(false);
    expect(shown(store)).toEqual(['To do', 'Done']);
    expect(store.get(boardAtom).tags).toEqual([]);
  });

  it('reads the board again when a deletion is refused as not found: someone deleted the section first, moving its tasks elsewhere', async () => {
    const task = boardTask({ id: 't1', name: 'Fix login', state: 's2' });
    const answer = heldReply();
    mockGraphQL({ deleteState: answer.asked, ...serverBoard([todo, done], [{ ...task, state: 's3' }]) });
    const store = setup();
    store.set(boardAtom, (board) => ({ ...board, tasks: new Map([[task.id, task]]) }));
    const deleting = deleteSection(store, 's2', 's1');
    expect(placed(store)).toEqual({ t1: 'Fix login in s1' });
    await answer.sent();
    // Their deletion's echo relabels only the tasks still in s2: this one shows in s1, where this deletion put it.
    receiveTaskChange(store, { ...sectionsHeard('state.deleted', [todo, done]), stateId: 's2', moveTo: 's3' });
    answer.release(refusal);
    expect(await deleting).toBe(false);
    expect(shown(store)).toEqual(['To do', 'Done']);
    expect(placed(store)).toEqual({ t1: 'Fix login in s3' });
  });

  it('reads the board again when a deletion is refused as not found because the section its tasks were to go to was deleted', async () => {
    const task = boardTask({ id: 't1', name: 'Fix login', state: 's2' });
    const answer = heldReply();
    mockGraphQL({ deleteState: answer.asked, ...serverBoard([todo, doing], [task]) });
    const store = setup();
    store.set(boardAtom, (board) => ({ ...board, tasks: new Map([[task.id, task]]) }));
    const deleting = deleteSection(store, 's2', 's3');
    await answer.sent();
    receiveTaskChange(store, { ...sectionsHeard('state.deleted', [todo, done]), stateId: 's3', moveTo: 's1' });
    answer.release(moveToRefusal);
    expect(await deleting).toBe(false);
    expect(shown(store)).toEqual(['To do', 'Doing']);
    expect(placed(store)).toEqual({ t1: 'Fix login in s2' });
  });

  it('keeps the deletion when the section is not found: an earlier change’s echo still listing it does not bring it back', async () => {
    mockGraphQL({ deleteState: () => refusal, ...serverBoard([todo, done], []) });
    const store = setup();
    expect(await deleteSection(store, 's2', 's1')).toBe(false);
    receiveTaskChange(store, sectionsHeard('state.updated', [todo, { ...doing, value: 'In progress' }, done]));
    expect(shown(store)).toEqual(['To do', 'Done']);
  });

  it('puts back the section and only the tasks it moved when a deletion is refused otherwise, keeping what was heard live meanwhile', async () => {
    const first = boardTask({ id: 't1', name: 'Fix login', state: 's2' });
    const second = boardTask({ id: 't2', name: 'Write docs', state: 's2' });
    const staying = boardTask({ id: 't3', name: 'Ship', state: 's3' });
    const answer = heldReply();
    mockGraphQL({ deleteState: answer.asked });
    const store = setup();
    store.set(boardAtom, (board) => ({ ...board, tasks: new Map([first, second, staying].map((task) => [task.id, task])) }));
    const deleting = deleteSection(store, 's2', 's1');
    await answer.sent();
    // Meanwhile: a task created, one of the section's tasks renamed, another task deleted, a section renamed.
    receiveTaskChange(store, taskHeard('task.created', boardTask({ id: 't4', name: 'New idea', state: 's1' })));
    receiveTaskChange(store, taskHeard('task.updated', { ...second, name: 'Write the docs', updatedAt: '2025-01-02T00:00:00.000Z' }));
    receiveTaskChange(store, { ...taskHeard('task.deleted', staying), task: null });
    receiveTaskChange(store, sectionsHeard('state.updated', [todo, doing, { ...done, value: 'Finished' }]));
    answer.release(permissionRefusal);
    expect(await deleting).toBe(false);
    expect(shown(store)).toEqual(['To do', 'Doing', 'Finished']);
    expect(placed(store)).toEqual({ t1: 'Fix login in s2', t2: 'Write the docs in s2', t4: 'New idea in s1' });
  });

  it('puts a tag back on only the tasks that had it when its deletion is refused, keeping what was heard live meanwhile', async () => {
    const backend = { id: 'g1', name: 'backend', color: '#16A34A', isSprint: false, project };
    const urgent = { id: 'g2', name: 'urgent', color: '#DC2626', isSprint: false, project };
    const tagged = boardTask({ id: 't1', name: 'Fix login', tags: [backend, urgent].map(({ id, name, color }) => ({ id, name, color })) });
    const untagged = boardTask({ id: 't2', name: 'Write docs' });
    for (const renamedLive of [false, true]) {
      const answer = heldReply();
      mockGraphQL({ delTag: answer.asked });
      const store = setup();
      store.set(boardAtom, (board) => ({
        ...board,
        tags: [backend, urgent],
        tasks: new Map([tagged, untagged].map((task) => [task.id, task])),
      }));
      const untagging = deleteTag(store, 'g1');
      expect(
        store
          .get(boardAtom)
          .tasks.get('t1')
          ?.tags.map((tag) => tag.name),
      ).toEqual(['urgent']);
      await answer.sent();
      receiveTaskChange(store, taskHeard('task.created', boardTask({ id: 't3', name: 'New idea' })));
      receiveTaskChange(store, { ...taskHeard('task.deleted', untagged), task: null });
      // A tag renamed meanwhile: its echo lists the space's tags as the server has them, the deleted one still among them.
      if (renamedLive)
        receiveTaskChange(store, { ...sectionsHeard('tag.updated', []), states: null, tags: [backend, { ...urgent, name: 'asap' }] });
      answer.release(permissionRefusal);
      expect(await untagging).toBe(false);
      const names = renamedLive ? ['backend', 'asap'] : ['backend', 'urgent'];
      expect(store.get(boardAtom).tags.map((tag) => tag.name)).toEqual(names);
      expect(placed(store)).toEqual({ t1: 'Fix login in s1', t3: 'New idea in s1' });
      expect(
        store
          .get(boardAtom)
          .tasks.get('t1')
          ?.tags.map((tag) => tag.name),
      ).toEqual(names);
    }
  });
});
