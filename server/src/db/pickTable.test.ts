import { describe, expect, it } from 'vitest';
import * as postgresSettings from '../domains/settings/tables.pg';
import * as sqliteSettings from '../domains/settings/tables.sqlite';
import { asAreaDatabase, pickTable, tableDialect, tableDialectOf } from './pickTable';

describe('the table chooser', () => {
  it('reads PostgreSQL from a postgres:// or postgresql:// DATABASE_URL, and SQLite from anything else', () => {
    expect(tableDialectOf('postgres://app:secret@db:5432/workspace')).toBe('postgresql');
    expect(tableDialectOf(' POSTGRESQL://db/workspace ')).toBe('postgresql');
    expect(tableDialectOf(undefined)).toBe('sqlite');
    expect(tableDialectOf('')).toBe('sqlite');
    expect(tableDialectOf('sqlite:///srv/workspace.sqlite')).toBe('sqlite');
    expect(tableDialectOf('data/workspace.sqlite')).toBe('sqlite');
  });

  it("picks the table of this process's dialect, and hands areas the PostgreSQL handles only on PostgreSQL", () => {
    const picked = pickTable(sqliteSettings.userSettings, postgresSettings.userSettings);
    if (tableDialect === 'postgresql') {
      expect(picked).toBe(postgresSettings.userSettings);
      return;
    }
    expect(picked).toBe(sqliteSettings.userSettings);
    expect(() => asAreaDatabase({} as Parameters<typeof asAreaDatabase>[0])).toThrow(/picked for PostgreSQL/);
  });
});
