// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { collabCloseCodes } from '#shared/docs';
import { setupAppI18n } from '../../test/i18n';
import { FakeLocalDatabase, fakeSession, syncMessage } from './collab/fakeProvider';
import { SaveStatus } from './SaveStatus';

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(cleanup);

const shown = () => screen.getByRole('status').textContent;

describe('doc page save status', () => {
  it('goes from connecting to saved, to saving while an edit is unacknowledged, and back to saved with the time', () => {
    const { session, provider } = fakeSession();
    render(<SaveStatus session={session} />);
    expect(shown()).toBe('Connecting…');
    const socket = provider.openSocket();
    act(() => provider.emit('status', [{ status: 'connected' }]));
    expect(shown()).toBe('Saved');
    act(() => {
      session.doc.getText('t').insert(0, 'Hello');
      socket.send(syncMessage('update', new Uint8Array([0, 0])));
    });
    expect(shown()).toBe('Saving…');
    act(() => provider.saved(1));
    expect(shown()).toBe('SavedLast saved just now');
  });

  it('says the edits are kept while offline', () => {
    const { session, provider } = fakeSession();
    render(<SaveStatus session={session} />);
    provider.openSocket();
    act(() => provider.emit('status', [{ status: 'connected' }]));
    act(() => provider.emit('status', [{ status: 'disconnected' }]));
    expect(shown()).toBe('Offline');
    act(() => session.doc.getText('t').insert(0, 'typed on the train'));
    expect(shown()).toBe('Offline — changes kept');
    expect(screen.getByRole('status').getAttribute('title')).toContain('sent when the connection is back');
  });

  it('shows the last saved time of the doc from the server before any edit', () => {
    const { session, provider } = fakeSession(Date.now, new Date(Date.now() - 5 * 60_000).toISOString());
    render(<SaveStatus session={session} />);
    act(() => provider.emit('status', [{ status: 'connected' }]));
    expect(shown()).toBe('SavedLast saved 5 minutes ago');
  });

  it('holds the tab back from closing with unsaved edits only when this device cannot keep them', async () => {
    const closing = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    const memory = fakeSession();
    const first = render(<SaveStatus session={memory.session} />);
    act(() => memory.session.doc.getText('t').insert(0, 'only in this tab'));
    expect(closing()).toBe(true);
    first.unmount();

    const kept = fakeSession(Date.now, null, undefined, { local: new FakeLocalDatabase().opener() });
    render(<SaveStatus session={kept.session} />);
    await act(() => vi.waitFor(() => expect(kept.session.getState().local).toBe('on')));
    act(() => kept.session.doc.getText('t').insert(0, 'kept on the device'));
    expect(shown()).toBe('Offline — changes kept');
    expect(closing()).toBe(false);
  });

  it('says read only, and disconnected when the server ends the session', () => {
    const { session, provider } = fakeSession();
    render(<SaveStatus session={session} />);
    act(() => provider.emit('status', [{ status: 'connected' }]));
    act(() => provider.receive(101, 0));
    expect(shown()).toBe('Read only');
    act(() => provider.emit('closed', [{ code: collabCloseCodes.docDeleted, reason: 'This doc was deleted.' }]));
    expect(shown()).toBe('Disconnected');
  });
});
