import { profilePhoto } from './constants';
import { formatBytes } from './files';
import { isOneOf } from './guards';
import { isUploadAllowed, uploadSizeLimitBytes, wouldExceedQuota, type PlanName } from './plans';

/** SPEC §8 upload error keys; the client translates by key and falls back to the English text. */
export const uploadErrorKeys = [
  'upload_failed',
  'ai_chat_no_files',
  'file_too_large',
  'file_invalid_type',
  'too_many_files',
  'file_size_limit',
  'storage_limit_exceeded',
] as const;
export type UploadErrorKey = (typeof uploadErrorKeys)[number];

/** SPEC §5 English texts, exact. */
export const uploadErrorMessages: Readonly<Record<UploadErrorKey, string>> = {
  upload_failed: 'Upload Failed',
  ai_chat_no_files: 'File uploads are not supported in AI chat',
  file_too_large: 'File is too large',
  file_invalid_type: 'Invalid file type',
  too_many_files: 'Too many files',
  file_size_limit: 'File size limit exceeded',
  storage_limit_exceeded: 'Storage limit exceeded',
};

export function isUploadErrorKey(value: unknown): value is UploadErrorKey {
  return isOneOf(uploadErrorKeys, value);
}

/** SPEC §5: the account upload-limit message, e.g. "Your account allows files only up to 100 MB. Upgrade to upload larger files." */
export function accountUploadLimitMessage(maxBytes: number, locale = 'en'): string {
  return `Your account allows files only up to ${formatBytes(maxBytes, locale)}. Upgrade to upload larger files.`;
}

/**
 * Why a team file upload is refused, or null when it may go ahead. The server decides with
 * this and the client checks first with the same function, so both refuse the same files.
 * A file over the plan's size limit is `file_size_limit` (shown with the account
 * upload-limit message); a file that would take the team past its quota is `storage_limit_exceeded`.
 */
export function uploadRejection(plan: PlanName, teamUsedBytes: number, fileSizeBytes: number): UploadErrorKey | null {
  if (!isUploadAllowed(plan, fileSizeBytes)) return 'file_size_limit';
  if (wouldExceedQuota(plan, teamUsedBytes, fileSizeBytes)) return 'storage_limit_exceeded';
  return null;
}

/** The size to show in the account upload-limit message for a plan. */
export function accountUploadLimitMessageForPlan(plan: PlanName, locale = 'en'): string {
  return accountUploadLimitMessage(uploadSizeLimitBytes(plan), locale);
}

/** SPEC §5: why a profile photo is refused (not PNG or JPG, or over 1 MB), or null when it is fine. */
export function profilePhotoRejection(mimeType: string, sizeBytes: number): UploadErrorKey | null {
  if (!isOneOf(profilePhoto.mimeTypes, mimeType.trim().toLowerCase())) return 'file_invalid_type';
  if (sizeBytes > profilePhoto.maximumBytes) return 'file_too_large';
  return null;
}

/**
 * Bounds SPEC leaves open. `batchLimit`: files one person may have signed for upload and not yet
 * recorded at once (a batch the client sends in parallel): one more is `too_many_files`.
 * `nameMaximumLength`: characters in a file name, as most file systems allow.
 */
export const uploadBounds = {
  batchLimit: 20,
  nameMaximumLength: 255,
} as const;

/**
 * Programs and scripts that run when opened on Windows or macOS: refused by name (and by content on the
 * server, which sniffs executables whatever they are called). Source code (.js, .sh, .py) stays allowed:
 * teams share it, and opening it does not run it.
 */
export const blockedFileExtensions: ReadonlySet<string> = new Set([
  'exe',
  'dll',
  'com',
  'scr',
  'msi',
  'msp',
  'bat',
  'cmd',
  'pif',
  'cpl',
  'vbs',
  'vbe',
  'wsf',
  'wsh',
  'ps1',
  'hta',
  'jse',
  'lnk',
  'reg',
  'app',
  'pkg',
  'dmg',
  'jar',
  'apk',
]);

/** A file name's extension in lower case, without the dot; '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why a file is refused by its name alone (an executable's extension), or null. */
export function uploadNameRejection(name: string): UploadErrorKey | null {
  return blockedFileExtensions.has(fileExtension(name.trim())) ? 'file_invalid_type' : null;
}
