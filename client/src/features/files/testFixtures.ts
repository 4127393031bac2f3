/** Test helpers of the files area: files, folders and the server's answers to an upload. */
import type { SignedUpload, StoredFile, StoredFolder } from './operations';

export const testProject = '65a1f0c2b3d4e5f6a7b8c9d0';

export function storedFile(overrides: Partial<StoredFile> & Pick<StoredFile, 'id' | 'name'>): StoredFile {
  return {
    type: 'application/pdf',
    shared: false,
    size: 1024,
    url: `/media/files/${overrides.id}`,
    thumbnail: null,
    base64: null,
    width: null,
    height: null,
    duration: null,
    category: 'Pdf',
    folder: null,
    author: { id: 'u1', firstname: 'Ada', lastname: 'Lovelace', profileImg: null },
    project: testProject,
    task: null,
    privat: null,
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    sharedUrl: null,
    canEdit: true,
    canDelete: true,
    ...overrides,
  };
}

export function storedFolder(overrides: Partial<StoredFolder> & Pick<StoredFolder, 'id' | 'name'>): StoredFolder {
  return {
    type: 'file',
    upfolder: null,
    project: testProject,
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    canEdit: true,
    ...overrides,
  };
}

export function signedUpload(code: string, size: number, type = 'application/pdf'): SignedUpload {
  return {
    original: `/uploads/team/${code}?signature=x`,
    method: 'PUT',
    headers: { 'Content-Type': type },
    key: `team/${code}`,
    code,
    size,
    expiresAt: '2030-01-01T00:00:00.000Z',
  };
}
