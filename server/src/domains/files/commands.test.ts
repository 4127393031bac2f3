import { describe, expect, it } from 'vitest';
import { megabyte } from '#shared/files';
import type { DomainError } from '../../errors';
import {
  decideCreateFolder,
  decideDeleteFolder,
  decideEditFile,
  decideEditFolder,
  decideRecordFile,
  type FileState,
  type FolderState,
  type RecordFile,
} from './commands';

const teamId = 'a'.repeat(24);
const projectId = 'b'.repeat(24);
const actorId = 'c'.repeat(24);
const upload = {
  id: 'd'.repeat(24),
  teamId,
  userId: actorId,
  key: `${teamId}/${'d'.repeat(24)}`,
  size: 1000,
  recordBy: '2026-01-01T06:00:00.000Z',
};

function record(overrides: Partial<RecordFile> = {}): RecordFile {
  return {
    fileId: upload.id,
    actorId,
    now: new Date('2026-01-01T01:00:00.000Z'),
    given: { name: 'report.pdf', size: 1000, location: upload.key },
    upload,
    owner: { kind: 'project', projectId },
    ownerTeamId: teamId,
    folder: undefined,
    stored: { size: 1000, type: { mimeType: 'application/pdf' } },
    analysis: { thumbnail: null, preview: null, width: null, height: null, duration: null, text: 'hello' },
    quota: { plan: 'free', usedBytes: 0 },
    ...overrides,
  };
}

const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as DomainError).code;
  }
  return null;
};

describe('recording a file', () => {
  it('given a complete upload within quota, when recorded, then the file is created with its kind', () => {
    const [event] = decideRecordFile(record());
    expect(event).toMatchObject({
      type: 'file.created',
      payload: { fileId: upload.id, kind: 'Pdf', size: 1000, projectId, taskId: null, text: 'hello' },
    });
  });

  it('refuses an upload that would take the team past its quota, allowing it to fill it exactly', () => {
    expect(codeOf(() => decideRecordFile(record({ quota: { plan: 'free', usedBytes: 100 * megabyte - 999 } })))).toBe(
      'STORAGE_LIMIT_EXCEEDED',
    );
    expect(codeOf(() => decideRecordFile(record({ quota: { plan: 'free', usedBytes: 100 * megabyte - 1000 } })))).toBeNull();
    expect(codeOf(() => decideRecordFile(record({ quota: { plan: 'unlimited', usedBytes: 10 ** 15 } })))).toBeNull();
  });

  it('applies the upload-allowed helper: under 100 MB on free, under 1 GB on paid plans', () => {
    const big = { ...upload, size: 100 * megabyte };
    const given = { name: 'big.bin', size: big.size, location: big.key };
    const stored = { size: big.size, type: { mimeType: 'application/octet-stream' } };
    expect(codeOf(() => decideRecordFile(record({ upload: big, given, stored })))).toBe('FILE_SIZE_LIMIT');
    expect(codeOf(() => decideRecordFile(record({ upload: big, given, stored, quota: { plan: 'basic', usedBytes: 0 } })))).toBeNull();
  });

  it('refuses missing, foreign, expired and incomplete uploads', () => {
    expect(codeOf(() => decideRecordFile(record({ upload: null })))).toBe('UPLOAD_FAILED');
    expect(codeOf(() => decideRecordFile(record({ upload: { ...upload, userId: 'e'.repeat(24) } })))).toBe('UPLOAD_FAILED');
    expect(codeOf(() => decideRecordFile(record({ now: new Date('2026-01-01T07:00:00.000Z') })))).toBe('UPLOAD_FAILED');
    expect(codeOf(() => decideRecordFile(record({ stored: { size: null, type: { rejection: 'upload_failed' } } })))).toBe('UPLOAD_FAILED');
    expect(codeOf(() => decideRecordFile(record({ stored: { size: 999, type: { mimeType: 'text/plain' } } })))).toBe('UPLOAD_FAILED');
    expect(codeOf(() => decideRecordFile(record({ ownerTeamId: 'f'.repeat(24) })))).toBe('UPLOAD_OTHER_TEAM');
  });

  it('refuses a refused type, and a folder of another space', () => {
    expect(codeOf(() => decideRecordFile(record({ stored: { size: 1000, type: { rejection: 'file_invalid_type' } } })))).toBe(
      'FILE_INVALID_TYPE',
    );
    const otherFolder = folder('1', { projectId: 'e'.repeat(24) });
    expect(codeOf(() => decideRecordFile(record({ folder: otherFolder })))).toBe('NOT_FOUND');
    expect(codeOf(() => decideRecordFile(record({ folder: folder('1'), owner: { kind: 'privat', privatId: 'e'.repeat(24) } })))).toBe(
      'FILE_FOLDERS_UNAVAILABLE',
    );
  });

  it('puts a file only in a file or media folder, never in a doc folder', () => {
    expect(codeOf(() => decideRecordFile(record({ folder: folder('1', { type: 'doc' }) })))).toBe('FILE_FOLDER_TYPE');
    expect(decideRecordFile(record({ folder: folder('1', { type: 'file' }) }))[0]).toMatchObject({ payload: { folderId: folder('1').id } });
    expect(decideRecordFile(record({ folder: folder('1', { type: 'media' }) }))[0]).toMatchObject({
      payload: { folderId: folder('1').id },
    });
  });
});

function folder(id: string, overrides: Partial<FolderState> = {}): FolderState {
  return {
    id: id.padStart(24, '0'),
    teamId,
    projectId,
    type: 'file',
    name: `Folder ${id}`,
    upfolderId: null,
    authorId: actorId,
    ancestorIds: [],
    ...overrides,
  };
}

describe('folders', () => {
  const parent = folder('1');
  const child = folder('2', { upfolderId: parent.id, ancestorIds: [parent.id] });
  const grandchild = folder('3', { upfolderId: child.id, ancestorIds: [child.id, parent.id] });

  it('refuses a folder moved into itself or one of its subfolders', () => {
    expect(codeOf(() => decideEditFolder(parent, {}, parent))).toBe('FOLDER_CYCLE');
    expect(codeOf(() => decideEditFolder(parent, {}, grandchild))).toBe('FOLDER_CYCLE');
    expect(codeOf(() => decideEditFolder(parent, { name: ' / ' }))).toBe('FOLDER_NAME_INVALID');
    expect(codeOf(() => decideEditFolder(parent, { name: '  ' }))).toBe('FOLDER_NAME_REQUIRED');
    expect(decideEditFolder(grandchild, {}, null)).toMatchObject([
      { type: 'folder.updated', payload: { changes: { upfolderId: null }, previous: { upfolderId: child.id } } },
    ]);
  });

  it('keeps trees of one type in one space', () => {
    expect(codeOf(() => decideEditFolder(child, {}, folder('4', { type: 'doc' })))).toBe('NOT_FOUND');
    expect(
      codeOf(() =>
        decideCreateFolder({
          folderId: 'x'.padStart(24, '0'),
          teamId,
          projectId,
          type: 'file',
          name: 'A',
          upfolder: folder('5', { projectId: 'e'.repeat(24) }),
        }),
      ),
    ).toBe('NOT_FOUND');
    expect(
      codeOf(() =>
        decideCreateFolder({ folderId: 'x'.padStart(24, '0'), teamId, projectId, type: 'video', name: 'A', upfolder: undefined }),
      ),
    ).toBe('FOLDER_TYPE_INVALID');
  });

  it('records nothing when nothing changes, and moves contents up when a folder goes', () => {
    expect(decideEditFolder(child, { name: child.name }, folder('1'))).toEqual([]);
    const inChild: FileState = {
      id: 'c'.repeat(24),
      teamId,
      projectId,
      taskId: null,
      privatId: null,
      folderId: child.id,
      name: 'in.txt',
      shared: false,
      authorId: actorId,
      size: 1,
      location: 'x',
      thumbnail: null,
    };
    const elsewhere: FileState = { ...inChild, id: 'd'.repeat(24), folderId: parent.id };
    const deletion = decideDeleteFolder(child, { files: [inChild, elsewhere], subfolders: [grandchild, parent] });
    expect(deletion.folder).toEqual([
      { type: 'folder.deleted', payload: { folderId: child.id, projectId, name: child.name, upfolderId: parent.id } },
    ]);
    expect(deletion.files).toEqual([
      {
        fileId: inChild.id,
        events: [
          {
            type: 'file.updated',
            payload: {
              fileId: inChild.id,
              projectId,
              taskId: null,
              privatId: null,
              changes: { folderId: parent.id },
              previous: { folderId: child.id },
            },
          },
        ],
      },
    ]);
    expect(deletion.subfolders).toEqual([
      {
        folderId: grandchild.id,
        events: [
          {
            type: 'folder.updated',
            payload: { folderId: grandchild.id, projectId, changes: { upfolderId: parent.id }, previous: { upfolderId: child.id } },
          },
        ],
      },
    ]);
  });
});

describe('editing a file', () => {
  const file: FileState = {
    id: upload.id,
    teamId,
    projectId,
    taskId: null,
    privatId: null,
    folderId: null,
    name: 'a.txt',
    shared: false,
    authorId: actorId,
    size: 10,
    location: upload.key,
    thumbnail: null,
  };

  it('records only what differs, with what it replaced', () => {
    expect(decideEditFile(file, { shared: true, name: 'a.txt' }, {})).toEqual([
      {
        type: 'file.updated',
        payload: { fileId: file.id, projectId, taskId: null, privatId: null, changes: { shared: true }, previous: { shared: false } },
      },
    ]);
    expect(decideEditFile(file, { shared: false }, {})).toEqual([]);
  });

  it('moves to another space of the same team only, leaving its folder', () => {
    const other = 'e'.repeat(24);
    expect(
      decideEditFile({ ...file, folderId: 'f'.repeat(24) }, { projectId: other }, { target: { projectId: other, teamId } })[0],
    ).toMatchObject({ payload: { changes: { projectId: other, folderId: null } } });
    expect(codeOf(() => decideEditFile(file, { projectId: other }, { target: { projectId: other, teamId: other } }))).toBe('NOT_FOUND');
    expect(codeOf(() => decideEditFile({ ...file, taskId: other }, { projectId: other }, { target: { projectId: other, teamId } }))).toBe(
      'FILE_MOVE_UNAVAILABLE',
    );
    expect(codeOf(() => decideEditFile(file, { name: '' }, {}))).toBe('FILE_NAME_REQUIRED');
  });

  it('moves a file only into a file or media folder, never into a doc folder', () => {
    expect(codeOf(() => decideEditFile(file, {}, { folder: folder('1', { type: 'doc' }) }))).toBe('FILE_FOLDER_TYPE');
    expect(decideEditFile(file, {}, { folder: folder('1', { type: 'media' }) })[0]).toMatchObject({
      payload: { changes: { folderId: folder('1').id } },
    });
    expect(decideEditFile({ ...file, folderId: folder('1').id }, {}, { folder: null })[0]).toMatchObject({
      payload: { changes: { folderId: null } },
    });
  });
});
