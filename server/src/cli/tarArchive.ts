import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/**
 * A minimal POSIX tar (ustar) writer and reader, enough for backups: regular files only, written and read
 * as streams so a bucket of any size never sits in memory. The archives open with any `tar`.
 */

const blockSize = 512;
const largestOctalSize = 0o77777777777;

export interface TarEntryHeader {
  path: string;
  size: number;
  mode: number;
  modifiedAt: Date;
}

/** Appends entries to an open file; `finish` writes the end-of-archive blocks. */
export class TarWriter {
  private position = 0;

  constructor(private readonly handle: FileHandle) {}

  /** Writes one file from `body`, which must be exactly `header.size` bytes; returns its SHA-256 (hex). */
  async add(header: TarEntryHeader, body: Readable | Iterable<Buffer> | AsyncIterable<Buffer>): Promise<string> {
    await this.write(encodeHeader(header));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of body as AsyncIterable<Buffer | Uint8Array>) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      written += bytes.length;
      if (written > header.size) throw new Error(`${header.path} grew while it was being archived (more than ${header.size} bytes)`);
      hash.update(bytes);
      await this.write(bytes);
    }
    if (written !== header.size) throw new Error(`${header.path} changed while it was being archived (${written} of ${header.size} bytes)`);
    const padding = (blockSize - (written % blockSize)) % blockSize;
    if (padding > 0) await this.write(Buffer.alloc(padding));
    return hash.digest('hex');
  }

  async finish(): Promise<void> {
    await this.write(Buffer.alloc(blockSize * 2));
  }

  private async write(bytes: Buffer): Promise<void> {
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, offset, bytes.length - offset, this.position);
      offset += bytesWritten;
      this.position += bytesWritten;
    }
  }
}

export interface TarEntry extends TarEntryHeader {
  /** Where the entry's bytes start in the archive. */
  dataOffset: number;
}

/** Lists a tar file's regular-file entries without reading their bytes; throws on a damaged archive. */
export async function listTarEntries(handle: FileHandle): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  const { size: archiveSize } = await handle.stat();
  const block = Buffer.alloc(blockSize);
  let position = 0;
  while (position + blockSize <= archiveSize) {
    const { bytesRead } = await handle.read(block, 0, blockSize, position);
    if (bytesRead !== blockSize) throw new Error('the archive is cut short');
    if (block.every((byte) => byte === 0)) return entries;
    const header = decodeHeader(block);
    const dataOffset = position + blockSize;
    if (dataOffset + header.size > archiveSize) throw new Error(`the archive is cut short inside ${header.path}`);
    if (header.type === '0' || header.type === '\0')
      entries.push({ path: header.path, size: header.size, mode: header.mode, modifiedAt: header.modifiedAt, dataOffset });
    position = dataOffset + Math.ceil(header.size / blockSize) * blockSize;
  }
  throw new Error('the archive has no end marker: it is cut short');
}

/** A stream of one entry's bytes. */
export function readTarEntry(archivePath: string, entry: TarEntry): Readable {
  if (entry.size === 0) return createReadStream(archivePath, { start: 1, end: 0 });
  return createReadStream(archivePath, { start: entry.dataOffset, end: entry.dataOffset + entry.size - 1 });
}

function encodeHeader(header: TarEntryHeader): Buffer {
  const block = Buffer.alloc(blockSize);
  const { name, prefix } = splitPath(header.path);
  block.write(name, 0, 100, 'utf8');
  writeOctal(block, header.mode & 0o7777, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  if (header.size <= largestOctalSize) writeOctal(block, header.size, 124, 12);
  else writeBase256(block, header.size, 124, 12);
  writeOctal(block, Math.floor(header.modifiedAt.getTime() / 1000), 136, 12);
  block.write('0', 156, 1, 'latin1');
  block.write('ustar\u000000', 257, 8, 'latin1');
  block.write(prefix, 345, 155, 'utf8');
  // The checksum is computed with its own field as spaces.
  block.fill(0x20, 148, 156);
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  block.write(`${checksum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'latin1');
  return block;
}

function decodeHeader(block: Buffer) {
  const stored = readOctal(block, 148, 8);
  const copy = Buffer.from(block);
  copy.fill(0x20, 148, 156);
  if (copy.reduce((sum, byte) => sum + byte, 0) !== stored) throw new Error('the archive is damaged (a header checksum does not match)');
  const name = readString(block, 0, 100);
  const isUstar = block.toString('latin1', 257, 262) === 'ustar';
  const prefix = isUstar ? readString(block, 345, 155) : '';
  const size = (block[124]! & 0x80) !== 0 ? readBase256(block, 124, 12) : readOctal(block, 124, 12);
  return {
    path: prefix ? `${prefix}/${name}` : name,
    mode: readOctal(block, 100, 8),
    size,
    modifiedAt: new Date(readOctal(block, 136, 12) * 1000),
    type: block.toString('latin1', 156, 157),
  };
}

/** ustar keeps up to 100 bytes of name and 155 of prefix, split at a slash. */
function splitPath(path: string): { name: string; prefix: string } {
  if (Buffer.byteLength(path) <= 100) return { name: path, prefix: '' };
  for (let index = path.indexOf('/'); index !== -1; index = path.indexOf('/', index + 1)) {
    const prefix = path.slice(0, index);
    const name = path.slice(index + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100 && name.length > 0) return { name, prefix };
  }
  throw new Error(`path too long for a tar archive: ${path}`);
}

function writeOctal(block: Buffer, value: number, offset: number, length: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'latin1');
}

/** GNU's encoding for sizes past 8 GiB: a set high bit, then the number in big-endian bytes. */
function writeBase256(block: Buffer, value: number, offset: number, length: number): void {
  let remaining = BigInt(value);
  for (let index = offset + length - 1; index > offset; index -= 1) {
    block[index] = Number(remaining & 0xffn);
    remaining >>= 8n;
  }
  block[offset] = 0x80;
}

function readBase256(block: Buffer, offset: number, length: number): number {
  let value = BigInt(block[offset]! & 0x7f);
  for (let index = offset + 1; index < offset + length; index += 1) value = (value << 8n) | BigInt(block[index]!);
  return Number(value);
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  return text === '' ? 0 : Number.parseInt(text, 8);
}

function readString(block: Buffer, offset: number, length: number): string {
  const end = block.indexOf(0, offset);
  return block.toString('utf8', offset, end === -1 || end > offset + length ? offset + length : end);
}
