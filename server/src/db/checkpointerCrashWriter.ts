// Child process of checkpointer.crash.test.ts: commits one row at a time on the database handle and, once the WAL
// sync after it has finished (the point where the server acknowledges a write), prints the row's number and the
// worker's checkpoints so far, until the test kills it.
import { openDatabase } from './connection';

const file = process.argv[2];
if (!file) throw new Error('Usage: checkpointerCrashWriter.ts <database file>');
const handle = openDatabase(file);
handle.sqlite.exec('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, body BLOB NOT NULL)');
const insert = handle.sqlite.prepare('INSERT INTO filler (id, body) VALUES (?, randomblob(2000))');
for (let row = 1; ; row += 1) {
  insert.run(row);
  await handle.walSync!.sync();
  process.stdout.write(`${row} ${handle.checkpointer?.checkpoints ?? 0}\n`);
}
