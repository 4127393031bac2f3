import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { createSession, isSessionActive, revokeSession } from '../domains/accounts/sessions';
import { isApiTokenActive } from '../domains/settings/apiTokens';
import { apiTokens } from '../domains/settings/tables';
import { BatchedLiveCredentials, isLiveCredentialActive, rememberCredentials } from './liveCredentials';

describe('isLiveCredentialActive', () => {
  let database: DatabaseHandle;
  afterEach(() => database.close());

  it('agrees with isSessionActive for live, revoked, expired and unknown sessions', async () => {
    database = openDatabase(':memory:');
    const now = Date.now();
    const live = (await createSession(database.db, 'user-1', null, now)).sessionId;
    const revoked = (await createSession(database.db, 'user-1', null, now)).sessionId;
    await revokeSession(database.db, revoked, 'test', now);
    const later = now + 400 * 24 * 3600 * 1000;
    for (const [sessionId, at] of [
      [live, now],
      [revoked, now],
      [live, later],
      ['unknown', now],
    ] as const) {
      expect(isLiveCredentialActive(database.sqlite, { sessionId }, at)).toBe(await isSessionActive(database.db, sessionId, at));
    }
    expect(isLiveCredentialActive(database.sqlite, { sessionId: live }, now)).toBe(true);
    expect(isLiveCredentialActive(database.sqlite, { sessionId: revoked }, now)).toBe(false);
    expect(isLiveCredentialActive(database.sqlite, { sessionId: live }, later)).toBe(false);
  });

  it('agrees with isApiTokenActive for live, revoked and unknown tokens', async () => {
    database = openDatabase(':memory:');
    const createdAt = new Date().toISOString();
    database.db
      .insert(apiTokens)
      .values({ id: 'token-1', userId: 'user-1', name: 'CI', tokenHash: 'hash-1', prefix: 'wst_abc', createdAt })
      .run();
    const check = (id: string) => isLiveCredentialActive(database.sqlite, { sessionId: id, apiTokenId: id });
    expect(check('token-1')).toBe(true);
    expect(check('token-1')).toBe(await isApiTokenActive(database.db, 'token-1'));
    database.db.update(apiTokens).set({ revokedAt: createdAt }).where(eq(apiTokens.id, 'token-1')).run();
    expect(check('token-1')).toBe(false);
    expect(check('token-1')).toBe(await isApiTokenActive(database.db, 'token-1'));
    expect(check('missing')).toBe(false);
  });

  it('reads a credential once while remembering, still comparing its expiry with the time of each check, and again after', async () => {
    database = openDatabase(':memory:');
    const now = Date.now();
    const { sessionId } = await createSession(database.db, 'user-1', null, now);
    const prepared = database.sqlite.prepare.bind(database.sqlite);
    let reads = 0;
    // Counts the session statement's reads: the credential statements are prepared on first use.
    database.sqlite.prepare = ((source: string) => {
      const statement = prepared(source);
      if (!source.includes('FROM sessions')) return statement;
      const get = statement.get.bind(statement);
      return Object.assign(statement, { get: (...parameters: unknown[]) => ((reads += 1), get(...(parameters as [string]))) });
    }) as typeof database.sqlite.prepare;
    const later = now + 400 * 24 * 3600 * 1000;
    rememberCredentials(database.sqlite, true);
    expect(isLiveCredentialActive(database.sqlite, { sessionId }, now)).toBe(true);
    expect(isLiveCredentialActive(database.sqlite, { sessionId }, now)).toBe(true);
    expect(isLiveCredentialActive(database.sqlite, { sessionId }, later)).toBe(false);
    expect(reads).toBe(1);
    rememberCredentials(database.sqlite, false);
    await revokeSession(database.db, sessionId, 'test', now);
    expect(isLiveCredentialActive(database.sqlite, { sessionId }, now)).toBe(false);
    expect(reads).toBe(2);
  });
});

describe('BatchedLiveCredentials (the check where reads answer promises)', () => {
  let database: DatabaseHandle;
  afterEach(() => database.close());

  it('answers as the synchronous check does, reading the checks asked together in one query per kind', async () => {
    database = openDatabase(':memory:');
    const now = Date.now();
    const live = (await createSession(database.db, 'user-1', null, now)).sessionId;
    const revoked = (await createSession(database.db, 'user-1', null, now)).sessionId;
    await revokeSession(database.db, revoked, 'test', now);
    const createdAt = new Date(now).toISOString();
    await database.db.insert(apiTokens).values([
      { id: 'token-1', userId: 'user-1', name: 'CI', tokenHash: 'hash-1', prefix: 'wst_abc', createdAt },
      { id: 'token-2', userId: 'user-1', name: 'Old', tokenHash: 'hash-2', prefix: 'wst_def', createdAt, revokedAt: createdAt },
    ]);
    let queries = 0;
    const counted = { select: ((fields: never) => ((queries += 1), database.db.select(fields))) as unknown as typeof database.db.select };
    const credentials = new BatchedLiveCredentials(counted);
    const later = now + 400 * 24 * 3600 * 1000;
    const actors = [
      { sessionId: live },
      { sessionId: live },
      { sessionId: revoked },
      { sessionId: 'unknown' },
      { sessionId: 'token-1', apiTokenId: 'token-1' },
      { sessionId: 'token-2', apiTokenId: 'token-2' },
      { sessionId: 'missing', apiTokenId: 'missing' },
    ];
    // Asked in one synchronous stretch, as a handover's deliveries ask.
    const answers = await Promise.all([
      ...actors.map((actor) => credentials.isActive(actor, now)),
      credentials.isActive({ sessionId: live }, later),
    ]);
    expect(answers).toEqual([
      ...actors.map((actor) => isLiveCredentialActive(database.sqlite, actor, now)),
      isLiveCredentialActive(database.sqlite, { sessionId: live }, later),
    ]);
    expect(answers).toEqual([true, true, false, false, true, false, false, false]);
    expect(queries).toBe(2);
    // A later stretch reads again: the revocation in between is seen.
    await revokeSession(database.db, live, 'test', now);
    expect(await credentials.isActive({ sessionId: live }, now)).toBe(false);
    expect(queries).toBe(3);
  });
});
