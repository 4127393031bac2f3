import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appRow } from '../support/appRows';
import {
  createDoc,
  openDoc,
  ownerAndMemberOfASpace,
  paragraphText,
  startInProcess,
  waitFor,
  withFolderDatabase,
  type OpenDoc,
} from './docFactories';
import { startServerProcess } from './harness';

const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-docs-kill-'));
const opened: OpenDoc[] = [];
afterAll(() => {
  for (const each of opened) each.destroy();
  rmSync(dataDirectory, { recursive: true, force: true });
});

/** People, a space and a doc made in-process on the data folder the child servers then use (same secret, same file). */
async function prepare() {
  const server = await startInProcess(dataDirectory);
  const { owner, member, space } = await ownerAndMemberOfASpace(server, 'Restart space');
  const doc = await createDoc(owner, space, 'Survivor');
  await server.close();
  return { owner, member, docId: doc.id };
}

/** Types words one at a time, each in its own update, noting those the server acknowledged. */
async function typeWords(client: OpenDoc, prefix: string, acknowledged: string[], stop: () => boolean): Promise<void> {
  for (let index = 0; !stop() && index < 400; index += 1) {
    const word = `${prefix}${index}`;
    const before = client.state.saved;
    const connected = client.provider.wsconnected && client.provider.synced;
    paragraphText(client.doc).insert(paragraphText(client.doc).length, ` ${word}`);
    if (!connected) return;
    const deadline = Date.now() + 2000;
    while (client.state.saved <= before && Date.now() < deadline && client.provider.wsconnected)
      await new Promise((resolve) => setTimeout(resolve, 5));
    if (client.state.saved > before) acknowledged.push(word);
  }
}

describe('doc durability across a server crash (SECURITY.md)', () => {
  it('loses nothing acknowledged when the server is killed mid-session, clients re-sync after it restarts, and SIGTERM persists the rooms', async () => {
    const { owner, member, docId } = await prepare();
    const first = await startServerProcess(dataDirectory, { SQLITE_SYNCHRONOUS: 'FULL', COLLAB_COMPACT_AFTER: '25' });
    const clients = [openDoc(first.url, docId, { token: owner.token }), openDoc(first.url, docId, { token: member.token })];
    opened.push(...clients);
    await Promise.all(clients.map((client) => client.synced()));
    paragraphText(clients[0]!.doc);
    await waitFor(() => clients[1]!.doc.getXmlFragment('default').length === 1, 'the paragraph on both');

    const acknowledged: string[] = [];
    let killed = false;
    const typing = Promise.all([
      typeWords(clients[0]!, 'a', acknowledged, () => killed),
      typeWords(clients[1]!, 'b', acknowledged, () => killed),
    ]);
    await waitFor(() => acknowledged.length >= 40, 'forty acknowledged words', 30_000);
    first.child.kill('SIGKILL');
    killed = true;
    await typing;
    await first.exited;
    // Typed while the server is down: only the clients hold it.
    paragraphText(clients[0]!.doc).insert(0, 'offline ');

    const second = await startServerProcess(dataDirectory, { SQLITE_SYNCHRONOUS: 'FULL' });
    for (const client of clients) client.provider.serverUrl = `${second.url.replace(/^http/, 'ws')}/collab`;
    await waitFor(() => clients.every((client) => client.provider.synced), 'clients to re-sync', 30_000);
    await waitFor(() => clients[0]!.text() === clients[1]!.text(), 'replicas to converge again');
    expect(clients[1]!.text()).toContain('offline');

    const fresh = openDoc(second.url, docId, { token: member.token });
    opened.push(fresh);
    await fresh.synced();
    await waitFor(() => fresh.text() === clients[0]!.text(), 'a new client to see everything');
    const words = new Set(paragraphText(fresh.doc).toString().split(' '));
    expect(acknowledged.filter((word) => !words.has(word))).toEqual([]);

    // SIGTERM with an editor still connected: the room is compacted and closed before the process exits.
    for (const client of [clients[1]!, fresh]) client.destroy();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await waitFor(() => clients[0]!.state.closes.length > 1, 'the editor to see the shutdown');
    clients[0]!.destroy();
    const { rows, snapshot } = await withFolderDatabase(dataDirectory, async ({ app }) => ({
      rows: (await appRow<{ count: number }>(
        app,
        sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM doc_updates WHERE doc_id = ${docId}`,
      ))!,
      snapshot: (await appRow<{ data: Uint8Array }>(app, sql`SELECT data FROM doc_snapshots WHERE doc_id = ${docId}`))!,
    }));
    expect(rows.count).toBe(0);
    const stored = new Y.Doc();
    Y.applyUpdate(stored, new Uint8Array(snapshot.data));
    expect(stored.getXmlFragment('default').toString()).toBe(clients[0]!.text());
  }, 120_000);
});
