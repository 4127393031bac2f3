import { describe, expect, it, vi } from 'vitest';
import { errorMessages } from '#shared/errors';
import { createGraphQLClient, onServerAnswered, request, RequestError, retryDelayMs, type CatalogueKey } from './graphql';
import { documentSource, graphql, operationOf, rootFieldOf, type GraphQLDocument } from './graphqlDocument';
import { ReadPositions } from './readPosition';

type Reply = { data?: unknown; errors?: { message: string; extensions?: { code: string } & Record<string, unknown> }[] } | Error;

function setup(replies: Reply[], extra: { signInPath?: () => string; onAnswered?: () => void; positions?: ReadPositions } = {}) {
  const queue = [...replies];
  const calls: { url: string; init: RequestInit; body: { query: string; variables: unknown } }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init, body: JSON.parse(String(init.body)) });
    const reply = queue.shift();
    if (!reply) throw new Error('unexpected request');
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const dependencies = {
    endpoint: '/graphql',
    fetch,
    navigate: vi.fn(),
    toast: vi.fn(),
    sleep: vi.fn(async (_ms: number) => {}),
    translate: vi.fn((key: CatalogueKey) => `translated:${key}`),
    translateErrorCode: vi.fn(
      (code: string, _params: Readonly<Record<string, string | number>>, _fallback: string) => `translated:${code}`,
    ),
    log: { error: vi.fn() },
    onSignedOut: vi.fn(),
    ...extra,
  };
  const client = createGraphQLClient(dependencies);
  const operations = () => calls.map((call) => rootFieldOf(call.body.query));
  return { ...dependencies, client, calls, operations };
}

const getUser = graphql('query GetUser { getUser { id } }');
const getTask = graphql('query GetTask($id: ID!) { getTask(id: $id) { id } }');
const failure = (message: string, code?: string): Reply => ({ errors: [{ message, ...(code ? { extensions: { code } } : {}) }] });
const refreshed: Reply = { data: { refreshToken: { token: 'new' } } };

describe('graphql client: the SPEC §8 error catalogue', () => {
  it('posts JSON with the session cookies and returns data', async () => {
    const { client, calls } = setup([{ data: { getTask: { id: 't1' } } }]);
    await expect(client.request(getTask, { id: 't1' })).resolves.toEqual({ getTask: { id: 't1' } });
    expect(calls[0]?.url).toBe('/graphql');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' } });
    expect(calls[0]?.body).toEqual({ query: documentSource(getTask), variables: { id: 't1' } });
  });

  it('names an operation by its root field, aliases included', () => {
    expect(operationOf(getTask)).toBe('getTask');
    expect(operationOf(graphql('query Aliased { task: getTask(id: "1") { id } }'))).toBe('getTask');
    expect(rootFieldOf('mutation LastViewed($p: ID) {\n  lastViewed(project: $p)\n}')).toBe('lastViewed');
  });

  it('SPEC §8: a message containing "No access token" sends the user to /signin, without a toast', async () => {
    const { client, navigate, onSignedOut, toast } = setup([failure('Unauthorized: No access token', 'UNAUTHENTICATED')]);
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/signin');
    expect(toast).not.toHaveBeenCalled();
  });

  it.each(['Token expired or invalid', 'token expired', 'expired token', 'jwt expired', 'token has expired', 'JWT Expired'])(
    'SPEC §8: "%s" triggers one token refresh, then the request is retried',
    async (message) => {
      const { client, operations, toast } = setup([failure(message), refreshed, { data: { getUser: { id: 'u1' } } }]);
      await expect(client.request(getUser)).resolves.toEqual({ getUser: { id: 'u1' } });
      expect(operations()).toEqual(['getUser', 'refreshToken', 'getUser']);
      expect(toast).not.toHaveBeenCalled();
    },
  );

  it('SPEC §8: expired-token matching is exact, not a substring match', async () => {
    const { client, operations, toast } = setup([failure('Your token expired yesterday')]);
    await expect(client.request(getUser)).rejects.toBeInstanceOf(RequestError);
    expect(operations()).toEqual(['getUser']);
    expect(toast).toHaveBeenCalledWith({ message: 'Your token expired yesterday', icon: 'info' });
  });

  it('SPEC §4: refreshes only once per request: a second expiry is reported, not refreshed again', async () => {
    const { client, operations, toast } = setup([failure('jwt expired'), refreshed, failure('jwt expired')]);
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'graphql' });
    expect(operations()).toEqual(['getUser', 'refreshToken', 'getUser']);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('SPEC §4: requests that expire together share a single refresh', async () => {
    const { client, operations } = setup([
      failure('token expired'),
      failure('token expired'),
      refreshed,
      { data: { getUser: { id: 'a' } } },
      { data: { getUser: { id: 'b' } } },
    ]);
    await Promise.all([client.request(getUser), client.request(getUser)]);
    expect(operations().filter((operation) => operation === 'refreshToken')).toHaveLength(1);
  });

  it('SPEC §8: a refresh failing with "Invalid refresh token" sends the user to /signin and does not retry', async () => {
    const { client, operations, navigate, toast, onSignedOut } = setup([
      failure('Token expired or invalid', 'TOKEN_EXPIRED'),
      failure('Invalid refresh token', 'INVALID_REFRESH_TOKEN'),
    ]);
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(operations()).toEqual(['getUser', 'refreshToken']);
    expect(onSignedOut).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/signin');
    expect(toast).not.toHaveBeenCalled();
  });

  const retried: [string, GraphQLDocument<unknown, Record<string, never>>, string][] = [
    ['lastViewed', graphql('mutation LastViewed($project: ID) { lastViewed(project: $project) }'), 'Anything went wrong'],
    ['getMessages', graphql('query GetMessages { getMessages(project: "p", first: 20) { id } }'), 'Database busy'],
    ['getFolder', graphql('query GetFolder { getFolder(folder: "f") { id } }'), 'Folder not ready'],
    ['getTask', graphql('query GetTask { getTask(id: "t") { id } }'), 'Wrong Task'],
    ['getTask', graphql('query GetTask { getTask(id: "t") { id } }'), 'Cannot return null for non-nullable field Query.getTask.'],
  ];
  it.each(retried)('SPEC §8: %s failing with "%s" is retried once after 500 ms', async (operation, document, message) => {
    const { client, operations, sleep, toast } = setup([failure(message), { data: { [operation]: { id: 'x' } } }]);
    await expect(client.request(document)).resolves.toEqual({ [operation]: { id: 'x' } });
    expect(operations()).toEqual([operation, operation]);
    expect(sleep).toHaveBeenCalledWith(retryDelayMs);
    expect(retryDelayMs).toBe(500);
    expect(toast).not.toHaveBeenCalled();
  });

  it('SPEC §8: the delayed retry happens only once; a second failure is toasted', async () => {
    const { client, operations, sleep, toast } = setup([failure('Database busy'), failure('Database busy')]);
    await expect(client.request(graphql('query GetMessages { getMessages(first: 20) { id } }'))).rejects.toMatchObject({ kind: 'graphql' });
    expect(operations()).toEqual(['getMessages', 'getMessages']);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ message: 'Database busy', icon: 'info' });
  });

  it('SPEC §8: getTask failing with another message is not retried', async () => {
    const { client, operations, sleep } = setup([failure('Task is archived')]);
    await expect(client.request(getTask, { id: 't' })).rejects.toBeInstanceOf(RequestError);
    expect(operations()).toEqual(['getTask']);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('SPEC §8: any other server error shows an info toast with the message and no title', async () => {
    const { client, toast } = setup([failure('Project name is required', 'BAD_USER_INPUT')]);
    const error = await client.request(getUser).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'graphql', message: 'Project name is required', code: 'BAD_USER_INPUT', operation: 'getUser' });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ message: 'Project name is required', icon: 'info' });
    expect(toast.mock.calls[0]?.[0]).not.toHaveProperty('title');
  });

  it('shows the translation of a known error code with the parameters the server sent, never reading its text', async () => {
    const { client, toast, translateErrorCode } = setup([
      {
        errors: [
          { message: 'Use at most 100 characters.', extensions: { code: 'TEXT_TOO_LONG', params: { maximum: 100 }, field: 'name' } },
        ],
      },
    ]);
    const error = await client.request(getUser).catch((caught: unknown) => caught);
    expect(translateErrorCode).toHaveBeenCalledWith('TEXT_TOO_LONG', { maximum: 100 }, 'Use at most 100 characters.');
    expect(toast).toHaveBeenCalledWith({ message: 'translated:TEXT_TOO_LONG', icon: 'info' });
    expect(error).toMatchObject({ code: 'TEXT_TOO_LONG', details: { params: { maximum: 100 }, field: 'name' } });
  });

  it("shows the server's own text for a code it sent without params (a text more specific than the code's)", async () => {
    const { client, toast, translateErrorCode } = setup([
      { errors: [{ message: 'This section does not exist or you cannot see it.', extensions: { code: 'NOT_FOUND' } }] },
    ]);
    await expect(client.request(getUser)).rejects.toBeInstanceOf(RequestError);
    expect(translateErrorCode).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith({ message: 'This section does not exist or you cannot see it.', icon: 'info' });
  });

  it('shows an unknown code (a server newer than the client) with its text', async () => {
    const { client, toast } = setup([{ errors: [{ message: 'Something new.', extensions: { code: 'SOMETHING_NEW', params: {} } }] }]);
    await expect(client.request(getUser)).rejects.toBeInstanceOf(RequestError);
    expect(toast).toHaveBeenCalledWith({ message: 'Something new.', icon: 'info' });
  });

  it('SPEC §7: a silent request (start-up preload) only logs its failure', async () => {
    const { client, toast, log } = setup([failure('Something broke')]);
    await expect(client.request(getUser, {}, { silent: true })).rejects.toBeInstanceOf(RequestError);
    expect(toast).not.toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledWith('[graphql] getUser failed:', 'Something broke');
  });

  it('a request handled by its caller shows no toast and logs nothing: the error carries the code and details', async () => {
    const { client, toast, log } = setup([
      {
        errors: [
          {
            message: errorMessages.RATE_LIMITED,
            extensions: { code: 'RATE_LIMITED', params: {}, retryAfterSeconds: 42 } as { code: string },
          },
        ],
      },
    ]);
    const error = await client.request(getUser, {}, { handledByCaller: true }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      kind: 'graphql',
      code: 'RATE_LIMITED',
      message: 'translated:RATE_LIMITED',
      details: { params: {}, retryAfterSeconds: 42 },
    });
    expect(toast).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a request handled by its caller reports a network failure only to the caller', async () => {
    const { client, toast } = setup([new TypeError('Failed to fetch')]);
    await expect(client.request(getUser, {}, { handledByCaller: true })).rejects.toMatchObject({
      kind: 'network',
      message: 'translated:errors.network',
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it('a request handled by its caller still goes to /signin when the session is gone', async () => {
    const { client, navigate, toast } = setup([failure('No access token', 'UNAUTHENTICATED')]);
    await expect(client.request(getUser, {}, { handledByCaller: true })).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(navigate).toHaveBeenCalledWith('/signin');
    expect(toast).not.toHaveBeenCalled();
  });

  it('a network failure shows a translated toast', async () => {
    const { client, toast } = setup([new TypeError('Failed to fetch')]);
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'network' });
    expect(toast).toHaveBeenCalledWith({ message: 'translated:errors.network', icon: 'info' });
  });

  it('a network failure during the refresh is reported to the caller', async () => {
    const { client, toast, navigate } = setup([failure('token expired'), new TypeError('Failed to fetch')]);
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'network' });
    expect(toast).toHaveBeenCalledWith({ message: 'translated:errors.network', icon: 'info' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a response that is not JSON is reported as unexpected', async () => {
    const { client, fetch, toast } = setup([]);
    fetch.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'response' });
    expect(toast).toHaveBeenCalledWith({ message: 'translated:errors.unexpectedResponse (502)', icon: 'info' });
  });

  it('a JSON answer that is no GraphQL result (a restarting server) fails instead of returning no data', async () => {
    const { client, fetch, toast } = setup([]);
    fetch.mockResolvedValueOnce(new Response(JSON.stringify({ error: 'Service Unavailable', statusCode: 503 }), { status: 503 }));
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'network' });
    expect(toast).toHaveBeenCalledWith({ message: 'translated:errors.network', icon: 'info' });
    fetch.mockResolvedValueOnce(new Response(JSON.stringify({ error: 'Payload Too Large' }), { status: 413 }));
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'response' });
  });

  it('signing in again comes back to the page the person was on', async () => {
    const { client, navigate } = setup([failure('Unauthorized: No access token', 'UNAUTHENTICATED')], {
      signInPath: () => '/signin?next=%2Fchats',
    });
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(navigate).toHaveBeenCalledWith('/signin?next=%2Fchats');
  });

  it('a request that never answers ends as a network failure', async () => {
    const { client, fetch } = setup([]);
    fetch.mockImplementationOnce((_input: unknown, init?: RequestInit) => {
      expect(init?.signal).toBeInstanceOf(AbortSignal);
      return Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'));
    });
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'network' });
  });

  it('says when the server answered (data or GraphQL errors), never after a network failure or a non-GraphQL answer', async () => {
    const onAnswered = vi.fn();
    const { client, fetch } = setup([new Error('offline'), { data: { getUser: { id: 'u1' } } }, failure('Task not found', 'NOT_FOUND')], {
      onAnswered,
    });
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'network' });
    fetch.mockResolvedValueOnce(new Response(JSON.stringify({ error: 'Service Unavailable' }), { status: 503 }));
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'network' });
    expect(onAnswered).not.toHaveBeenCalled();
    await client.request(getUser);
    expect(onAnswered).toHaveBeenCalledTimes(1);
    await expect(client.request(getUser)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(onAnswered).toHaveBeenCalledTimes(2);
  });

  it('tells the read positions of each request and the log position its answer names, also when it fails', async () => {
    const positions = new ReadPositions();
    const { client, fetch } = setup([], { positions });
    fetch.mockResolvedValueOnce(
      new Response(JSON.stringify({ data: { getUser: { id: 'u1' } } }), { status: 200, headers: { 'log-position': '42' } }),
    );
    const answer = client.request(getUser);
    // On its way, the read holds the starting point back to what was known when it was sent (nothing yet).
    positions.heard(50);
    expect(positions.startingPoint()).toBeNull();
    await answer;
    expect(positions.startingPoint()).toBe(42);
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client.request(getUser)).rejects.toMatchObject({ kind: 'network' });
    expect(positions.startingPoint()).toBe(42);
  });

  it("the app's client tells its answer listeners (the live socket's wake-up) until they unsubscribe", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: { getUser: { id: 'u1' } } }), { status: 200 })),
    );
    try {
      const listener = vi.fn();
      const stop = onServerAnswered(listener);
      await request(getUser);
      expect(listener).toHaveBeenCalledTimes(1);
      stop();
      await request(getUser);
      expect(listener).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
