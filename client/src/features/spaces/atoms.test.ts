import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../lib/store';
import { applySpaceChange, joinableSpacesAtom, spaceListAtom, spaceRequestsAtom, storeSpacesAtom } from './atoms';
import type { SpaceWithMembers } from './operations';

function space(id: string, name: string, changes: Partial<SpaceWithMembers> = {}): SpaceWithMembers {
  return {
    id,
    team: 't1',
    name,
    isPersonal: false,
    logo: null,
    color: null,
    description: null,
    type: 'public',
    createdAt: '2025-01-01T00:00:00.000Z',
    isMember: true,
    permission: 'admin',
    requested: false,
    canManage: true,
    users: [],
    ...changes,
  };
}

describe('live spaces (subProject)', () => {
  it('adds a created space, renames an edited one and drops a deleted one, the personal space first', () => {
    const store = createAppStore();
    store.set(storeSpacesAtom, [space('b', 'Roadmap'), space('p', 'Ada', { isPersonal: true })], { replaceList: true });
    applySpaceChange(store, { type: 'project.created', projectId: 'a', userId: null, project: space('a', 'Design') });
    expect(store.get(spaceListAtom).map((known) => known.name)).toEqual(['Ada', 'Design', 'Roadmap']);
    applySpaceChange(store, { type: 'project.updated', projectId: 'b', userId: null, project: space('b', 'Launch') });
    expect(store.get(spaceListAtom).map((known) => known.name)).toEqual(['Ada', 'Design', 'Launch']);
    applySpaceChange(store, { type: 'project.deleted', projectId: 'a', userId: null, project: null });
    expect(store.get(spaceListAtom).map((known) => known.name)).toEqual(['Ada', 'Launch']);
  });

  it('lists public spaces the user is not in as joinable, and moves them to the sidebar once joined', () => {
    const store = createAppStore();
    applySpaceChange(store, {
      type: 'project.created',
      projectId: 'a',
      userId: 'u9',
      project: space('a', 'Design', { isMember: false, permission: null }),
    });
    expect(store.get(joinableSpacesAtom).map((known) => known.name)).toEqual(['Design']);
    expect(store.get(spaceListAtom)).toEqual([]);
    applySpaceChange(store, { type: 'project.member_added', projectId: 'a', userId: 'u1', project: space('a', 'Design') });
    expect(store.get(spaceListAtom).map((known) => known.name)).toEqual(['Design']);
    expect(store.get(joinableSpacesAtom)).toEqual([]);
  });

  it('keeps requests to join for the admins of the space until they are answered', () => {
    const store = createAppStore();
    applySpaceChange(store, {
      type: 'project.join_requested',
      projectId: 'a',
      userId: 'u2',
      project: space('a', 'Finance', { type: 'private' }),
    });
    expect(store.get(spaceRequestsAtom).get('a')).toEqual(['u2']);
    applySpaceChange(store, {
      type: 'project.join_refused',
      projectId: 'a',
      userId: 'u2',
      project: space('a', 'Finance', { type: 'private' }),
    });
    expect(store.get(spaceRequestsAtom).get('a')).toEqual([]);
    applySpaceChange(store, {
      type: 'project.join_requested',
      projectId: 'a',
      userId: 'u3',
      project: space('a', 'Finance', { canManage: false }),
    });
    expect(store.get(spaceRequestsAtom).get('a')).toEqual([]);
  });
});
