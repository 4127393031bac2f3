import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors';
import { startTestServer, type TestServer } from './harness';
import { countEvents, createSpace, joinTeam, person } from './teamFactories';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const newSpace = 'mutation ($name: String!) { setProject(name: $name) { id } }';

describe('error codes on the wire (extensions.code, params, field)', () => {
  it('answers a too-long space name with TEXT_TOO_LONG, its maximum and the argument, writing nothing', async () => {
    const admin = await person(server, 'Ada');
    const before = await countEvents(server);
    const result = await admin.client.execute(newSpace, { name: 'n'.repeat(101) });
    expect(result.errors?.[0]).toEqual({
      message: 'Use at most 100 characters.',
      path: ['setProject'],
      locations: expect.any(Array) as unknown,
      extensions: { code: 'TEXT_TOO_LONG', category: 'BAD_USER_INPUT', params: { maximum: 100 }, field: 'name' },
    });
    const blank = await admin.client.execute(newSpace, { name: '   ' });
    expect(blank.errors?.[0]).toMatchObject({
      message: 'Enter a name.',
      extensions: { code: 'NAME_REQUIRED', category: 'BAD_USER_INPUT', params: {}, field: 'name' },
    });
    expect(await countEvents(server)).toBe(before);
  });

  it('keeps NOT_FOUND and PERMISSION_DENIED as codes, naming a specific text in reason', async () => {
    const admin = await person(server, 'Amy');
    const member = await joinTeam(admin, await person(server, 'Ben'));
    const missing = await admin.client.execute('mutation ($id: ID!) { delProject(id: $id) }', { id: '0123456789abcdef01234567' });
    expect(missing.errors?.[0]).toMatchObject({
      message: 'This space does not exist or you cannot see it.',
      extensions: { code: 'NOT_FOUND', reason: 'SPACE_NOT_FOUND', params: {} },
    });
    const space = await createSpace(admin, 'Shared', 'public');
    const denied = await member.client.execute('mutation ($id: ID!) { delProject(id: $id) }', { id: space });
    expect(denied.errors?.[0]).toMatchObject({
      message: errorMessages.PERMISSION_DENIED,
      extensions: { code: 'PERMISSION_DENIED', params: {} },
    });
    expect(denied.errors?.[0]?.extensions).not.toHaveProperty('reason');
  });
});
