import * as Y from 'yjs';
import type { Services } from '../graphql/context';
import { decideContentActivity, type ContentActivity } from '../domains/docs/commands';
import { docStream } from '../domains/docs/events';
import { findDocRow } from '../domains/docs/state';
import type { DocContentStore, UpdateRowInfo } from './persistence';
import { plainTextOf } from './plainText';
import { recordMentions } from './mentions';
import { sqliteEventStoreOf } from '../core/sqlite/eventStore';

/** What a person's `doc.updated` entries of one doc already cover. */
export interface RecordedMark {
  /** Their rows up to this id are recorded (the newest entry's `throughId`). */
  throughId: number;
  /** Entries written before `throughId` existed cover their rows stored up to the entry's time (epoch ms). */
  legacyUntil: number;
}

/** A person's `doc.updated` entry as stored: its actor, `throughId` (if any) and time. */
export interface RecordedEntry {
  userId: string | null;
  throughId: number | null;
  createdAt: string;
}

export function recordedMarks(entries: readonly RecordedEntry[]): Map<string, RecordedMark> {
  const marks = new Map<string, RecordedMark>();
  for (const entry of entries) {
    if (!entry.userId) continue;
    const mark = marks.get(entry.userId) ?? { throughId: 0, legacyUntil: 0 };
    if (typeof entry.throughId === 'number') mark.throughId = Math.max(mark.throughId, entry.throughId);
    else mark.legacyUntil = Math.max(mark.legacyUntil, Date.parse(entry.createdAt));
    marks.set(entry.userId, mark);
  }
  return marks;
}

/** Per person, the stored updates no `doc.updated` entry covers yet: what a crash inside the debounce window left. */
export function unrecordedActivity(rows: readonly UpdateRowInfo[], marks: ReadonlyMap<string, RecordedMark>): Map<string, ContentActivity> {
  const activity = new Map<string, ContentActivity>();
  for (const row of rows) {
    if (!row.userId) continue;
    const mark = marks.get(row.userId);
    if (mark && (row.id <= mark.throughId || row.at <= mark.legacyUntil)) continue;
    const waiting = activity.get(row.userId);
    if (waiting) {
      waiting.updates += 1;
      waiting.until = new Date(row.at);
      waiting.throughId = row.id;
    } else {
      activity.set(row.userId, { updates: 1, since: new Date(row.at), until: new Date(row.at), throughId: row.id });
    }
  }
  return activity;
}

/** Applies a doc's stored content (snapshot and update rows) to `doc`. */
function applyStoredContent(doc: Y.Doc, store: DocContentStore, docId: string): void {
  const content = store.load(docId);
  for (const update of [...(content.snapshot ? [content.snapshot] : []), ...content.updates.map((row) => row.data)]) {
    try {
      Y.applyUpdate(doc, update);
    } catch {
      // As when a room loads: one unreadable row must not hide the rest of the text.
    }
  }
}

/**
 * After a crash (kill -9, power loss) the debounced `doc.updated` entries, the docs' last-edited
 * times (the docs projection of those entries) and their plain text (`doc_texts`) may miss the last
 * acknowledged edits, which are safe in `doc_updates`. At start, for every doc that still has update
 * rows (a clean stop compacts them all, so these are the docs open when the process died), this
 * records an entry per person for their rows no entry covers yet (with the time of their last one),
 * stores the doc's text again and records its mentions (mentions.ts), all from one load of its
 * content. Entries go through the event log, so replay gives the same projections. Runs once,
 * synchronously, before any room loads.
 */
export function recoverDerivedData(
  services: Services,
  store: DocContentStore,
  onError: (error: unknown, docId: string) => void = () => undefined,
): { docs: number; entries: number } {
  const recorded = services.database.sqlite.prepare<[string], RecordedEntry>(
    "SELECT actor_id AS userId, json_extract(payload, '$.throughId') AS throughId, created_at AS createdAt FROM events WHERE stream = ? AND type = 'doc.updated'",
  );
  let docs = 0;
  let entries = 0;
  for (const docId of store.docsWithRows()) {
    // Loaded once, for both its text and its mentions.
    const doc = new Y.Doc();
    try {
      const row = findDocRow(services.database.db, docId);
      if (!row) continue;
      const rows = store.rowsOf(docId);
      if (rows.length === 0) continue;
      const activity = unrecordedActivity(rows, recordedMarks(recorded.all(docStream(docId))));
      applyStoredContent(doc, store, docId);
      store.saveText(docId, plainTextOf(doc), new Date(Math.max(...rows.map((each) => each.at))));
      for (const [userId, edits] of activity) {
        sqliteEventStoreOf(services.store).runNow({ actorId: userId }, (unit) =>
          unit.append(docStream(docId), decideContentActivity(row, userId, edits), { teamId: row.teamId }),
        );
        entries += 1;
      }
      sqliteEventStoreOf(services.store).runNow(
        { actorId: null },
        (unit) => recordMentions(unit, services.database.sqlite, row, doc),
        (error) => onError(error, docId),
      );
      docs += 1;
    } catch (error) {
      onError(error, docId);
    } finally {
      doc.destroy();
    }
  }
  return { docs, entries };
}
