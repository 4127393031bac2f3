// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../lib/store';
import { connectionStatusAtom } from '../../lib/subscriptions';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { currentUserAtom } from '../auth/session';
import { FakeXhr } from '../files/fakeXhr';
import { signedUpload, storedFile } from '../files/testFixtures';
import { attachFiles, attachmentsAtom, cancelAttachment, resumeAttachments, retryAttachment, uploadTargetOf } from './attachments';
import { conversationsAtom, emptyConversation } from './atoms';
import { outboxAtom } from './outbox';
import { message } from './testFixtures';

const me = { id: 'me', email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', language: 'en', profileImg: null };
const pdf = (name = 'plan.pdf') => new File(['hello world'], name, { type: 'application/pdf' });

function setup(): AppStore {
  const store = createAppStore();
  store.set(currentUserAtom, me);
  store.set(conversationsAtom, new Map([['project:p1', { ...emptyConversation, status: 'ready' as const }]]));
  return store;
}

function server() {
  return mockGraphQL({
    getStats: () => ({ data: { getStats: { team: 't', plan: 'business', storage: 0, storageLimit: null, uploadLimit: 1, files: 0 } } }),
    signedUploadURL: (variables) => ({ data: { signedUploadURL: signedUpload('f1', Number(variables.size)) } }),
    setFile: (variables) => ({
      data: { setFile: storedFile({ id: 'f1', name: String(variables.name), size: Number(variables.size), project: 'p1' }) },
    }),
    setMessage: (variables) => ({
      data: {
        setMessage: message('m1', {
          body: '',
          type: 'file',
          clientId: String(variables.clientId),
          author: { id: 'me', firstname: 'Ada', lastname: 'Lovelace', profileImg: null },
        }),
      },
    }),
  });
}

async function nextXhr(index = 0): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.instances[index]?.sent).toBe(true));
  return FakeXhr.instances[index]!;
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  localStorage.clear();
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('chat attachments', () => {
  it("uploads to the conversation's owner with progress, then sends a file message through the outbox", async () => {
    const graphql = server();
    const store = setup();
    const [id] = attachFiles(store, { project: 'p1' }, [pdf()]);
    const xhr = await nextXhr();
    expect(graphql.callsOf('signedUploadURL')[0]?.variables).toMatchObject({ filename: 'plan.pdf', project: 'p1' });
    xhr.progress(5, 11);
    expect(store.get(attachmentsAtom)).toEqual([
      expect.objectContaining({ id, state: 'uploading', loaded: 5, conversation: 'project:p1' }),
    ]);
    xhr.respond(201);
    await vi.waitFor(() => expect(graphql.callsOf('setMessage')).toHaveLength(1));
    expect(graphql.callsOf('setMessage')[0]?.variables).toEqual({
      project: 'p1',
      body: '',
      clientId: expect.any(String),
      type: 'file',
      file: 'f1',
    });
    expect(store.get(attachmentsAtom)).toEqual([]);
    await vi.waitFor(() => expect(store.get(outboxAtom)).toEqual([]));
  });

  it('cancels a running upload: the request is aborted and nothing is sent', async () => {
    const graphql = server();
    const store = setup();
    const [id] = attachFiles(store, { task: 't1' }, [pdf()]);
    const xhr = await nextXhr();
    cancelAttachment(store, id!);
    expect(xhr.aborted).toBe(true);
    await vi.waitFor(() => expect(store.get(attachmentsAtom)).toEqual([]));
    expect(graphql.callsOf('setFile')).toHaveLength(0);
    expect(graphql.callsOf('setMessage')).toHaveLength(0);
  });

  it('waits while offline and starts by itself once the connection is back', async () => {
    const graphql = server();
    const store = setup();
    store.set(connectionStatusAtom, 'reconnecting');
    attachFiles(store, { privat: 'c1' }, [pdf()]);
    expect(store.get(attachmentsAtom)[0]?.state).toBe('waiting');
    expect(graphql.calls).toHaveLength(0);
    store.set(connectionStatusAtom, 'connected');
    resumeAttachments(store);
    const xhr = await nextXhr();
    expect(graphql.callsOf('signedUploadURL')[0]?.variables).toMatchObject({ privat: 'c1' });
    xhr.respond(201);
    await vi.waitFor(() => expect(graphql.callsOf('setMessage')[0]?.variables).toMatchObject({ privat: 'c1', file: 'f1', type: 'file' }));
  });

  it('refuses a blocked or empty file at once, and keeps a refused upload for retry', async () => {
    server();
    const store = setup();
    attachFiles(store, { project: 'p1' }, [new File(['MZ'], 'setup.exe'), new File([], 'empty.txt')]);
    expect(store.get(attachmentsAtom).map((item) => [item.state, item.error?.key])).toEqual([
      ['failed', 'file_invalid_type'],
      ['failed', 'upload_failed'],
    ]);

    const [id] = attachFiles(store, { project: 'p1' }, [pdf('big.pdf')]);
    (await nextXhr()).respond(413, JSON.stringify({ error: 'file_too_large' }));
    await vi.waitFor(() => expect(store.get(attachmentsAtom).find((item) => item.id === id)?.error?.key).toBe('file_too_large'));
    retryAttachment(store, id!);
    (await nextXhr(1)).respond(201);
    await vi.waitFor(() => expect(store.get(attachmentsAtom).some((item) => item.id === id)).toBe(false));
  });

  it('has nowhere to put the files of a meeting room', () => {
    expect(uploadTargetOf({ meetingroom: 'r1' })).toBeNull();
    expect(attachFiles(setup(), { meetingroom: 'r1' }, [pdf()])).toEqual([]);
  });
});
