/**
 * The upload queue behind the tray: any area drops files in with `enqueueUploads`, at most three
 * send at once, and each can be cancelled or retried. State lives in `uploadsAtom` (what the tray
 * renders); the picked File objects and abort controllers stay here, out of the atom, because
 * they are handles rather than state.
 */
import { appStore, atom, type AppStore } from '../../lib/store';
import type { StoredFile } from './operations';
import { adjustStorage, storageStats } from './stats';
import { isUploadCancelled, limitsFrom, precheckUpload, UploadError, uploadFile, type UploadTarget } from './upload';

export const uploadConcurrency = 3;

export type UploadStatus = 'queued' | 'uploading' | 'recording' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  target: UploadTarget;
  status: UploadStatus;
  /** Bytes sent so far. */
  loaded: number;
  error: UploadError | null;
  /** The recorded file once done. */
  file: StoredFile | null;
  /** The id the file is recorded under, known once the upload is signed: its live echo may come before setFile's answer. */
  fileId: string | null;
}

export const uploadsAtom = atom<readonly UploadItem[]>([]);

/** Uploads still to finish: the tray's count and the "leave the page?" guard read it. */
export const activeUploadsAtom = atom((get) =>
  get(uploadsAtom).filter((item) => item.status === 'queued' || item.status === 'uploading' || item.status === 'recording'),
);

export interface EnqueueOptions {
  /** Called with each recorded file, e.g. to show it in a list or attach it to a message. */
  onUploaded?: (file: StoredFile) => void;
}

interface Handles {
  source: File;
  target: UploadTarget;
  controller: AbortController | null;
  onUploaded?: ((file: StoredFile) => void) | undefined;
}

const handles = new Map<string, Handles>();
let nextId = 1;

const isRunning = (item: UploadItem) => item.status === 'uploading' || item.status === 'recording';

function update(store: AppStore, id: string, changes: Partial<UploadItem>): void {
  store.set(uploadsAtom, (items) => items.map((item) => (item.id === id ? { ...item, ...changes } : item)));
}

function find(store: AppStore, id: string): UploadItem | undefined {
  return store.get(uploadsAtom).find((item) => item.id === id);
}

/** Adds files to the queue (in order) and starts as many as the concurrency allows. Returns their ids. */
export function enqueueUploads(
  files: Iterable<File>,
  target: UploadTarget,
  store: AppStore = appStore,
  options: EnqueueOptions = {},
): string[] {
  const added: UploadItem[] = [];
  for (const source of files) {
    const id = `upload-${nextId++}`;
    handles.set(id, { source, target, controller: null, onUploaded: options.onUploaded });
    // The name rule and the empty-file rule need no stats: refuse those at once, before they queue.
    const refused = precheckUpload(source);
    added.push({
      id,
      name: source.name,
      size: source.size,
      target,
      status: refused ? 'failed' : 'queued',
      loaded: 0,
      error: refused,
      file: null,
      fileId: null,
    });
  }
  store.set(uploadsAtom, (items) => [...items, ...added]);
  pump(store);
  return added.map((item) => item.id);
}

function pump(store: AppStore): void {
  const items = store.get(uploadsAtom);
  let running = items.filter(isRunning).length;
  for (const item of items) {
    if (running >= uploadConcurrency) break;
    if (item.status !== 'queued') continue;
    running += 1;
    void run(store, item.id);
  }
}

async function run(store: AppStore, id: string): Promise<void> {
  const handle = handles.get(id);
  if (!handle) return;
  const controller = new AbortController();
  handle.controller = controller;
  update(store, id, { status: 'uploading', loaded: 0, error: null, fileId: null });
  try {
    const stats = await storageStats(store);
    // Bytes of the other uploads in flight count too: three parallel uploads must not each fit alone.
    const inFlight = store
      .get(uploadsAtom)
      .filter((item) => item.id !== id && isRunning(item))
      .reduce((sum, item) => sum + item.size, 0);
    const file = await uploadFile(handle.source, handle.target, {
      signal: controller.signal,
      limits: limitsFrom(stats, inFlight),
      onProgress: ({ loaded }) => update(store, id, { loaded }),
      onPhase: (phase) => {
        if (phase === 'recording') update(store, id, { status: 'recording' });
      },
      onFileId: (fileId) => update(store, id, { fileId }),
    });
    update(store, id, { status: 'done', loaded: handle.source.size, file });
    adjustStorage(store, file.size, 1);
    handle.onUploaded?.(file);
  } catch (error) {
    if (isUploadCancelled(error)) update(store, id, { status: 'cancelled' });
    else update(store, id, { status: 'failed', error: error instanceof UploadError ? error : new UploadError('upload_failed') });
  } finally {
    handle.controller = null;
    pump(store);
  }
}

/** Stops an upload: a queued one never starts, a running one is aborted wherever it is. */
export function cancelUpload(id: string, store: AppStore = appStore): void {
  const item = find(store, id);
  if (!item) return;
  if (item.status === 'queued') update(store, id, { status: 'cancelled' });
  handles.get(id)?.controller?.abort();
}

/** Puts a failed or cancelled upload back in the queue. */
export function retryUpload(id: string, store: AppStore = appStore): void {
  const item = find(store, id);
  if (!item || (item.status !== 'failed' && item.status !== 'cancelled') || !handles.has(id)) return;
  update(store, id, { status: 'queued', loaded: 0, error: null });
  pump(store);
}

/** Takes finished, failed and cancelled uploads off the tray. */
export function clearFinishedUploads(store: AppStore = appStore): void {
  const keep = store.get(uploadsAtom).filter((item) => item.status === 'queued' || isRunning(item));
  for (const item of store.get(uploadsAtom)) if (!keep.includes(item)) handles.delete(item.id);
  store.set(uploadsAtom, keep);
}

/** Cancels everything still to do (the tray's "cancel all"). */
export function cancelAllUploads(store: AppStore = appStore): void {
  for (const item of store.get(uploadsAtom)) if (item.status === 'queued' || isRunning(item)) cancelUpload(item.id, store);
}
