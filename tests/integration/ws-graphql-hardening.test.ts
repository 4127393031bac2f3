import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentParser } from '../../server/src/graphql/validation';
import { postMessage, sendMessage } from './chatFactories';
import { subscriptionClient } from './harness';
import { countEvents, createSpace, expectData, person, wait, type Person } from './teamFactories';
import { logLevels, RawSocket, startLoggedServer, type LoggedServer, type ProtocolMessage } from './ws-harness';

const ownAccount = 'subscription { subUser { firstname } }';

/** Renames `someone` until `socket` hears the new name on operation `id`: the subscription is live. */
async function heardOn(socket: RawSocket, id: string, someone: Person): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const name = `Heard${attempt}${Math.random().toString(36).slice(2, 8)}`;
    expectData(await someone.client.execute('mutation ($name: String!) { ediUser(firstname: $name) { id } }', { name }));
    const heard = await socket
      .next((message) => message.id === id && message.type === 'next' && JSON.stringify(message.payload).includes(name), 400)
      .catch(() => null);
    if (heard) return name;
  }
  throw new Error(`operation ${id} never heard a rename`);
}

const nextsOf = (socket: RawSocket, id: string) => socket.received.filter((message) => message.id === id && message.type === 'next').length;
const codesOf = (errors: { extensions: Record<string, unknown> }[]) => errors.map((error) => error.extensions.code);
const withoutRequestIds = (errors: { message: string; extensions: Record<string, unknown> }[] | undefined) =>
  (errors ?? []).map(({ message, extensions: { code } }) => ({ message, code }));

describe('/graphql websockets: protocol, limits and the same document rules as HTTP', () => {
  let server: LoggedServer;
  beforeAll(async () => {
    // Long enough that a 500 KB frame sent before connection_init reaches the server first on a busy machine.
    server = await startLoggedServer({ WS_INIT_TIMEOUT_MS: '2000', WS_MAX_SUBSCRIPTIONS_PER_SOCKET: '3', WS_MAX_SOCKETS_PER_USER: '2' });
  });
  afterAll(() => server.close());

  it('refuses a 10 MB and a 17 MB subscribe frame from an anonymous socket unread (1009) and stays up', async () => {
    const parse = vi.spyOn(documentParser, 'parse');
    for (const megabytes of [10, 17]) {
      const socket = await RawSocket.open(server.websocketUrl);
      await socket.init();
      socket.subscribe('big', `subscription { subUser { firstname ${'x'.repeat(megabytes * 1024 * 1024)} } }`);
      expect((await socket.closed).code).toBe(1009);
    }
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const someone = await person(server);
    expect(expectData(await someone.client.execute<{ getUser: { id: string } }>('{ getUser { id } }')).getUser.id).toBe(someone.id);
  });

  it('closes a subscribe sent before connection_ack with 4401, parsing nothing', async () => {
    const parse = vi.spyOn(documentParser, 'parse');
    const socket = await RawSocket.open(server.websocketUrl);
    socket.subscribe('early', `subscription { subUser { firstname } } # ${'x'.repeat(500_000)}`);
    expect(await socket.closed).toEqual({ code: 4401, reason: 'Unauthorized' });
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
  });

  it('closes a socket that never sends connection_init with 4408', async () => {
    const socket = await RawSocket.open(server.websocketUrl);
    expect(await socket.closed).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });
  });

  it('closes a second connection_init with 4429', async () => {
    const socket = await RawSocket.open(server.websocketUrl);
    await socket.init();
    socket.send({ type: 'connection_init' });
    expect(await socket.closed).toEqual({ code: 4429, reason: 'Too many initialisation requests' });
  });

  it('refuses browsers from another origin at the upgrade', async () => {
    await expect(RawSocket.open(server.websocketUrl, { origin: 'https://elsewhere.example' })).rejects.toThrow('403');
  });

  it('refuses an anonymous subscribe before reading its document, keeping the socket', async () => {
    const parse = vi.spyOn(documentParser, 'parse');
    const socket = await RawSocket.open(server.websocketUrl);
    await socket.init();
    socket.subscribe('anonymous', ownAccount);
    const [error] = await socket.errorsOf('anonymous');
    expect(error).toMatchObject({ message: 'No access token', extensions: { code: 'UNAUTHENTICATED', requestId: expect.any(String) } });
    // Meeting guests subscribe without an account, but only with a guest credential that is valid: a made-up one is anonymous.
    const forged = await RawSocket.open(server.websocketUrl, { cookie: 'guest=made-up-credential' });
    await forged.init();
    forged.subscribe('forged', ownAccount);
    expect((await forged.errorsOf('forged'))[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    forged.close();
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    socket.send({ type: 'ping' });
    await socket.next((message) => message.type === 'pong');
    socket.close();
  });

  it('closes a duplicate id with 4409; after complete nothing more is delivered for an id and its listeners are gone', async () => {
    const me = await person(server, 'Dup');
    const duplicate = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    await duplicate.init();
    duplicate.subscribe('a', ownAccount);
    duplicate.subscribe('a', ownAccount);
    expect(await duplicate.closed).toEqual({ code: 4409, reason: 'Subscriber for a already exists' });
    // An id too long for a close reason still closes 4409, its reason cut to the 123 bytes allowed.
    const longId = `é${'x'.repeat(300)}`;
    const longDuplicate = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    await longDuplicate.init();
    longDuplicate.subscribe(longId, ownAccount);
    longDuplicate.subscribe(longId, ownAccount);
    const longClose = await longDuplicate.closed;
    expect(longClose.code).toBe(4409);
    expect(Buffer.byteLength(longClose.reason)).toBeLessThanOrEqual(123);

    const socket = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    await socket.init();
    socket.subscribe('a', ownAccount);
    await heardOn(socket, 'a', me);
    const heardByA = nextsOf(socket, 'a');
    socket.send({ id: 'a', type: 'complete' });
    socket.subscribe('b', ownAccount);
    await heardOn(socket, 'b', me);
    await heardOn(socket, 'b', me);
    expect(nextsOf(socket, 'a')).toBe(heardByA);
    expect(server.app.graphqlSockets.stats().subscriptions).toBe(1);
    socket.close();
  });

  it('refuses subscription N+1 on one socket with a clear error, and the socket and its other subscriptions stay', async () => {
    const me = await person(server, 'Cap');
    const socket = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    await socket.init();
    for (const id of ['s1', 's2', 's3', 's4']) socket.subscribe(id, ownAccount);
    const errors = await socket.errorsOf('s4');
    expect(errors[0]).toMatchObject({
      message: 'This connection already runs 3 subscriptions, the limit. Complete some first.',
      extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' },
    });
    await heardOn(socket, 's2', me);
    socket.send({ id: 's1', type: 'complete' });
    socket.subscribe('s5', ownAccount);
    await heardOn(socket, 's5', me);
    socket.close();
  });

  it('closes socket N+1 of one user with 4430 across cookie and token sockets, and takes a new one once a place is free', async () => {
    const me = await person(server, 'Many');
    const byCookie = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    await byCookie.init();
    const byToken = await RawSocket.open(server.websocketUrl);
    await byToken.init({ authorization: `Bearer ${me.token}` });
    const third = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    third.send({ type: 'connection_init' });
    expect(await third.closed).toEqual({ code: 4430, reason: 'Too many connections for this user' });
    const someoneElse = await person(server, 'Other');
    const theirs = await RawSocket.open(server.websocketUrl, { cookie: someoneElse.client.cookieHeader() });
    await theirs.init();

    byCookie.close();
    await vi.waitFor(() => expect(server.app.services.sockets.countOf(me.id)).toBe(1));
    const again = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    await again.init();
    for (const socket of [byToken, theirs, again]) socket.close();
  });

  it('refuses 200 aliased root fields on the socket exactly as on HTTP', async () => {
    const me = await person(server, 'Alias');
    const document = `subscription { ${Array.from({ length: 200 }, (_, index) => `a${index}: subUser { id }`).join(' ')} }`;
    const overHttp = await me.client.execute(document);
    const socket = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    await socket.init();
    socket.subscribe('aliases', document);
    const overSocket = await socket.errorsOf('aliases');
    expect(codesOf(overSocket)).toContain('QUERY_TOO_COMPLEX');
    expect(overSocket.map((error) => error.message)).toContain('The query uses 200 aliases; the limit is 30.');
    expect(withoutRequestIds(overSocket)).toEqual(withoutRequestIds(overHttp.errors));
    socket.close();
  });

  it('refuses a document over the size, token or nesting limits on both transports alike', async () => {
    const me = await person(server, 'Big');
    const socket = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    await socket.init();
    const documents = {
      PAYLOAD_TOO_LARGE: `subscription { subUser { id } } # ${'x'.repeat(100_001)}`,
      QUERY_TOO_COMPLEX: `subscription { subUser { ${'id '.repeat(10_001)} } }`,
      QUERY_TOO_DEEP: `subscription ${'{ a '.repeat(3000)}${'}'.repeat(3000)}`,
    };
    for (const [code, document] of Object.entries(documents)) {
      const overHttp = await me.client.execute(document);
      socket.subscribe(code, document);
      const overSocket = await socket.errorsOf(code);
      expect(codesOf(overSocket), code).toEqual([code]);
      expect(withoutRequestIds(overSocket), code).toEqual(withoutRequestIds(overHttp.errors));
    }
    socket.close();
  });

  it('refuses a lone surrogate in a variable or a string literal with a field error on both transports, writing nothing', async () => {
    const me = await person(server, 'Text');
    const space = await createSpace(me, 'Surrogates');
    const before = await countEvents(server);

    const inVariable = await sendMessage(me, { project: space, body: 'broken \ud800 text' });
    expect(inVariable.errors?.[0]).toMatchObject({ extensions: { code: 'TEXT_NOT_UNICODE', category: 'BAD_USER_INPUT', field: 'body' } });
    expect(inVariable.errors?.[0]?.message).toContain('Variable "$body"');
    const inLiteral = await me.client.execute('mutation { ediUser(firstname: "Ada\\uD800") { id } }');
    expect(inLiteral.errors?.[0]).toMatchObject({ extensions: { code: 'TEXT_NOT_UNICODE', category: 'BAD_USER_INPUT' } });
    expect(inLiteral.errors?.[0]?.message).toMatch(/^The string at line 1, column \d+ contains text that is not valid Unicode/);
    const nested = await me.client.execute('mutation ($name: String!) { ediUser(firstname: $name) { id } }', { name: '\udc00 trailing' });
    expect(nested.errors?.[0]?.extensions.code).toBe('TEXT_NOT_UNICODE');
    expect(await countEvents(server)).toBe(before);

    const socket = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    await socket.init();
    socket.subscribe('variable', 'subscription ($team: ID) { subUser(team: $team) { id } }', { team: 'x\ud800' });
    expect((await socket.errorsOf('variable'))[0]).toMatchObject({ extensions: { code: 'TEXT_NOT_UNICODE', field: 'team' } });
    socket.subscribe('literal', 'subscription { subUser(team: "x\\uDFFF") { id } }');
    expect(codesOf(await socket.errorsOf('literal'))).toEqual(['TEXT_NOT_UNICODE']);
    socket.close();
    expect(await countEvents(server)).toBe(before);
  });

  it('serves queries and mutations only over HTTP', async () => {
    const me = await person(server, 'Query');
    const socket = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    await socket.init();
    socket.subscribe('query', '{ getUser { id } }');
    expect((await socket.errorsOf('query'))[0]?.message).toBe(
      'Only subscriptions are served over the websocket; send queries and mutations with POST /graphql.',
    );
    socket.close();
  });

  it('keeps the graphql-ws client working: cookie on the upgrade, bearer token in connection_init', async () => {
    const me = await person(server, 'Client');
    for (const credentials of [{ cookie: me.client.cookieHeader() }, { token: me.token }]) {
      const client = subscriptionClient(server, credentials);
      const heard: string[] = [];
      const stop = client.subscribe<{ subUser: { firstname: string } }>(
        { query: ownAccount },
        { next: (value) => heard.push(value.data!.subUser.firstname), error: () => undefined, complete: () => undefined },
      );
      let name = '';
      await vi.waitFor(
        async () => {
          name = `Live${Math.random().toString(36).slice(2, 8)}`;
          expectData(await me.client.execute('mutation ($name: String!) { ediUser(firstname: $name) { id } }', { name }));
          await wait(100);
          expect(heard).toContain(name);
        },
        { timeout: 5000, interval: 50 },
      );
      stop();
      await client.dispose();
    }
  });

  it('logged every refusal above as information or a warning, never as an error', () => {
    const errors = server.logs.filter((line) => line.level >= logLevels.error);
    expect(errors).toEqual([]);
    expect(server.logs.some((line) => line.level === logLevels.warn && line.msg.includes('connection refused') && line.code === 4430)).toBe(
      true,
    );
    expect(server.logs.some((line) => line.level === logLevels.info && line.msg === 'graphql websocket: operation refused')).toBe(true);
  });
});

describe('/graphql websockets: forged connection_init tokens', () => {
  let server: LoggedServer;
  beforeAll(async () => {
    server = await startLoggedServer({ RATE_LIMITS: 'true' });
  });
  afterAll(() => server.close());

  it('refuses each (4403), then rate-limits the address (4431) while a real token still gets in', async () => {
    const codes: number[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1) {
      const socket = await RawSocket.open(server.websocketUrl);
      socket.send({ type: 'connection_init', payload: { authorization: `Bearer forged.token.${attempt}` } });
      codes.push((await socket.closed).code);
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(4403));
    expect(codes.slice(30)).toEqual([4431, 4431]);

    const me = await person(server, 'Real');
    const socket = await RawSocket.open(server.websocketUrl);
    await socket.init({ authorization: `Bearer ${me.token}` });
    socket.close();
    expect(server.logs.filter((line) => line.level >= logLevels.error)).toEqual([]);
    expect(server.logs.some((line) => line.level === logLevels.warn && line.code === 4431)).toBe(true);
  });
});

describe('introspection in production', () => {
  let server: LoggedServer;
  beforeAll(async () => {
    server = await startLoggedServer({ NODE_ENV: 'production' });
  });
  afterAll(() => server.close());

  it('is refused to anonymous callers with a clear code, wherever it hides, and served to signed-in ones', async () => {
    const anonymous = new (await import('./harness')).GraphqlTestClient(server);
    for (const query of [
      '{ __schema { queryType { name } } }',
      '{ __type(name: "Query") { name } }',
      'query Hidden { ...Schema } fragment Schema on Query { __schema { types { name } } }',
    ]) {
      const refused = await anonymous.execute(query);
      expect(refused.errors?.[0]?.extensions.code, query).toBe('INTROSPECTION_DISABLED');
      expect(refused.data).toBeNull();
    }
    expect(
      expectData(await anonymous.execute<{ serverInfo: { __typename: string } }>('{ serverInfo { __typename } }')).serverInfo.__typename,
    ).toBe('ServerInfo');

    const socket = await RawSocket.open(server.websocketUrl);
    await socket.init();
    socket.subscribe('schema', 'subscription { __schema { types { name } } }');
    expect((await socket.errorsOf('schema')).length).toBeGreaterThan(0);
    socket.close();

    const me = await person(server, 'Prod');
    const allowed = expectData(
      await me.client.execute<{ __schema: { queryType: { name: string } } }>('{ __schema { queryType { name } } }'),
    );
    expect(allowed.__schema.queryType.name).toBe('Query');
  });
});

describe('a slow consumer', () => {
  let server: LoggedServer;
  beforeAll(async () => {
    server = await startLoggedServer({ WS_MAX_BUFFERED_BYTES: '65536' });
  });
  afterAll(() => server.close());

  // Posts large messages until the paused socket's unsent bytes pass the limit (the kernel's buffers fill first): many
  // requests, which on a busy machine took longer than a test's usual twenty seconds.
  it('is closed once its unsent bytes pass the limit, its subscriptions released at once, and the others keep hearing', async () => {
    const admin = await person(server, 'Flood');
    const space = await createSpace(admin, 'Flood');
    const chat = 'subscription ($project: ID) { subMessage(project: $project) { type message { body } } }';
    const [slow, healthy] = await Promise.all(
      [0, 1].map(() => RawSocket.open(server.websocketUrl, { cookie: admin.client.cookieHeader() })),
    );
    for (const socket of [slow!, healthy!]) {
      await socket.init();
      socket.subscribe('chat', chat, { project: space });
    }
    // The slow socket hears each message eight times over, so the kernel's buffers in front of it (megabytes on
    // loopback) fill with a few dozen messages instead of hundreds.
    for (let copy = 1; copy < 8; copy += 1) slow!.subscribe(`chat-${copy}`, chat, { project: space });
    const live = async (socket: RawSocket) => {
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const body = `ready ${attempt}`;
        await postMessage(admin, { project: space, body });
        if (
          await socket
            .next((message: ProtocolMessage) => message.id === 'chat' && JSON.stringify(message.payload).includes(body), 400)
            .catch(() => null)
        )
          return;
      }
      throw new Error('the chat subscription never delivered');
    };
    await live(slow!);
    await live(healthy!);

    // The client stops reading: the server's unsent bytes for it grow with every message.
    (slow!.socket as unknown as { _socket: Socket })._socket.pause();
    const dropped = () => server.logs.some((line) => line.msg === 'graphql websocket: slow consumer dropped');
    const body = 'x'.repeat(19_000);
    let sent = 0;
    while (!dropped() && sent < 2000) await postMessage(admin, { project: space, body: `${(sent += 1)} ${body}` });
    expect(dropped()).toBe(true);
    const warning = server.logs.find((line) => line.msg === 'graphql websocket: slow consumer dropped')!;
    expect(warning.level).toBe(logLevels.warn);
    expect(warning.bufferedBytes as number).toBeGreaterThan(65_536);
    expect(server.app.graphqlSockets.stats().subscriptions).toBe(1);

    await live(healthy!);
    (slow!.socket as unknown as { _socket: Socket })._socket.resume();
    expect([4499, 1006]).toContain((await slow!.closed).code);
    healthy!.close();
    expect(server.logs.filter((line) => line.level >= logLevels.error)).toEqual([]);
  }, 60_000);
});
