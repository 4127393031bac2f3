import type { DrizzleDatabase } from '../db/connection';
import { docs } from '../domains/docs/tables';

/**
 * Test support for the collab unit tests (never imported by the server itself): writes a `docs` row for each id, in
 * one team and space, so the rooms and the batcher have documents to load and store into.
 */
export async function insertTestDocs(db: DrizzleDatabase, docIds: readonly string[]): Promise<void> {
  const doc = {
    teamId: 't'.repeat(24),
    projectId: 'p'.repeat(24),
    title: 'Doc',
    authorId: 'u',
    createdAt: '2026-11-27',
    updatedAt: '2026-11-27',
  };
  await db.insert(docs).values(docIds.map((id) => ({ ...doc, id })));
}
