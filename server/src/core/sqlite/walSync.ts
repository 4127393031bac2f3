import { close, closeSync, fsync, fsyncSync, open, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

/** Flushes one open file to the disk; on libuv's thread pool, so the event loop never waits for it. */
export type FileSync = (descriptor: number) => Promise<void>;

const openFile = promisify(open);
const closeFile = promisify(close);
export const fsyncOnThreadPool: FileSync = promisify(fsync);

/**
 * Group syncs of a SQLite database's write-ahead log, off the event loop. The event store commits
 * with synchronous=NORMAL (SQLite writes the commit's frames to the WAL without syncing them) and
 * asks for `sync()`; it resolves once an fsync of the WAL file that started after the call has
 * finished, so everything committed before the call is on the disk. fsync flushes the file, whichever
 * descriptor names it, so a descriptor of our own serves. While one fsync runs, every caller shares the
 * next one: one disk flush covers every commit made before it started.
 *
 * The descriptor is opened at the first sync and kept (SQLite deletes the WAL only when the last
 * connection closes, and ours stays open until `close`); a descriptor kept open is also told of a
 * write-back error that happened since it was opened, which a descriptor opened later may not be.
 * After a failed fsync every later sync fails too: the kernel may have dropped the pages it could
 * not write and marked them clean, so a later fsync that succeeds proves nothing (PostgreSQL's
 * "fsyncgate"). Owned by the database handle, one per connection.
 */
export class WalSync {
  private descriptor: number | null = null;
  private opening: Promise<number> | null = null;
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private failure: unknown = null;
  private closed = false;

  constructor(
    readonly walFile: string,
    private readonly syncFile: FileSync = fsyncOnThreadPool,
  ) {}

  /** The error of the failed fsync after which no sync succeeds, or null. */
  get failed(): unknown {
    return this.failure;
  }

  /** Resolves once everything written to the WAL before this call is on the disk; rejects if the disk failed. */
  sync(): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('The database is closed: its WAL cannot be synced.'));
    if (this.queued) return this.queued;
    if (!this.inFlight) return this.launch();
    // The fsync running now may have started before the caller's writes: the next one covers them.
    const queued = this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.failure !== null ? Promise.reject(this.failure) : this.launch();
      });
    this.queued = queued;
    return queued;
  }

  /**
   * Flushes the WAL now, on the event loop, and returns once everything written to it is on the disk; throws
   * if the disk failed. For the rare caller that must know before returning (a doc room's last flush at
   * shutdown); everything else waits for `sync()`.
   */
  syncNow(): void {
    if (this.failure !== null) throw this.failure;
    if (this.closed) throw new Error('The database is closed: its WAL cannot be synced.');
    // fsync flushes the file whichever descriptor names it: a descriptor of the moment serves until ours is open.
    const ownDescriptor = this.descriptor === null ? openSync(this.walFile, 'r+') : null;
    try {
      fsyncSync(ownDescriptor ?? this.descriptor!);
      if (ownDescriptor !== null) syncDirectoryNow(dirname(this.walFile));
    } catch (error) {
      this.failure ??= error;
      throw this.failure;
    } finally {
      if (ownDescriptor !== null) closeSync(ownDescriptor);
    }
  }

  /** Resolves when no sync is running or waiting (failed or not). */
  async idle(): Promise<void> {
    while (this.inFlight || this.queued) await (this.queued ?? this.inFlight)!.catch(() => undefined);
  }

  /** Closes the descriptor once the syncs under way are done; later syncs are refused. */
  close(): void {
    this.closed = true;
    if (this.inFlight || this.queued || this.opening) {
      void this.idle().then(() => this.closeDescriptor());
    } else {
      this.closeDescriptor();
    }
  }

  private launch(): Promise<void> {
    const flight = this.flush().finally(() => {
      if (this.inFlight === flight) this.inFlight = null;
    });
    this.inFlight = flight;
    return flight;
  }

  private async flush(): Promise<void> {
    try {
      await this.syncFile(await this.open());
    } catch (error) {
      this.failure ??= error;
      throw this.failure;
    }
  }

  private open(): Promise<number> {
    if (this.descriptor !== null) return Promise.resolve(this.descriptor);
    this.opening ??= (async () => {
      // Opened for writing too, as SQLite opens it: some systems flush only a file opened for writing.
      const descriptor = await openFile(this.walFile, 'r+');
      this.descriptor = descriptor;
      // A WAL file made since the last checkpoint is reachable after a power loss only once its directory entry is on the
      // disk. Like SQLite, a file system that cannot sync a directory is not an error.
      await syncDirectory(dirname(this.walFile)).catch(() => undefined);
      this.opening = null;
      return descriptor;
    })();
    return this.opening;
  }

  private closeDescriptor(): void {
    if (this.descriptor === null) return;
    const descriptor = this.descriptor;
    this.descriptor = null;
    void closeFile(descriptor).catch(() => undefined);
  }
}

async function syncDirectory(path: string): Promise<void> {
  const directory = await openFile(path, 'r');
  try {
    await fsyncOnThreadPool(directory);
  } finally {
    await closeFile(directory);
  }
}

function syncDirectoryNow(path: string): void {
  let directory: number;
  try {
    directory = openSync(path, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(directory);
  } catch {
    // Like SQLite, a file system that cannot sync a directory is not an error.
  } finally {
    closeSync(directory);
  }
}
