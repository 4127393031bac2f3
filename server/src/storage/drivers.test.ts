import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { PutBucketCorsCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalStorage, UploadRefused } from './local';
import { S3Storage, type S3Settings } from './s3';
import { UrlSigner } from './signing';

const key = `${'a'.repeat(24)}/${'b'.repeat(24)}`;

describe('local storage: cancelled uploads', () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  async function storage(): Promise<LocalStorage> {
    const directory = mkdtempSync(join(tmpdir(), 'workspace-storage-'));
    directories.push(directory);
    const local = new LocalStorage(directory, new UrlSigner('x'.repeat(32)));
    await local.prepare();
    return local;
  }

  it('cuts off an upload still arriving, leaving neither the bytes nor a temporary file', async () => {
    const local = await storage();
    const body = new PassThrough();
    const receiving = local.receive(key, 10, body);
    body.write(Buffer.from('12345'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await local.uploadStarted(key)).toBe(true);
    const outcome = expect(receiving).rejects.toEqual(new UploadRefused('cancelled'));
    await local.discardUpload(key);
    await outcome;
    expect(await local.uploadStarted(key)).toBe(false);
    expect(await local.stat(key)).toBeNull();
    expect(readdirSync(join(local.root, '.incoming'))).toEqual([]);
  });

  it('removes bytes that arrived, and tells an upload never started from one that did', async () => {
    const local = await storage();
    expect(await local.uploadStarted(key)).toBe(false);
    const body = new PassThrough();
    const receiving = local.receive(key, 3, body);
    body.end(Buffer.from('abc'));
    await receiving;
    expect(await local.uploadStarted(key)).toBe(true);
    await local.discardUpload(key);
    expect(await local.uploadStarted(key)).toBe(false);
  });

  it('refuses a second transfer of the same upload while the first runs', async () => {
    const local = await storage();
    const first = new PassThrough();
    const receiving = local.receive(key, 3, first);
    await expect(local.receive(key, 3, new PassThrough())).rejects.toEqual(new UploadRefused('busy'));
    first.end(Buffer.from('abc'));
    await receiving;
  });
});

describe('S3 storage: the bucket CORS rule', () => {
  const settings: S3Settings = {
    endpoint: 'http://127.0.0.1:9',
    publicEndpoint: 'https://files.example.com',
    region: 'us-east-1',
    bucket: 'workspace',
    accessKeyId: 'key',
    secretAccessKey: 'secret',
    forcePathStyle: true,
    allowedOrigin: 'https://app.example.com',
  };

  function withClient(storage: S3Storage, send: (command: unknown) => Promise<unknown>): void {
    (storage as unknown as { client: { send: typeof send } }).client.send = send;
  }

  it('allows PUT with any header (Content-Type included) and GET from the app origin', async () => {
    const storage = new S3Storage(settings);
    const sent: unknown[] = [];
    withClient(storage, async (command) => void sent.push(command));
    await storage.prepare();
    const cors = sent.find((command) => command instanceof PutBucketCorsCommand) as PutBucketCorsCommand;
    expect(cors.input.CORSConfiguration?.CORSRules).toEqual([
      expect.objectContaining({
        AllowedOrigins: ['https://app.example.com'],
        AllowedMethods: expect.arrayContaining(['PUT', 'GET']),
        AllowedHeaders: ['*'],
      }),
    ]);
    storage.close();
  });

  it('starts anyway, with a warning, when the provider refuses to set CORS', async () => {
    const warn = vi.fn();
    const storage = new S3Storage({ ...settings, log: { warn } });
    withClient(storage, async (command) => {
      if (command instanceof PutBucketCorsCommand) throw Object.assign(new Error('NotImplemented'), { name: 'NotImplemented' });
    });
    await expect(storage.prepare()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toContain('https://app.example.com');
    storage.close();
  });

  it('names the origin browsers reach the bucket at, as signed URLs do', async () => {
    const pathStyle = new S3Storage(settings);
    expect(await pathStyle.browserOrigin()).toBe('https://files.example.com');
    const virtualHosted = new S3Storage({ ...settings, forcePathStyle: false });
    expect(await virtualHosted.browserOrigin()).toBe('https://workspace.files.example.com');
    pathStyle.close();
    virtualHosted.close();
  });
});
