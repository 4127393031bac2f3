import { defineConfig } from 'drizzle-kit';

/** PostgreSQL migrations from the pg-core twins of the tables; drizzle.config.ts does the same for SQLite. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.pg.ts',
  out: './migrations/postgres',
});
