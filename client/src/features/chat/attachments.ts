/**
 * Chat attachments: files picked, dropped or pasted into a conversation are uploaded through the
 * files area's upload module to the conversation's owner (its space, task or private chat), each
 * shown as a pending message with a progress bar and a cancel button; once recorded, the file goes
 * through the outbox as a file message (setMessage with the file id and a clientId), so sending it
 * stays idempotent and survives a dropped connection like any message.
 *
 * Offline: the bytes need the connection. A file attached while offline (or while the socket is
 * reconnecting) waits, shown as "waiting for the connection", and starts by itself once it is back.
 * The picked File is a browser handle that cannot be stored, so waiting and running uploads live in
 * memory only: a reload forgets them (the outbox keeps file messages whose upload had finished).
 */
import { appStore, atom, type AppStore } from '../../lib/store';
import { currentUserAtom } from '../auth/session';
import type { StoredFile } from '../files/operations';
import { adjustStorage, storageStats } from '../files/stats';
import { isUploadCancelled, limitsFrom, precheckUpload, UploadError, uploadFile, type UploadTarget } from '../files/upload';
import { conversationKey } from './messages';
import type { ConversationTarget, MessageFile, MessageQuote } from './operations';
import { isDisconnected, sendMessage } from './outbox';

/** Uploads sent at once; the rest wait their turn (like the files area's queue). */
export const attachmentConcurrency = 3;

export type AttachmentState = 'waiting' | 'queued' | 'uploading' | 'recording' | 'failed';

export interface AttachmentUpload {
  id: string;
  userId: string;
  conversation: string;
  target: ConversationTarget;
  name: string;
  size: number;
  /** The picked file's type, to show an icon before the server decides. */
  mimeType: string;
  replyTo: MessageQuote | null;
  state: AttachmentState;
  /** Bytes sent so far. */
  loaded: number;
  error: UploadError | null;
}

export const attachmentsAtom = atom<readonly AttachmentUpload[]>([]);

interface Handle {
  source: File;
  controller: AbortController | null;
}

const handles = new Map<string, Handle>();
let nextId = 1;

/** Where a conversation's files go; meeting rooms have no files of their own, so nothing can be attached there. */
export function uploadTargetOf(target: ConversationTarget): UploadTarget | null {
  if ('project' in target) return { project: target.project };
  if ('task' in target) return { task: target.task };
  if ('privat' in target) return { privat: target.privat };
  return null;
}

/** The recorded file as a message shows it (a subset of the files area's File). */
export function toMessageFile(file: StoredFile): MessageFile {
  const { id, name, type, size, url, thumbnail, category, width, height, duration } = file;
  return { id, name, type, size, url, thumbnail, category, width, height, duration };
}

function update(store: AppStore, id: string, changes: Partial<AttachmentUpload>): void {
  store.set(attachmentsAtom, (items) => items.map((item) => (item.id === id ? { ...item, ...changes } : item)));
}

function remove(store: AppStore, id: string): void {
  handles.delete(id);
  store.set(attachmentsAtom, (items) => items.filter((item) => item.id !== id));
}

const isRunning = (item: AttachmentUpload) => item.state === 'uploading' || item.state === 'recording';

/**
 * Attaches files to a conversation: each becomes its own file message (with `replyTo`, if any).
 * Files refused by name or for being empty fail at once; the rest upload now, or wait for the connection.
 */
export function attachFiles(
  store: AppStore,
  target: ConversationTarget,
  files: Iterable<File>,
  replyTo: MessageQuote | null = null,
): string[] {
  const userId = store.get(currentUserAtom)?.id;
  if (!userId || !uploadTargetOf(target)) return [];
  const added: AttachmentUpload[] = [];
  for (const source of files) {
    const id = `attachment-${nextId++}`;
    handles.set(id, { source, controller: null });
    const refused = precheckUpload(source);
    added.push({
      id,
      userId,
      conversation: conversationKey(target),
      target,
      name: source.name,
      size: source.size,
      mimeType: source.type,
      replyTo,
      state: refused ? 'failed' : 'waiting',
      loaded: 0,
      error: refused,
    });
  }
  store.set(attachmentsAtom, (items) => [...items, ...added]);
  resumeAttachments(store);
  return added.map((item) => item.id);
}

/** Starts waiting uploads while connected, up to the concurrency; called on attach, on finish and when the connection comes back. */
export function resumeAttachments(store: AppStore = appStore): void {
  if (isDisconnected(store)) return;
  const items = store.get(attachmentsAtom);
  let running = items.filter(isRunning).length;
  for (const item of items) {
    if (running >= attachmentConcurrency) break;
    if (item.state !== 'waiting' && item.state !== 'queued') continue;
    running += 1;
    void run(store, item.id);
  }
  // Those left over wait for a slot, not for the connection.
  store.set(attachmentsAtom, (all) =>
    all.some((item) => item.state === 'waiting')
      ? all.map((item) => (item.state === 'waiting' ? { ...item, state: 'queued' } : item))
      : all,
  );
}

async function run(store: AppStore, id: string): Promise<void> {
  const handle = handles.get(id);
  const item = store.get(attachmentsAtom).find((known) => known.id === id);
  const target = item && uploadTargetOf(item.target);
  if (!handle || !item || !target) return;
  const controller = new AbortController();
  handle.controller = controller;
  update(store, id, { state: 'uploading', loaded: 0, error: null });
  try {
    const stats = await storageStats(store);
    const inFlight = store
      .get(attachmentsAtom)
      .filter((other) => other.id !== id && isRunning(other))
      .reduce((sum, other) => sum + other.size, 0);
    const file = await uploadFile(handle.source, target, {
      signal: controller.signal,
      limits: limitsFrom(stats, inFlight),
      onProgress: ({ loaded }) => update(store, id, { loaded }),
      onPhase: (phase) => {
        if (phase === 'recording') update(store, id, { state: 'recording' });
      },
    });
    adjustStorage(store, file.size, 1);
    // The upload is done: from here the message is the outbox's, shown there until the server has it.
    remove(store, id);
    sendMessage(store, { target: item.target, body: '', replyTo: item.replyTo, file: toMessageFile(file) });
  } catch (error) {
    if (isUploadCancelled(error)) remove(store, id);
    else if (isDisconnected(store) && !(error instanceof UploadError && error.key !== 'upload_failed'))
      update(store, id, { state: 'waiting', loaded: 0 });
    else update(store, id, { state: 'failed', error: error instanceof UploadError ? error : new UploadError('upload_failed') });
  } finally {
    handle.controller = null;
    resumeAttachments(store);
  }
}

/** Stops an upload wherever it is and drops it: nothing is sent. */
export function cancelAttachment(store: AppStore, id: string): void {
  const controller = handles.get(id)?.controller;
  if (controller) controller.abort();
  else remove(store, id);
}

/** Tries a failed upload again. */
export function retryAttachment(store: AppStore, id: string): void {
  const item = store.get(attachmentsAtom).find((known) => known.id === id);
  if (!item || item.state !== 'failed' || !handles.has(id) || precheckUpload(handles.get(id)!.source)) return;
  update(store, id, { state: 'waiting', loaded: 0, error: null });
  resumeAttachments(store);
}
