// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../lib/store';
import { mockGraphQL, type GraphQLReply } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { boardAtom, receiveTaskChange } from './atoms';
import { section, testProject as project } from './fixtures';
import type { ProjectState, TaskChange } from './operations';
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
const sectionsHeard = (type: string, states: ProjectState[]): TaskChange => ({
  type,
  seq: 1,
  project,
  taskId: null,
  task: null,
  stateId: null,
  tagId: null,
  moveTo: null,
  states,
  tags: null,
  positionField: null,
  positions: null,
});

const shown = (store: AppStore) => store.get(boardAtom).states.map((state) => state.value);

/** A mutation's answer held until the test lets it go. */
function held() {
  let release: (reply: GraphQLReply) => void = () => undefined;
  const reply = new Promise<GraphQLReply>((resolve) => (release = resolve));
  const asked = vi.fn(() => reply);
  return { asked, release, sent: () => vi.waitFor(() => expect(asked).toHaveBeenCalled()) };
}

const refusal: GraphQLReply = { errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] };

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => vi.unstubAllGlobals());

describe('section writes and their live echoes', () => {
  it('shows a new section once, whether the echo comes before the answer or after it', async () => {
    const review = section('s4', 'Review', 4096);
    for (const echoFirst of [true, false]) {
      const answer = held();
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
      const answer = held();
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

  it('keeps a section created while a reorder was on its way, and takes back only the moved one when refused', async () => {
    const review = section('s4', 'Review', 4096);
    for (const refused of [false, true]) {
      const answer = held();
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
    mockGraphQL({ deleteState: () => refusal, delTag: () => refusal });
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
});
