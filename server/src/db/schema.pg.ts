/**
 * Every PostgreSQL table declared in drizzle pg-core; drizzle-kit generates `migrations/postgres/` from this module
 * (drizzle.config.pg.ts). It mirrors schema.ts table for table (schemaParity.test.ts checks it), except the event log
 * (`core/postgres/migrations`, written by hand with its append-only triggers) and search, whose PostgreSQL tables
 * also keep the text and its tsvectors (FTS5's tables on SQLite are not in schema.ts).
 */
export * from '../domains/accounts/tables.pg';
export * from '../domains/teams/tables.pg';
export * from '../domains/tasks/tables.pg';
export * from '../domains/chat/tables.pg';
export * from '../domains/files/tables.pg';
export * from '../domains/docs/tables.pg';
export * from '../domains/meetings/tables.pg';
export * from '../domains/calendar/tables.pg';
export * from '../domains/settings/tables.pg';
export * from '../domains/notifications/tables.pg';
export * from '../domains/ai/tables.pg';
export * from '../domains/billing/tables.pg';
export * from '../domains/support/tables.pg';
export * from '../domains/reports/tables.pg';
export * from '../mail/tables.pg';
export * from '../domains/search/tables.pg';
