import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../lib/store';
import { applySpaceChange, joinableSpacesAtom, spaceListAtom, spaceRequestsAtom, spacesAtom, storeSpace, storeSpacesAtom } from './atoms';
import { testSpace, testSpaceWithMembers } from './fixtures';
import type { SpaceMember } from './operations';

function member(id: string, permission: string): SpaceMember {
  return { id, firstname: id, lastname: 'Tester', profileImg: null, email: `${id}@example.com`, isAuth: false, role: 'user', permission };
}

describe('live spaces (subProject)', () => {
  it('keeps a known member list by the one member each membership change is about, and leaves it alone otherwise', () => {
    const store = createAppStore();
    store.set(storeSpacesAtom, [testSpaceWithMembers('a', 'Design', { users: [member('u1', 'admin'), member('u2', 'basic')] })], {
      replaceList: true,
    });
    const users = () =>
      store
        .get(spacesAtom)
        .get('a')
        ?.users?.map((known) => `${known.id}:${known.permission}`);
    applySpaceChange(store, {
      type: 'project.member_added',
      projectId: 'a',
      userId: 'u3',
      member: member('u3', 'basic'),
      project: testSpace('a', 'Design'),
    });
    expect(users()).toEqual(['u1:admin', 'u2:basic', 'u3:basic']);
    applySpaceChange(store, {
      type: 'project.permission_changed',
      projectId: 'a',
      userId: 'u2',
      member: member('u2', 'admin'),
      project: testSpace('a', 'Design'),
    });
    expect(users()).toEqual(['u1:admin', 'u2:admin', 'u3:basic']);
    applySpaceChange(store, {
      type: 'project.member_removed',
      projectId: 'a',
      userId: 'u1',
      member: null,
      project: testSpace('a', 'Design'),
    });
    expect(users()).toEqual(['u2:admin', 'u3:basic']);
    // A message or a read changes no member; the list stays as it is.
    applySpaceChange(store, { type: 'project.message', projectId: 'a', userId: null, member: null, project: testSpace('a', 'Design') });
    applySpaceChange(store, { type: 'project.read', projectId: 'a', userId: 'u2', member: null, project: testSpace('a', 'Design') });
    expect(users()).toEqual(['u2:admin', 'u3:basic']);
  });

  it('leaves a member list the client never read unknown', () => {
    const store = createAppStore();
    store.set(storeSpacesAtom, [testSpace('a', 'Design')], { replaceList: true });
    applySpaceChange(store, {
      type: 'project.member_added',
      projectId: 'a',
      userId: 'u3',
      member: member('u3', 'basic'),
      project: testSpace('a', 'Design'),
    });
    expect(store.get(spacesAtom).get('a')?.users).toBeUndefined();
  });

  it('adds a created space, renames an edited one and drops a deleted one, the personal space first', () => {
    const store = createAppStore();
    store.set(storeSpacesAtom, [testSpaceWithMembers('b', 'Roadmap'), testSpaceWithMembers('p', 'Ada', { isPersonal: true })], {
      replaceList: true,
    });
    applySpaceChange(store, {
      type: 'project.created',
      projectId: 'a',
      userId: null,
      member: null,
      project: testSpaceWithMembers('a', 'Design'),
    });
    expect(store.get(spaceListAtom).map((known) => known.name)).toEqual(['Ada', 'Design', 'Roadmap']);
    applySpaceChange(store, {
      type: 'project.updated',
      projectId: 'b',
      userId: null,
      member: null,
      project: testSpaceWithMembers('b', 'Launch'),
    });
    expect(store.get(spaceListAtom).map((known) => known.name)).toEqual(['Ada', 'Design', 'Launch']);
    applySpaceChange(store, { type: 'project.deleted', projectId: 'a', userId: null, member: null, project: null });
    expect(store.get(spaceListAtom).map((known) => known.name)).toEqual(['Ada', 'Launch']);
  });

  it('keeps a deleted space out of the lists when an answer, a change or a read on its way before the deletion lands after it', () => {
    const store = createAppStore();
    store.set(storeSpacesAtom, [testSpaceWithMembers('a', 'Design'), testSpaceWithMembers('b', 'Roadmap')], { replaceList: true });
    applySpaceChange(store, { type: 'project.deleted', projectId: 'a', userId: null, member: null, project: null });
    storeSpace(store, testSpace('a', 'Design 2'));
    applySpaceChange(store, { type: 'project.updated', projectId: 'a', userId: null, member: null, project: testSpace('a', 'Design 3') });
    store.set(storeSpacesAtom, [testSpaceWithMembers('a', 'Design'), testSpaceWithMembers('b', 'Roadmap')], { replaceList: true });
    store.set(storeSpacesAtom, [testSpaceWithMembers('a', 'Design')], { replaceList: false });
    expect(store.get(spaceListAtom).map((known) => known.name)).toEqual(['Roadmap']);
    expect([...store.get(spacesAtom).keys()]).toEqual(['b']);
  });

  it('lets a space the caller was taken out of come back when they are added again', () => {
    const store = createAppStore();
    store.set(storeSpacesAtom, [testSpaceWithMembers('a', 'Design')], { replaceList: true });
    applySpaceChange(store, { type: 'project.member_removed', projectId: 'a', userId: 'u1', member: null, project: null });
    expect(store.get(spaceListAtom)).toEqual([]);
    applySpaceChange(store, {
      type: 'project.member_added',
      projectId: 'a',
      userId: 'u1',
      member: null,
      project: testSpace('a', 'Design'),
    });
    expect(store.get(spaceListAtom).map((known) => known.name)).toEqual(['Design']);
  });

  it('lists public spaces the user is not in as joinable, and moves them to the sidebar once joined', () => {
    const store = createAppStore();
    applySpaceChange(store, {
      type: 'project.created',
      projectId: 'a',
      userId: 'u9',
      member: null,
      project: testSpaceWithMembers('a', 'Design', { isMember: false, permission: null }),
    });
    expect(store.get(joinableSpacesAtom).map((known) => known.name)).toEqual(['Design']);
    expect(store.get(spaceListAtom)).toEqual([]);
    applySpaceChange(store, {
      type: 'project.member_added',
      projectId: 'a',
      userId: 'u1',
      member: null,
      project: testSpaceWithMembers('a', 'Design'),
    });
    expect(store.get(spaceListAtom).map((known) => known.name)).toEqual(['Design']);
    expect(store.get(joinableSpacesAtom)).toEqual([]);
  });

  it('keeps requests to join for the admins of the space until they are answered', () => {
    const store = createAppStore();
    applySpaceChange(store, {
      type: 'project.join_requested',
      projectId: 'a',
      userId: 'u2',
      member: null,
      project: testSpaceWithMembers('a', 'Finance', { type: 'private' }),
    });
    expect(store.get(spaceRequestsAtom).get('a')).toEqual(['u2']);
    applySpaceChange(store, {
      type: 'project.join_refused',
      projectId: 'a',
      userId: 'u2',
      member: null,
      project: testSpaceWithMembers('a', 'Finance', { type: 'private' }),
    });
    expect(store.get(spaceRequestsAtom).get('a')).toEqual([]);
    applySpaceChange(store, {
      type: 'project.join_requested',
      projectId: 'a',
      userId: 'u3',
      member: null,
      project: testSpaceWithMembers('a', 'Finance', { canManage: false }),
    });
    expect(store.get(spaceRequestsAtom).get('a')).toEqual([]);
  });
});
