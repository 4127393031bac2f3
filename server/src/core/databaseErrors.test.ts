import { describe, expect, it } from 'vitest';
import { violatedUniqueIndexOf } from './databaseErrors';

describe('violatedUniqueIndexOf', () => {
  it("names the unique index behind drizzle's wrapped error, and nothing for other failures", () => {
    const driverError = Object.assign(new Error('duplicate key value'), { code: '23505', constraint_name: 'teams_url_unique' });
    expect(violatedUniqueIndexOf(new Error('Failed query: update "teams"', { cause: driverError }))).toBe('teams_url_unique');
    expect(violatedUniqueIndexOf(Object.assign(new Error('deadlock'), { code: '40P01' }))).toBeNull();
    expect(violatedUniqueIndexOf(new Error('no code at all'))).toBeNull();
  });
});
