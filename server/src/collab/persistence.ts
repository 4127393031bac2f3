import type Database from 'better-sqlite3';

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

/**
 * A doc's content in SQLite: the update rows and the snapshot (tables in domains/docs/tables.ts).
 * Every call is synchronous and commits before it returns, so with `synchronous=FULL` (the
 * default) a stored update survives a crash or power loss, and with NORMAL a crash.
 */
export class DocContentStore {
  private readonly statements;

  constructor(private readonly sqlite: Database.Database) {
    this.statements = {
      snapshot: sqlite.prepare<[string], { data: Buffer; through_id: number }>(
        'SELECT data, through_id FROM doc_snapshots WHERE doc_id = ?',
      ),
      updatesAfter: sqlite.prepare<[string, number], { id: number; data: Buffer }>(
        'SELECT id, data FROM doc_updates WHERE doc_id = ? AND id > ? ORDER BY id',
      ),
      append: sqlite.prepare<[string, Buffer, string | null, number]>(
        'INSERT INTO doc_updates (doc_id, data, user_id, created_at) VALUES (?, ?, ?, ?)',
      ),
      newestTime: sqlite.prepare<[string, number], { at: number | null }>(
        'SELECT max(created_at) AS at FROM doc_updates WHERE doc_id = ? AND id <= ?',
      ),
      previousSavedAt: sqlite.prepare<[string], { saved_at: number }>('SELECT saved_at FROM doc_snapshots WHERE doc_id = ?'),
      upsertSnapshot: sqlite.prepare<[string, Buffer, number, number]>(
        'INSERT INTO doc_snapshots (doc_id, data, through_id, saved_at) VALUES (?, ?, ?, ?) ON CONFLICT (doc_id) DO UPDATE SET data = excluded.data, through_id = excluded.through_id, saved_at = excluded.saved_at',
      ),
      removeMerged: sqlite.prepare<[string, number]>('DELETE FROM doc_updates WHERE doc_id = ? AND id <= ?'),
      version: sqlite.prepare<[string, string], { version: number | null }>(
        'SELECT max(coalesce((SELECT max(id) FROM doc_updates WHERE doc_id = ?), 0), coalesce((SELECT through_id FROM doc_snapshots WHERE doc_id = ?), 0)) AS version',
      ),
      rowInfo: sqlite.prepare<[string], UpdateRowInfo>(
        'SELECT id, user_id AS userId, created_at AS at FROM doc_updates WHERE doc_id = ? ORDER BY id',
      ),
      docsWithRows: sqlite.prepare<[], { docId: string }>('SELECT DISTINCT doc_id AS docId FROM doc_updates'),
      saveText: sqlite.prepare<[string, string, string]>(
        'INSERT INTO doc_texts (doc_id, plain_text, updated_at) VALUES (?, ?, ?) ON CONFLICT (doc_id) DO UPDATE SET plain_text = excluded.plain_text, updated_at = excluded.updated_at',
      ),
    };
  }

  /** Snapshot and later updates, read in one transaction so a compaction cannot slip between them. */
  load(docId: string): StoredContent {
    return this.sqlite.transaction(() => {
      const snapshot = this.statements.snapshot.get(docId);
      const throughId = snapshot?.through_id ?? 0;
      const updates = this.statements.updatesAfter.all(docId, throughId).map((row) => ({ id: row.id, data: new Uint8Array(row.data) }));
      return { snapshot: snapshot ? new Uint8Array(snapshot.data) : null, updates, lastId: updates.at(-1)?.id ?? throughId };
    })();
  }

  /** Appends one update (committed when this returns) and gives its id. */
  append(docId: string, update: Uint8Array, userId: string | null, at = Date.now()): number {
    return Number(
      this.statements.append.run(docId, Buffer.from(update.buffer, update.byteOffset, update.byteLength), userId, at).lastInsertRowid,
    );
  }

  /**
   * Appends many updates, of any docs, in one transaction (one commit, one sync to disk): the ids
   * in order, null where nothing was stored. All or nothing: a failure stores none of them.
   */
  appendBatch(writes: readonly UpdateWrite[], at = Date.now()): (number | null)[] {
    return this.sqlite
      .transaction(() =>
        writes.map((write) =>
          write.update === null
            ? null
            : Number(
                this.statements.append.run(
                  write.docId,
                  Buffer.from(write.update.buffer, write.update.byteOffset, write.update.byteLength),
                  write.userId,
                  at,
                ).lastInsertRowid,
              ),
        ),
      )
      .immediate();
  }

  /** Who stored each of a doc's update rows and when, oldest first (what start-up recovery reads). */
  rowsOf(docId: string): UpdateRowInfo[] {
    return this.statements.rowInfo.all(docId);
  }

  /** Docs with update rows not yet merged into a snapshot: those edited since their room last unloaded. */
  docsWithRows(): string[] {
    return this.statements.docsWithRows.all().map((row) => row.docId);
  }

  /**
   * Replaces the updates up to `throughId` with `state` (the doc with exactly those updates
   * applied) in one transaction: a crash leaves either the rows or the snapshot, never neither.
   */
  compact(docId: string, state: Uint8Array, throughId: number): void {
    this.sqlite
      .transaction(() => {
        const newest = this.statements.newestTime.get(docId, throughId)?.at ?? null;
        const savedAt = newest ?? this.statements.previousSavedAt.get(docId)?.saved_at ?? Date.now();
        this.statements.upsertSnapshot.run(docId, Buffer.from(state.buffer, state.byteOffset, state.byteLength), throughId, savedAt);
        this.statements.removeMerged.run(docId, throughId);
      })
      .immediate();
  }

  /**
   * The newest stored update's id (or the snapshot's): it changes whenever the content does, and
   * compaction keeps it, so it keys what is derived from the content (RoomManager.imageSources).
   */
  contentVersion(docId: string): number {
    return this.statements.version.get(docId, docId)?.version ?? 0;
  }

  /** The doc's plain text for search and previews; `at` is the time of the newest edit it includes. */
  saveText(docId: string, plainText: string, at = new Date()): void {
    this.statements.saveText.run(docId, plainText, at.toISOString());
  }
}
