import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fsyncOnThreadPool, WalSync, type FileSync } from './walSync';

let directory: string;
let walFile: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'wal-sync-'));
  walFile = join(directory, 'live.sqlite-wal');
  writeFileSync(walFile, 'frames');
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** An fsync that waits until the test finishes it. */
function heldSyncs() {
  const pending: { finish: () => void; fail: (error: Error) => void }[] = [];
  const syncFile: FileSync = (descriptor) =>
    new Promise<void>((resolve, reject) =>
      pending.push({ finish: () => void fsyncOnThreadPool(descriptor).then(resolve, reject), fail: reject }),
    );
  return { syncFile, pending };
}

describe('WalSync', () => {
  it('flushes the WAL file with a real fsync', async () => {
    const walSync = new WalSync(walFile);
    await walSync.sync();
    await walSync.sync();
    walSync.close();
    await expect(walSync.sync()).rejects.toThrow(/closed/);
  });

  it('lets every caller that came while an fsync ran share the next one, which starts after it', async () => {
    const { syncFile, pending } = heldSyncs();
    const walSync = new WalSync(walFile, syncFile);
    const first = walSync.sync();
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    const second = walSync.sync();
    const third = walSync.sync();
    expect(second).toBe(third);
    // The fsync under way may have started before the second caller's writes: it does not answer them.
    pending.shift()!.finish();
    await first;
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending.shift()!.finish();
    await Promise.all([second, third]);
    expect(pending).toHaveLength(0);
    walSync.close();
  });

  it('fails every later sync once one failed', async () => {
    const { syncFile, pending } = heldSyncs();
    const walSync = new WalSync(walFile, syncFile);
    const first = walSync.sync();
    const refused = expect(first).rejects.toThrow('EIO');
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    const queued = walSync.sync();
    pending.shift()!.fail(new Error('EIO'));
    await refused;
    await expect(queued).rejects.toThrow('EIO');
    await expect(walSync.sync()).rejects.toThrow('EIO');
    expect(pending).toHaveLength(0);
    walSync.close();
  });

  it('syncs at once on the event loop when asked to (syncNow), and refuses to once an fsync failed', async () => {
    const { syncFile, pending } = heldSyncs();
    const walSync = new WalSync(walFile, syncFile);
    // Before its own descriptor is open, a descriptor of the moment serves.
    expect(() => walSync.syncNow()).not.toThrow();
    const failed = expect(walSync.sync()).rejects.toThrow('EIO');
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    pending.shift()!.fail(new Error('EIO'));
    await failed;
    expect(() => walSync.syncNow()).toThrow('EIO');
    walSync.close();
    expect(() => walSync.syncNow()).toThrow('EIO');
  });
});
