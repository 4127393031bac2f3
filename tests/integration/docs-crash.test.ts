import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domains } from '../../server/src/domains';
import { appRow, appRows, jsonValue, replayedBesideLive } from '../support/appRows';
import { clientOn, createDoc, openDoc, paragraphText, preparedDataFolder, waitFor, withFolderDatabase, type OpenDoc } from './docFactories';
import { startServerProcess } from './harness';
import { expectData, type Person } from './teamFactories';

const folder = preparedDataFolder('docs-crash');
const { dataDirectory, opened } = folder;

/** The debounce window is far longer than the test: only start-up recovery can write what is derived. */
const environment = { SQLITE_SYNCHRONOUS: 'FULL', COLLAB_ACTIVITY_DEBOUNCE_MS: '600000', COLLAB_COMPACT_AFTER: '100000' };

interface Activity {
  actorId: string;
  userId: string;
  updates: number;
  since: string;
  until: string;
  throughId: number;
}

/** What the database says about the doc (read beside the server process): its activity entries, last-edited time and stored text. */
function derivedOnDisk(docId: string) {
  return withFolderDatabase(dataDirectory, async ({ app }) => {
    const activity = (
      await appRows<{ actorId: string; payload: unknown }>(
        app,
        sql`SELECT actor_id AS "actorId", payload FROM events WHERE type = 'doc.updated' AND stream = ${`doc:${docId}`} ORDER BY seq`,
      )
    ).map((row) => ({ actorId: row.actorId, ...jsonValue<Omit<Activity, 'actorId'>>(row.payload) }));
    const updatedAt = (await appRow<{ updatedAt: string }>(app, sql`SELECT updated_at AS "updatedAt" FROM docs WHERE id = ${docId}`))!
      .updatedAt;
    const text = await appRow<{ plainText: string }>(app, sql`SELECT plain_text AS "plainText" FROM doc_texts WHERE doc_id = ${docId}`);
    return { activity, updatedAt, text: text?.plainText ?? null };
  });
}

/** Types a word and waits for the server's acknowledgement; gives the times around it. */
async function typeAcknowledged(client: OpenDoc, word: string): Promise<{ before: number; after: number }> {
  const saved = client.state.saved;
  const before = Date.now();
  const text = paragraphText(client.doc);
  text.insert(text.length, ` ${word}`);
  await waitFor(() => client.state.saved > saved, `"${word}" to be acknowledged`);
  return { before, after: Date.now() };
}

describe('derived doc data across kill -9 (issue 24)', () => {
  it("records the last acknowledged edits' activity (authors, time), last-edited time and plain text at restart, once, replay-safe", async () => {
    const first = await startServerProcess(dataDirectory, environment);
    const owner: Person = clientOn(first.url, folder.prepared.owner);
    const member: Person = clientOn(first.url, folder.prepared.member);
    const { id } = await createDoc(owner, folder.prepared.space, 'Crash');
    const [ownerDoc, memberDoc] = [
      openDoc(first.url, id, { cookie: owner.client.cookieHeader() }),
      openDoc(first.url, id, { cookie: member.client.cookieHeader() }),
    ];
    opened.push(ownerDoc, memberDoc);
    await Promise.all([ownerDoc.synced(), memberDoc.synced()]);
    paragraphText(ownerDoc.doc);
    await waitFor(() => memberDoc.fragment.length === 1, 'the paragraph on both');

    const last = new Map<string, { before: number; after: number }>();
    const counts = new Map<string, number>();
    for (let round = 0; round < 15; round += 1) {
      for (const [who, client] of [
        [owner, ownerDoc],
        [member, memberDoc],
      ] as const) {
        last.set(who.id, await typeAcknowledged(client, `${who === owner ? 'o' : 'm'}${round}`));
        counts.set(who.id, (counts.get(who.id) ?? 0) + 1);
      }
    }
    await waitFor(() => ownerDoc.text() === memberDoc.text(), 'both replicas to agree');
    const expectedText = paragraphText(ownerDoc.doc).toString().trimEnd();

    // Killed while both are still editing, well inside the debounce window: nothing derived was written.
    first.child.kill('SIGKILL');
    await first.exited;
    for (const client of [ownerDoc, memberDoc]) client.destroy();
    const beforeRestart = await derivedOnDisk(id);
    expect(beforeRestart.activity).toEqual([]);
    expect(beforeRestart.text).toBeNull();

    const second = await startServerProcess(dataDirectory, environment);
    const recovered = await derivedOnDisk(id);
    expect(new Set(recovered.activity.map((entry) => entry.actorId))).toEqual(new Set([owner.id, member.id]));
    for (const entry of recovered.activity) {
      expect(entry.userId).toBe(entry.actorId);
      const edit = last.get(entry.userId)!;
      // The time of that person's last acknowledged edit: stored after it was sent, before it was acknowledged.
      expect(Date.parse(entry.until)).toBeGreaterThanOrEqual(edit.before);
      expect(Date.parse(entry.until)).toBeLessThanOrEqual(edit.after);
      expect(entry.updates).toBeGreaterThanOrEqual(counts.get(entry.userId)!);
    }
    const lastEdit = [...recovered.activity].sort((left, right) => left.until.localeCompare(right.until)).at(-1)!;
    expect(recovered.updatedAt).toBe(lastEdit.until);
    expect(recovered.text).toBe(expectedText);
    const wall = expectData(
      await clientOn(second.url, folder.prepared.owner).client.execute<{ getWall: { updatedAt: string } }>(
        'query ($id: ID!) { getWall(id: $id) { updatedAt } }',
        { id },
      ),
    ).getWall;
    expect(wall.updatedAt).toBe(lastEdit.until);

    // The projections rebuilt from the log equal the live tables.
    const { live, rebuilt } = await withFolderDatabase(dataDirectory, (database) =>
      replayedBesideLive(
        database,
        domains.flatMap((module) => module.projections),
      ),
    );
    expect(rebuilt).toEqual(live);

    // Killed again and started again: what was recovered is not recorded a second time.
    second.child.kill('SIGKILL');
    await second.exited;
    const third = await startServerProcess(dataDirectory, environment);
    expect((await derivedOnDisk(id)).activity).toEqual(recovered.activity);
    // A fresh editor finds the text, and its own edit is recorded apart from the recovered ones.
    const reopened = openDoc(third.url, id, { cookie: member.client.cookieHeader() });
    opened.push(reopened);
    await reopened.synced();
    expect(paragraphText(reopened.doc).toString().trimEnd()).toBe(expectedText);
    reopened.destroy();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 120_000);
});
