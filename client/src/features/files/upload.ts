/**
 * The upload module every area uses (files, media, chat attachments, doc images, task files).
 *
 *   uploadFile(file, { project, folder? } | { task } | { privat }, { onProgress, signal, limits })
 *
 * 1. checks the file with the shared SPEC §5/§9 rules (blocked extension, empty file, the plan's
 *    size limit and quota when `limits` is given), so most refusals come before any request;
 * 2. asks signedUploadURL for a URL that takes exactly these bytes;
 * 3. PUTs the bytes with XMLHttpRequest, because fetch reports no upload progress;
 * 4. records the file with setFile and resolves with it.
 *
 * Every refusal is an UploadError carrying a SPEC §8 key; `uploadErrorMessage` gives its text in
 * the user's language. Cancelling through the AbortSignal rejects with an AbortError
 * (`isUploadCancelled`), whatever step the upload was in.
 */
import type { TFunction } from 'i18next';
import { formatBytes } from '#shared/files';
import { isPlanName, uploadSizeLimitBytes, type PlanName } from '#shared/plans';
import { isUploadErrorKey, uploadErrorMessages, uploadNameRejection, uploadRejection, type UploadErrorKey } from '#shared/uploads';
import { RequestError, request } from '../../lib/graphql';
import { setFileDocument, signedUploadUrlDocument, type FileOwnerArgs, type SignedUpload, type StoredFile } from './operations';

/** Where an upload goes: a space (optionally one of its folders), a task or a private chat. */
export type UploadTarget = { project: string; folder?: string | null } | { task: string } | { privat: string };

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** What the client knows of the team's plan and storage, to refuse early what the server would refuse. */
export interface UploadLimits {
  plan: PlanName;
  /** Bytes the team already uses, plus those of uploads still in flight. */
  usedBytes: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** Which step runs: the tray shows "recording" once the bytes are all sent. */
  onPhase?: (phase: 'signing' | 'sending' | 'recording') => void;
  /**
   * The id the file will have once recorded (setFile records it under the signed upload's code), known before the
   * bytes are sent: a live echo of the recorded file can then be told apart from another file before setFile answers.
   */
  onFileId?: (fileId: string) => void;
  signal?: AbortSignal;
  limits?: UploadLimits | null;
}

/** Why an upload failed: a SPEC §8 key, plus the server's own words when they say more than the key. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    readonly key: UploadErrorKey,
    /** A more precise text (already in the user's language, or the server's) shown instead of the key's. */
    readonly detail?: string,
    /** For file_size_limit: the plan's largest file, for the account upload-limit message. */
    readonly limitBytes?: number,
    /** The client found the file empty (the server refuses 0-byte files too). */
    readonly empty = false,
  ) {
    super(detail ?? uploadErrorMessages[key]);
  }
}

export function isUploadCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function cancelled(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/** SPEC §5/§9 checks made before asking for a URL: the same shared rules the server applies. */
export function precheckUpload(file: Pick<File, 'name' | 'size'>, limits?: UploadLimits | null): UploadError | null {
  if (uploadNameRejection(file.name)) return new UploadError('file_invalid_type');
  if (file.size <= 0) return new UploadError('upload_failed', undefined, undefined, true);
  if (!limits) return null;
  const rejection = uploadRejection(limits.plan, limits.usedBytes, file.size);
  if (rejection === 'file_size_limit') return new UploadError(rejection, undefined, uploadSizeLimitBytes(limits.plan));
  return rejection ? new UploadError(rejection) : null;
}

/** The plan name of getStats, when it is one the shared rules know. */
export function limitsFrom(stats: { plan: string; storage: number } | null, inFlightBytes = 0): UploadLimits | null {
  return stats && isPlanName(stats.plan) ? { plan: stats.plan, usedBytes: stats.storage + inFlightBytes } : null;
}

function ownerOf(target: UploadTarget): FileOwnerArgs {
  if ('project' in target) return { project: target.project };
  if ('task' in target) return { task: target.task };
  return { privat: target.privat };
}

/** A failed GraphQL call as an UploadError: upload codes keep their key, anything else is upload_failed with the server's words. */
function fromRequestError(error: unknown, limits: UploadLimits | null | undefined): unknown {
  if (!(error instanceof RequestError)) return error;
  const detailKey = error.details.key;
  const key = isUploadErrorKey(detailKey) ? detailKey : error.code?.toLowerCase();
  if (isUploadErrorKey(key))
    return new UploadError(key, undefined, key === 'file_size_limit' && limits ? uploadSizeLimitBytes(limits.plan) : undefined);
  return new UploadError('upload_failed', error.message);
}

/** Headers a browser refuses to let scripts set; it sends its own. */
const forbiddenHeaders = new Set(['content-length', 'host', 'connection']);

/** The signed URL's answer to a refused PUT: `{ error: key, message }` from our server, XML or nothing from a bucket. */
function refusalOf(status: number, body: string): UploadError {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    if (isUploadErrorKey(parsed.error)) {
      const message =
        typeof parsed.message === 'string' && parsed.message !== uploadErrorMessages[parsed.error] ? parsed.message : undefined;
      return new UploadError(parsed.error, message);
    }
  } catch {
    // Not our server's JSON (an S3 XML error, a proxy page): decide by the status alone.
  }
  return new UploadError(status === 413 ? 'file_too_large' : 'upload_failed');
}

/** PUTs the bytes to the signed URL, reporting progress; aborting the signal aborts the request. */
export function putBytes(
  signed: Pick<SignedUpload, 'original' | 'method' | 'headers'>,
  body: Blob,
  { onProgress, signal }: Pick<UploadOptions, 'onProgress' | 'signal'> = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    xhr.open(signed.method || 'PUT', signed.original);
    for (const [name, value] of Object.entries(signed.headers ?? {})) {
      if (!forbiddenHeaders.has(name.toLowerCase())) xhr.setRequestHeader(name, String(value));
    }
    xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : body.size });
    xhr.onload = () =>
      settle(() => {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress?.({ loaded: body.size, total: body.size });
          resolve();
        } else reject(refusalOf(xhr.status, xhr.responseText));
      });
    xhr.onerror = () => settle(() => reject(new UploadError('upload_failed')));
    xhr.onabort = () => settle(() => reject(cancelled()));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}

/** Uploads one file to `target` and resolves with the recorded file (see the module comment). */
export async function uploadFile(file: File, target: UploadTarget, options: UploadOptions = {}): Promise<StoredFile> {
  const { signal, limits, onPhase, onFileId } = options;
  const refused = precheckUpload(file, limits);
  if (refused) throw refused;
  if (signal?.aborted) throw cancelled();
  const owner = ownerOf(target);
  const filetype = file.type || 'application/octet-stream';
  const requestOptions = { handledByCaller: true, ...(signal ? { signal } : {}) };
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (signal?.aborted) throw cancelled();
      throw fromRequestError(error, limits);
    }
  };
  onPhase?.('signing');
  const { signedUploadURL: signed } = await call(() =>
    request(signedUploadUrlDocument, { filename: file.name, filetype, size: file.size, ...owner }, requestOptions),
  );
  onFileId?.(signed.code);
  onPhase?.('sending');
  await putBytes(signed, file, options);
  onPhase?.('recording');
  const folder = 'project' in target && target.folder ? { folder: target.folder } : {};
  const { setFile } = await call(() =>
    request(
      setFileDocument,
      { name: file.name, code: signed.code, type: filetype, size: file.size, location: signed.key, ...owner, ...folder },
      requestOptions,
    ),
  );
  return setFile;
}

/** The text of an upload failure in the user's language (SPEC §5 texts; the account upload-limit message for file_size_limit). */
export function uploadErrorMessage(error: unknown, t: TFunction, language: string): string {
  if (!(error instanceof UploadError)) return t('errors.codes.UPLOAD_FAILED');
  if (error.empty) return t('files.upload.empty');
  if (error.detail) return error.detail;
  const text = t(`errors.codes.${error.key.toUpperCase() as Uppercase<UploadErrorKey>}`);
  if (error.key === 'file_size_limit' && error.limitBytes)
    return `${text}. ${t('files.upload.accountLimit', { size: formatBytes(error.limitBytes, language) })}`;
  return text;
}
