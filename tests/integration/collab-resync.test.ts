import { describe, expect, it } from 'vitest';
import { clientOn, collabUrl, createDoc, openDoc, paragraphText, preparedDataFolder, waitFor } from './docFactories';
import { startServerProcess } from './harness';

const folder = preparedDataFolder('collab-resync');
const { dataDirectory, opened } = folder;

describe('doc updates broadcast before they are durable (SECURITY.md: a crash loses nothing a client still holds)', () => {
  it('an update another editor received is re-synced from that editor after kill -9, though its sender is gone', async () => {
    const first = await startServerProcess(dataDirectory, { SQLITE_SYNCHRONOUS: 'FULL' });
    const owner = clientOn(first.url, folder.prepared.owner);
    const { id } = await createDoc(owner, folder.prepared.space, 'Broadcast first');
    const [sender, receiver] = [
      openDoc(first.url, id, { cookie: owner.client.cookieHeader() }),
      openDoc(first.url, id, { cookie: clientOn(first.url, folder.prepared.member).client.cookieHeader() }),
    ];
    opened.push(sender, receiver);
    await Promise.all([sender.synced(), receiver.synced()]);
    paragraphText(sender.doc).insert(0, 'stored');
    await waitFor(() => receiver.text().includes('stored') && sender.state.saved > 0, 'the first words stored and seen');

    // Killed the moment the other editor holds the update: its batch may not have been committed yet
    // (it is, in some runs: the property holds either way, and this is the order that could break it).
    let killed = false;
    receiver.doc.on('update', () => {
      if (!killed && receiver.text().includes('broadcast')) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    });
    paragraphText(sender.doc).insert(paragraphText(sender.doc).length, ' broadcast');
    await first.exited;
    expect(killed).toBe(true);
    // Its sender is gone too (a closed tab): only the other editor holds the update now.
    sender.destroy();

    const second = await startServerProcess(dataDirectory, { SQLITE_SYNCHRONOUS: 'FULL' });
    receiver.provider.serverUrl = collabUrl(second.url);
    await waitFor(() => receiver.provider.synced && receiver.provider.wsconnected, 'the other editor to re-sync', 30_000);
    // Its re-sync is an update the server stores and acknowledges like any other.
    await waitFor(() => receiver.state.saved > 0, 'the re-synced update to be acknowledged', 30_000);
    const fresh = openDoc(second.url, id, { cookie: clientOn(second.url, folder.prepared.owner).client.cookieHeader() });
    opened.push(fresh);
    await fresh.synced();
    await waitFor(() => fresh.text() === receiver.text(), 'a new editor to see what the other editor held');
    expect(paragraphText(fresh.doc).toString()).toBe('stored broadcast');

    // And it is stored: after a clean restart the doc still has it.
    for (const each of [receiver, fresh]) each.destroy();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const third = await startServerProcess(dataDirectory, { SQLITE_SYNCHRONOUS: 'FULL' });
    const reader = openDoc(third.url, id, { cookie: clientOn(third.url, folder.prepared.member).client.cookieHeader() });
    opened.push(reader);
    await reader.synced();
    expect(paragraphText(reader.doc).toString()).toBe('stored broadcast');
    reader.destroy();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 120_000);
});
