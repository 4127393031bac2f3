import { describe, it, expect } from 'vitest';
import {
  accountUploadLimitMessage,
  accountUploadLimitMessageForPlan,
  blockedFileExtensions,
  fileExtension,
  isUploadErrorKey,
  profilePhotoRejection,
  uploadErrorKeys,
  uploadBounds,
  uploadErrorMessages,
  uploadNameRejection,
  uploadRejection,
} from './uploads';

const megabyte = 1024 * 1024;
const gigabyte = 1024 * megabyte;

describe('SPEC §5 and §8 upload errors', () => {
  it('has the seven SPEC keys with their exact English texts', () => {
    expect(uploadErrorKeys).toHaveLength(7);
    expect(uploadErrorMessages).toEqual({
      upload_failed: 'Upload Failed',
      ai_chat_no_files: 'File uploads are not supported in AI chat',
      file_too_large: 'File is too large',
      file_invalid_type: 'Invalid file type',
      too_many_files: 'Too many files',
      file_size_limit: 'File size limit exceeded',
      storage_limit_exceeded: 'Storage limit exceeded',
    });
  });

  it('recognises only the SPEC keys', () => {
    expect(isUploadErrorKey('too_many_files')).toBe(true);
    expect(isUploadErrorKey('TOO_MANY_FILES')).toBe(false);
  });

  it('says how large the account allows files to be', () => {
    expect(accountUploadLimitMessage(100 * megabyte)).toBe('Your account allows files only up to 100 MB. Upgrade to upload larger files.');
    expect(accountUploadLimitMessageForPlan('basic')).toBe('Your account allows files only up to 1 GB. Upgrade to upload larger files.');
  });
});

describe('SPEC §5 and §9 upload rejection', () => {
  it('allows a file under the size limit that fits the quota', () => {
    expect(uploadRejection('free', 10 * megabyte, 50 * megabyte)).toBeNull();
  });

  it('refuses a file at or over the plan size limit', () => {
    expect(uploadRejection('free', 0, 100 * megabyte)).toBe('file_size_limit');
    expect(uploadRejection('business', 0, gigabyte)).toBe('file_size_limit');
  });

  it('refuses a file that would take the team past its quota', () => {
    expect(uploadRejection('free', 90 * megabyte, 20 * megabyte)).toBe('storage_limit_exceeded');
  });

  it('never refuses on quota for the unlimited plan', () => {
    expect(uploadRejection('unlimited', 10_000 * gigabyte, gigabyte - 1)).toBeNull();
  });
});

describe('SPEC §5 profile photo', () => {
  it('accepts PNG and JPG up to exactly 1 MB', () => {
    expect(profilePhotoRejection('image/png', megabyte)).toBeNull();
    expect(profilePhotoRejection('image/jpeg', 1)).toBeNull();
    expect(profilePhotoRejection('IMAGE/JPEG', 1)).toBeNull();
    expect(profilePhotoRejection(' image/png ', 1)).toBeNull();
  });

  it('refuses other image types', () => {
    expect(profilePhotoRejection('image/gif', 1)).toBe('file_invalid_type');
    expect(profilePhotoRejection('image/webp', 1)).toBe('file_invalid_type');
  });

  it('refuses a photo over 1 MB', () => {
    expect(profilePhotoRejection('image/png', megabyte + 1)).toBe('file_too_large');
  });
});

describe('files refused by name', () => {
  // Programs and scripts that run when opened on Windows or macOS.
  const programs = ['exe', 'dll', 'com', 'scr', 'msi', 'msp', 'bat', 'cmd', 'pif', 'cpl', 'vbs', 'vbe', 'wsf', 'wsh', 'ps1', 'hta'];
  const more = ['jse', 'lnk', 'reg', 'app', 'pkg', 'dmg', 'jar', 'apk'];

  it.each([...programs, ...more])('refuses a .%s file, whatever its case', (extension) => {
    expect(uploadNameRejection(`setup.${extension}`)).toBe('file_invalid_type');
    expect(uploadNameRejection(`SETUP.${extension.toUpperCase()}`)).toBe('file_invalid_type');
  });

  it('blocks those and nothing else: source code and documents stay allowed', () => {
    expect([...blockedFileExtensions].sort()).toEqual([...programs, ...more].sort());
    for (const name of ['deploy.sh', 'main.js', 'notes.txt', 'report.pdf', 'README']) expect(uploadNameRejection(name)).toBeNull();
  });

  it('reads the extension after the last dot, ignores surrounding spaces, and sees none in a leading dot', () => {
    expect(fileExtension('archive.tar.GZ')).toBe('gz');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.exe')).toBe('');
    expect(fileExtension('a.exe')).toBe('exe');
    expect(uploadNameRejection('  setup.exe  ')).toBe('file_invalid_type');
    expect(uploadNameRejection('setup.exe.txt')).toBeNull();
  });

  it('bounds a batch to 20 files and a name to 255 characters', () => {
    expect(uploadBounds).toEqual({ batchLimit: 20, nameMaximumLength: 255 });
  });
});
