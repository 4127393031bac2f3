// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../lib/store';
import { heldReply, mockGraphQL } from '../../test/graphqlMock';
import { forgetSpace, spacesAtom, spaceIdsAtom, storeSpace, storeSpacesAtom } from '../spaces/atoms';
import { testSpace } from '../spaces/fixtures';
import type { Space } from '../spaces/operations';
import { loadSpaces } from './teamData';

const design = testSpace('s1', 'Design');
const launch = testSpace('s2', 'Launch');

function setup(): AppStore {
  const store = createAppStore();
  store.set(storeSpacesAtom, [design], { replaceList: true });
  return store;
}

/** The listed spaces' ids and names, in the list's order. */
const listed = (store: AppStore) => (store.get(spaceIdsAtom) ?? []).map((id) => [id, store.get(spacesAtom).get(id)?.name]);

/** Starts a list read held until the test answers it. */
async function readHeld(store: AppStore) {
  const answer = heldReply();
  mockGraphQL({ getProjects: answer.asked });
  const reading = loadSpaces(store);
  await answer.sent();
  return (getProjects: Space[]) => {
    answer.release({ data: { getProjects } });
    return reading;
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('a spaces list read that was on its way while spaces were heard', () => {
  it('keeps a space created live that the read predates', async () => {
    const store = setup();
    const answer = await readHeld(store);
    storeSpace(store, launch);
    await answer([design]);
    expect(listed(store)).toEqual([
      ['s1', 'Design'],
      ['s2', 'Launch'],
    ]);
  });

  it('keeps a field heard meanwhile, and takes the read’s other fields', async () => {
    const store = setup();
    const answer = await readHeld(store);
    storeSpace(store, { ...design, name: 'Design team' });
    await answer([{ ...design, color: '#ff0000' }]);
    const shown = store.get(spacesAtom).get('s1');
    expect([shown?.name, shown?.color]).toEqual(['Design team', '#ff0000']);
  });

  it('leaves out a space the caller lost sight of meanwhile, and a deleted one', async () => {
    const store = createAppStore();
    store.set(storeSpacesAtom, [design, launch], { replaceList: true });
    const answer = await readHeld(store);
    forgetSpace(store, 's1', { deleted: false });
    forgetSpace(store, 's2', { deleted: true });
    await answer([design, launch]);
    expect(listed(store)).toEqual([]);
  });

  it('takes the read’s version of what an earlier read stored meanwhile, and drops what neither read nor heard lists', async () => {
    const store = setup();
    const first = heldReply();
    const second = heldReply();
    const replies = [first, second];
    mockGraphQL({ getProjects: () => replies.shift()!.reply });
    const firstReading = loadSpaces(store);
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    const secondReading = loadSpaces(store);
    await vi.waitFor(() => expect(replies).toHaveLength(0));
    first.release({ data: { getProjects: [{ ...design, name: 'Old name' }, launch] } });
    await firstReading;
    second.release({ data: { getProjects: [{ ...design, name: 'New name' }] } });
    await secondReading;
    expect(listed(store)).toEqual([['s1', 'New name']]);
  });
});
