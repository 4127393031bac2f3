// The WAL checkpointer's worker thread (started by checkpointer.ts): waits to be nudged, and checkpoints the WAL on
// a connection of its own once enough frames wait. Its fsyncs block this thread, never the server's event loop.
import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  checkpointDue,
  readWalIndex,
  stopSlot,
  wakeSlot,
  walIndexHeaderBytes,
  type CheckpointerWorkerData,
  type CheckpointReport,
} from './checkpointer';

const { file, thresholdFrames, backstopFrames, signal } = workerData as CheckpointerWorkerData;
const wake = new Int32Array(signal);
const sqlite = new Database(file, { fileMustExist: true });
// The checkpoint syncs the WAL before copying it and the database after (synchronous NORMAL and FULL alike); this
// connection never writes, so it never checkpoints on its own either.
sqlite.pragma('wal_autocheckpoint = 0');
const checkpoint = sqlite.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const header = Buffer.alloc(walIndexHeaderBytes);
let walIndex: number | null = null;

/** Whether to checkpoint now; when the wal-index cannot be read, yes: the checkpoint itself finds out. */
function due(): boolean {
  try {
    walIndex ??= openSync(`${file}-shm`, 'r');
    readSync(walIndex, header, 0, walIndexHeaderBytes, 0);
    const state = readWalIndex(header);
    return state === null || checkpointDue(state, thresholdFrames, backstopFrames);
  } catch {
    return true;
  }
}

/**
 * The writer rewinds the WAL (writes it from its start again) only when a transaction begins with every frame
 * copied. Commits made while a checkpoint runs leave a few frames behind, so a few short rounds follow for them.
 */
const roundsPerCheckpoint = 3;

function runCheckpoint(): void {
  for (let round = 0; round < roundsPerCheckpoint; round += 1) {
    let row: { busy: number; log: number; checkpointed: number };
    try {
      row = checkpoint.get() as typeof row;
    } catch (error) {
      // Another connection holds a lock PASSIVE will not wait for: the next nudge tries again.
      if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY')) return;
      throw error;
    }
    const report: CheckpointReport = { logFrames: row.log, checkpointedFrames: row.checkpointed, busy: row.busy !== 0 };
    parentPort!.postMessage(report);
    if (report.busy || report.checkpointedFrames >= report.logFrames) return;
  }
}

try {
  // Looks first, for the commits made while this thread started, then after every nudge.
  while (Atomics.load(wake, stopSlot) === 0) {
    const seen = Atomics.load(wake, wakeSlot);
    if (due()) runCheckpoint();
    // Blocks this thread (not the server's) until the main thread bumps the counter; at once if it did meanwhile.
    Atomics.wait(wake, wakeSlot, seen);
  }
} finally {
  if (walIndex !== null) closeSync(walIndex);
  sqlite.close();
}
