// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { megabyte } from '#shared/files';
import { createAppStore, type AppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { FakeXhr } from './fakeXhr';
import type { StorageStats } from './operations';
import { storageStatsAtom } from './stats';
import { signedUpload, storedFile, testProject } from './testFixtures';
import { cancelUpload, enqueueUploads, retryUpload, uploadConcurrency, uploadsAtom } from './uploadQueue';

const stats: StorageStats = {
  team: 'team',
  plan: 'free',
  storage: 10 * megabyte,
  storageLimit: 100 * megabyte,
  uploadLimit: 100 * megabyte,
  files: 3,
};
let store: AppStore;
let codes = 0;

function server() {
  return mockGraphQL({
    getStats: () => ({ data: { getStats: stats } }),
    signedUploadURL: (variables) => ({
      data: { signedUploadURL: signedUpload(`c${++codes}-${String(variables.filename)}`, Number(variables.size)) },
    }),
    setFile: (variables) => ({
      data: { setFile: storedFile({ id: String(variables.code), name: String(variables.name), size: Number(variables.size) }) },
    }),
  });
}

const files = (count: number) =>
  Array.from({ length: count }, (_, index) => new File([`bytes ${index}`], `file-${index + 1}.pdf`, { type: 'application/pdf' }));
const statuses = () => store.get(uploadsAtom).map((item) => item.status);

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  store = createAppStore();
  codes = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('upload queue', () => {
  it(`sends at most ${uploadConcurrency} files at once and starts the next as one finishes`, async () => {
    const graphql = server();
    const uploaded: string[] = [];
    enqueueUploads(files(5), { project: testProject }, store, { onUploaded: (file) => uploaded.push(file.name) });
    await vi.waitFor(() => expect(FakeXhr.sentOnes()).toHaveLength(3));
    expect(statuses()).toEqual(['uploading', 'uploading', 'uploading', 'queued', 'queued']);
    // The stats are read once for the whole batch.
    expect(graphql.callsOf('getStats')).toHaveLength(1);

    FakeXhr.instances[0]!.progress(3, 7);
    expect(store.get(uploadsAtom)[0]?.loaded).toBe(3);
    FakeXhr.instances[0]!.respond(201);
    await vi.waitFor(() => expect(statuses()[0]).toBe('done'));
    await vi.waitFor(() => expect(FakeXhr.sentOnes()).toHaveLength(3));
    expect(statuses()).toEqual(['done', 'uploading', 'uploading', 'uploading', 'queued']);
    expect(uploaded).toEqual(['file-1.pdf']);
    // The recorded bytes count against the quota at once.
    expect(store.get(storageStatsAtom)?.storage).toBe(stats.storage + files(1)[0]!.size);
  });

  it('cancels a queued upload before it starts and a running one by aborting it; retry puts it back', async () => {
    server();
    const ids = enqueueUploads(files(4), { project: testProject }, store);
    await vi.waitFor(() => expect(FakeXhr.sentOnes()).toHaveLength(3));
    cancelUpload(ids[3]!, store);
    expect(statuses()[3]).toBe('cancelled');
    cancelUpload(ids[0]!, store);
    await vi.waitFor(() => expect(statuses()[0]).toBe('cancelled'));
    expect(FakeXhr.instances[0]?.aborted).toBe(true);
    // The freed slot goes to nobody: the only queued upload was cancelled.
    expect(FakeXhr.sentOnes()).toHaveLength(2);

    retryUpload(ids[3]!, store);
    await vi.waitFor(() => expect(FakeXhr.sentOnes()).toHaveLength(3));
    expect(statuses()).toEqual(['cancelled', 'uploading', 'uploading', 'uploading']);
  });

  it('fails a refused upload with its key and lets it be retried', async () => {
    server();
    const [id] = enqueueUploads(files(1), { project: testProject }, store);
    await vi.waitFor(() => expect(FakeXhr.sentOnes()).toHaveLength(1));
    FakeXhr.instances[0]!.respond(400, JSON.stringify({ error: 'upload_failed', message: 'The upload was cut off.' }));
    await vi.waitFor(() => expect(statuses()).toEqual(['failed']));
    expect(store.get(uploadsAtom)[0]?.error?.key).toBe('upload_failed');
    retryUpload(id!, store);
    await vi.waitFor(() => expect(FakeXhr.sentOnes()).toHaveLength(1));
    FakeXhr.instances[1]!.respond(201);
    await vi.waitFor(() => expect(statuses()).toEqual(['done']));
  });

  it('refuses at once what the shared rules refuse, before asking for a URL', async () => {
    const graphql = server();
    store.set(storageStatsAtom, { ...stats, storage: 99 * megabyte });
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 2 * megabyte });
    enqueueUploads([new File(['MZ'], 'tool.exe'), new File([], 'empty.txt'), big], { project: testProject }, store);
    await vi.waitFor(() => expect(statuses()).toEqual(['failed', 'failed', 'failed']));
    expect(store.get(uploadsAtom).map((item) => item.error?.key)).toEqual(['file_invalid_type', 'upload_failed', 'storage_limit_exceeded']);
    expect(graphql.callsOf('signedUploadURL')).toHaveLength(0);
  });
});
