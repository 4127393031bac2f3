import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { recordingPrefix } from '../domains/meetings';
import { incomingPrefix, isStorageKey } from '../storage/types';

/**
 * Call recordings LiveKit egress saved into the bucket (`meeting-recordings/<call>-<time>.mp4`): a space's files point at
 * them like at uploads, so a backup without them would restore files whose bytes are gone. One level under the prefix,
 * names of letters, digits, dots, dashes and underscores that do not start with a dot: nothing can climb out of the folder.
 */
const callRecordingKeyPattern = new RegExp(`^${recordingPrefix}/[A-Za-z0-9_-][A-Za-z0-9._-]*$`);

/** Keys a backup holds and a restore writes: uploads (and their thumbnails) and call recordings. */
export function isBackedUpKey(key: string): boolean {
  return isStorageKey(key) || callRecordingKeyPattern.test(key);
}

/** One stored file as a backup sees it: its key (`<teamId>/<uploadId>[.thumb.webp]` or a call recording's), size and type. */
export interface BackupObject {
  key: string;
  size: number;
  contentType: string | null;
}

/**
 * The file bytes of an instance, wherever its configuration keeps them (the data folder or the bucket),
 * for backing up and restoring. Only finished files: uploads still arriving are left out.
 */
export interface BackupStorage {
  readonly description: string;
  list(): AsyncIterable<BackupObject>;
  read(key: string): Promise<{ body: Readable; size: number; contentType: string | null }>;
  write(object: BackupObject, body: Readable): Promise<void>;
  /** Makes the folder or bucket when missing. */
  prepare(): Promise<void>;
  isEmpty(): Promise<boolean>;
  close(): void;
}

export function backupStorageOf(config: Config): BackupStorage {
  return config.storage.driver === 's3' ? new BucketBackupStorage(config) : new FolderBackupStorage(join(config.dataDirectory, 'files'));
}

class FolderBackupStorage implements BackupStorage {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `the folder ${root}`;
  }

  async *list(): AsyncIterable<BackupObject> {
    for await (const path of walk(this.root)) {
      const key = relative(this.root, path).split(sep).join('/');
      if (!isBackedUpKey(key)) continue;
      const info = await stat(path);
      yield { key, size: info.size, contentType: null };
    }
  }

  async read(key: string) {
    const path = this.pathOf(key);
    const info = await stat(path);
    return { body: createReadStream(path), size: info.size, contentType: null };
  }

  async write(object: BackupObject, body: Readable): Promise<void> {
    const target = this.pathOf(object.key);
    await mkdir(dirname(target), { recursive: true });
    // Written beside the target and renamed, so a cut-off restore never leaves a half file under a real key.
    const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
    } finally {
      await rm(partial, { force: true });
    }
  }

  async prepare(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async isEmpty(): Promise<boolean> {
    for await (const _object of this.list()) return false;
    return true;
  }

  close(): void {}

  private pathOf(key: string): string {
    if (!isBackedUpKey(key)) throw new Error(`not a storage key: ${key}`);
    return join(this.root, ...key.split('/'));
  }
}

class BucketBackupStorage implements BackupStorage {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: Config) {
    if (config.storage.driver !== 's3') throw new Error('not an S3 configuration');
    const settings = config.storage;
    this.bucket = settings.bucket;
    this.description = `the bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    });
  }

  async *list(): AsyncIterable<BackupObject> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        const key = object.Key ?? '';
        if (!key.startsWith(incomingPrefix) && isBackedUpKey(key)) yield { key, size: object.Size ?? 0, contentType: null };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async read(key: string) {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return { body: object.Body as Readable, size: object.ContentLength ?? 0, contentType: object.ContentType ?? null };
  }

  async write(object: BackupObject, body: Readable): Promise<void> {
    if (!isBackedUpKey(object.key)) throw new Error(`not a storage key: ${object.key}`);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: object.key,
        Body: body,
        ContentLength: object.size,
        ContentType: object.contentType ?? 'application/octet-stream',
      }),
    );
  }

  async prepare(): Promise<void> {
    const exists = await this.client.send(new HeadBucketCommand({ Bucket: this.bucket })).then(
      () => true,
      () => false,
    );
    if (!exists) await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
  }

  /** Empty of what a restore would write (uploads and call recordings); reads the first page of the listing at most. */
  async isEmpty(): Promise<boolean> {
    for await (const _object of this.list()) return false;
    return true;
  }

  close(): void {
    this.client.destroy();
  }
}

async function* walk(directory: string): AsyncIterable<string> {
  const entries = await opendir(directory).catch(() => null);
  if (!entries) return;
  for await (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}
