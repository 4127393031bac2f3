// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStoreOf } from './connect';
import { fakeDatabases } from './fakeProvider';
import { forgetLocalDoc, forgetLocalDocs, localDocName } from './localDocs';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('local doc databases', () => {
  it('are named per signed-in user and doc', () => {
    expect(localDocName('u1', 'd1')).toContain('u1');
    expect(localDocName('u1', 'd1')).toContain('d1');
    const names = new Set([localDocName('u1', 'd1'), localDocName('u2', 'd1'), localDocName('u1', 'd2')]);
    expect(names.size).toBe(3);
    // An id that reads like a separator cannot reach another user's databases.
    expect(localDocName('u1:d', '1')).not.toBe(localDocName('u1', 'd:1'));
  });

  it('sign-out deletes every doc database of the user, and only theirs', async () => {
    const databases = fakeDatabases([
      localDocName('u1', 'd1'),
      localDocName('u1', 'd2'),
      localDocName('u10', 'd1'),
      localDocName('u2', 'd1'),
      'other-feature',
    ]);
    await forgetLocalDocs('u1', databases);
    expect(databases.names).toEqual([localDocName('u10', 'd1'), localDocName('u2', 'd1'), 'other-feature']);
    await forgetLocalDocs(null, databases);
    expect(databases.names).toHaveLength(3);
  });

  it('a deleted or unreachable doc loses its database; without IndexedDB (tests, old browsers) nothing happens', async () => {
    const databases = fakeDatabases([localDocName('u1', 'd1'), localDocName('u1', 'd2')]);
    forgetLocalDoc('u1', 'd1', databases);
    expect(databases.names).toEqual([localDocName('u1', 'd2')]);
    expect(() => forgetLocalDoc('u1', 'd2', undefined)).not.toThrow();
    await expect(forgetLocalDocs('u1', undefined)).resolves.toBeUndefined();
    await expect(forgetLocalDocs('u1', { deleteDatabase: () => undefined })).resolves.toBeUndefined();
  });
});

describe('which sessions keep the doc on the device', () => {
  it("a member's doc, under the database of that user and doc; never a public link's", () => {
    const open = vi.fn(() => () => Promise.reject(new Error('not opened in this test')));
    expect(localStoreOf({ room: '/collab/d1', local: { user: 'u1', doc: 'd1' } }, open)).toBeTypeOf('function');
    expect(open).toHaveBeenCalledWith(localDocName('u1', 'd1'));
    expect(localStoreOf({ room: '/collab/d1', share: 'secret' }, open)).toBeUndefined();
    expect(localStoreOf({ room: '/collab/d1', share: 'secret', local: { user: 'u1', doc: 'd1' } }, open)).toBeUndefined();
    expect(localStoreOf({ room: '/collab/d1' }, open)).toBeUndefined();
    expect(open).toHaveBeenCalledTimes(1);
  });
});
