/** Test data of the docs area. */
import type { DocFolder, Wall } from './operations';

export const testProject = '65a1f0c2b3d4e5f6a7b8c9d0';

export function wall(overrides: Partial<Wall> & Pick<Wall, 'id' | 'title'>): Wall {
  return {
    emoji: null,
    cover: null,
    description: null,
    shared: false,
    shareUrl: null,
    embed: null,
    folder: null,
    project: testProject,
    author: 'u1',
    createdAt: '2024-01-01T10:00:00.000Z',
    updatedAt: '2024-01-01T10:00:00.000Z',
    lastSavedAt: null,
    room: `/collab/${overrides.id}`,
    canEdit: true,
    canManage: true,
    ...overrides,
  };
}

export function folder(overrides: Partial<DocFolder> & Pick<DocFolder, 'id' | 'name'>): DocFolder {
  return { type: 'doc', upfolder: null, project: testProject, canEdit: true, path: [], ...overrides };
}
