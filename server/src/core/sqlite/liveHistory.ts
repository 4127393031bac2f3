import type { DatabaseHandle } from '../../db/connection';
import type { EventLog } from '../commands';
import type { LiveHistory } from '../liveResume';

/** The SQLite adapter of live resume's reads: events through the event log's read port, the newest position from the table. */
export function sqliteLiveHistory(database: DatabaseHandle, log: Pick<EventLog, 'read'>): LiveHistory {
  // seq is the table's rowid: its maximum is read from the b-tree's last page.
  const newest = database.sqlite.prepare('SELECT max(seq) AS seq FROM events').pluck();
  return {
    read: (options) => log.read(options),
    headSeq: async () => (newest.get() as number | null) ?? 0,
  };
}
