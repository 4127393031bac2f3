import type { Config } from '../config';
import { LocalStorage } from './local';
import { S3Storage, type StorageLog } from './s3';
import { UrlSigner } from './signing';
import type { StorageDriver } from './types';

export type { StorageDriver } from './types';
export { LocalStorage } from './local';

export interface Storage {
  driver: StorageDriver;
  /** Signs the server's own download URLs (and local uploads). */
  signer: UrlSigner;
  /** Resolves once the backend is ready (folders made, bucket created). */
  ready: Promise<void>;
}

const byConfig = new WeakMap<Config, Storage>();

/**
 * The storage of a running server, made on first use from its configuration. Kept per config object
 * rather than in the services record, so areas reach it without every other area knowing of it.
 */
export function storageOf(config: Config, log?: StorageLog): Storage {
  let storage = byConfig.get(config);
  if (!storage) {
    const signer = new UrlSigner(config.secret);
    const settings = config.storage;
    const driver: StorageDriver =
      settings.driver === 'local'
        ? new LocalStorage(config.dataDirectory, signer)
        : new S3Storage({ ...settings, allowedOrigin: new URL(config.publicUrl).origin, ...(log ? { log } : {}) });
    const ready = driver.prepare();
    // Failures surface where `ready` is awaited; this only keeps an early failure from crashing the process.
    ready.catch(() => undefined);
    storage = { driver, signer, ready };
    byConfig.set(config, storage);
  }
  return storage;
}

/**
 * Origins the app's pages talk to for file bytes besides their own: the bucket's, whose signed URLs
 * take uploads and serve signed downloads (the Content-Security-Policy must allow them). None for local.
 */
export async function browserOrigins(config: Config, log?: StorageLog): Promise<string[]> {
  const { driver } = storageOf(config, log);
  return driver instanceof S3Storage ? [await driver.browserOrigin()] : [];
}

/** Stops the backend's clients when the server closes. */
export function closeStorage(config: Config): void {
  byConfig.get(config)?.driver.close();
  byConfig.delete(config);
}
