import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { collabCloseCodes } from '#shared/docs';
import { collabOf } from '../../server/src/collab/rooms';
import { Metrics } from '../../server/src/http/metrics';
import { appRow, appRows } from '../support/appRows';
import { uploadFile } from './fileFactories';
import { createDoc, openDoc, paragraphText, rawSocket, refusedSocket, shareDoc, waitFor, type OpenDoc } from './docFactories';
import { GraphqlTestClient, startTestServer, type TestServer } from './harness';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

let server: TestServer;
let owner: Person;
let member: Person;
let space: string;
const opened: OpenDoc[] = [];

beforeAll(async () => {
  server = await startTestServer({
    COLLAB_UNLOAD_GRACE_MS: '100',
    COLLAB_COMPACT_AFTER: '40',
    COLLAB_MAX_MESSAGE_BYTES: '65536',
    COLLAB_ACTIVITY_DEBOUNCE_MS: '200',
  });
  owner = await person(server, 'Owner');
  member = await joinTeam(owner, await person(server, 'Member'));
  space = await createSpace(owner, 'Docs space');
  expectData(await member.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: space }));
});
afterAll(async () => {
  for (const each of opened) each.destroy();
  await server.close();
});

const open = (docId: string, who: Person | { share: string } | { token: string }) => {
  const credentials =
    'share' in who
      ? { share: who.share }
      : 'token' in who && !('client' in who)
        ? { token: who.token }
        : { cookie: (who as Person).client.cookieHeader() };
  const client = openDoc(server.url, docId, credentials);
  opened.push(client);
  return client;
};

function updateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** Random inserts and deletes from each client in turn, with random pauses, so messages interleave on the server. */
async function randomEdits(clients: OpenDoc[], rounds: number, seed: number): Promise<void> {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  await Promise.all(
    clients.map(async (client, index) => {
      for (let round = 0; round < rounds; round += 1) {
        const text = paragraphText(client.doc);
        if (text.length > 3 && random() < 0.3) text.delete(Math.floor(random() * (text.length - 1)), 1 + Math.floor(random() * 2));
        else text.insert(Math.floor(random() * (text.length + 1)), `${'abc'[index]}${round} `);
        if (random() < 0.5) await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 15)));
      }
    }),
  );
}

describe('doc rooms (y-websocket)', () => {
  it('converges: three clients edit at once in random interleavings and every replica, the server and a reload agree', async () => {
    const { id } = await createDoc(owner, space, 'Converge');
    const clients = [open(id, owner), open(id, member), open(id, { token: owner.token })];
    await Promise.all(clients.map((client) => client.synced()));
    paragraphText(clients[0]!.doc).insert(0, 'start ');
    await waitFor(() => clients.every((client) => client.text().includes('start')), 'the first paragraph everywhere');
    await randomEdits(clients, 40, 7);
    await waitFor(() => new Set(clients.map((client) => client.text())).size === 1, 'replicas to converge');
    const room = collabOf(server.app.services).roomOf(id)!;
    expect(room.doc.getXmlFragment('default').toString()).toBe(clients[0]!.text());
    expect(clients.every((client) => client.state.writable === true)).toBe(true);
    await Promise.all(clients.map((client) => client.allSaved()));

    for (const client of clients) client.destroy();
    await waitFor(() => collabOf(server.app.services).isUnloaded(id), 'the room to unload');
    const reloaded = open(id, member);
    await reloaded.synced();
    expect(reloaded.text()).toBe(clients[0]!.text());
    const text = await appRow<{ plain_text: string }>(server.app, sql`SELECT plain_text FROM doc_texts WHERE doc_id = ${id}`);
    expect(text!.plain_text).toBe(paragraphText(clients[0]!.doc).toString().trimEnd());
    const activity = await appRows<{ actor_id: string }>(
      server.app,
      sql`SELECT actor_id FROM events WHERE type = 'doc.updated' AND stream = ${`doc:${id}`}`,
    );
    expect(new Set(activity.map((row) => row.actor_id))).toEqual(new Set([owner.id, member.id]));
    reloaded.destroy();
  }, 60_000);

  it('refuses a user of another team, an anonymous caller, a bad token or share secret and an unknown doc after the upgrade: a close code and reason, nothing read or written', async () => {
    const { id } = await createDoc(owner, space, 'Private');
    const editor = open(id, owner);
    await editor.synced();
    editor.provider.awareness.setLocalStateField('user', { name: 'Owner' });
    paragraphText(editor.doc).insert(0, 'secret text');
    await editor.allSaved();
    const room = collabOf(server.app.services).roomOf(id)!;
    await waitFor(() => room.awareness.getStates().size === 1, 'the owner to be present');
    const rows = async () =>
      (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM doc_updates WHERE doc_id = ${id}`))!
        .count;
    const stored = await rows();

    const outsider = await person(server, 'Outsider');
    const attempts = [
      { socket: refusedSocket(server.url, id, outsider.client.cookieHeader()), code: collabCloseCodes.docDeleted, reason: /No such doc/ },
      { socket: refusedSocket(server.url, id), code: collabCloseCodes.unauthenticated, reason: /^No access token$/ },
      {
        socket: refusedSocket(server.url, `${id}?token=${'x'.repeat(40)}`),
        code: collabCloseCodes.unauthenticated,
        reason: /^Token expired or invalid$/,
      },
      { socket: refusedSocket(server.url, `${id}?share=${'x'.repeat(43)}`), code: collabCloseCodes.docDeleted, reason: /No such doc/ },
      {
        socket: refusedSocket(server.url, '0123456789abcdef01234567', owner.client.cookieHeader()),
        code: collabCloseCodes.docDeleted,
        reason: /No such doc/,
      },
    ];
    for (const attempt of attempts) {
      const refusal = await attempt.socket;
      expect(refusal.code).toBe(attempt.code);
      expect(refusal.reason).toMatch(attempt.reason);
      // Not a byte of the doc or of who is in it: no sync, no awareness, no access message.
      expect(refusal.received).toEqual([]);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(room.size).toBe(1);
    expect(await rows()).toBe(stored);
    expect(room.doc.getXmlFragment('default').toString()).not.toContain('INTRUDER');
    expect([...room.awareness.getStates().values()].map((state) => (state as { user?: { name: string } }).user?.name)).toEqual(['Owner']);
    expect(editor.text()).toContain('secret text');
    expect(editor.text()).not.toContain('INTRUDER');
    // A foreign page is still refused before the upgrade.
    expect(await rawSocket(server.url, id, owner.client.cookieHeader(), { origin: 'https://evil.example' }).refused).toBe(403);
    editor.destroy();
  });

  it('a refused y-websocket provider gets the close code once and stops reconnecting', async () => {
    const { id } = await createDoc(owner, space, 'No retries');
    const anonymous = openDoc(server.url, id, {});
    opened.push(anonymous);
    await waitFor(() => anonymous.state.closes.length > 0, 'the refusal');
    expect(anonymous.state.closes[0]).toEqual({ code: collabCloseCodes.unauthenticated, reason: 'No access token' });
    // maxBackoffTime is 300 ms in the factory: a retrying provider would have closed again meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(anonymous.state.closes).toHaveLength(1);
    expect(anonymous.provider.shouldConnect).toBe(false);
    expect(anonymous.text()).toBe('');
    anonymous.destroy();
  });

  it('labels doc sockets "doc" in the websocket_connections metric, apart from GraphQL subscriptions', async () => {
    const metrics = new Metrics();
    const socket = new EventEmitter();
    expect(metrics.trackWebsocket('/collab/0123456789abcdef01234567?token=x', socket)).toBe('doc');
    expect(metrics.trackWebsocket('/graphql', new EventEmitter())).toBe('graphql');
    const text = await metrics.registry.metrics();
    expect(text).toContain('websocket_connections{kind="doc"} 1');
    expect(text).toContain('websocket_connections{kind="graphql"} 1');
    socket.emit('close');
    expect(await metrics.registry.metrics()).toContain('websocket_connections{kind="doc"} 0');
  });

  it('drops writes over a read-only share link: the doc is unchanged for others and after reload', async () => {
    const { id } = await createDoc(owner, space, 'Shared');
    const editor = open(id, owner);
    await editor.synced();
    paragraphText(editor.doc).insert(0, 'original');
    await editor.allSaved();
    const secret = (await shareDoc(owner, id))!;
    const reader = open(id, { share: secret });
    await reader.synced();
    expect(reader.text()).toContain('original');
    expect(reader.state.writable).toBe(false);
    paragraphText(reader.doc).insert(0, 'DEFACED ');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(editor.text()).not.toContain('DEFACED');
    expect(reader.state.saved).toBe(0);
    editor.destroy();
    reader.destroy();
    await waitFor(() => collabOf(server.app.services).isUnloaded(id), 'the room to unload');
    const again = open(id, member);
    await again.synced();
    expect(again.text()).toContain('original');
    expect(again.text()).not.toContain('DEFACED');
    again.destroy();
  });

  it('closes a connection sending a malformed message or a huge update, with a clear reason, the doc unharmed', async () => {
    const { id } = await createDoc(owner, space, 'Robust');
    const editor = open(id, owner);
    await editor.synced();
    paragraphText(editor.doc).insert(0, 'intact');
    await editor.allSaved();

    const garbage = rawSocket(server.url, id, member.client.cookieHeader());
    await garbage.opened;
    garbage.socket.send(new Uint8Array([0, 2, 50, 1, 2, 3, 4]));
    const malformed = await garbage.closed;
    expect(malformed.code).toBe(collabCloseCodes.malformed);
    expect(malformed.reason).toMatch(/Malformed message/);

    const bigUpdate = async (bytes: number) => {
      const socket = rawSocket(server.url, id, member.client.cookieHeader());
      await socket.opened;
      const big = new Y.Doc();
      big.getText('t').insert(0, 'y'.repeat(bytes));
      socket.socket.send(updateMessage(Y.encodeStateAsUpdate(big)));
      return socket.closed;
    };
    const overLimit = await bigUpdate(100_000);
    expect(overLimit.code).toBe(collabCloseCodes.tooLarge);
    expect(overLimit.reason).toMatch(/Message too large: \d+ bytes, the limit is 65536/);
    // Far beyond the limit the transport itself refuses the frame unread (1009, Message Too Big).
    expect((await bigUpdate(300_000)).code).toBe(1009);

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(editor.text()).toContain('intact');
    expect(collabOf(server.app.services).roomOf(id)!.doc.getText('t').length).toBe(0);
    paragraphText(editor.doc).insert(0, 'still ');
    await editor.allSaved();
    editor.destroy();
  });

  it("closes a removed member's socket, and a share link's the moment sharing is turned off", async () => {
    const project = await createSpace(owner, 'Removal space');
    const colleague = await joinTeam(owner, await person(server, 'Colleague'));
    expectData(await colleague.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project }));
    const { id } = await createDoc(owner, project, 'Removal');
    const secret = (await shareDoc(owner, id))!;
    const theirs = open(id, colleague);
    const publicReader = open(id, { share: secret });
    await Promise.all([theirs.synced(), publicReader.synced()]);
    expect(theirs.state.writable).toBe(true);

    expectData(
      await owner.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "removed") { id } }',
        { user: colleague.id, project },
      ),
    );
    // A public space stays readable to a basic member of the team: the socket is demoted, not cut.
    await waitFor(() => theirs.state.writable === false, 'the demotion to read-only');
    expectData(await owner.client.execute('mutation ($id: ID!) { ediProject(id: $id, type: "private") { id } }', { id: project }));
    await waitFor(() => theirs.state.closes.some((close) => close.code === collabCloseCodes.accessRevoked), 'the removed member to be cut');

    await shareDoc(owner, id, false);
    await waitFor(
      () => publicReader.state.closes.some((close) => close.code === collabCloseCodes.accessRevoked),
      'the public reader to be cut',
    );
    expect(await refusedSocket(server.url, `${id}?share=${secret}`)).toMatchObject({ code: collabCloseCodes.docDeleted, received: [] });
  });

  it('closes a socket opened with an API token the moment the token is revoked', async () => {
    const { id } = await createDoc(owner, space, 'Token');
    const created = expectData<{ createApiToken: { token: string; apiToken: { id: string } } }>(
      await owner.client.execute('mutation { createApiToken(name: "Doc bot") { token apiToken { id } } }'),
    ).createApiToken;
    const bot = open(id, { token: created.token });
    await bot.synced();
    expect(bot.state.writable).toBe(true);
    expectData(await owner.client.execute('mutation ($id: ID!) { revokeApiToken(id: $id) }', { id: created.apiToken.id }));
    await waitFor(() => bot.state.closes.some((close) => close.code === collabCloseCodes.accessRevoked), "the token's socket to be cut");
  });

  it('signs an image of a shared doc for the holder of its link, and nothing else of the space', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const [shown, other] = [
      await uploadFile(owner, 'shown.png', 'image/png', png, { project: space }),
      await uploadFile(owner, 'other.png', 'image/png', png, { project: space }),
    ];
    const { id } = await createDoc(owner, space, 'Pictures');
    const editor = open(id, owner);
    await editor.synced();
    const image = new Y.XmlElement('image');
    image.setAttribute('src', `/media/files/${shown.id}`);
    editor.fragment.insert(0, [image]);
    await editor.allSaved();
    const secret = (await shareDoc(owner, id))!;
    const anonymous = new GraphqlTestClient(server);
    const sign = (url: string, share: string) =>
      anonymous.execute<{ signedDownloadPublicURLDoc: string }>(
        'query ($url: String!, $share: String) { signedDownloadPublicURLDoc(url: $url, share: $share) }',
        { url, share },
      );
    const signed = expectData(await sign(`/media/files/${shown.id}`, secret)).signedDownloadPublicURLDoc;
    // The URL names the configured public address; the test server listens on its own port.
    const { pathname, search } = new URL(signed);
    expect((await fetch(`${server.url}${pathname}${search}`)).status).toBe(200);
    // A page's burst of signings with one link costs the address one rate-limit point per window; a wrong secret always costs one.
    const consume = vi.spyOn(server.app.services.rateLimits, 'consume');
    try {
      for (let call = 0; call < 3; call += 1) expectData(await sign(`/media/files/${shown.id}`, secret));
      expect((await sign(`/media/files/${other.id}`, secret)).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      expect(consume).not.toHaveBeenCalled();
      expect((await sign(`/media/files/${shown.id}`, 'x'.repeat(43))).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      expect((await sign(`/media/files/${shown.id}`, 'x'.repeat(43))).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      expect(consume).toHaveBeenCalledTimes(2);
    } finally {
      consume.mockRestore();
    }
    editor.destroy();
  });

  it('closes every socket of a deleted doc and refuses new ones', async () => {
    const { id } = await createDoc(owner, space, 'Doomed');
    const editor = open(id, member);
    await editor.synced();
    paragraphText(editor.doc).insert(0, 'gone soon');
    await editor.allSaved();
    expectData(await owner.client.execute('mutation ($id: ID!) { delWorkspace(id: $id) }', { id }));
    await waitFor(() => editor.state.closes.some((close) => close.code === collabCloseCodes.docDeleted), 'the editor to be cut');
    const rows = await appRow<{ count: number }>(
      server.app,
      sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM doc_updates WHERE doc_id = ${id}`,
    );
    expect(rows!.count).toBe(0);
    expect(await refusedSocket(server.url, id, member.client.cookieHeader())).toMatchObject({
      code: collabCloseCodes.docDeleted,
      received: [],
    });
  });
});
