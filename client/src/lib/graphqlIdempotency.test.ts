import { describe, expect, it, vi } from 'vitest';
import { createGraphQLClient, mutationResendDelaysMs, type CatalogueKey } from './graphql';
import { graphql } from './graphqlDocument';

type Reply = { data?: unknown; errors?: { message: string; extensions?: { code: string } }[] } | Error | Response;

function setup(replies: Reply[]) {
  const queue = [...replies];
  const headers: Record<string, string>[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    headers.push(init.headers as Record<string, string>);
    const reply = queue.shift();
    if (!reply) throw new Error('unexpected request');
    if (reply instanceof Error) throw reply;
    if (reply instanceof Response) return reply;
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  let made = 0;
  const dependencies = {
    endpoint: '/graphql',
    fetch,
    navigate: vi.fn(),
    toast: vi.fn(),
    sleep: vi.fn(async (_ms: number) => {}),
    translate: vi.fn((key: CatalogueKey) => `translated:${key}`),
    translateErrorCode: vi.fn((code: string) => `translated:${code}`),
    log: { error: vi.fn() },
    onSignedOut: vi.fn(),
    createKey: () => `key-${(made += 1)}`,
  };
  const client = createGraphQLClient(dependencies);
  const keys = () => headers.map((sent) => sent['idempotency-key']);
  return { ...dependencies, client, keys };
}

const setTask = graphql('mutation SetTask($project: ID!, $name: String!) { setTask(project: $project, name: $name) { id } }');
const getUser = graphql('query GetUser { getUser { id } }');
const created = { data: { setTask: { id: 't1' } } };
const offline = () => new TypeError('Failed to fetch');

describe('graphql client: idempotency keys', () => {
  it('sends a fresh key with each mutation, none with a query', async () => {
    const { client, keys } = setup([created, created, { data: { getUser: { id: 'u1' } } }]);
    await client.request(setTask, { project: 'p', name: 'a' });
    await client.request(setTask, { project: 'p', name: 'a' });
    await client.request(getUser);
    expect(keys()).toEqual(['key-1', 'key-2', undefined]);
  });

  it("sends the caller's key when it gives one, and leaves resending to that caller", async () => {
    const { client, keys, sleep } = setup([created, offline()]);
    await client.request(setTask, { project: 'p', name: 'a' }, { idempotencyKey: 'outbox-item-7' });
    await expect(client.request(setTask, { project: 'p', name: 'a' }, { idempotencyKey: 'outbox-item-8' })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(keys()).toEqual(['outbox-item-7', 'outbox-item-8']);
    expect(sleep).not.toHaveBeenCalled();
  });

  it("resends with the caller's key when the caller has no retry of its own and asks for it (a task edit kept on the device)", async () => {
    const { client, keys, sleep } = setup([offline(), created]);
    await expect(
      client.request(setTask, { project: 'p', name: 'a' }, { idempotencyKey: 'pending-edit-3', resendLost: true }),
    ).resolves.toEqual(created.data);
    expect(keys()).toEqual(['pending-edit-3', 'pending-edit-3']);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000]);
  });

  it('keeps the key across the retry after a token refresh', async () => {
    const { client, keys } = setup([{ errors: [{ message: 'token expired' }] }, { data: { refreshToken: { token: 'new' } } }, created]);
    await client.request(setTask, { project: 'p', name: 'a' });
    expect(keys()).toEqual(['key-1', undefined, 'key-1']);
  });

  it('sends a mutation whose answer was lost again with the same key, after 1, 2 and 4 s, without a toast when it gets through', async () => {
    const { client, keys, sleep, toast } = setup([offline(), new Response('Bad gateway', { status: 502 }), created]);
    await expect(client.request(setTask, { project: 'p', name: 'a' })).resolves.toEqual(created.data);
    expect(keys()).toEqual(['key-1', 'key-1', 'key-1']);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000]);
    expect(toast).not.toHaveBeenCalled();
  });

  it('gives up after the last resend and reports the network failure once', async () => {
    const { client, keys, toast } = setup(Array.from({ length: mutationResendDelaysMs.length + 1 }, offline));
    await expect(client.request(setTask, { project: 'p', name: 'a' })).rejects.toMatchObject({ kind: 'network' });
    expect(keys()).toEqual(Array.from({ length: mutationResendDelaysMs.length + 1 }, () => 'key-1'));
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('never resends a query, a timed-out mutation, a refused one, or the session refresh', async () => {
    const query = setup([offline()]);
    await expect(query.client.request(getUser)).rejects.toMatchObject({ kind: 'network' });
    const timedOut = setup([new DOMException('The operation timed out.', 'TimeoutError')]);
    await expect(timedOut.client.request(setTask, { project: 'p', name: 'a' })).rejects.toMatchObject({ kind: 'network' });
    const refused = setup([{ errors: [{ message: 'No such space', extensions: { code: 'NOT_FOUND' } }] }]);
    await expect(refused.client.request(setTask, { project: 'p', name: 'a' })).rejects.toMatchObject({ kind: 'graphql' });
    const refresh = setup([{ errors: [{ message: 'token expired' }] }, offline()]);
    await expect(refresh.client.request(setTask, { project: 'p', name: 'a' })).rejects.toMatchObject({ kind: 'network' });
    for (const { sleep } of [query, timedOut, refused, refresh]) expect(sleep).not.toHaveBeenCalled();
  });
});
