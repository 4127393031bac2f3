import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { incomingPrefix, isStorageKey, type ByteRange, type DownloadTicket, type SignedUpload, type StorageDriver, type StoredObject, type UploadTicket } from './types';

export interface S3Settings {
  endpoint: string | null;
  /** The endpoint browsers reach (signed URLs name it); the server's own endpoint when null. */
  publicEndpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** The app's origin, allowed to PUT and GET from the browser. */
  allowedOrigin: string;
}

const seconds = (expiresAt: Date) => Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));

/**
 * An S3-compatible bucket (MinIO in docker-compose, s3rver in the tests). Browsers PUT to
 * `incoming/<key>` with a presigned URL whose signature covers Content-Length and Content-Type; the
 * server then copies the object to `<key>`, which no signed URL can write, before checking it: bytes
 * cannot be swapped after they were checked.
 */
export class S3Storage implements StorageDriver {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly signingClient: S3Client;

  constructor(private readonly settings: S3Settings) {
    const base: S3ClientConfig = {
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Presigned PUTs must not carry a checksum of an empty body; the size is enforced by Content-Length.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.client = new S3Client({ ...base, ...(settings.endpoint ? { endpoint: settings.endpoint } : {}) });
    const publicEndpoint = settings.publicEndpoint ?? settings.endpoint;
    this.signingClient = publicEndpoint === settings.endpoint ? this.client : new S3Client({ ...base, ...(publicEndpoint ? { endpoint: publicEndpoint } : {}) });
  }

  async prepare(): Promise<void> {
    const Bucket = this.settings.bucket;
    const exists = await this.client.send(new HeadBucketCommand({ Bucket })).then(() => true, () => false);
    if (!exists) await this.client.send(new CreateBucketCommand({ Bucket }));
    // Browsers upload straight to the bucket; some servers (MinIO) manage CORS globally and refuse this call.
    await this.client
      .send(new PutBucketCorsCommand({ Bucket, CORSConfiguration: { CORSRules: [{ AllowedOrigins: [this.settings.allowedOrigin], AllowedMethods: ['PUT', 'GET'], AllowedHeaders: ['*'], MaxAgeSeconds: 3600 }] } }))
      .catch(() => undefined);
  }

  localPath(): null {
    return null;
  }

  async signUpload(ticket: UploadTicket): Promise<SignedUpload> {
    const command = new PutObjectCommand({ Bucket: this.settings.bucket, Key: incomingPrefix + ticket.key, ContentLength: ticket.size, ContentType: ticket.contentType });
    const url = await getSignedUrl(this.signingClient, command, { expiresIn: seconds(ticket.expiresAt), signableHeaders: new Set(['content-length', 'content-type']) });
    return { url, method: 'PUT', headers: { 'Content-Type': ticket.contentType }, expiresAt: ticket.expiresAt };
  }

  async signDownload(ticket: DownloadTicket): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.settings.bucket, Key: ticket.key, ResponseContentType: ticket.contentType, ResponseContentDisposition: ticket.disposition });
    return getSignedUrl(this.signingClient, command, { expiresIn: seconds(ticket.expiresAt) });
  }

  async finishUpload(key: string): Promise<StoredObject | null> {
    const Bucket = this.settings.bucket;
    const copied = await this.client.send(new CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${incomingPrefix}${key}` })).then(() => true, () => false);
    if (copied) await this.delete(incomingPrefix + key);
    return this.stat(key);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date() };
    } catch {
      return null;
    }
  }

  async readHead(key: string, length: number): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: `bytes=0-${length - 1}` }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
    return object.Body as Readable;
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async *list(): AsyncIterable<StoredObject> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        const key = object.Key ?? '';
        if (isStorageKey(key.startsWith(incomingPrefix) ? key.slice(incomingPrefix.length) : key)) yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date() };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  close(): void {
    this.client.destroy();
    if (this.signingClient !== this.client) this.signingClient.destroy();
  }
}
