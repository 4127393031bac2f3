import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { createSpace, person } from './teamFactories';
import { countEvents } from './teamFactories';

/** Refusals that used to reach clients as English text under a generic code: each has its own code and parameters now. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const eventCount = () => countEvents(server);

describe('refusal codes', () => {
  it('refuses an Idempotency-Key longer than 128 characters with IDEMPOTENCY_KEY_INVALID and its maximum, writing nothing', async () => {
    const ada = await person(server, 'Ada');
    const before = await eventCount();
    const refused = await ada.client.execute(
      'mutation ($project: ID!, $name: String!) { setTask(project: $project, name: $name) { id } }',
      { project: 'any', name: 'Never written' },
      { 'idempotency-key': 'k'.repeat(129) },
    );
    expect(refused.data).toBeNull();
    expect(refused.errors).toEqual([
      expect.objectContaining({
        message: 'An Idempotency-Key must be 1 to 128 characters.',
        extensions: expect.objectContaining({
          code: 'IDEMPOTENCY_KEY_INVALID',
          category: 'BAD_USER_INPUT',
          params: { maximum: 128 },
        }) as unknown,
      }),
    ]);
    expect(await eventCount()).toBe(before);
  });

  it('answers a space of another team with NOT_FOUND and the SPACE_NOT_FOUND reason, like one that does not exist', async () => {
    const ada = await person(server, 'Ada');
    const stranger = await person(server, 'Sten');
    const theirSpace = await createSpace(stranger, 'Out of sight');
    const document = 'query ($project: ID!) { getTasks(project: $project) { id } }';
    for (const project of [theirSpace, 'no-such-space']) {
      const refused = await ada.client.execute(document, { project });
      expect(refused.errors).toEqual([
        expect.objectContaining({
          message: 'This space does not exist or you cannot see it.',
          extensions: expect.objectContaining({ code: 'NOT_FOUND', reason: 'SPACE_NOT_FOUND', params: {} }) as unknown,
        }),
      ]);
    }
  });
});
