/** Every table of the database; drizzle-kit generates migrations from this module. */
export * from '../core/sqlite/tables';
export * from '../domains/accounts/tables';
export * from '../domains/teams/tables';
export * from '../domains/tasks/tables';
export * from '../domains/chat/tables';
export * from '../domains/files/tables';
export * from '../domains/docs/tables';
export * from '../domains/meetings/tables';
export * from '../domains/calendar/tables';
export * from '../domains/settings/tables.sqlite';
export * from '../domains/notifications/tables';
export * from '../domains/search/tables';
export * from '../domains/ai/tables.sqlite';
export * from '../domains/billing/tables.sqlite';
export * from '../domains/support/tables.sqlite';
export * from '../domains/reports/tables.sqlite';
export * from '../mail/tables';
