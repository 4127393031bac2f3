import { join } from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { domains } from './domains';
import { replay } from './core/sqlite/replay';

/**
 * `npm run rebuild-projections`: rebuilds every read table from the event log of the data folder,
 * after saving a copy of the database beside it. Run it with the server stopped.
 */
const config = loadConfig();
const database = openDatabase(config.databaseFile, { synchronous: config.sqliteSynchronous });
const backupFile = join(config.dataDirectory, `backup-before-rebuild-${new Date().toISOString().replace(/[:.]/g, '-')}.sqlite`);
database.sqlite.prepare('VACUUM INTO ?').run(backupFile);
console.log(`Saved a copy of the database to ${backupFile}`);
const started = performance.now();
const progress = await replay(
  database,
  database,
  domains.flatMap((module) => module.projections),
  ({ applied }) => {
    process.stdout.write(`\rApplied ${applied} events`);
  },
);
console.log(`\nRebuilt projections from ${progress.applied} events in ${Math.round(performance.now() - started)} ms.`);
database.close();
