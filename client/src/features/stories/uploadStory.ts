/**
 * Uploads a recorded story into its space's files: the files area's steps (the shared pre-checks with the team's plan
 * and storage, signedUploadURL, the bytes PUT with progress, then setFile), with setFile told it is a story.
 */
import { isUploadErrorKey } from '#shared/uploads';
import { RequestError, request } from '../../lib/graphql';
import type { AppStore } from '../../lib/store';
import { signedUploadUrlDocument } from '../files/operations';
import { adjustStorage, storageStats } from '../files/stats';
import { limitsFrom, precheckUpload, putBytes, UploadError, type UploadProgress } from '../files/upload';
import { setStoryDocument, type StoryFile } from './operations';

/** `Story <date> <time>`: the name a new story starts with. */
export function defaultStoryName(at: Date, prefix: string): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${prefix} ${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}.${pad(at.getMinutes())}`;
}

/** The name with the recording's extension, without characters file systems refuse. */
export function storyFileName(name: string, mimeType: string): string {
  const extension = mimeType.includes('mp4') ? '.mp4' : '.webm';
  const clean = name.replace(/[\\/:*?"<>|]+/g, ' ').trim();
  return clean.toLowerCase().endsWith(extension) ? clean : `${clean}${extension}`;
}

function asUploadError(error: unknown): unknown {
  if (!(error instanceof RequestError)) return error;
  const key = isUploadErrorKey(error.details.key) ? error.details.key : error.code?.toLowerCase();
  return isUploadErrorKey(key) ? new UploadError(key) : new UploadError('upload_failed', error.message);
}

export async function uploadStory(
  store: AppStore,
  recording: { blob: Blob; mimeType: string },
  target: { project: string; name: string },
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<StoryFile> {
  const type = recording.mimeType || 'video/webm';
  const file = new File([recording.blob], storyFileName(target.name, type), { type });
  const refused = precheckUpload(file, limitsFrom(await storageStats(store)));
  if (refused) throw refused;
  const requestOptions = { handledByCaller: true, ...(options.signal ? { signal: options.signal } : {}) };
  try {
    const { signedUploadURL: signed } = await request(
      signedUploadUrlDocument,
      { filename: file.name, filetype: type, size: file.size, project: target.project },
      requestOptions,
    );
    await putBytes(signed, file, options);
    const { setFile } = await request(
      setStoryDocument,
      { name: file.name, code: signed.code, type, size: file.size, location: signed.key, project: target.project },
      requestOptions,
    );
    adjustStorage(store, setFile.size, 1);
    return setFile;
  } catch (error) {
    throw asUploadError(error);
  }
}
