/** Every table of the database; drizzle-kit generates migrations from this module. */
export * from '../core/sqlite/tables';
export * from '../domains/accounts/tables.sqlite';
export * from '../domains/teams/tables.sqlite';
export * from '../domains/tasks/tables.sqlite';
export * from '../domains/chat/tables.sqlite';
export * from '../domains/files/tables.sqlite';
export * from '../domains/docs/tables.sqlite';
export * from '../domains/meetings/tables.sqlite';
export * from '../domains/calendar/tables.sqlite';
export * from '../domains/settings/tables.sqlite';
export * from '../domains/notifications/tables.sqlite';
export * from '../domains/search/tables';
export * from '../domains/ai/tables.sqlite';
export * from '../domains/billing/tables.sqlite';
export * from '../domains/support/tables.sqlite';
export * from '../domains/reports/tables.sqlite';
export * from '../mail/tables.sqlite';
