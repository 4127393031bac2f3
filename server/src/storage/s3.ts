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
import {
  incomingPrefix,
  isStorageKey,
  type ByteRange,
  type DownloadTicket,
  type SignedUpload,
  type StorageDriver,
  type StoredObject,
  type UploadTicket,
} from './types';

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
  /** Where start-up problems that do not stop the server are reported. */
  log?: StorageLog;
}

export interface StorageLog {
  warn(details: object, message: string): void;
}

const consoleLog: StorageLog = { warn: (details, message) => console.warn(message, details) };

/** The bucket's CORS rule: the app's pages PUT bytes (with the signed Content-Type) and GET signed downloads. */
export function bucketCorsRule(allowedOrigin: string) {
  return {
    AllowedOrigins: [allowedOrigin],
    AllowedMethods: ['PUT', 'GET', 'HEAD'],
    AllowedHeaders: ['*'],
    ExposeHeaders: ['ETag'],
    MaxAgeSeconds: 3600,
  };
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
    this.signingClient =
      publicEndpoint === settings.endpoint
        ? this.client
        : new S3Client({ ...base, ...(publicEndpoint ? { endpoint: publicEndpoint } : {}) });
  }

  async prepare(): Promise<void> {
    const Bucket = this.settings.bucket;
    const exists = await this.client.send(new HeadBucketCommand({ Bucket })).then(
      () => true,
      () => false,
    );
    if (!exists) await this.client.send(new CreateBucketCommand({ Bucket }));
    // Browsers upload straight to the bucket; some servers (MinIO, R2 with scoped tokens) manage CORS
    // elsewhere and refuse this call: the server still starts, and says what to set by hand.
    await this.client
      .send(new PutBucketCorsCommand({ Bucket, CORSConfiguration: { CORSRules: [bucketCorsRule(this.settings.allowedOrigin)] } }))
      .catch((error: unknown) => {
        (this.settings.log ?? consoleLog).warn(
          { err: error, bucket: Bucket, origin: this.settings.allowedOrigin },
          `could not set the CORS rule of bucket ${Bucket}; allow PUT (with a Content-Type header) and GET from ${this.settings.allowedOrigin} on it by hand, or browser uploads fail`,
        );
      });
  }

  /** The origin browsers reach the bucket at, exactly as signed URLs name it (path or virtual-hosted style). */
  async browserOrigin(): Promise<string> {
    const probe = new GetObjectCommand({ Bucket: this.settings.bucket, Key: 'origin-probe' });
    return new URL(await getSignedUrl(this.signingClient, probe, { expiresIn: 60 })).origin;
  }

  localPath(): null {
    return null;
  }

  async signUpload(ticket: UploadTicket): Promise<SignedUpload> {
    const command = new PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: incomingPrefix + ticket.key,
      ContentLength: ticket.size,
      ContentType: ticket.contentType,
    });
    const url = await getSignedUrl(this.signingClient, command, {
      expiresIn: seconds(ticket.expiresAt),
      signableHeaders: new Set(['content-length', 'content-type']),
    });
    return { url, method: 'PUT', headers: { 'Content-Type': ticket.contentType }, expiresAt: ticket.expiresAt };
  }

  async signDownload(ticket: DownloadTicket): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: ticket.key,
      ResponseContentType: ticket.contentType,
      ResponseContentDisposition: ticket.disposition,
    });
    return getSignedUrl(this.signingClient, command, { expiresIn: seconds(ticket.expiresAt) });
  }

  async finishUpload(key: string): Promise<StoredObject | null> {
    const Bucket = this.settings.bucket;
    const copied = await this.client
      .send(new CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${incomingPrefix}${key}` }))
      .then(
        () => true,
        () => false,
      );
    if (copied) await this.delete(incomingPrefix + key);
    return this.stat(key);
  }

  async uploadStarted(key: string): Promise<boolean> {
    const [incoming, placed] = await Promise.all([this.stat(incomingPrefix + key), this.stat(key)]);
    return incoming !== null || placed !== null;
  }

  async discardUpload(key: string): Promise<void> {
    await Promise.all([this.delete(incomingPrefix + key), this.delete(key)]);
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
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    );
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
        if (isStorageKey(key.startsWith(incomingPrefix) ? key.slice(incomingPrefix.length) : key))
          yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date() };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  close(): void {
    this.client.destroy();
    if (this.signingClient !== this.client) this.signingClient.destroy();
  }
}
