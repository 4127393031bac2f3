import { endianness } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The WAL frames beyond the last checkpoint at which the worker checkpoints (SQLite's own default is 1,000 pages). */
export const checkpointThresholdFrames = 1000;

/**
 * The connection's own autocheckpoint while the worker runs: SQLite checkpoints inside the COMMIT that takes the WAL
 * past this many frames, on the event loop. A backstop, so the WAL cannot grow without bound if the worker falls behind.
 * It fires too when commits never let the worker's checkpoint catch up with the writer: the WAL is rewound (written
 * from its start again) only when a transaction begins with every frame copied, and a PASSIVE checkpoint cannot stop
 * the writer to get there; so near the backstop the worker copies every few frames, and the backstop's has little left.
 */
export const backstopAutocheckpointFrames = 10 * checkpointThresholdFrames;

/** What the worker is started with. */
export interface CheckpointerWorkerData {
  file: string;
  thresholdFrames: number;
  backstopFrames: number;
  /** Two Int32 slots: the wake counter the main thread bumps after WAL syncs, and the stop flag. */
  signal: SharedArrayBuffer;
}

/** What the worker tells the main thread after each checkpoint it ran. */
export interface CheckpointReport {
  /** Frames in the WAL and frames copied into the database, as `PRAGMA wal_checkpoint` reports them. */
  logFrames: number;
  checkpointedFrames: number;
  /** True when another connection was checkpointing, so this one did nothing (normal for PASSIVE). */
  busy: boolean;
}

export const wakeSlot = 0;
export const stopSlot = 1;

/** The wal-index header and checkpoint information at the start of the -shm file (https://sqlite.org/walformat.html). */
export const walIndexHeaderBytes = 136;
const maxFrameOffset = 16;
const backfilledFramesOffset = 96;

export interface WalIndexState {
  /** Frames in the WAL since it was last rewound (`mxFrame`). */
  walFrames: number;
  /** Of those, the frames not yet copied into the database (`mxFrame` minus `nBackfill`). */
  pendingFrames: number;
}

/**
 * The WAL's frames, read from the wal-index header (the -shm file, in the machine's byte order). Read without
 * SQLite's locks, so a read during a commit may be torn; it only decides when to checkpoint, and a checkpoint is
 * always safe, so an estimate serves. Null when the header is too short to read.
 */
export function readWalIndex(header: Buffer, littleEndian = endianness() === 'LE'): WalIndexState | null {
  if (header.length < walIndexHeaderBytes) return null;
  const read = (offset: number) => (littleEndian ? header.readUInt32LE(offset) : header.readUInt32BE(offset));
  const walFrames = read(maxFrameOffset);
  return { walFrames, pendingFrames: Math.max(0, walFrames - read(backfilledFramesOffset)) };
}

/** Whether the worker checkpoints now: past the threshold, or with anything to copy once the WAL nears the backstop. */
export function checkpointDue(state: WalIndexState, thresholdFrames: number, backstopFrames: number): boolean {
  if (state.pendingFrames >= thresholdFrames) return true;
  return state.pendingFrames > 0 && state.walFrames >= backstopFrames - 2 * thresholdFrames;
}

/**
 * The worker runs TypeScript: tsx's loader is registered in it before its module is imported, since a worker
 * inherits no loader registered with module.register (Node 20), whether the server runs under `tsx` or `node --import tsx`.
 */
function workerBootstrap(): string {
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const workerModule = new URL('./checkpointerWorker.ts', import.meta.url).href;
  // An evaluated worker runs as CommonJS (Node 20): tsx's ESM entry is imported, its CommonJS one registers nothing.
  return `import(${JSON.stringify(tsxApi)})
  .then(({ register }) => { register(); return import(${JSON.stringify(workerModule)}); })
  .catch((error) => { setImmediate(() => { throw error; }); });`;
}

export interface WalCheckpointerOptions {
  /** Told once when the worker died or a checkpoint failed: the connection's own autocheckpoint takes over. */
  onFailure: (error: unknown) => void;
}

/**
 * Checkpoints a WAL database from a worker thread with a connection of its own, so that copying the WAL into the
 * database and the two fsyncs that go with it block that thread instead of the event loop (SQLite's autocheckpoint
 * runs them inside whichever COMMIT takes the WAL past its threshold). The main thread calls `nudge()` after WAL
 * syncs: an atomic increment and a wake-up, no message; the worker then reads how many frames wait in the wal-index
 * and runs `PRAGMA wal_checkpoint(PASSIVE)` past the threshold. PASSIVE never waits for or blocks the writer, never
 * loses a commit, and skips its turn when another connection (another process's checkpointer) is checkpointing.
 * Owned by one database handle, and closed with it before its connection.
 */
export class WalCheckpointer {
  /** Resolves once the worker has ended (closed its connection). */
  readonly stopped: Promise<void>;
  private readonly worker: Worker;
  private readonly signal: Int32Array;
  private closing = false;
  private failed = false;
  private checkpointsRun = 0;

  constructor(
    file: string,
    private readonly options: WalCheckpointerOptions,
  ) {
    const signal = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
    this.signal = new Int32Array(signal);
    const workerData: CheckpointerWorkerData = {
      file,
      thresholdFrames: checkpointThresholdFrames,
      backstopFrames: backstopAutocheckpointFrames,
      signal,
    };
    // No inherited flags: the bootstrap registers the loader itself, and a profiler flag meant for the server stays there.
    this.worker = new Worker(workerBootstrap(), { eval: true, workerData, execArgv: [] });
    // A handle left open must not keep the process alive for its checkpointer.
    this.worker.unref();
    this.worker.on('message', (report: CheckpointReport) => {
      if (report.checkpointedFrames > 0) this.checkpointsRun += 1;
    });
    this.worker.on('error', (error) => this.fail(error));
    this.stopped = new Promise((resolve) => {
      this.worker.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`The WAL checkpointer's worker stopped (exit code ${code}).`));
        resolve();
      });
    });
  }

  /** True while the worker checkpoints; false once it failed or was closed. */
  get running(): boolean {
    return !this.closing && !this.failed;
  }

  /** The checkpoints the worker has run on a WAL with frames copied into the database (by it or an earlier checkpoint). */
  get checkpoints(): number {
    return this.checkpointsRun;
  }

  /** After a WAL sync: lets the worker look whether the WAL has grown past the threshold. */
  nudge(): void {
    if (!this.running) return;
    Atomics.add(this.signal, wakeSlot, 1);
    Atomics.notify(this.signal, wakeSlot);
  }

  /** Asks the worker to finish its checkpoint, if one runs, close its connection and end (`stopped`). */
  close(): void {
    if (this.closing) return;
    this.closing = true;
    Atomics.store(this.signal, stopSlot, 1);
    Atomics.add(this.signal, wakeSlot, 1);
    Atomics.notify(this.signal, wakeSlot);
  }

  private fail(error: unknown): void {
    if (this.failed || this.closing) return;
    this.failed = true;
    // Whatever the worker is doing, it checkpoints no more: stop it, the connection's autocheckpoint takes over.
    Atomics.store(this.signal, stopSlot, 1);
    Atomics.notify(this.signal, wakeSlot);
    void this.worker.terminate();
    this.options.onFailure(error);
  }
}
