import { openDatabase } from '../../../db/connection';
import { describeSearchIndexConformance } from '../searchIndexPort.conformance';
import { sqliteSearchIndex } from './ftsIndex';

describeSearchIndexConformance('SQLite', async () => {
  // The app's migrations, FTS5 tables and their triggers included; nothing else is written.
  const database = openDatabase(':memory:', { synchronous: 'NORMAL' });
  return {
    index: sqliteSearchIndex(database),
    close: async () => database.close(),
  };
});
