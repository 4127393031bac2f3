import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRow, appRows } from '../support/appRows';
import { GraphqlTestClient, startTestServer, subscriptionClient, type TestServer } from './harness';
import { expectData, newestEventSeq, person, type Person } from './teamFactories';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Created = { createApiToken: { token: string; apiToken: { id: string; name: string; prefix: string } } };

async function createToken(owner: Person, name = 'CI script') {
  return expectData(
    await owner.client.execute<Created>('mutation ($name: String!) { createApiToken(name: $name) { token apiToken { id name prefix } } }', {
      name,
    }),
  ).createApiToken;
}

const asBearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('personal API tokens', () => {
  it('shows the token once, lists only its metadata, and stores only a SHA-256 hash', async () => {
    const owner = await person(server);
    const created = await createToken(owner);
    expect(created.token).toMatch(/^wst_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken).toMatchObject({ name: 'CI script', prefix: created.token.slice(0, 8) });
    const listed = expectData(
      await owner.client.execute<{ getApiTokens: Record<string, unknown>[] }>('{ getApiTokens { id name prefix createdAt lastUsedAt } }'),
    );
    expect(listed.getApiTokens).toEqual([expect.objectContaining({ id: created.apiToken.id, name: 'CI script', lastUsedAt: null })]);
    const stored = (await appRow<{ token_hash: string }>(
      server.app,
      sql`SELECT token_hash FROM api_tokens WHERE id = ${created.apiToken.id}`,
    ))!;
    expect(stored.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    const everything = JSON.stringify(await appRows(server.app, sql`SELECT * FROM events`));
    expect(everything).not.toContain(created.token);
    expect(everything).not.toContain(stored.token_hash);
  });

  it('authenticates GraphQL requests as the owner with Authorization: Bearer', async () => {
    const owner = await person(server);
    const { token } = await createToken(owner);
    const script = new GraphqlTestClient(server);
    const me = expectData(await script.execute<{ getUser: { id: string } }>('{ getUser { id } }', {}, asBearer(token)));
    expect(me.getUser.id).toBe(owner.id);
    const space = expectData(
      await script.execute<{ setProject: { name: string } }>(
        'mutation { setProject(name: "From a script") { name } }',
        {},
        asBearer(token),
      ),
    );
    expect(space.setProject.name).toBe('From a script');
  });

  it('stops working at once when revoked, on HTTP and on an open subscription', async () => {
    const owner = await person(server);
    const { token, apiToken } = await createToken(owner);
    const socket = subscriptionClient(server, { token });
    const received: unknown[] = [];
    const state = { listening: false, completed: false };
    // resumeAfter: the server says once it listens (a value without data), so the change below is not sent before, and
    // sends each event with its position. Older events are left out: on PostgreSQL a fresh subscription starts from the
    // log's settled position, which a transaction running elsewhere on the cluster holds back, and is sent the events
    // committed above it.
    const since = await newestEventSeq(server);
    socket.subscribe<unknown, { seq?: number }>(
      { query: 'subscription { subUser { language } }', extensions: { resumeAfter: null } },
      {
        next: (value) => {
          if (!value.data) state.listening = true;
          else if ((value.extensions?.seq ?? 0) > since) received.push(value);
        },
        error: () => undefined,
        complete: () => (state.completed = true),
      },
    );
    await expect.poll(() => state.listening).toBe(true);
    await owner.client.execute('mutation ($id: ID!) { ediUserLanguage(id: $id, language: "de") { id } }', { id: owner.id });
    await expect.poll(() => received.length).toBe(1);

    expect(expectData(await owner.client.execute('mutation ($id: ID!) { revokeApiToken(id: $id) }', { id: apiToken.id }))).toEqual({
      revokeApiToken: true,
    });
    const refused = await new GraphqlTestClient(server).execute('{ getUser { id } }', {}, asBearer(token));
    expect(refused.errors?.[0]).toMatchObject({ message: 'Token expired or invalid', extensions: { code: 'TOKEN_EXPIRED' } });
    await owner.client.execute('mutation ($id: ID!) { ediUserLanguage(id: $id, language: "fr") { id } }', { id: owner.id });
    // Once the subscription has ended nothing more can come: the change after the revocation was never sent.
    await expect.poll(() => state.completed).toBe(true);
    expect(received).toHaveLength(1);
    expect(expectData(await owner.client.execute<{ getApiTokens: unknown[] }>('{ getApiTokens { id } }')).getApiTokens).toEqual([]);
    await socket.dispose();
  });

  it('refuses a forged token, another user’s token id, and minting tokens with a token', async () => {
    const owner = await person(server);
    const other = await person(server, 'Oli');
    const { token, apiToken } = await createToken(owner);
    const forged = await new GraphqlTestClient(server).execute('{ getUser { id } }', {}, asBearer(`wst_${'A'.repeat(43)}`));
    expect(forged.errors?.[0]?.message).toBe('Token expired or invalid');
    const stolenId = await other.client.execute('mutation ($id: ID!) { revokeApiToken(id: $id) }', { id: apiToken.id });
    expect(stolenId.errors?.[0]).toMatchObject({ message: 'No such API token.', extensions: { code: 'NOT_FOUND' } });
    expect(expectData(await new GraphqlTestClient(server).execute('{ getUser { id } }', {}, asBearer(token)))).toEqual({
      getUser: { id: owner.id },
    });
    const minted = await new GraphqlTestClient(server).execute('mutation { createApiToken(name: "copy") { token } }', {}, asBearer(token));
    expect(minted.errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
  });

  it('keeps working after the owner changes a team URL (API tokens are not sessions)', async () => {
    const owner = await person(server);
    const { token } = await createToken(owner);
    const script = new GraphqlTestClient(server);
    const changed = expectData(
      await script.execute<{ updateTeam: { signInRequired: boolean } }>(
        'mutation ($team: ID!) { updateTeam(team: $team, url: "token-team") { signInRequired } }',
        { team: owner.teamId },
        asBearer(token),
      ),
    );
    expect(changed.updateTeam.signInRequired).toBe(false);
    expect((await script.execute('{ getUser { id } }', {}, asBearer(token))).errors).toBeUndefined();
  });
});
