// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { megabyte } from '#shared/files';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { FakeXhr } from './fakeXhr';
import { signedUpload, storedFile, testProject } from './testFixtures';
import { isUploadCancelled, precheckUpload, UploadError, uploadErrorMessage, uploadFile } from './upload';

let t: Awaited<ReturnType<typeof setupAppI18n>>['t'];

beforeAll(async () => {
  t = (await setupAppI18n()).t;
});
beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const pdf = (name = 'plan.pdf', bytes = 'hello world') => new File([bytes], name, { type: 'application/pdf' });

function serverAccepting(overrides: Parameters<typeof mockGraphQL>[0] = {}) {
  return mockGraphQL({
    signedUploadURL: (variables) => ({ data: { signedUploadURL: signedUpload('c1', Number(variables.size)) } }),
    setFile: (variables) => ({
      data: { setFile: storedFile({ id: String(variables.code), name: String(variables.name), size: Number(variables.size) }) },
    }),
    ...overrides,
  });
}

async function nextXhr(index = 0): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.instances[index]?.sent).toBe(true));
  return FakeXhr.instances[index]!;
}

describe('uploadFile', () => {
  it('signs, PUTs the bytes with progress and records the file with setFile', async () => {
    const graphql = serverAccepting();
    const progress: number[] = [];
    const file = pdf();
    const uploading = uploadFile(file, { project: testProject, folder: 'f1' }, { onProgress: ({ loaded }) => progress.push(loaded) });
    const xhr = await nextXhr();
    expect(graphql.callsOf('signedUploadURL')[0]?.variables).toEqual({
      filename: 'plan.pdf',
      filetype: 'application/pdf',
      size: file.size,
      project: testProject,
    });
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/uploads/team/c1?signature=x');
    expect(xhr.headers).toEqual({ 'Content-Type': 'application/pdf' });
    expect(xhr.body).toBe(file);
    xhr.progress(4, file.size);
    xhr.progress(8, file.size);
    xhr.respond(201, '{"key":"team/c1"}');
    const recorded = await uploading;
    expect(progress).toEqual([4, 8, file.size]);
    expect(recorded.id).toBe('c1');
    expect(graphql.callsOf('setFile')[0]?.variables).toEqual({
      name: 'plan.pdf',
      code: 'c1',
      type: 'application/pdf',
      size: file.size,
      location: 'team/c1',
      project: testProject,
      folder: 'f1',
    });
  });

  it('sends a task or private-chat owner, never a folder, for other areas', async () => {
    const graphql = serverAccepting();
    const uploading = uploadFile(pdf(), { task: 't1' });
    (await nextXhr()).respond(201);
    await uploading;
    expect(graphql.callsOf('signedUploadURL')[0]?.variables).toMatchObject({ task: 't1' });
    expect(graphql.callsOf('setFile')[0]?.variables).not.toHaveProperty('folder');
    expect(graphql.callsOf('setFile')[0]?.variables).toMatchObject({ task: 't1' });
  });

  it('cancels through the AbortSignal: the request is aborted and nothing is recorded', async () => {
    const graphql = serverAccepting();
    const controller = new AbortController();
    const uploading = uploadFile(pdf(), { project: testProject }, { signal: controller.signal });
    const xhr = await nextXhr();
    xhr.progress(3, 11);
    controller.abort();
    const error = await uploading.catch((caught: unknown) => caught);
    expect(isUploadCancelled(error)).toBe(true);
    expect(xhr.aborted).toBe(true);
    expect(graphql.callsOf('setFile')).toHaveLength(0);
  });

  it('never starts when the signal is already aborted', async () => {
    const graphql = serverAccepting();
    const controller = new AbortController();
    controller.abort();
    await expect(uploadFile(pdf(), { project: testProject }, { signal: controller.signal })).rejects.toSatisfy(isUploadCancelled);
    expect(graphql.calls).toHaveLength(0);
  });

  it.each([
    ['STORAGE_LIMIT_EXCEEDED', 'Storage limit exceeded', 'storage_limit_exceeded'],
    ['FILE_INVALID_TYPE', 'Invalid file type', 'file_invalid_type'],
    ['TOO_MANY_FILES', 'Too many files', 'too_many_files'],
  ])('maps a signing refusal %s to its SPEC §8 key', async (code, message, key) => {
    serverAccepting({ signedUploadURL: () => failure(code, message, { key }) });
    const error = await uploadFile(pdf(), { project: testProject }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).key).toBe(key);
    expect(uploadErrorMessage(error, t, 'en')).toBe(message);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('maps a refused PUT by the key the upload route answers with', async () => {
    serverAccepting();
    const uploading = uploadFile(pdf(), { project: testProject });
    (await nextXhr()).respond(413, JSON.stringify({ error: 'file_too_large', message: 'File is too large' }));
    const error = await uploading.catch((caught: unknown) => caught);
    expect((error as UploadError).key).toBe('file_too_large');
    expect(uploadErrorMessage(error, t, 'en')).toBe('File is too large');
  });

  it('keeps the route’s more precise words, and calls a broken connection upload_failed', async () => {
    serverAccepting();
    const expired = uploadFile(pdf(), { project: testProject });
    (await nextXhr()).respond(403, JSON.stringify({ error: 'upload_failed', message: 'This upload link has expired.' }));
    expect(uploadErrorMessage(await expired.catch((caught: unknown) => caught), t, 'en')).toBe('This upload link has expired.');
    const dropped = uploadFile(pdf(), { project: testProject });
    (await nextXhr(1)).fail();
    const error = await dropped.catch((caught: unknown) => caught);
    expect((error as UploadError).key).toBe('upload_failed');
    expect(uploadErrorMessage(error, t, 'en')).toBe('Upload Failed');
  });

  it('maps a setFile refusal, and shows the account upload-limit message for file_size_limit', async () => {
    serverAccepting({ setFile: () => failure('FILE_SIZE_LIMIT', 'File size limit exceeded', { key: 'file_size_limit' }) });
    const uploading = uploadFile(pdf(), { project: testProject }, { limits: { plan: 'free', usedBytes: 0 } });
    (await nextXhr()).respond(201);
    const error = await uploading.catch((caught: unknown) => caught);
    expect((error as UploadError).key).toBe('file_size_limit');
    expect(uploadErrorMessage(error, t, 'en')).toBe(
      'File size limit exceeded. Your account allows files only up to 100 MB. Upgrade to upload larger files.',
    );
  });

  it('shows the server’s own words for refusals outside the upload keys', async () => {
    serverAccepting({
      signedUploadURL: () =>
        failure('PERMISSION_DENIED', "You don't have permission to manage this project. Ask the creator for permissions."),
    });
    const error = await uploadFile(pdf(), { project: testProject }).catch((caught: unknown) => caught);
    expect((error as UploadError).key).toBe('upload_failed');
    expect(uploadErrorMessage(error, t, 'en')).toBe("You don't have permission to manage this project. Ask the creator for permissions.");
  });
});

describe('pre-checks (shared SPEC §5/§9 rules, before any request)', () => {
  it('refuses an executable by its extension', async () => {
    const graphql = serverAccepting();
    const error = await uploadFile(new File(['MZ'], 'setup.exe'), { project: testProject }).catch((caught: unknown) => caught);
    expect((error as UploadError).key).toBe('file_invalid_type');
    expect(graphql.calls).toHaveLength(0);
  });

  it('refuses an empty file', () => {
    const error = precheckUpload({ name: 'empty.txt', size: 0 });
    expect(error?.key).toBe('upload_failed');
    expect(uploadErrorMessage(error, t, 'en')).toBe('This file is empty.');
  });

  it('refuses a file over the plan’s size limit with the account upload-limit message', () => {
    const error = precheckUpload({ name: 'film.mp4', size: 150 * megabyte }, { plan: 'free', usedBytes: 0 });
    expect(error?.key).toBe('file_size_limit');
    expect(uploadErrorMessage(error, t, 'fr')).toContain('100 MB');
    expect(precheckUpload({ name: 'film.mp4', size: 150 * megabyte }, { plan: 'basic', usedBytes: 0 })).toBeNull();
  });

  it('refuses a file that would take the team past its quota, counting bytes in flight', () => {
    expect(precheckUpload({ name: 'a.pdf', size: 30 * megabyte }, { plan: 'free', usedBytes: 80 * megabyte })?.key).toBe(
      'storage_limit_exceeded',
    );
    expect(precheckUpload({ name: 'a.pdf', size: 20 * megabyte }, { plan: 'free', usedBytes: 80 * megabyte })).toBeNull();
    expect(precheckUpload({ name: 'a.pdf', size: 20 * megabyte }, { plan: 'unlimited', usedBytes: 5e15 })).toBeNull();
  });
});
