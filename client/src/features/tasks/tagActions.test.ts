// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../lib/store';
import { heldReply, mockGraphQL, type GraphQLReply } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { boardAtom, receiveTaskChange } from './atoms';
import { loadBoard } from './boardActions';
import { boardTask, section, taskChange, testProject as project } from './fixtures';
import type { Tag } from './operations';
import { createTag, deleteTag, editTag } from './tagActions';

const backend: Tag = { id: 'g1', name: 'backend', color: '#16A34A', isSprint: false, project };
const urgent: Tag = { id: 'g2', name: 'urgent', color: '#DC2626', isSprint: false, project };
const design: Tag = { id: 'g3', name: 'design', color: '#7C3AED', isSprint: false, project };

function setup(tags: Tag[]): AppStore {
  const store = createAppStore();
  const task = boardTask({ id: 't1', name: 'Fix login', tags: tags.map(({ id, name, color }) => ({ id, name, color })) });
  store.set(boardAtom, {
    project,
    states: [section('s1', 'To do', 1)],
    tasks: new Map([[task.id, task]]),
    tags,
    status: 'ready',
    complete: true,
  });
  return store;
}

/** A live change of the tags: the space's tags as they are now. */
const tagsHeard = (type: string, tags: Tag[], tagId: string) => taskChange({ type, project, tagId, tags });

const names = (store: AppStore) => store.get(boardAtom).tags.map((tag) => tag.name);
const cardTags = (store: AppStore) =>
  store
    .get(boardAtom)
    .tasks.get('t1')
    ?.tags.map((tag) => tag.name);

const permissionRefusal: GraphQLReply = { errors: [{ message: 'No permission.', extensions: { code: 'PERMISSION_DENIED' } }] };

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => vi.unstubAllGlobals());

describe('tag writes and their live echoes', () => {
  it('does not bring back a new tag deleted before its creation’s answer, whichever echo came first', async () => {
    for (const createdHeard of [true, false]) {
      const answer = heldReply();
      mockGraphQL({ setTag: answer.asked });
      const store = setup([backend]);
      const creating = createTag(store, project, 'design', design.color, false);
      await answer.sent();
      if (createdHeard) receiveTaskChange(store, tagsHeard('tag.created', [backend, design], 'g3'));
      receiveTaskChange(store, tagsHeard('tag.deleted', [backend], 'g3'));
      answer.release({ data: { setTag: design } });
      expect(await creating).toEqual(design);
      expect(names(store)).toEqual(['backend']);
    }
  });

  it('keeps a tag the caller deleted gone when an earlier change’s echo still lists it', async () => {
    const answer = heldReply();
    mockGraphQL({ delTag: answer.asked });
    const store = setup([backend, urgent]);
    const deleting = deleteTag(store, 'g1');
    await answer.sent();
    receiveTaskChange(store, tagsHeard('tag.updated', [backend, { ...urgent, name: 'asap' }], 'g2'));
    expect([names(store), cardTags(store)]).toEqual([['asap'], ['asap']]);
    answer.release({ data: { delTag: true } });
    expect(await deleting).toBe(true);
    expect(names(store)).toEqual(['asap']);
  });

  it('does not put back a tag whose deletion was refused when someone’s deletion of it was heard meanwhile', async () => {
    const answer = heldReply();
    mockGraphQL({ delTag: answer.asked });
    const store = setup([backend, urgent]);
    const deleting = deleteTag(store, 'g1');
    await answer.sent();
    receiveTaskChange(store, tagsHeard('tag.deleted', [urgent], 'g1'));
    answer.release(permissionRefusal);
    expect(await deleting).toBe(false);
    expect([names(store), cardTags(store)]).toEqual([['urgent'], ['urgent']]);
  });

  it('keeps the deletion when it is refused as not found: an earlier change’s echo still listing the tag does not bring it back', async () => {
    mockGraphQL({ delTag: () => ({ errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND', reason: 'TAG_NOT_FOUND' } }] }) });
    const store = setup([backend, urgent]);
    expect(await deleteTag(store, 'g1')).toBe(false);
    receiveTaskChange(store, tagsHeard('tag.updated', [backend, { ...urgent, name: 'asap' }], 'g2'));
    expect(names(store)).toEqual(['asap']);
  });

  it('keeps a tag whose deletion is on its way off the board when a read that predates the deletion lists it', async () => {
    const answer = heldReply();
    mockGraphQL({
      delTag: answer.asked,
      getStatesProject: () => ({ data: { getStatesProject: [section('s1', 'To do', 1)] } }),
      getTags: () => ({ data: { getTags: [backend, urgent] } }),
      getTasks: () => ({ data: { getTasks: [] } }),
    });
    const store = setup([backend, urgent]);
    const deleting = deleteTag(store, 'g1');
    await answer.sent();
    await loadBoard(store, project);
    expect(names(store)).toEqual(['urgent']);
    answer.release({ data: { delTag: true } });
    expect(await deleting).toBe(true);
    expect(names(store)).toEqual(['urgent']);
  });

  it('takes back only its own look when a rename is refused: tags created, deleted or renamed live meanwhile stay', async () => {
    const answer = heldReply();
    mockGraphQL({ ediTag: answer.asked });
    const store = setup([backend, urgent]);
    const renaming = editTag(store, 'g1', { name: 'server' });
    expect(names(store)).toEqual(['server', 'urgent']);
    await answer.sent();
    receiveTaskChange(store, tagsHeard('tag.deleted', [{ ...backend, name: 'server' }], 'g2'));
    receiveTaskChange(store, tagsHeard('tag.created', [{ ...backend, name: 'server' }, design], 'g3'));
    answer.release(permissionRefusal);
    expect(await renaming).toBe(false);
    expect(names(store)).toEqual(['backend', 'design']);

    const second = heldReply();
    mockGraphQL({ ediTag: second.asked });
    const recolouring = editTag(store, 'g1', { color: '#000000' });
    await second.sent();
    receiveTaskChange(store, tagsHeard('tag.updated', [{ ...backend, name: 'api' }, design], 'g1'));
    second.release(permissionRefusal);
    expect(await recolouring).toBe(false);
    expect(names(store)).toEqual(['api', 'design']);
  });
});
