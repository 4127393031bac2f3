import { and, asc, desc, eq, inArray, lte, max, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { CommandContext, EventStore, UnitOfWork } from '../core/commands';
import type { Transaction } from '../db/connection';
import { preparedQuery } from '../db/prepared';
import { docs, docSnapshots, docTexts, docUpdates } from '../domains/docs/tables';
import { docStream } from '../domains/docs/events';

export interface StoredContent {
  /** The merged state up to the snapshot, or null before the first compaction. */
  snapshot: Uint8Array | null;
  /** Updates after the snapshot, oldest first. */
  updates: { id: number; data: Uint8Array }[];
  /** The newest stored update's id (or the snapshot's), 0 when the doc has no content yet. */
  lastId: number;
}

/** One update for `appendBatch`; `update` null keeps a place in the batch without storing anything. */
export interface UpdateWrite {
  docId: string;
  update: Uint8Array | null;
  userId: string | null;
}

/** A stored update row's id, author and time (epoch milliseconds), without its bytes. */
export interface UpdateRowInfo {
  id: number;
  userId: string | null;
  at: number;
}

/** What the content store reads with outside a unit: the database (both dialects answer promises). */
export type ContentReader = Pick<Transaction, 'select' | 'selectDistinct'>;

const bytesOf = (update: Uint8Array) => Buffer.from(update.buffer, update.byteOffset, update.byteLength);
const viewOf = (data: Buffer) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** The room's insert, prepared once per connection: it runs for every update a room stores. */
const insertUpdate = preparedQuery((database: Pick<Transaction, 'insert'>) =>
  database
    .insert(docUpdates)
    .values({
      docId: sql.placeholder('docId'),
      data: sql.placeholder('data'),
      userId: sql.placeholder('userId'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning({ id: docUpdates.id })
    .prepare(),
);

/**
 * A doc's content: the update rows and the snapshot (tables in domains/docs/tables.ts), on either database. Writes go
 * through the command door's units (`units.run`): a write is answered once its unit committed, and durably (with
 * synchronous=FULL on SQLite the door waits for the disk sync before it answers), so a stored update survives a crash.
 * Reads outside a unit go to `db`.
 */
export class DocContentStore {
  constructor(
    private readonly units: Pick<EventStore, 'run'>,
    private readonly db: ContentReader,
  ) {}

  /**
   * Snapshot and later updates. The rows are read before the snapshot, so a compaction between the two reads cannot
   * hide rows: the rows it merged are in the snapshot read after it, and the rows after its `throughId` were read
   * before it (a compaction never deletes rows above its `throughId`).
   */
  async load(docId: string): Promise<StoredContent> {
    const rows = await this.db
      .select({ id: docUpdates.id, data: docUpdates.data })
      .from(docUpdates)
      .where(eq(docUpdates.docId, docId))
      .orderBy(asc(docUpdates.id));
    const [snapshot] = await this.db
      .select({ data: docSnapshots.data, throughId: docSnapshots.throughId })
      .from(docSnapshots)
      .where(eq(docSnapshots.docId, docId))
      .limit(1);
    const throughId = snapshot?.throughId ?? 0;
    const updates = rows.filter((row) => row.id > throughId).map((row) => ({ id: row.id, data: viewOf(row.data) }));
    return { snapshot: snapshot ? viewOf(snapshot.data) : null, updates, lastId: updates.at(-1)?.id ?? throughId };
  }

  /** Appends one update in a unit of its own (committed and durable when this resolves) and gives its id. */
  async append(docId: string, update: Uint8Array, userId: string | null, at = Date.now()): Promise<number> {
    const [id] = await this.appendBatch([{ docId, update, userId }], at);
    if (id === null || id === undefined) throw new Error(`doc ${docId}: the update was not stored (no such doc)`);
    return id;
  }

  /**
   * Appends many updates, of any docs, in one unit (one commit, one sync to disk): the ids in order, null where
   * nothing was stored (an empty update, or a doc deleted meanwhile). All or nothing: a failure stores none of them.
   */
  async appendBatch(writes: readonly UpdateWrite[], at = Date.now()): Promise<(number | null)[]> {
    return await this.units.run({ actorId: null }, async (unit) => await this.appendIn(unit, writes, at));
  }

  /**
   * The batch's rows, in the caller's unit. The docs are locked and read first: a doc deleted by a unit that
   * committed before this one gets no rows (its content went with it, and rows written after would be left behind).
   */
  async appendIn(unit: UnitOfWork, writes: readonly UpdateWrite[], at: number): Promise<(number | null)[]> {
    const docIds = [...new Set(writes.filter((write) => write.update !== null).map((write) => write.docId))];
    if (docIds.length === 0) return writes.map(() => null);
    await unit.lock(...docIds.map(docStream));
    const existing = new Set(
      (await unit.transaction.select({ id: docs.id }).from(docs).where(inArray(docs.id, docIds))).map((row) => row.id),
    );
    const ids: (number | null)[] = [];
    for (const write of writes) {
      if (write.update === null || !existing.has(write.docId)) {
        ids.push(null);
        continue;
      }
      const [row] = await insertUpdate(unit.transaction).execute({
        docId: write.docId,
        data: bytesOf(write.update),
        userId: write.userId,
        createdAt: at,
      });
      ids.push(row!.id);
    }
    return ids;
  }

  /** Who stored each of a doc's update rows and when, oldest first (what start-up recovery reads). */
  async rowsOf(docId: string): Promise<UpdateRowInfo[]> {
    return await this.db
      .select({ id: docUpdates.id, userId: docUpdates.userId, at: docUpdates.createdAt })
      .from(docUpdates)
      .where(eq(docUpdates.docId, docId))
      .orderBy(asc(docUpdates.id));
  }

  /** Docs with update rows not yet merged into a snapshot: those edited since their room last unloaded. */
  async docsWithRows(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ docId: docUpdates.docId }).from(docUpdates).orderBy(asc(docUpdates.docId));
    return rows.map((row) => row.docId);
  }

  /**
   * Replaces the updates up to `throughId` with `state` (the doc with exactly those updates applied) in one unit: a
   * crash leaves either the rows or the snapshot, never neither. Under the doc's stream lock, and only while the doc
   * exists: a doc deleted meanwhile gets no snapshot back.
   */
  async compact(docId: string, state: Uint8Array, throughId: number, context: CommandContext = { actorId: null }): Promise<void> {
    await this.units.run(context, async (unit) => {
      await unit.lock(docStream(docId));
      const db = unit.transaction;
      const [doc] = await db.select({ id: docs.id }).from(docs).where(eq(docs.id, docId)).limit(1);
      if (!doc) return;
      const [newest] = await db
        .select({ at: max(docUpdates.createdAt).mapWith(Number) })
        .from(docUpdates)
        .where(and(eq(docUpdates.docId, docId), lte(docUpdates.id, throughId)));
      const [previous] = await db
        .select({ savedAt: docSnapshots.savedAt })
        .from(docSnapshots)
        .where(eq(docSnapshots.docId, docId))
        .limit(1);
      const savedAt = newest?.at ?? previous?.savedAt ?? Date.now();
      const data = bytesOf(state);
      await db
        .insert(docSnapshots)
        .values({ docId, data, throughId, savedAt })
        .onConflictDoUpdate({ target: docSnapshots.docId, set: { data, throughId, savedAt } });
      await db.delete(docUpdates).where(and(eq(docUpdates.docId, docId), lte(docUpdates.id, throughId)));
    });
  }

  /**
   * Replaces a doc's snapshot and every update row with their merge, read and written under the doc's stream lock in
   * one unit. Used when several processes hold a room of the doc (issue 22): a room then cannot know that it holds
   * every stored row (another process's row may still be on its way to it), so its own state must not replace rows;
   * what is stored is merged instead, and rows stored later (after the lock) stay rows.
   */
  async compactStored(docId: string, context: CommandContext = { actorId: null }): Promise<void> {
    await this.units.run(context, async (unit) => {
      await unit.lock(docStream(docId));
      const db = unit.transaction;
      const [doc] = await db.select({ id: docs.id }).from(docs).where(eq(docs.id, docId)).limit(1);
      if (!doc) return;
      const rows = await db
        .select({ id: docUpdates.id, data: docUpdates.data, at: docUpdates.createdAt })
        .from(docUpdates)
        .where(eq(docUpdates.docId, docId))
        .orderBy(asc(docUpdates.id));
      if (rows.length === 0) return;
      const [previous] = await db
        .select({ data: docSnapshots.data, throughId: docSnapshots.throughId, savedAt: docSnapshots.savedAt })
        .from(docSnapshots)
        .where(eq(docSnapshots.docId, docId))
        .limit(1);
      const merged = new Y.Doc();
      try {
        merged.transact(() => {
          if (previous) Y.applyUpdate(merged, viewOf(previous.data));
          for (const row of rows) Y.applyUpdate(merged, viewOf(row.data));
        });
        const throughId = Math.max(previous?.throughId ?? 0, rows.at(-1)!.id);
        const savedAt = Math.max(previous?.savedAt ?? 0, ...rows.map((row) => row.at));
        const data = bytesOf(Y.encodeStateAsUpdate(merged));
        await db
          .insert(docSnapshots)
          .values({ docId, data, throughId, savedAt })
          .onConflictDoUpdate({ target: docSnapshots.docId, set: { data, throughId, savedAt } });
        await db.delete(docUpdates).where(and(eq(docUpdates.docId, docId), lte(docUpdates.id, throughId)));
      } finally {
        merged.destroy();
      }
    });
  }

  /**
   * The newest stored update's id (or the snapshot's): it changes whenever the content does, and compaction keeps
   * it, so it keys what is derived from the content (RoomManager.imageSources).
   */
  async contentVersion(docId: string): Promise<number> {
    const [newest] = await this.db
      .select({ id: docUpdates.id })
      .from(docUpdates)
      .where(eq(docUpdates.docId, docId))
      .orderBy(desc(docUpdates.id))
      .limit(1);
    if (newest) return newest.id;
    const [snapshot] = await this.db
      .select({ throughId: docSnapshots.throughId })
      .from(docSnapshots)
      .where(eq(docSnapshots.docId, docId))
      .limit(1);
    return snapshot?.throughId ?? 0;
  }

  /** The doc's plain text for search and previews, in the caller's unit; `at` is the time of the newest edit it includes. */
  async saveTextIn(transaction: Pick<Transaction, 'insert'>, docId: string, plainText: string, at: Date): Promise<void> {
    const updatedAt = at.toISOString();
    await transaction
      .insert(docTexts)
      .values({ docId, plainText, updatedAt })
      .onConflictDoUpdate({ target: docTexts.docId, set: { plainText, updatedAt } });
  }

  /** saveTextIn in a unit of its own. */
  async saveText(docId: string, plainText: string, at = new Date()): Promise<void> {
    await this.units.run({ actorId: null }, async (unit) => await this.saveTextIn(unit.transaction, docId, plainText, at));
  }
}
