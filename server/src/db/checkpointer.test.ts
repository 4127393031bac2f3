import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backstopAutocheckpointFrames,
  checkpointDue,
  checkpointThresholdFrames,
  readWalIndex,
  walIndexHeaderBytes,
  WalCheckpointer,
} from './checkpointer';
import { openDatabase, type DatabaseHandle } from './connection';

/** Worker start-up (tsx, better-sqlite3) and checkpoints with fsyncs are slow on a loaded machine. */
const workerWait = { timeout: 30_000, interval: 20 };

let directory: string;
let file: string;
const handles: DatabaseHandle[] = [];

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
  file = join(directory, 'workspace.db');
});

afterEach(async () => {
  for (const handle of handles.splice(0)) {
    handle.close();
    await handle.checkpointer?.stopped;
  }
  rmSync(directory, { recursive: true, force: true });
});

function open(): DatabaseHandle {
  const handle = openDatabase(file);
  handles.push(handle);
  handle.sqlite.exec('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, body BLOB NOT NULL)');
  return handle;
}

/** Frames of the WAL not yet in the database, from the wal-index. */
function pendingFrames(): number {
  return readWalIndex(readFileSync(`${file}-shm`))!.pendingFrames;
}

/** Commits one row a transaction (about a page of WAL each) and syncs the WAL after each, as the command door does. */
async function writeRows(handle: DatabaseHandle, count: number): Promise<void> {
  const insert = handle.sqlite.prepare('INSERT INTO filler (body) VALUES (randomblob(2000))');
  for (let row = 0; row < count; row += 1) {
    insert.run();
    await handle.walSync!.sync();
  }
}

describe('readWalIndex', () => {
  it('reads the frames in the WAL and those not yet copied into the database, in either byte order', () => {
    const littleEndian = Buffer.alloc(walIndexHeaderBytes);
    littleEndian.writeUInt32LE(1500, 16);
    littleEndian.writeUInt32LE(400, 96);
    expect(readWalIndex(littleEndian, true)).toEqual({ walFrames: 1500, pendingFrames: 1100 });
    const bigEndian = Buffer.alloc(walIndexHeaderBytes);
    bigEndian.writeUInt32BE(1500, 16);
    bigEndian.writeUInt32BE(1500, 96);
    expect(readWalIndex(bigEndian, false)).toEqual({ walFrames: 1500, pendingFrames: 0 });
  });

  it('reads nothing from a header too short, and no pending frame from one torn so that more seems copied than written', () => {
    expect(readWalIndex(Buffer.alloc(40))).toBeNull();
    const torn = Buffer.alloc(walIndexHeaderBytes);
    torn.writeUInt32LE(10, 16);
    torn.writeUInt32LE(20, 96);
    expect(readWalIndex(torn, true)).toEqual({ walFrames: 10, pendingFrames: 0 });
  });
});

describe('checkpointDue', () => {
  it('checkpoints past the threshold, and near the backstop whatever waits', () => {
    expect(checkpointDue({ walFrames: 1200, pendingFrames: 999 }, 1000, 10_000)).toBe(false);
    expect(checkpointDue({ walFrames: 1200, pendingFrames: 1000 }, 1000, 10_000)).toBe(true);
    expect(checkpointDue({ walFrames: 8000, pendingFrames: 3 }, 1000, 10_000)).toBe(true);
    expect(checkpointDue({ walFrames: 9000, pendingFrames: 0 }, 1000, 10_000)).toBe(false);
  });
});

describe('WalCheckpointer with the database handle', () => {
  it('checkpoints the WAL from its worker, the connection own autocheckpoint being too high to have run', async () => {
    const handle = open();
    await writeRows(handle, checkpointThresholdFrames + 200);
    expect(handle.checkpointer?.running).toBe(true);
    expect(handle.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(backstopAutocheckpointFrames);
    await vi.waitFor(() => expect(handle.checkpointer!.checkpoints).toBeGreaterThan(0), workerWait);
    // Fewer frames than the backstop were ever written: only the worker can have copied them.
    const walFrames = readFileSync(`${file}-shm`).readUInt32LE(16);
    expect(walFrames).toBeLessThan(backstopAutocheckpointFrames);
    await writeRows(handle, 1);
    await vi.waitFor(() => expect(pendingFrames()).toBeLessThan(checkpointThresholdFrames + 10), workerWait);
  });

  it('keeps every row written before, during and after its checkpoints once the database is reopened', async () => {
    const handle = open();
    await writeRows(handle, checkpointThresholdFrames + 200);
    await vi.waitFor(() => expect(handle.checkpointer!.checkpoints).toBeGreaterThan(0), workerWait);
    await writeRows(handle, 500);
    handle.close();
    await handle.checkpointer!.stopped;

    const reopened = new Database(file, { readonly: true });
    try {
      expect(reopened.prepare('SELECT count(*) AS count FROM filler').get()).toEqual({ count: checkpointThresholdFrames + 700 });
      expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      reopened.close();
    }
  });

  it('is not started while the WAL stays small, so SQLite checkpoints as it always did', async () => {
    const handle = open();
    await writeRows(handle, 20);
    expect(handle.checkpointer).toBeNull();
    expect(handle.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(checkpointThresholdFrames);
  });

  it('is stopped when the handle closes', async () => {
    const handle = open();
    await writeRows(handle, checkpointThresholdFrames);
    const checkpointer = handle.checkpointer!;
    expect(checkpointer.running).toBe(true);
    handle.close();
    expect(checkpointer.running).toBe(false);
    await expect(checkpointer.stopped).resolves.toBeUndefined();
  });

  it('is not started for a database in memory or one that syncs its own commits', () => {
    const memory = openDatabase(':memory:');
    const normal = openDatabase(join(directory, 'normal.db'), { synchronous: 'NORMAL' });
    try {
      expect(memory.checkpointer).toBeNull();
      expect(normal.checkpointer).toBeNull();
      expect(normal.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(checkpointThresholdFrames);
    } finally {
      memory.close();
      normal.close();
    }
  });
});

describe('WalCheckpointer on its own', () => {
  it('reports once when its worker cannot run, and stops taking nudges', async () => {
    const failures: unknown[] = [];
    const checkpointer = new WalCheckpointer(join(directory, 'missing', 'workspace.db'), {
      onFailure: (error) => failures.push(error),
    });
    await checkpointer.stopped;
    await vi.waitFor(() => expect(failures).toHaveLength(1), workerWait);
    expect(String(failures[0])).toMatch(/unable to open database|directory does not exist|SQLITE_CANTOPEN/i);
    expect(checkpointer.running).toBe(false);
    checkpointer.nudge();
    checkpointer.close();
    expect(failures).toHaveLength(1);
  });
});
