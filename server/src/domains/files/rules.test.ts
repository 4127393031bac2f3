import { describe, expect, it } from 'vitest';
import { fileKindFromMimeType, formatBytes } from '#shared/files';
import { errorMessages } from '#shared/errors';
import { uploadBounds, uploadNameRejection } from '#shared/uploads';
import { checkFileName, contentDisposition, decideStoredType, parseRange } from './rules';

describe('file names', () => {
  it('keeps an ordinary name, trimmed', () => {
    expect(checkFileName('  Team photo.png ')).toEqual({ ok: true, name: 'Team photo.png' });
  });

  it('refuses a path-traversal name instead of cutting it', () => {
    expect(checkFileName('../../etc/passwd')).toMatchObject({
      ok: false,
      code: 'FILE_NAME_INVALID',
      message: 'A file name cannot contain / or \\.',
    });
    expect(checkFileName('a/b', 'folder')).toMatchObject({
      ok: false,
      code: 'FOLDER_NAME_INVALID',
      message: 'A folder name cannot contain / or \\.',
    });
    expect(checkFileName('..\\boot.ini')).toMatchObject({ ok: false });
    expect(checkFileName('..')).toMatchObject({ ok: false });
  });

  it('drops control and bidirectional-override characters that disguise an extension', () => {
    expect(checkFileName('invoice\u202Egnp.exe')).toEqual({ ok: true, name: 'invoicegnp.exe' });
    expect(checkFileName('a\u0000b.txt')).toEqual({ ok: true, name: 'ab.txt' });
  });

  it('refuses names longer than 255 characters', () => {
    expect(checkFileName(`${'a'.repeat(252)}.txt`)).toMatchObject({ ok: false, code: 'FILE_NAME_TOO_LONG' });
    // The refusal's text, translated by code, names the bound itself.
    expect(errorMessages.FILE_NAME_TOO_LONG).toContain(String(uploadBounds.nameMaximumLength));
    expect(errorMessages.FOLDER_NAME_TOO_LONG).toContain(String(uploadBounds.nameMaximumLength));
  });
});

describe('stored type', () => {
  it('trusts the bytes over the declared type', () => {
    expect(decideStoredType('photo.jpg', 'image/png', { mime: 'image/jpeg', ext: 'jpg' })).toEqual({ mimeType: 'image/jpeg' });
  });

  it('refuses a renamed executable posing as an image', () => {
    expect(decideStoredType('holiday.png', 'image/png', { mime: 'application/x-msdownload', ext: 'exe' })).toEqual({
      rejection: 'file_invalid_type',
    });
  });

  it('refuses a declared image whose bytes are no image', () => {
    expect(decideStoredType('holiday.png', 'image/png', undefined)).toEqual({ rejection: 'file_invalid_type' });
    expect(decideStoredType('doc.pdf', 'application/pdf', { mime: 'application/zip', ext: 'zip' })).toEqual({
      rejection: 'file_invalid_type',
    });
  });

  it('accepts text formats no magic number marks, SVG included, with their declared type', () => {
    expect(decideStoredType('notes.csv', 'text/csv; charset=utf-8', undefined)).toEqual({ mimeType: 'text/csv' });
    expect(decideStoredType('logo.svg', 'image/svg+xml', undefined)).toEqual({ mimeType: 'image/svg+xml' });
    expect(decideStoredType('blob', 'not a type', undefined)).toEqual({ mimeType: 'application/octet-stream' });
  });

  it('refuses executables by name whatever their content', () => {
    expect(uploadNameRejection('setup.EXE')).toBe('file_invalid_type');
    expect(uploadNameRejection('deploy.sh')).toBeNull();
    expect(decideStoredType('run.bat', 'text/plain', undefined)).toEqual({ rejection: 'file_invalid_type' });
  });
});

describe('SPEC §5 kinds and sizes, as the files area uses them', () => {
  it('names the kind from the mime type', () => {
    expect(
      ['image/webp', 'video/mp4', 'application/pdf', 'application/msword', 'text/csv', 'application/zip'].map(fileKindFromMimeType),
    ).toEqual(['image', 'video', 'Pdf', 'Word', 'Xls', 'unknown']);
  });

  it('formats sizes in base 1024', () => {
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});

describe('serving', () => {
  it('shows only safe media inline; HTML, SVG and PDF always download', () => {
    for (const type of ['image/png', 'image/jpeg', 'video/mp4', 'audio/mpeg']) expect(contentDisposition(type, 'a')).toMatch(/^inline;/);
    expect(contentDisposition('application/pdf', 'a.pdf')).toMatch(/^attachment;/);
    expect(contentDisposition('text/plain', 'a.txt')).toMatch(/^attachment;/);
    expect(contentDisposition('image/svg+xml', 'a.svg')).toMatch(/^attachment;/);
    expect(contentDisposition('text/html', 'a.html')).toMatch(/^attachment;/);
    expect(contentDisposition('image/png', 'a.png', true)).toMatch(/^attachment;/);
  });

  it('encodes any name safely, with an ASCII fallback', () => {
    expect(contentDisposition('text/plain', 'Résumé "final".txt')).toBe(
      `attachment; filename="R_sum_ _final_.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.txt`,
    );
  });

  it('reads single byte ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=200-300', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange(undefined, 100)).toBeNull();
  });
});
