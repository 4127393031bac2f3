import type Database from 'better-sqlite3';
import type { Sql } from '../../core/postgres/connect';
import type { DrizzleDatabase } from '../../db/connection';
import { tableDialect } from '../../db/pickTable';
import type { SearchIndexPort } from './port';
import { postgresSearchIndex } from './postgres/tsvectorIndex';
import { searchFts } from './sqlite/ftsIndex';

/** A search of the index as the request path runs it: the query, and the scope already judged. */
export type IndexSearch = SearchIndexPort['search'];

/** One search function per database object (a second database, in tests, gets its own). */
const searchesByDatabase = new WeakMap<object, IndexSearch>();

/**
 * The search index of the database `db` reads, by this process's dialect (db/pickTable.ts): FTS5 on SQLite, run on
 * the connection drizzle reads through (its statements kept prepared, as drizzle's are); PostgreSQL's tsvector index on
 * the pool drizzle reads through, each search in a read-only snapshot of its own (postgresSearchIndex). Both answer the
 * port's contract (searchIndexPort.conformance.ts), so getSearch and the AI assistant's retrieval answer alike on both.
 */
export function indexSearchOf(db: DrizzleDatabase): IndexSearch {
  let search = searchesByDatabase.get(db);
  if (search === undefined) {
    // drizzle keeps the driver's client it was made over: better-sqlite3's connection, or postgres.js's pool.
    const client = (db as unknown as { $client: unknown }).$client;
    if (tableDialect === 'postgresql') search = postgresSearchIndex(client as Sql).search;
    else {
      const sqlite = client as Database.Database;
      search = async (query, scope) => searchFts(sqlite, query, scope);
    }
    searchesByDatabase.set(db, search);
  }
  return search;
}
