import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/connection';
import { users } from './tables';
import { instanceAdministratorIds, isInstanceAdministrator } from './instanceAdministrators';

async function servicesWith(adminEmails: string | undefined) {
  const database = openDatabase(':memory:');
  const config = loadConfig({ DATA_DIR: '.tmp/instance-admins', SECRET: 'x'.repeat(32), ADMIN_EMAILS: adminEmails });
  const person = (id: string, email: string, createdAt: string) =>
    database.db.insert(users).values({ id, email, firstname: 'A', lastname: 'B', language: 'en', createdAt, updatedAt: createdAt });
  await person('second', 'bo@example.com', '2026-01-02T00:00:00.000Z');
  await person('first', 'ada@example.com', '2026-01-01T00:00:00.000Z');
  return { database, config };
}

describe('instance administrators', () => {
  it('are the first account created when ADMIN_EMAILS is unset', async () => {
    const services = await servicesWith(undefined);
    expect(await instanceAdministratorIds(services)).toEqual(['first']);
    expect(await isInstanceAdministrator(services, 'second')).toBe(false);
  });

  it('are the accounts ADMIN_EMAILS names, in any case, when it is set', async () => {
    const services = await servicesWith(' BO@example.com ,nobody@example.com');
    expect(await instanceAdministratorIds(services)).toEqual(['second']);
    expect(await isInstanceAdministrator(services, 'first')).toBe(false);
  });
});
