import { describe, expect, it } from 'vitest';
import { fileIdOfPath, filePaths } from './present';

describe('fileIdOfPath', () => {
  const id = 'a'.repeat(24);

  it('reads the id back from the paths filePaths makes', () => {
    expect(fileIdOfPath(filePaths.file(id))).toBe(id);
    expect(fileIdOfPath(filePaths.thumbnail(id), { thumbnail: true })).toBe(id);
  });

  it('refuses thumbnails unless asked, and any other path', () => {
    expect(fileIdOfPath(filePaths.thumbnail(id))).toBeNull();
    for (const path of [
      filePaths.shared(id),
      `${filePaths.file(id)}?download=1`,
      `/media/files/${'A'.repeat(24)}`,
      '/media/covers/x.svg',
      `https://example.com${filePaths.file(id)}`,
    ]) {
      expect(fileIdOfPath(path, { thumbnail: true })).toBeNull();
    }
  });
});
