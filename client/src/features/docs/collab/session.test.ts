import { describe, expect, it, vi } from 'vitest';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { collabCloseCodes, collabMessageTypes } from '#shared/docs';
import { fakeSession, syncMessage } from './fakeProvider';
import { closeMessageKey, isCountedMessage, saveStatusOf, wasAccepted } from './session';

const typeIn = (doc: Y.Doc, text: string) => doc.getText('t').insert(0, text);
const status = (session: ReturnType<typeof fakeSession>['session']) => saveStatusOf(session.getState());

describe('doc session save status', () => {
  it('is "connecting" until the socket first opens, then "saved" with nothing typed', () => {
    const { session, provider } = fakeSession();
    expect(status(session)).toBe('connecting');
    provider.emit('status', [{ status: 'connected' }]);
    expect(status(session)).toBe('saved');
  });

  it('is "saving" from a local edit until the server acknowledges every message sent on the socket', () => {
    let clock = 1_000;
    const { session, provider } = fakeSession(() => clock);
    const socket = provider.openSocket();
    provider.emit('status', [{ status: 'connected' }]);
    socket.send(syncMessage('step2', new Uint8Array([0, 0])));
    typeIn(session.doc, 'Hello');
    socket.send(syncMessage('update', new Uint8Array([1, 2, 3])));
    expect(session.getState()).toMatchObject({ sent: 2, dirty: true });
    expect(status(session)).toBe('saving');
    provider.saved(1);
    expect(status(session)).toBe('saving');
    clock = 5_000;
    provider.saved(2);
    expect(status(session)).toBe('saved');
    expect(session.getState().lastSavedAt).toBe(5_000);
  });

  it('is "offline" with the edits kept while the socket is down, and saved again after the reconnection syncs them', () => {
    const { session, provider } = fakeSession();
    provider.openSocket();
    provider.emit('status', [{ status: 'connected' }]);
    provider.emit('status', [{ status: 'disconnected' }]);
    expect(status(session)).toBe('offline');
    typeIn(session.doc, 'typed offline');
    expect(session.getState().dirty).toBe(true);
    expect(status(session)).toBe('offline');
    // A new socket: the server counts from zero again.
    const socket = provider.openSocket();
    provider.emit('status', [{ status: 'connected' }]);
    expect(status(session)).toBe('saving');
    socket.send(syncMessage('step2', Y.encodeStateAsUpdate(session.doc)));
    provider.saved(1);
    expect(status(session)).toBe('saved');
  });

  it('does not count remote changes as unsaved edits', () => {
    const { session, provider } = fakeSession();
    provider.emit('status', [{ status: 'connected' }]);
    const other = new Y.Doc();
    typeIn(other, 'from a collaborator');
    Y.applyUpdate(session.doc, Y.encodeStateAsUpdate(other), provider);
    expect(status(session)).toBe('saved');
  });

  it('is "readOnly" when the server says the connection may only read', () => {
    const { session, provider } = fakeSession();
    provider.emit('status', [{ status: 'connected' }]);
    provider.receive(collabMessageTypes.access, 0);
    expect(status(session)).toBe('readOnly');
    provider.receive(collabMessageTypes.access, 1);
    expect(status(session)).toBe('saved');
  });

  it('is "closed" after a close the provider does not retry, and says why', () => {
    const { session, provider } = fakeSession();
    provider.emit('status', [{ status: 'connected' }]);
    provider.emit('closed', [{ code: collabCloseCodes.accessRevoked, reason: 'This doc is no longer shared.' }]);
    provider.emit('status', [{ status: 'disconnected' }]);
    expect(status(session)).toBe('closed');
    expect(closeMessageKey(session.getState().closeCode)).toBe('docs.closed.accessRevoked');
    expect(closeMessageKey(collabCloseCodes.docDeleted)).toBe('docs.closed.docDeleted');
  });

  it('reads a 4404 at connection as "not found" and one on an open session as "deleted"', () => {
    const refused = fakeSession();
    refused.provider.emit('closed', [{ code: collabCloseCodes.docDeleted, reason: 'No such doc, or you do not have access to it.' }]);
    expect(wasAccepted(refused.session.getState())).toBe(false);
    expect(closeMessageKey(refused.session.getState().closeCode, wasAccepted(refused.session.getState()))).toBe('docs.errors.docNotFound');
    const open = fakeSession();
    open.provider.emit('status', [{ status: 'connected' }]);
    open.provider.receive(collabMessageTypes.access, 1);
    open.provider.emit('closed', [{ code: collabCloseCodes.docDeleted, reason: 'This doc was deleted.' }]);
    expect(closeMessageKey(open.session.getState().closeCode, wasAccepted(open.session.getState()))).toBe('docs.closed.docDeleted');
  });

  it('on 4401 refreshes the token once and reconnects once; let in again, a later 4401 gets another refresh', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    const { session, provider } = fakeSession(Date.now, null, refresh);
    provider.emit('status', [{ status: 'connected' }]);
    provider.emit('closed', [{ code: collabCloseCodes.unauthenticated, reason: 'Token expired or invalid' }]);
    expect(status(session)).toBe('offline');
    expect(session.getState().connection).toBe('connecting');
    await vi.waitFor(() => expect(provider.connects).toBe(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    provider.emit('status', [{ status: 'connected' }]);
    provider.receive(collabMessageTypes.access, 1);
    expect(status(session)).toBe('saved');
    // Hours later the token expires again: the session was let in meanwhile, so it refreshes again.
    provider.emit('closed', [{ code: collabCloseCodes.unauthenticated, reason: 'Token expired or invalid' }]);
    await vi.waitFor(() => expect(provider.connects).toBe(2));
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('on 4401 after the one refresh and reconnection, or when the refresh fails, stays closed: "sign in again"', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    const { session, provider } = fakeSession(Date.now, null, refresh);
    provider.emit('closed', [{ code: collabCloseCodes.unauthenticated, reason: 'No access token' }]);
    await vi.waitFor(() => expect(provider.connects).toBe(1));
    provider.emit('closed', [{ code: collabCloseCodes.unauthenticated, reason: 'No access token' }]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(provider.connects).toBe(1);
    expect(status(session)).toBe('closed');
    expect(closeMessageKey(session.getState().closeCode)).toBe('docs.closed.unauthenticated');

    const failing = fakeSession(Date.now, null, () => Promise.reject(new Error('Invalid refresh token')));
    failing.provider.emit('closed', [{ code: collabCloseCodes.unauthenticated, reason: 'Token expired or invalid' }]);
    await vi.waitFor(() => expect(status(failing.session)).toBe('closed'));
    expect(failing.session.getState().closeCode).toBe(collabCloseCodes.unauthenticated);
    expect(failing.provider.connects).toBe(0);
  });

  it('does not refresh for other terminal codes, nor without a refresh (a public link)', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    const member = fakeSession(Date.now, null, refresh);
    member.provider.emit('closed', [{ code: collabCloseCodes.accessRevoked, reason: 'You no longer have access to this doc.' }]);
    const reader = fakeSession();
    reader.provider.emit('closed', [{ code: collabCloseCodes.unauthenticated, reason: 'No access token' }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refresh).not.toHaveBeenCalled();
    expect([member.provider.connects, reader.provider.connects]).toEqual([0, 0]);
    expect([status(member.session), status(reader.session)]).toEqual(['closed', 'closed']);
  });

  it('starts the last saved time from the doc\'s lastSavedAt and frees the provider on destroy', () => {
    const { session, provider } = fakeSession(Date.now, '2024-05-01T10:00:00.000Z');
    expect(session.getState().lastSavedAt).toBe(Date.parse('2024-05-01T10:00:00.000Z'));
    session.destroy();
    expect(provider.destroyed).toBe(true);
  });
});

describe('messages the server counts in "saved"', () => {
  it('counts sync step 2 and updates, not step 1 or awareness', () => {
    const step1 = encoding.createEncoder();
    encoding.writeVarUint(step1, 0);
    encoding.writeVarUint(step1, 0);
    encoding.writeVarUint8Array(step1, new Uint8Array([0]));
    const awareness = encoding.createEncoder();
    encoding.writeVarUint(awareness, 1);
    encoding.writeVarUint8Array(awareness, new Uint8Array([0]));
    expect(isCountedMessage(syncMessage('step2', new Uint8Array([0, 0])))).toBe(true);
    expect(isCountedMessage(syncMessage('update', new Uint8Array([0, 0])).buffer)).toBe(true);
    expect(isCountedMessage(encoding.toUint8Array(step1))).toBe(false);
    expect(isCountedMessage(encoding.toUint8Array(awareness))).toBe(false);
    expect(isCountedMessage('text')).toBe(false);
  });
});
