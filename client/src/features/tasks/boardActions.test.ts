// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../lib/store';
import { heldReply, mockGraphQL, type GraphQLReply } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { boardAtom, editsInFlightAtom, receiveTaskChange, type BoardData } from './atoms';
import { createTask, deleteTask, duplicateTask, editTask, loadBoard, moveTaskToSpace, setFollowing } from './boardActions';
import { boardTask, section, taskChange, testProject as project } from './fixtures';
import type { BoardTask, TaskChange } from './operations';

const card = boardTask({ id: 'a', name: 'Write the spec', state: 's1', updatedAt: '2025-01-01T00:00:00.000Z' });

function setup(): AppStore {
  const store = createAppStore();
  const board: BoardData = {
    project,
    states: [section('s1', 'To do', 1), section('s2', 'Doing', 2)],
    tasks: new Map([[card.id, card]]),
    tags: [],
    status: 'ready',
    complete: true,
  };
  store.set(boardAtom, board);
  return store;
}

const change = (type: string, task: BoardTask | null, taskId = task?.id ?? null): TaskChange => taskChange({ type, project, taskId, task });

/** Answers to one operation, each held until the test lets it go, in the order the requests were sent. */
function heldAnswers() {
  const releases: ((reply: GraphQLReply) => void)[] = [];
  const handler = () => new Promise<GraphQLReply>((resolve) => releases.push(resolve));
  const sent = (count: number) => vi.waitFor(() => expect(releases).toHaveLength(count));
  return { handler, sent, release: (index: number, reply: GraphQLReply) => releases[index]!(reply) };
}

const tasks = (store: AppStore) => [...store.get(boardAtom).tasks.values()];
const shown = (store: AppStore, id = 'a') => store.get(boardAtom).tasks.get(id);
const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => vi.unstubAllGlobals());

describe('a new task and its live echo', () => {
  it('shows one card whether the echo comes before the answer or after it', async () => {
    for (const echoFirst of [true, false]) {
      const answers = heldAnswers();
      mockGraphQL({ setTask: answers.handler });
      const store = setup();
      const creating = createTask(store, project, 's1', 'Ship it');
      await answers.sent(1);
      expect(tasks(store).map((task) => task.name)).toEqual(['Write the spec', 'Ship it']);
      const created = boardTask({ id: 'n', name: 'Ship it', state: 's1', positionSection: 2048, updatedAt: at(1) });
      if (echoFirst) receiveTaskChange(store, change('task.created', created));
      answers.release(0, { data: { setTask: created } });
      await creating;
      if (!echoFirst) receiveTaskChange(store, change('task.created', created));
      expect(tasks(store).map((task) => task.id)).toEqual(['a', 'n']);
    }
  });

  it('keeps a later version heard live over the create’s answer', async () => {
    const answers = heldAnswers();
    mockGraphQL({ setTask: answers.handler });
    const store = setup();
    const creating = createTask(store, project, 's1', 'Ship it');
    await answers.sent(1);
    const created = boardTask({ id: 'n', name: 'Ship it', state: 's1', updatedAt: at(1) });
    receiveTaskChange(store, change('task.created', created));
    receiveTaskChange(store, change('task.updated', { ...created, priority: 3, updatedAt: at(2) }));
    answers.release(0, { data: { setTask: created } });
    await creating;
    expect(shown(store, 'n')?.priority).toBe(3);
  });
});

describe('edits of one task on their way together', () => {
  const moved = { ...card, state: 's2', updatedAt: at(1) };
  const movedAndUrgent = { ...moved, priority: 3, updatedAt: at(2) };

  it('keeps the second edit shown while the first one’s echo and answer land, in either order', async () => {
    for (const echoFirst of [true, false]) {
      const answers = heldAnswers();
      mockGraphQL({ ediTask: answers.handler });
      const store = setup();
      const move = editTask(store, { id: 'a', state: 's2' }, 'refused');
      const urgent = editTask(store, { id: 'a', priority: 3 }, 'refused');
      expect([shown(store)?.state, shown(store)?.priority]).toEqual(['s2', 3]);
      await answers.sent(2);
      if (echoFirst) receiveTaskChange(store, change('task.updated', moved));
      answers.release(0, { data: { ediTask: moved } });
      await move;
      if (!echoFirst) receiveTaskChange(store, change('task.updated', moved));
      expect([shown(store)?.state, shown(store)?.priority]).toEqual(['s2', 3]);
      answers.release(1, { data: { ediTask: movedAndUrgent } });
      await urgent;
      receiveTaskChange(store, change('task.updated', movedAndUrgent));
      expect(tasks(store)).toEqual([movedAndUrgent]);
      expect(store.get(editsInFlightAtom).size).toBe(0);
    }
  });

  it('takes back only the refused edit, and keeps the newer answer when an older one lands last', async () => {
    const answers = heldAnswers();
    mockGraphQL({ ediTask: answers.handler });
    const store = setup();
    const move = editTask(store, { id: 'a', state: 's2' }, 'refused');
    const urgent = editTask(store, { id: 'a', priority: 3 }, 'refused');
    await answers.sent(2);
    answers.release(1, { data: { ediTask: { ...card, priority: 3, updatedAt: at(1) } } });
    await urgent;
    expect([shown(store)?.state, shown(store)?.priority]).toEqual(['s2', 3]);
    answers.release(0, { errors: [{ message: 'No such section.', extensions: { code: 'NOT_FOUND' } }] });
    expect(await move).toBe(false);
    expect([shown(store)?.state, shown(store)?.priority]).toEqual(['s1', 3]);

    const later = heldAnswers();
    mockGraphQL({ ediTask: later.handler });
    const rename = editTask(store, { id: 'a', name: 'Spec' }, 'refused');
    const done = editTask(store, { id: 'a', state: 's2' }, 'refused');
    await later.sent(2);
    later.release(1, { data: { ediTask: { ...card, name: 'Spec', priority: 3, state: 's2', updatedAt: at(3) } } });
    await done;
    later.release(0, { data: { ediTask: { ...card, name: 'Spec', priority: 3, updatedAt: at(2) } } });
    await rename;
    expect([shown(store)?.name, shown(store)?.state, shown(store)?.updatedAt]).toEqual(['Spec', 's2', at(3)]);
  });

  it('does not bring back a task deleted while an edit of it was on its way, answered or refused', async () => {
    for (const refused of [false, true]) {
      const answers = heldAnswers();
      mockGraphQL({ ediTask: answers.handler, followTask: answers.handler });
      const store = setup();
      const move = editTask(store, { id: 'a', state: 's2' }, 'refused');
      const follow = setFollowing(store, 'a', true);
      expect(shown(store)?.isFollowing).toBe(true);
      await answers.sent(2);
      receiveTaskChange(store, change('task.deleted', null, 'a'));
      answers.release(
        0,
        refused ? { errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] } : { data: { ediTask: moved } },
      );
      answers.release(
        1,
        refused
          ? { errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] }
          : { data: { followTask: { ...moved, isFollowing: true, followers: [] } } },
      );
      await Promise.all([move, follow]);
      expect(tasks(store)).toEqual([]);
      expect(store.get(editsInFlightAtom).size).toBe(0);
    }
  });
});

describe('a board read again while writes are on their way', () => {
  /** The board's reads answering `tasks` as the server has them (a reload: a reconnection, a NOT_FOUND refusal). */
  const serverBoard = (read: () => BoardTask[]) => ({
    getStatesProject: () => ({ data: { getStatesProject: [section('s1', 'To do', 1), section('s2', 'Doing', 2)] } }),
    getTags: () => ({ data: { getTags: [] } }),
    getTasks: () => ({ data: { getTasks: read() } }),
  });
  const created = boardTask({ id: 'n', name: 'Ship it', state: 's1', positionSection: 2048, updatedAt: at(1) });
  const names = (store: AppStore) => tasks(store).map((task) => task.name);

  it('keeps a new task’s card until its answer or echo, whichever comes first, and shows it once', async () => {
    for (const [echoFirst, readHasIt] of [
      [true, false],
      [false, false],
      [true, true],
      [false, true],
    ] as const) {
      const answers = heldAnswers();
      mockGraphQL({ setTask: answers.handler, ...serverBoard(() => (readHasIt ? [card, created] : [card])) });
      const store = setup();
      const creating = createTask(store, project, 's1', 'Ship it');
      await answers.sent(1);
      await loadBoard(store, project);
      expect(names(store)).toEqual(['Write the spec', 'Ship it']);
      if (echoFirst) receiveTaskChange(store, change('task.created', created));
      answers.release(0, { data: { setTask: created } });
      await creating;
      if (!echoFirst) receiveTaskChange(store, change('task.created', created));
      expect(tasks(store).map((task) => task.id)).toEqual(['a', 'n']);
    }
  });

  it('keeps edits on their way shown over the task read, and each answer or refusal settles only its own', async () => {
    for (const refused of [false, true]) {
      const answers = heldAnswers();
      const renamedElsewhere = { ...card, name: 'Spec', updatedAt: at(1) };
      mockGraphQL({ ediTask: answers.handler, ...serverBoard(() => [renamedElsewhere]) });
      const store = setup();
      const move = editTask(store, { id: 'a', state: 's2' }, 'refused');
      await answers.sent(1);
      await loadBoard(store, project);
      expect([shown(store)?.name, shown(store)?.state]).toEqual(['Spec', 's2']);
      answers.release(
        0,
        refused
          ? { errors: [{ message: 'No permission.', extensions: { code: 'PERMISSION_DENIED' } }] }
          : { data: { ediTask: { ...renamedElsewhere, state: 's2', updatedAt: at(2) } } },
      );
      await move;
      expect([shown(store)?.name, shown(store)?.state]).toEqual(['Spec', refused ? 's1' : 's2']);
      expect(store.get(editsInFlightAtom).size).toBe(0);
    }
  });

  it('keeps what was heard and answered while the read was on its way, which the read may predate', async () => {
    for (const echoFirst of [true, false]) {
      const answers = heldAnswers();
      const read = heldReply();
      mockGraphQL({ setTask: answers.handler, ...serverBoard(() => [card]), getTasks: read.asked });
      const store = setup();
      const creating = createTask(store, project, 's1', 'Ship it');
      await answers.sent(1);
      const loading = loadBoard(store, project);
      await read.sent();
      if (echoFirst) receiveTaskChange(store, change('task.created', created));
      answers.release(0, { data: { setTask: created } });
      await creating;
      if (!echoFirst) receiveTaskChange(store, change('task.created', created));
      receiveTaskChange(store, change('task.updated', { ...card, priority: 3, updatedAt: at(2) }));
      read.release({ data: { getTasks: [card] } });
      await loading;
      expect(tasks(store).map((task) => [task.id, task.priority])).toEqual([
        ['a', 3],
        ['n', 1],
      ]);
    }
  });

  it('does not bring back a task deleted live while the read was on its way', async () => {
    const read = heldReply();
    mockGraphQL({ ...serverBoard(() => [card]), getTasks: read.asked });
    const store = setup();
    const loading = loadBoard(store, project);
    await read.sent();
    receiveTaskChange(store, change('task.deleted', null, 'a'));
    read.release({ data: { getTasks: [card] } });
    await loading;
    expect(tasks(store)).toEqual([]);
  });

  it('does not bring back a task whose deletion the caller sent when a read that predates it lands', async () => {
    const deletion = heldReply();
    const other = boardTask({ id: 'b', name: 'Other', state: 's1' });
    mockGraphQL({ delTask: deletion.asked, ...serverBoard(() => [card, other]) });
    const store = setup();
    const deleting = deleteTask(store, 'a');
    await deletion.sent();
    await loadBoard(store, project);
    expect(tasks(store).map((task) => task.id)).toEqual(['b']);
    deletion.release({ data: { delTask: true } });
    expect(await deleting).toBe(true);
    expect(tasks(store).map((task) => task.id)).toEqual(['b']);
  });

  it('does not bring back a task moved to another space, whether the edit’s answer lands before the move is heard or after', async () => {
    for (const [answerFirst, readHasIt] of [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ] as const) {
      const edit = heldReply();
      const read = heldReply();
      const other = boardTask({ id: 'b', name: 'Other', state: 's1' });
      const renamed = { ...card, name: 'Spec', updatedAt: at(1) };
      mockGraphQL({ ediTask: edit.asked, ...serverBoard(() => []), getTasks: read.asked });
      const store = setup();
      store.set(boardAtom, (board) => ({ ...board, tasks: new Map(board.tasks).set(other.id, other) }));
      const editing = editTask(store, { id: 'a', name: 'Spec' }, 'refused', { name: 'Spec' });
      await edit.sent();
      const loading = loadBoard(store, project);
      await read.sent();
      // Someone moves the task to another space: this board's feed says so with no task.
      if (!answerFirst) receiveTaskChange(store, change('task.moved', null, 'a'));
      edit.release({ data: { ediTask: renamed } });
      await editing;
      if (answerFirst) receiveTaskChange(store, change('task.moved', null, 'a'));
      expect(tasks(store).map((task) => task.id)).toEqual(['b']);
      read.release({ data: { getTasks: readHasIt ? [renamed, other] : [other] } });
      await loading;
      expect([answerFirst, readHasIt, tasks(store).map((task) => task.id)]).toEqual([answerFirst, readHasIt, ['b']]);
    }
  });

  it('does not bring back a new task moved to another space after its creation’s answer was heard', async () => {
    for (const readHasIt of [true, false]) {
      const answers = heldAnswers();
      const read = heldReply();
      mockGraphQL({ setTask: answers.handler, ...serverBoard(() => []), getTasks: read.asked });
      const store = setup();
      const creating = createTask(store, project, 's1', 'Ship it');
      await answers.sent(1);
      const loading = loadBoard(store, project);
      await read.sent();
      answers.release(0, { data: { setTask: created } });
      await creating;
      receiveTaskChange(store, change('task.moved', null, 'n'));
      read.release({ data: { getTasks: readHasIt ? [card, created] : [card] } });
      await loading;
      expect([readHasIt, tasks(store).map((task) => task.id)]).toEqual([readHasIt, ['a']]);
    }
  });
});

describe('a task deleted while a write of it was on its way', () => {
  it('does not come back with its creation’s or duplication’s answer', async () => {
    const created = boardTask({ id: 'n', name: 'Ship it', state: 's1', updatedAt: at(1) });
    const answers = heldAnswers();
    mockGraphQL({ setTask: answers.handler, duplicateTask: answers.handler });
    const store = setup();
    const creating = createTask(store, project, 's1', 'Ship it');
    const duplicating = duplicateTask(store, 'a');
    await answers.sent(2);
    const copy = { ...card, id: 'c', updatedAt: at(1) };
    for (const task of [created, copy]) {
      receiveTaskChange(store, change('task.created', task));
      receiveTaskChange(store, change('task.deleted', null, task.id));
    }
    answers.release(0, { data: { setTask: created } });
    answers.release(1, { data: { duplicateTask: copy } });
    await Promise.all([creating, duplicating]);
    expect(tasks(store).map((task) => task.id)).toEqual(['a']);
  });

  it('stays deleted when an earlier edit’s echo comes before the deletion’s answer', async () => {
    const deletion = heldReply();
    mockGraphQL({ delTask: deletion.asked });
    const store = setup();
    const deleting = deleteTask(store, 'a');
    await deletion.sent();
    receiveTaskChange(store, change('task.updated', { ...card, priority: 3, updatedAt: at(1) }));
    expect(tasks(store)).toEqual([]);
    deletion.release({ data: { delTask: true } });
    expect(await deleting).toBe(true);
    receiveTaskChange(store, change('task.updated', { ...card, priority: 4, updatedAt: at(2) }));
    expect(tasks(store)).toEqual([]);
  });

  it('is put back when its deletion is refused, unless the task is gone (not found, or its deletion heard meanwhile)', async () => {
    const permission = { errors: [{ message: 'No permission.', extensions: { code: 'PERMISSION_DENIED' } }] };
    const notFound = { errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] };
    for (const [reply, heardDeleted, putBack] of [
      [permission, false, true],
      [permission, true, false],
      [notFound, false, false],
    ] as const) {
      const deletion = heldReply();
      mockGraphQL({ delTask: deletion.asked });
      const store = setup();
      const deleting = deleteTask(store, 'a');
      await deletion.sent();
      if (heardDeleted) receiveTaskChange(store, change('task.deleted', null, 'a'));
      deletion.release(reply);
      expect(await deleting).toBe(false);
      expect(tasks(store)).toEqual(putBack ? [card] : []);
    }
  });

  it('keeps the deletion when it is refused as not found: an earlier edit’s echo heard after does not bring the task back', async () => {
    mockGraphQL({ delTask: () => ({ errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] }) });
    const store = setup();
    expect(await deleteTask(store, 'a')).toBe(false);
    receiveTaskChange(store, change('task.updated', { ...card, priority: 3, updatedAt: at(1) }));
    expect(tasks(store)).toEqual([]);
  });

  it('is put back as last heard when its deletion is refused after someone edited it', async () => {
    const deletion = heldReply();
    mockGraphQL({ delTask: deletion.asked });
    const store = setup();
    const deleting = deleteTask(store, 'a');
    await deletion.sent();
    receiveTaskChange(store, change('task.updated', { ...card, priority: 3, updatedAt: at(1) }));
    deletion.release({ errors: [{ message: 'No permission.', extensions: { code: 'PERMISSION_DENIED' } }] });
    expect(await deleting).toBe(false);
    expect(tasks(store).map((task) => [task.id, task.priority])).toEqual([['a', 3]]);
  });
});

describe('a refused write that took a task off the board', () => {
  const permission: GraphQLReply = { errors: [{ message: 'No permission.', extensions: { code: 'PERMISSION_DENIED' } }] };

  it('does not put back a task someone moved to another space while the write was on its way', async () => {
    for (const write of ['delete', 'move'] as const) {
      const answer = heldReply();
      mockGraphQL({ delTask: answer.asked, ediTask: answer.asked });
      const store = setup();
      const writing = write === 'delete' ? deleteTask(store, 'a') : moveTaskToSpace(store, 'a', 'p2', 'Marketing');
      await answer.sent();
      receiveTaskChange(store, change('task.moved', null, 'a'));
      answer.release(permission);
      expect(await writing).toBe(false);
      expect([write, tasks(store)]).toEqual([write, []]);
    }
  });

  it('puts back a task moved away and back meanwhile, as it came back', async () => {
    const answer = heldReply();
    mockGraphQL({ ediTask: answer.asked });
    const store = setup();
    const moving = moveTaskToSpace(store, 'a', 'p2', 'Marketing');
    await answer.sent();
    receiveTaskChange(store, change('task.moved', null, 'a'));
    const back = { ...card, state: 's2', updatedAt: at(2) };
    receiveTaskChange(store, change('task.moved', back));
    answer.release(permission);
    expect(await moving).toBe(false);
    expect(tasks(store)).toEqual([back]);
  });
});
