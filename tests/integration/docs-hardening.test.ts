import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collabCloseCodes, collabMessageTypes } from '#shared/docs';
import { collabLimitCloseCodes, collabLimitReasons } from '../../server/src/collab/closeCodes';
import { closeReasons } from '../../server/src/collab/room';
import {
  clientOn,
  createDoc,
  openDoc,
  paragraphText,
  prepareOnDisk,
  rawSocket,
  shareDoc,
  startLoggedServerProcess,
  waitFor,
  type OpenDoc,
} from './docFactories';
import { expectData, type Person } from './teamFactories';

// One server process for the file, as `npm start` runs it, with rate limits on and its log kept.
const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-docs-hardening-'));
let server: Awaited<ReturnType<typeof startLoggedServerProcess>>;
let owner: Person;
let member: Person;
let space: string;
const opened: OpenDoc[] = [];
/** Every close reason a socket of this file was given: all must be fixed texts. */
const reasons = new Set<string>();

beforeAll(async () => {
  const prepared = await prepareOnDisk(dataDirectory);
  server = await startLoggedServerProcess(dataDirectory, {
    RATE_LIMITS: 'true',
    SQLITE_SYNCHRONOUS: 'FULL',
    COLLAB_UPDATES_PER_SECOND: '300',
    WS_MAX_BUFFERED_BYTES: String(1 << 20),
  });
  owner = clientOn(server.url, prepared.owner);
  member = clientOn(server.url, prepared.member);
  space = prepared.space;
}, 60_000);
afterAll(async () => {
  for (const each of opened) each.destroy();
  server?.child.kill('SIGKILL');
  await server?.exited;
  rmSync(dataDirectory, { recursive: true, force: true });
});

const open = (docId: string, credentials: Parameters<typeof openDoc>[2]) => {
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

/** `count` tiny updates of one client, each setting key f<i> of a map: the i-th acknowledged one is f<i-1>. */
function tinyUpdates(count: number): Uint8Array[] {
  const doc = new Y.Doc();
  const messages: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => messages.push(updateMessage(update)));
  for (let index = 0; index < count; index += 1) doc.getMap('flood').set(`f${index}`, index);
  doc.destroy();
  return messages;
}

/** A socket's close, its reason remembered for the fixed-text check. */
async function closeOf(closed: Promise<{ code: number; reason: string }>) {
  const close = await closed;
  reasons.add(close.reason);
  return close;
}

describe('doc sockets under a hostile client (issue 24)', () => {
  it('slows a client flooding 5,000 tiny updates, then closes it 4429; everything acknowledged is stored, and others keep editing and querying meanwhile', async () => {
    const { id } = await createDoc(owner, space, 'Flooded');
    const colleague = open(id, { cookie: member.client.cookieHeader() });
    await colleague.synced();
    const flooder = rawSocket(server.url, id, owner.client.cookieHeader());
    let acknowledged = 0;
    flooder.socket.on('message', (data: Buffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      if (decoding.readVarUint(decoder) === collabMessageTypes.saved) acknowledged = decoding.readVarUint(decoder);
    });
    await flooder.opened;
    let flooderClosed = false;
    const closed = closeOf(flooder.closed).finally(() => (flooderClosed = true));

    // 5,000 updates at about 5,000 a second: 50 every 10 ms.
    const messages = tinyUpdates(5000);
    let sent = 0;
    const sender = setInterval(() => {
      for (let index = 0; index < 50 && sent < messages.length && flooder.socket.readyState === flooder.socket.OPEN; index += 1)
        flooder.socket.send(messages[sent++]!);
      if (sent >= messages.length || flooder.socket.readyState !== flooder.socket.OPEN) clearInterval(sender);
    }, 10);

    // While it floods: another person edits the same doc and is acknowledged, a signed-in query and /healthz answer.
    await waitFor(() => acknowledged >= 300, 'the flooder to get its burst through', 20_000);
    paragraphText(colleague.doc).insert(0, 'still editing');
    await waitFor(
      () => colleague.state.saved >= 1 && colleague.text().includes('still editing'),
      "the colleague's edit to be acknowledged",
      20_000,
    );
    const wall = expectData(
      await member.client.execute<{ getWall: { id: string; title: string } }>('query ($id: ID!) { getWall(id: $id) { id title } }', { id }),
    ).getWall;
    expect(wall.title).toBe('Flooded');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // All of that happened during the flood: the flooder was being slowed, not yet cut.
    expect(flooderClosed).toBe(false);
    expect(acknowledged).toBeLessThan(5000);

    const close = await closed;
    clearInterval(sender);
    expect(close).toEqual({ code: collabLimitCloseCodes.tooManyRequests, reason: collabLimitReasons.tooManyMessages });
    // Slowed to about its rate: the burst plus five seconds at 300 a second, far from the 5,000 sent.
    expect(acknowledged).toBeGreaterThanOrEqual(300);
    expect(acknowledged).toBeLessThan(5000);

    // Every acknowledged update is stored: a fresh client loads all of them (and the colleague's text).
    const fresh = open(id, { cookie: member.client.cookieHeader() });
    await fresh.synced();
    const flood = fresh.doc.getMap('flood');
    const missing = Array.from({ length: acknowledged }, (_, index) => `f${index}`).filter((key) => !flood.has(key));
    expect(missing).toEqual([]);
    expect(fresh.text()).toContain('still editing');
    colleague.destroy();
    fresh.destroy();
  }, 90_000);

  it('refuses forged share secrets from one address with 4429 once over the share-link limit; a valid secret from another address still reads', async () => {
    const { id } = await createDoc(owner, space, 'Guessed');
    const editor = open(id, { cookie: owner.client.cookieHeader() });
    await editor.synced();
    paragraphText(editor.doc).insert(0, 'public words');
    await editor.allSaved();
    const secret = (await shareDoc(owner, id))!;

    const codes: number[] = [];
    for (let attempt = 0; attempt < 150; attempt += 1) {
      const forged = `${attempt.toString().padStart(3, '0')}${'x'.repeat(40)}`;
      const socket = rawSocket(server.url, `${id}?share=${forged}`);
      const close = await closeOf(socket.closed);
      codes.push(close.code);
      expect(socket.received).toEqual([]);
    }
    const firstLimited = codes.indexOf(collabLimitCloseCodes.tooManyRequests);
    // 120 attempts per address per 10 minutes (shareLinkPerAddress), as for getWorkspace over HTTP.
    expect(firstLimited).toBe(120);
    expect(codes.slice(0, firstLimited).every((code) => code === collabCloseCodes.docDeleted)).toBe(true);
    expect(codes.slice(firstLimited).every((code) => code === collabLimitCloseCodes.tooManyRequests)).toBe(true);
    expect(reasons).toContain(collabLimitReasons.tooManyAttempts);
    // The address is limited whatever it presents now, as over HTTP.
    expect((await closeOf(rawSocket(server.url, `${id}?share=${secret}`).closed)).code).toBe(collabLimitCloseCodes.tooManyRequests);

    const reader = open(id, { share: secret, localAddress: '127.0.0.2' });
    await reader.synced();
    expect(reader.text()).toContain('public words');
    expect(reader.state.writable).toBe(false);
    reader.destroy();
    editor.destroy();
  }, 60_000);

  it('refuses forged tokens from one address with 4429 once over the refused-credential limit, and still lets a valid member in from it', async () => {
    const { id } = await createDoc(owner, space, 'Tokens');
    const from = { localAddress: '127.0.0.3' };
    const codes: number[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const socket = rawSocket(server.url, `${id}?token=forged.${attempt}.token`, undefined, {}, from);
      codes.push((await closeOf(socket.closed)).code);
    }
    // refusedSocketCredentialPerAddress: 30 refused credentials per address per 10 minutes.
    expect(codes.slice(0, 30).every((code) => code === collabCloseCodes.unauthenticated)).toBe(true);
    expect(codes.slice(30).every((code) => code === collabLimitCloseCodes.tooManyRequests)).toBe(true);
    // Only refusals count: a member with a valid session is not locked out by a neighbour's guesses.
    const valid = open(id, { cookie: member.client.cookieHeader(), localAddress: '127.0.0.3' });
    await valid.synced();
    expect(valid.state.writable).toBe(true);
    valid.destroy();
  }, 60_000);

  it('drops a reader that stopped reading once more than WS_MAX_BUFFERED_BYTES wait for it (4503, a code its provider reconnects after)', async () => {
    const { id } = await createDoc(owner, space, 'Slow reader');
    const reader = rawSocket(server.url, id, member.client.cookieHeader());
    await reader.opened;
    reader.socket.pause();
    const writer = open(id, { cookie: owner.client.cookieHeader() });
    await writer.synced();
    // 40 updates of 250 KB: far more than the socket buffers of the loopback plus the 1 MiB allowed.
    for (let index = 0; index < 40; index += 1) paragraphText(writer.doc).insert(0, String(index % 10).repeat(250_000));
    await waitFor(() => writer.state.saved >= 40, 'the writes to be acknowledged', 30_000);
    reader.socket.resume();
    const close = await closeOf(reader.closed);
    expect(close).toEqual({ code: collabLimitCloseCodes.slowReader, reason: collabLimitReasons.slowReader });
    // The writer was never held back by the slow reader.
    expect(writer.state.closes).toEqual([]);
    writer.destroy();
  }, 60_000);

  it('answers a malformed message with a fixed reason, not the decoder’s error text', async () => {
    const { id } = await createDoc(owner, space, 'Garbage');
    const garbage = rawSocket(server.url, id, member.client.cookieHeader());
    await garbage.opened;
    // A sync update whose length runs past the end: lib0 throws "Unexpected end of array".
    garbage.socket.send(new Uint8Array([0, 2, 50, 1, 2, 3, 4]));
    const close = await closeOf(garbage.closed);
    expect(close).toEqual({ code: collabCloseCodes.malformed, reason: closeReasons.malformed });
  });

  it('gave every socket of this file a fixed close reason, and logged no refusal or limit at error level', async () => {
    const fixed = new Set<string>([
      ...Object.values(closeReasons),
      ...Object.values(collabLimitReasons),
      'No such doc, or you do not have access to it.',
      'No access token',
      'Token expired or invalid',
    ]);
    expect([...reasons].filter((reason) => !fixed.has(reason))).toEqual([]);
    await waitFor(
      () => server.lines.some((line) => line.msg === 'doc socket closed: too many messages too fast'),
      'the flood to be logged',
    );
    const refusals = server.lines.filter((line) => typeof line.msg === 'string' && line.msg.startsWith('doc socket refused'));
    expect(refusals.length).toBeGreaterThanOrEqual(190);
    expect(new Set(refusals.map((line) => line.level))).toEqual(new Set([30, 40]));
    expect(server.lines.find((line) => line.msg === 'doc socket closed: too many messages too fast')?.level).toBe(40);
    expect(server.lines.filter((line) => line.level >= 50)).toEqual([]);
    // Share secrets and tokens are not written to the log.
    expect(server.output.some((line) => line.includes('forged.'))).toBe(false);
  });
});
