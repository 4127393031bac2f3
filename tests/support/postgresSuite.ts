import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../server/src/config';
import { clusterMigrations } from '../../server/src/core/cluster/schema';
import { eventLogMigrations, projectionMigrations } from '../../server/src/core/postgres/migrate';
import { openPostgresStorage } from '../../server/src/core/postgres/storage';
import { startPostgresCluster } from './postgresCluster';

/**
 * Global set-up of the integration suite's run on PostgreSQL (vitest.config.ts, project "postgres"; issue 21: the whole
 * integration suite runs on both databases). One throw-away cluster serves the run: a template database migrated once,
 * and each test server gets a fresh copy of it (tests/integration/harness.ts), so no test sees another's rows. The
 * cluster is not durable (fsync off): these tests are about behaviour; durability on PostgreSQL has its own tests.
 */

export interface PostgresSuite {
  /** A `postgres://` URL of the cluster's `postgres` database as its superuser: where databases are made. */
  administrationUrl: string;
  /** The migrated database each test server's database is copied from. */
  template: string;
  /** A `postgres://` URL with `{database}` where a database's name goes. */
  databaseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresSuite: PostgresSuite;
  }
}

export const suiteTemplate = 'suite_template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Each test server keeps a pool of its own, and a test may run several at once.
  const cluster = await startPostgresCluster({ autovacuum: false, durable: false, maxConnections: 400 });
  try {
    const templateUrl = await cluster.createDatabase(suiteTemplate);
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: templateUrl, DATABASE_POOL_SIZE: '1', LOG_LEVEL: 'silent' });
    if (config.database.kind !== 'postgres') throw new Error('The suite template must be a PostgreSQL database.');
    const storage = await openPostgresStorage(config.database, {
      migrations: [eventLogMigrations, projectionMigrations, clusterMigrations],
    });
    await storage.close();
    project.provide('postgresSuite', {
      administrationUrl: cluster.url('postgres'),
      template: suiteTemplate,
      databaseUrl: cluster.url('{database}').replace(encodeURIComponent('{database}'), '{database}'),
    });
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return () => cluster.stop();
}
