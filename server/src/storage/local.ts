import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, opendir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { uploadSignatureParts, type UrlSigner } from './signing';
import {
  isStorageKey,
  type ByteRange,
  type DownloadTicket,
  type SignedUpload,
  type StorageDriver,
  type StoredObject,
  type UploadTicket,
} from './types';

/** Why a streamed upload was refused; the route turns each into an HTTP status. */
export class UploadRefused extends Error {
  constructor(readonly reason: 'too_large' | 'size_mismatch' | 'exists' | 'busy' | 'aborted' | 'cancelled') {
    super(reason);
  }
}

/**
 * Files on this machine's disk under `<data>/files`. Uploads stream into a temporary file on the same
 * disk and are linked into place only when complete and of the declared size, so a half-sent file never
 * looks whole; linking (not renaming) refuses to replace bytes that are already there.
 */
export class LocalStorage implements StorageDriver {
  readonly kind = 'local' as const;
  readonly root: string;
  private readonly temporary: string;
  /** Uploads streaming in now, so a cancelled one can be cut off and an idle one told from a slow one. */
  private readonly receiving = new Map<string, { controller: AbortController; settled: Promise<void> }>();

  constructor(
    dataDirectory: string,
    readonly signer: UrlSigner,
  ) {
    this.root = join(dataDirectory, 'files');
    this.temporary = join(this.root, '.incoming');
  }

  async prepare(): Promise<void> {
    await mkdir(this.temporary, { recursive: true });
  }

  localPath(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return join(this.root, ...key.split('/'));
  }

  async signUpload(ticket: UploadTicket): Promise<SignedUpload> {
    const expires = Math.floor(ticket.expiresAt.getTime() / 1000);
    const signature = this.signer.sign(uploadSignatureParts(ticket.key, expires, ticket.size, ticket.contentType));
    const query = new URLSearchParams({ expires: String(expires), size: String(ticket.size), type: ticket.contentType, signature });
    // A path on this server: the page uploading is always served from it, whatever address it was reached at.
    return {
      url: `/uploads/${ticket.key}?${query}`,
      method: 'PUT',
      headers: { 'Content-Type': ticket.contentType },
      expiresAt: new Date(expires * 1000),
    };
  }

  async signDownload(_ticket: DownloadTicket): Promise<string | null> {
    return null;
  }

  /**
   * Streams `body` to the key, refusing more than `size` bytes as they arrive (a lying or missing
   * Content-Length cannot fill the disk) and fewer once the stream ends.
   */
  async receive(key: string, size: number, body: Readable): Promise<void> {
    if (this.receiving.has(key)) throw new UploadRefused('busy');
    const controller = new AbortController();
    const work = this.receiveInto(key, size, body, controller.signal);
    const entry = {
      controller,
      settled: work.then(
        () => undefined,
        () => undefined,
      ),
    };
    this.receiving.set(key, entry);
    try {
      await work;
    } finally {
      if (this.receiving.get(key) === entry) this.receiving.delete(key);
    }
  }

  private async receiveInto(key: string, size: number, body: Readable, signal: AbortSignal): Promise<void> {
    const target = this.localPath(key);
    if (await exists(target)) throw new UploadRefused('exists');
    const temporaryFile = join(this.temporary, `${randomBytes(12).toString('hex')}.part`);
    let received = 0;
    const limiter = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        received += chunk.length;
        if (received > size) throw new UploadRefused('too_large');
        yield chunk;
      }
    };
    try {
      await pipeline(body, limiter, createWriteStream(temporaryFile, { flags: 'wx' }), { signal });
      if (received !== size) throw new UploadRefused('size_mismatch');
      await mkdir(dirname(target), { recursive: true });
      await link(temporaryFile, target).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new UploadRefused('exists') : error;
      });
      if (signal.aborted) {
        await rm(target, { force: true });
        throw new UploadRefused('cancelled');
      }
    } catch (error) {
      if (error instanceof UploadRefused) throw error;
      if (signal.aborted) throw new UploadRefused('cancelled');
      if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') throw new UploadRefused('aborted');
      throw error;
    } finally {
      await unlink(temporaryFile).catch(() => undefined);
    }
  }

  async finishUpload(key: string): Promise<StoredObject | null> {
    return this.stat(key);
  }

  async uploadStarted(key: string): Promise<boolean> {
    return this.receiving.has(key) || (await this.stat(key)) !== null;
  }

  async discardUpload(key: string): Promise<void> {
    const active = this.receiving.get(key);
    if (active) {
      active.controller.abort();
      await active.settled;
    }
    await this.delete(key);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.localPath(key));
      return info.isFile() ? { key, size: info.size, modifiedAt: info.mtime } : null;
    } catch {
      return null;
    }
  }

  async readHead(key: string, length: number): Promise<Buffer> {
    const handle = await open(this.localPath(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.localPath(key), range ? { start: range.start, end: range.end } : {});
  }

  async write(key: string, body: Buffer): Promise<void> {
    const target = this.localPath(key);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, body);
  }

  async delete(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }

  async *list(): AsyncIterable<StoredObject> {
    const teams = await opendir(this.root).catch(() => null);
    if (!teams) return;
    for await (const team of teams) {
      if (!team.isDirectory() || team.name.startsWith('.')) continue;
      for await (const entry of await opendir(join(this.root, team.name))) {
        const key = relative(this.root, join(this.root, team.name, entry.name))
          .split(sep)
          .join('/');
        if (!entry.isFile() || !isStorageKey(key)) continue;
        const found = await this.stat(key);
        if (found) yield found;
      }
    }
  }

  /** Temporary files of uploads cut off mid-way (a crash); anything older than `before` is dropped. */
  async sweepTemporary(before: Date): Promise<void> {
    const entries = await opendir(this.temporary).catch(() => null);
    if (!entries) return;
    for await (const entry of entries) {
      const path = join(this.temporary, entry.name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtime < before) await rm(path, { force: true });
    }
  }

  close(): void {}
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
