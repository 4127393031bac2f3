import { afterAll, beforeAll } from 'vitest';
import { connectPostgres } from '../../server/src/core/postgres/connect';
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
