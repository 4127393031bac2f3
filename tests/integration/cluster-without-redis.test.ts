import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { startAppCluster, type AppCluster } from '../support/appCluster';
import { clientOn, createDoc, openDoc, paragraphText, startLoggedServerProcess, waitFor, type OpenDoc } from './docFactories';
import { createSpace, person, type Person } from './teamFactories';

/**
 * Several processes on one PostgreSQL without REDIS_URL (a configuration mistake, or a restart overlapping the old
 * process): the next process says in its log what is then per process, and nothing stored is lost, even when rooms of
 * one doc on two processes, which do not hear each other, both compact.
 */
let cluster: AppCluster;
let owner: Person;
let space: string;
const opened: OpenDoc[] = [];

beforeAll(async () => {
  cluster = await startAppCluster(2, { REDIS_URL: '', COLLAB_COMPACT_AFTER: '3' });
  owner = await person({ graphqlUrl: cluster.processes[0]!.graphqlUrl, ...cluster.mail }, 'Owner');
  space = await createSpace(owner, 'Without Redis');
}, 120_000);

afterAll(async () => {
  for (const doc of opened) doc.destroy();
  await cluster?.stop();
});

function open(url: string, docId: string): OpenDoc {
  const doc = openDoc(url, docId, { cookie: clientOn(url, owner).client.cookieHeader() });
  opened.push(doc);
  return doc;
}

/** The doc as stored: its snapshot and every update row after it, merged. */
async function storedText(docId: string): Promise<string> {
  const snapshot = await cluster.query<{ data: Buffer }>('SELECT data FROM doc_snapshots WHERE doc_id = $1', [docId]);
  const rows = await cluster.query<{ data: Buffer }>('SELECT data FROM doc_updates WHERE doc_id = $1 ORDER BY id', [docId]);
  const doc = new Y.Doc();
  for (const row of [...snapshot, ...rows]) Y.applyUpdate(doc, new Uint8Array(row.data));
  const text = doc.getXmlFragment('default').toString();
  doc.destroy();
  return text;
}

describe('several processes without Redis', () => {
  it('warns at start that presence, typing and live docs are then per process', async () => {
    const third = await startLoggedServerProcess(cluster.dataDirectory, cluster.environment);
    try {
      await waitFor(
        () => third.lines.some((line) => /another app process serves this database without REDIS_URL/.test(line.msg ?? '')),
        'the warning',
      );
      expect(third.lines.find((line) => /without REDIS_URL/.test(line.msg ?? ''))!.level).toBe(40);
    } finally {
      third.child.kill('SIGTERM');
      await third.exited;
    }
  });

  it('loses nothing stored when rooms of one doc on two processes compact without hearing each other', async () => {
    const { id } = await createDoc(owner, space, 'Two rooms');
    const [onA, onB] = [open(cluster.processes[0]!.url, id), open(cluster.processes[1]!.url, id)];
    await Promise.all([onA.synced(), onB.synced()]);
    for (let round = 0; round < 8; round += 1) {
      for (const [client, name] of [
        [onA, 'a'],
        [onB, 'b'],
      ] as const) {
        const text = paragraphText(client.doc);
        text.insert(text.length, ` ${name}${round}`);
        await client.allSaved();
      }
    }
    // Both rooms compacted (every three updates), each without the other's rows in its own state.
    const rows = await cluster.query<{ count: number }>('SELECT CAST(COUNT(*) AS INTEGER) AS count FROM doc_updates WHERE doc_id = $1', [
      id,
    ]);
    expect(rows[0]!.count).toBeLessThan(16);
    // Each room holds only what its own editors sent (they do not hear each other); what is stored holds both.
    const stored = await storedText(id);
    for (let round = 0; round < 8; round += 1) {
      expect(stored).toContain(`a${round}`);
      expect(stored).toContain(`b${round}`);
    }
  });
});
