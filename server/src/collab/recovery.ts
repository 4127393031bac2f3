import * as Y from 'yjs';
import type { Services } from '../graphql/context';
import { decideContentActivity, type ContentActivity } from '../domains/docs/commands';
import { docStream } from '../domains/docs/events';
import { findDocRow } from '../domains/docs/state';
import type { DocContentStore, UpdateRowInfo } from './persistence';
import { plainTextOf } from './plainText';
import { recordMentions } from './mentions';
import { and, eq } from 'drizzle-orm';
import { events } from '../core/tables';
import type { Transaction } from '../db/connection';

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
async function applyStoredContent(doc: Y.Doc, store: DocContentStore, docId: string): Promise<void> {
  const content = await store.load(docId);
  for (const update of [...(content.snapshot ? [content.snapshot] : []), ...content.updates.map((row) => row.data)]) {
    try {
      Y.applyUpdate(doc, update);
    } catch {
      // As when a room loads: one unreadable row must not hide the rest of the text.
    }
  }
}

/** A doc's `doc.updated` entries as stored: actor, `throughId` (read from the payload in JavaScript, on either database) and time. */
async function recordedEntriesOf(db: Pick<Transaction, 'select'>, docId: string): Promise<RecordedEntry[]> {
  const rows = await db
    .select({ userId: events.actorId, payload: events.payload, createdAt: events.createdAt })
    .from(events)
    .where(and(eq(events.stream, docStream(docId)), eq(events.type, 'doc.updated')));
  return rows.map((row) => {
    const throughId = (row.payload as { throughId?: unknown } | null)?.throughId;
    return { userId: row.userId, throughId: typeof throughId === 'number' ? throughId : null, createdAt: row.createdAt };
  });
}

/**
 * After a crash (kill -9, power loss) the debounced `doc.updated` entries, the docs' last-edited
 * times (the docs projection of those entries) and their plain text (`doc_texts`) may miss the last
 * acknowledged edits, which are safe in `doc_updates`. At start, for every doc that still has update
 * rows (a clean stop compacts them all, so these are the docs open when the process died), this
 * records an entry per person for their rows no entry covers yet (with the time of their last one),
 * stores the doc's text again and records its mentions (mentions.ts), all from one load of its
 * content, in one unit per doc. Entries go through the event log, so replay gives the same projections.
 * Runs once at start; rooms load after it.
 */
export async function recoverDerivedData(
  services: Services,
  store: DocContentStore,
  onError: (error: unknown, docId: string) => void = () => undefined,
): Promise<{ docs: number; entries: number }> {
  let docs = 0;
  let entries = 0;
  for (const docId of await store.docsWithRows()) {
    // Loaded once, for both its text and its mentions.
    const doc = new Y.Doc();
    try {
      const rows = await store.rowsOf(docId);
      if (rows.length === 0) continue;
      await applyStoredContent(doc, store, docId);
      const text = plainTextOf(doc);
      const lastEdit = new Date(Math.max(...rows.map((each) => each.at)));
      const recorded = await services.store.run({ actorId: null }, async (unit) => {
        await unit.lock(docStream(docId));
        const row = await findDocRow(unit.transaction, docId);
        if (!row) return null;
        const activity = unrecordedActivity(rows, recordedMarks(await recordedEntriesOf(unit.transaction, docId)));
        await store.saveTextIn(unit.transaction, docId, text, lastEdit);
        return { row, activity };
      });
      if (!recorded) continue;
      // Each person's entry is theirs (its actor): a unit each, as the rooms record them.
      for (const [userId, edits] of recorded.activity) {
        await services.store.run({ actorId: userId }, async (unit) => {
          await unit.lock(docStream(docId));
          await unit.append(docStream(docId), decideContentActivity(recorded.row, userId, edits), { teamId: recorded.row.teamId });
        });
        entries += 1;
      }
      await services.store.run({ actorId: null }, async (unit) => {
        await unit.lock(docStream(docId));
        if (await findDocRow(unit.transaction, docId)) await recordMentions(unit, recorded.row, doc);
      });
      docs += 1;
    } catch (error) {
      onError(error, docId);
    } finally {
      doc.destroy();
    }
  }
  return { docs, entries };
}
