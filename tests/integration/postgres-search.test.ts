import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectPostgres, type Sql } from '../../server/src/core/postgres/connect';
import { migrateSearchIndex, postgresSearchIndex } from '../../server/src/domains/search/postgres/tsvectorIndex';
import { describeSearchIndexConformance } from '../../server/src/domains/search/searchIndexPort.conformance';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

describeSearchIndexConformance('PostgreSQL', async () => {
  const url = await cluster.createDatabase('search_conformance');
  const sql = await connectPostgres({ url, poolSize: 4, statementTimeoutMs: 30_000 });
  await migrateSearchIndex(sql);
  return {
    index: postgresSearchIndex(sql),
    close: () => sql.end(),
  };
});

it("deletes a removed doc's stored text with its item, and keeps the texts of docs not removed", async () => {
  const url = await cluster.createDatabase('search_doc_texts_removed');
  const sql: Sql = await connectPostgres({ url, poolSize: 2, statementTimeoutMs: 30_000 });
  try {
    await migrateSearchIndex(sql);
    const index = postgresSearchIndex(sql);
    const doc = (itemId: string, spaceId: string) => ({
      kind: 'doc' as const,
      itemId,
      teamId: 'team-1',
      spaceId,
      privatId: null,
      taskId: null,
      meetingroomId: null,
      code: null,
      emoji: null,
      folderId: null,
      createdAt: '2026-06-01T00:00:00.000Z',
      title: itemId,
      body: '',
    });
    await index.apply([
      { type: 'add', item: doc('doc-removed', 'space-1') },
      { type: 'add', item: doc('doc-kept', 'space-1') },
      { type: 'add', item: doc('doc-in-removed-space', 'space-2') },
      ...['doc-removed', 'doc-kept', 'doc-in-removed-space'].map((docId) => ({
        type: 'setDocText' as const,
        docId,
        text: 'text',
        updatedAt: '2026-06-01T00:00:00.000Z',
      })),
    ]);
    await index.apply([
      { type: 'remove', where: { kind: 'doc', itemId: 'doc-removed' } },
      { type: 'remove', where: { spaceId: 'space-2' } },
    ]);
    const texts = await sql<{ doc_id: string }[]>`SELECT doc_id FROM search_doc_texts ORDER BY doc_id`;
    expect(texts.map((row) => row.doc_id)).toEqual(['doc-kept']);
  } finally {
    await sql.end();
  }
});
