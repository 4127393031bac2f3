import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppCluster, type AppCluster } from '../support/appCluster';
import { clientOn, createDoc, openDoc, paragraphText, waitFor, type OpenDoc } from './docFactories';
import { createSpace, person, type Person } from './teamFactories';

/**
 * Doc rooms of one doc open on several processes (issue 22): each process's room stores its own connections' updates
 * before acknowledging them, and hands each stored update on to the other processes' rooms through Redis; compaction
 * merges what is stored. So editors on different processes see each other live, and nothing acknowledged is lost
 * when a process is killed.
 */
let cluster: AppCluster;
let owner: Person;
let space: string;
const opened: OpenDoc[] = [];

beforeAll(async () => {
  // Compaction after a few updates: rooms on two processes compact while the other still edits.
  cluster = await startAppCluster(3, { COLLAB_COMPACT_AFTER: '4', COLLAB_UNLOAD_GRACE_MS: '200' });
  const [first] = cluster.processes;
  owner = await person({ graphqlUrl: first!.graphqlUrl, ...cluster.mail }, 'Owner');
  space = await createSpace(owner, 'Docs across processes');
}, 120_000);

afterAll(async () => {
  for (const doc of opened) doc.destroy();
  await cluster?.stop();
});

function open(processIndex: number, docId: string): OpenDoc {
  const url = cluster.processes[processIndex]!.url;
  const doc = openDoc(url, docId, { cookie: clientOn(url, owner).client.cookieHeader() });
  opened.push(doc);
  return doc;
}

/** A new doc open on A and on B, its first paragraph stored by A and seen on B. */
async function editorsOnAAndB(title: string): Promise<{ id: string; onA: OpenDoc; onB: OpenDoc }> {
  const { id } = await createDoc(owner, space, title);
  const [onA, onB] = [open(0, id), open(1, id)];
  await Promise.all([onA.synced(), onB.synced()]);
  paragraphText(onA.doc);
  await onA.allSaved();
  await waitFor(() => onB.fragment.length === 1, 'the paragraph reaches the editor on B');
  return { id, onA, onB };
}

async function type(client: OpenDoc, word: string): Promise<void> {
  const text = paragraphText(client.doc);
  text.insert(text.length, ` ${word}`);
  await client.allSaved();
}

describe('doc rooms across processes', () => {
  it('two editors on different processes see each other live, carets included, and converge', async () => {
    const { id, onA, onB } = await editorsOnAAndB('Live across');

    for (let round = 0; round < 6; round += 1) {
      await type(onA, `a${round}`);
      await type(onB, `b${round}`);
    }
    await waitFor(() => onA.text() === onB.text(), 'both editors to agree');
    for (let round = 0; round < 6; round += 1) expect(onA.text()).toContain(`a${round}`);
    for (let round = 0; round < 6; round += 1) expect(onA.text()).toContain(`b${round}`);

    onA.provider.awareness.setLocalStateField('user', { name: 'Editor on A' });
    await waitFor(
      () =>
        [...onB.provider.awareness.getStates().values()].some(
          (state) => (state as { user?: { name?: string } }).user?.name === 'Editor on A',
        ),
      "A's caret on B",
    );

    // A third process loads it from storage: what both stored, compacted on two processes, is all there.
    const onC = open(2, id);
    await onC.synced();
    await waitFor(() => onC.text() === onA.text(), 'the doc loaded on C to hold every edit');
  });

  it('an edit acknowledged by a process survives kill -9 of that process', async () => {
    const { id, onA, onB } = await editorsOnAAndB('Killed');

    await type(onB, 'acknowledged-by-B');
    await cluster.processes[1]!.stop('SIGKILL');
    onB.destroy();

    await waitFor(() => onA.text().includes('acknowledged-by-B'), 'the edit on A');
    const onC = open(2, id);
    await onC.synced();
    await waitFor(() => onC.text().includes('acknowledged-by-B'), 'the edit loaded from storage on C');
    const stored = await cluster.query<{ rows: number }>('SELECT CAST(COUNT(*) AS INTEGER) AS rows FROM doc_updates WHERE doc_id = $1', [
      id,
    ]);
    const snapshot = await cluster.query<{ docId: string }>('SELECT doc_id AS "docId" FROM doc_snapshots WHERE doc_id = $1', [id]);
    expect(stored[0]!.rows + snapshot.length).toBeGreaterThan(0);
  });
});
