/**
 * Task edits typed but not yet acknowledged by the server (a name, a description), kept on this
 * device so a reload, a closed tab or a crash right after typing loses nothing.
 *
 * Every keystroke writes the edit to localStorage synchronously, before any request: a reload one
 * millisecond later still finds it. The field saves itself after a short pause as before, and the
 * record is dropped once the server has the value. What a previous page left behind is replayed
 * when the space's board loads: only if the field on the server still holds the value the edit
 * started from (otherwise someone changed it since, and their newer value wins). A flush on
 * `pagehide` with a keepalive fetch was the alternative; it was not chosen because it is best
 * effort (browsers may drop it, bodies are capped at 64 KB, an expired access token cannot be
 * refreshed at that moment), whereas the local record cannot be lost by the reload itself.
 *
 * Records are per user (another account on the browser never replays them), expire after a week
 * and are deleted with forgetPendingTaskEdits (to be called on sign-out).
 *
 * A value on its way keeps the Idempotency-Key of its save with it (`sentKey`, returned by markSent
 * for the save to send): a replay of that same value after a reload sends the same key, so a save
 * that reached the server before the reload is answered, not applied a second time. A replay of
 * another value records its own key before it is sent, for the same reason.
 */
import { readStored, writeStored } from '../../lib/browser';
import { request, RequestError } from '../../lib/graphql';
import { newMutationKey } from '../../lib/mutationKeys';
import type { AppStore } from '../../lib/store';
import { currentUserAtom } from '../auth/session';
import { boardAtom, upsertAnsweredTask } from './atoms';
import { richTextOf, storedDescription } from './description';
import { ediTaskDocument, getTaskDocument, type RichNode } from './operations';

export type PendingField = 'name' | 'description';

export interface PendingEdit {
  taskId: string;
  project: string;
  field: PendingField;
  /** What was typed: a name, or a description as stored (Tiptap JSON, null when empty). */
  value: string | RichNode | null;
  /** The field's value on the server when the edit began (or at its last acknowledged save). */
  base: string | RichNode | null;
  /** A value on its way to the server when the record was last written: if it got there, the edit still builds on it. */
  sent?: string | RichNode | null;
  /** The Idempotency-Key of the save of `sent`. */
  sentKey?: string;
  /** When it was last typed (ms since the epoch). */
  at: number;
}

const maximumAgeMs = 7 * 24 * 60 * 60 * 1000;
const storageKey = (userId: string) => `tasks.pendingEdits.${userId}`;
const sameValue = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing kept to remove.
  }
}

function isPendingEdit(value: unknown): value is PendingEdit {
  const edit = value as Partial<PendingEdit> | null;
  return (
    typeof edit === 'object' &&
    edit !== null &&
    typeof edit.taskId === 'string' &&
    typeof edit.project === 'string' &&
    (edit.field === 'name' || edit.field === 'description') &&
    typeof edit.at === 'number'
  );
}

function readAll(userId: string, now = Date.now()): PendingEdit[] {
  try {
    const parsed: unknown = JSON.parse(readStored(storageKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPendingEdit).filter((edit) => now - edit.at < maximumAgeMs) : [];
  } catch {
    return [];
  }
}

function writeAll(userId: string, edits: readonly PendingEdit[]): void {
  if (edits.length === 0) removeStored(storageKey(userId));
  else writeStored(storageKey(userId), JSON.stringify(edits));
}

/** Records what was just typed; the base stays the one of the first unsaved keystroke. */
export function rememberEdit(userId: string, edit: Omit<PendingEdit, 'at'>, now = Date.now()): void {
  const edits = readAll(userId, now);
  const earlier = edits.find((known) => known.taskId === edit.taskId && known.field === edit.field);
  const others = edits.filter((known) => known !== earlier);
  writeAll(userId, [
    ...others,
    {
      ...edit,
      base: earlier ? earlier.base : edit.base,
      ...(earlier && 'sent' in earlier ? { sent: earlier.sent } : {}),
      ...(earlier?.sentKey ? { sentKey: earlier.sentKey } : {}),
      at: now,
    },
  ]);
}

/**
 * A save of `value` is on its way; returns the Idempotency-Key it should carry, kept with the record
 * (the same key again for the same value, so a save repeated before its answer came is one mutation).
 */
export function markSent(
  userId: string,
  taskId: string,
  field: PendingField,
  value: PendingEdit['value'],
  createKey: () => string = newMutationKey,
): string {
  const edits = readAll(userId);
  const record = edits.find((edit) => edit.taskId === taskId && edit.field === field);
  if (record?.sentKey && 'sent' in record && sameValue(record.sent, value)) return record.sentKey;
  const sentKey = createKey();
  if (!record) return sentKey;
  writeAll(
    userId,
    edits.map((edit) => (edit === record ? { ...edit, sent: value, sentKey } : edit)),
  );
  return sentKey;
}

/** Drops the record (the edit was refused, undone or cleared). */
export function forgetEdit(userId: string, taskId: string, field: PendingField): void {
  const edits = readAll(userId);
  const next = edits.filter((edit) => !(edit.taskId === taskId && edit.field === field));
  if (next.length !== edits.length) writeAll(userId, next);
}

/**
 * The server now has `saved`: the record goes if that is what it holds; if more was typed
 * meanwhile, the record stays with `saved` as its base, since that is what the rest builds on.
 */
export function acknowledgeEdit(userId: string, taskId: string, field: PendingField, saved: PendingEdit['value']): void {
  const edits = readAll(userId);
  const record = edits.find((edit) => edit.taskId === taskId && edit.field === field);
  if (!record) return;
  const { sent: _sent, sentKey: _sentKey, ...rest } = record;
  writeAll(
    userId,
    sameValue(record.value, saved)
      ? edits.filter((edit) => edit !== record)
      : edits.map((edit) => (edit === record ? { ...rest, base: saved } : edit)),
  );
}

export function pendingEditsOf(userId: string, project: string): PendingEdit[] {
  return readAll(userId).filter((edit) => edit.project === project);
}

/** Deletes every record of a user: sign-out must leave none of their typing on the device. */
export function forgetPendingTaskEdits(userId: string | null | undefined): void {
  if (userId) removeStored(storageKey(userId));
}

/** Unsaved edits are kept when the server could not be reached (a later load replays them), dropped when it refused them. */
const unreachable = (error: unknown) => error instanceof RequestError && error.kind === 'network';

async function replayOne(store: AppStore, userId: string, edit: PendingEdit): Promise<void> {
  const task = store.get(boardAtom).tasks.get(edit.taskId);
  if (!task) return forgetEdit(userId, edit.taskId, edit.field);
  try {
    let current: PendingEdit['value'];
    if (edit.field === 'name') current = task.name;
    else
      current = storedDescription(
        richTextOf((await request(getTaskDocument, { id: edit.taskId }, { handledByCaller: true })).getTask.description) ?? { type: 'doc' },
      );
    // Descriptions are compared as stored (sameDescription compares their JSON too).
    const same = edit.field === 'name' ? (left: unknown, right: unknown) => left === right : sameValue;
    const buildsOnCurrent = same(current, edit.base) || ('sent' in edit && same(current, edit.sent));
    if (same(current, edit.value) || !buildsOnCurrent) return forgetEdit(userId, edit.taskId, edit.field);
    const change =
      edit.field === 'name'
        ? typeof edit.value === 'string' && { id: edit.taskId, name: edit.value }
        : typeof edit.value !== 'string' && { id: edit.taskId, description: edit.value };
    // A record that does not hold what its field takes (storage written by hand) has nothing to replay.
    if (!change) return forgetEdit(userId, edit.taskId, edit.field);
    // Recorded before it leaves: a reload while it is on its way replays it with the same key.
    const idempotencyKey = markSent(userId, edit.taskId, edit.field, edit.value);
    const { ediTask } = await request(ediTaskDocument, change, { handledByCaller: true, idempotencyKey });
    upsertAnsweredTask(store, ediTask);
    acknowledgeEdit(userId, edit.taskId, edit.field, edit.value);
  } catch (error) {
    if (!unreachable(error)) forgetEdit(userId, edit.taskId, edit.field);
  }
}

/**
 * Sends the edits an earlier page of this space left unsaved, once its board is loaded. Edits
 * typed on this page are the fields' own business (they save themselves), so only older ones go.
 */
export async function replayPendingEdits(store: AppStore, project: string, pageStartedAt = performance.timeOrigin): Promise<void> {
  const userId = store.get(currentUserAtom)?.id;
  if (!userId) return;
  const edits = pendingEditsOf(userId, project).filter((edit) => edit.at < pageStartedAt);
  for (const edit of edits) await replayOne(store, userId, edit);
}
