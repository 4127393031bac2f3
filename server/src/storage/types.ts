import type { Readable } from 'node:stream';

/** Where the browser sends a file's bytes: one object, one method, a fixed size and type, an expiry. */
export interface SignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the upload must carry exactly as given (the S3 signature covers them). */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface UploadTicket {
  key: string;
  size: number;
  contentType: string;
  expiresAt: Date;
}

export interface DownloadTicket {
  key: string;
  contentType: string;
  /** A complete Content-Disposition value. */
  disposition: string;
  expiresAt: Date;
}

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** An inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file bytes live. Keys are chosen by the server (`<teamId>/<uploadId>`, thumbnails beside
 * them), never taken from a file name, so no user input ever becomes a path.
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** Prepares the backend (folders, bucket); called once before the server serves requests. */
  prepare(): Promise<void>;
  signUpload(ticket: UploadTicket): Promise<SignedUpload>;
  /** A URL that serves the bytes without the app's session; null when the server itself serves them (local). */
  signDownload(ticket: DownloadTicket): Promise<string | null>;
  /**
   * Moves uploaded bytes to where nothing can replace them any more (S3: out of the incoming prefix the
   * signed PUT may still write to) and describes them; null when no bytes arrived.
   */
  finishUpload(key: string): Promise<StoredObject | null>;
  /**
   * Whether bytes of a signed upload arrived or are arriving. S3 sees a presigned PUT only once it is
   * complete, so there an upload still on its way reads as not started.
   */
  uploadStarted(key: string): Promise<boolean>;
  /** Removes whatever an upload left: bytes received, moved into place, or still arriving (local: cut off). */
  discardUpload(key: string): Promise<void>;
  stat(key: string): Promise<StoredObject | null>;
  /** Up to `length` bytes from the start of the object, for sniffing its real type. */
  readHead(key: string, length: number): Promise<Buffer>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every object, for the sweep of bytes nobody recorded. */
  list(): AsyncIterable<StoredObject>;
  /** A path on this machine when the driver keeps files on disk (fast random access for analysis). */
  localPath(key: string): string | null;
  close(): void;
}

/** Keys the server makes: a team id, then an upload id, optionally a derived suffix. */
export const storageKeyPattern = /^[0-9a-f]{24}\/[0-9a-f]{24}(?:\.thumb\.webp)?$/;

/** Keys the sweep also meets: uploads not moved into place yet (S3 driver). */
export const incomingPrefix = 'incoming/';

export function isStorageKey(value: unknown): value is string {
  return typeof value === 'string' && storageKeyPattern.test(value);
}

export const thumbnailKeyOf = (key: string) => `${key}.thumb.webp`;
