/** Test data of the spaces area, shared by the tests that store, list or answer spaces. */
import type { Space, SpaceWithMembers } from './operations';

/** A public space of team t1 that the viewer is an admin of, as a list or a live change carries it; `changes` sets what a case is about. */
export function testSpace(id: string, name: string, changes: Partial<Space> = {}): Space {
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
    ...changes,
  };
}

/** testSpace with its member list, empty unless `changes` gives one. */
export function testSpaceWithMembers(id: string, name: string, changes: Partial<SpaceWithMembers> = {}): SpaceWithMembers {
  return { ...testSpace(id, name), users: [], ...changes };
}
