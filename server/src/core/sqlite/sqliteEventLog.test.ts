import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../db/connection';
import { describeEventLogConformance } from '../eventLogPort.conformance';
import { SqliteEventStore } from './eventStore';
import { SqliteEventLog } from './sqliteEventLog';

describeEventLogConformance('SQLite', async (clock) => {
  const directory = mkdtempSync(join(tmpdir(), 'sqlite-event-log-'));
  // FULL, as the server runs it: commits are answered once their WAL sync is done.
  const database = openDatabase(join(directory, 'log.sqlite'), { synchronous: 'FULL' });
  const log = new SqliteEventLog(new SqliteEventStore(database, [], { clock }), database);
  return {
    log,
    execute: async (statement) => database.sqlite.prepare(statement).run(),
    async close() {
      await log.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
});
