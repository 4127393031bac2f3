// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore, StoreProvider, type AppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { FakeXhr } from './fakeXhr';
import { signedUpload, storedFile, testProject } from './testFixtures';
import { enqueueUploads } from './uploadQueue';
import { UploadTray } from './UploadTray';

let store: AppStore;

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  store = createAppStore();
  mockGraphQL({
    getStats: () => ({ data: { getStats: { team: 't', plan: 'business', storage: 0, storageLimit: null, uploadLimit: 1, files: 0 } } }),
    signedUploadURL: (variables) => ({ data: { signedUploadURL: signedUpload(String(variables.filename), Number(variables.size)) } }),
    setFile: (variables) => ({ data: { setFile: storedFile({ id: String(variables.code), name: String(variables.name) }) } }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (name: string) => screen.getAllByTestId('upload-item').find((element) => element.textContent?.includes(name))!;

describe('upload tray', () => {
  it('lists each upload with its progress, and cancels, retries and clears', async () => {
    render(
      <StoreProvider store={store}>
        <UploadTray />
      </StoreProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
    act(() => {
      enqueueUploads(
        [new File(['0123456789'], 'a.pdf', { type: 'application/pdf' }), new File(['x'], 'b.pdf', { type: 'application/pdf' })],
        { project: testProject },
        store,
      );
    });
    expect(screen.getByRole('heading', { name: 'Uploading 2 files' })).toBeTruthy();
    await waitFor(() => expect(FakeXhr.sentOnes()).toHaveLength(2));
    act(() => FakeXhr.instances[0]!.progress(4, 10));
    expect(within(item('a.pdf')).getByRole('progressbar', { name: 'Upload progress of a.pdf' }).getAttribute('aria-valuenow')).toBe('40');
    expect(within(item('a.pdf')).getByText(/40%/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel the upload of b.pdf' }));
    await waitFor(() => expect(within(item('b.pdf')).getByText(/Cancelled/)).toBeTruthy());
    act(() => FakeXhr.instances[0]!.respond(413, JSON.stringify({ error: 'file_too_large' })));
    await waitFor(() => expect(within(item('a.pdf')).getByRole('alert').textContent).toContain('File is too large'));

    await userEvent.click(screen.getByRole('button', { name: 'Retry the upload of b.pdf' }));
    await waitFor(() => expect(FakeXhr.sentOnes()).toHaveLength(1));
    act(() => FakeXhr.sentOnes()[0]!.respond(201));
    await waitFor(() => expect(screen.getByRole('heading', { name: '1 of 2 uploaded' })).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
  });
});
