import { afterAll, beforeAll } from 'vitest';
import { connectPostgres } from '../../server/src/core/postgres/connect';
import { PostgresEventLog } from '../../server/src/core/postgres/eventLog';
import { migratePostgres } from '../../server/src/core/postgres/migrate';
import { describeEventLogConformance } from '../../server/src/core/eventLogPort.conformance';
import { startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

describeEventLogConformance('PostgreSQL', async (clock) => {
  const url = await cluster.createDatabase('event_log_conformance');
  const sql = await connectPostgres({ url, poolSize: 20, statementTimeoutMs: 30_000 });
  await migratePostgres(sql);
  const log = new PostgresEventLog(sql, { clock });
  return {
    log,
    execute: (statement) => sql.unsafe(statement),
    close: () => log.close(),
  };
});
