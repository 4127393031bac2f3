import { describe, expect, it, vi } from 'vitest';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { collabCloseCodes, collabMessageTypes } from '#shared/docs';
import { FakeLocalDatabase, fakeSession, syncMessage } from './fakeProvider';
import { acknowledgedKey, closeMessageKey, hasUnacknowledged, isCountedMessage, saveStatusOf, wasAccepted } from './session';

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

  it("starts the last saved time from the doc's lastSavedAt and frees the provider on destroy", () => {
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

describe("a member's doc kept on the device", () => {
  /** The server's side of the y-websocket handshake: its sync step 1, the client's step 2 answer sent on the socket, applied to the server's doc. */
  function handshake(client: Y.Doc, server: Y.Doc, socket: { send(data: unknown): void }) {
    const step1 = encoding.createEncoder();
    syncProtocol.writeSyncStep1(step1, server);
    const reply = encoding.createEncoder();
    encoding.writeVarUint(reply, 0);
    syncProtocol.readSyncMessage(decoding.createDecoder(encoding.toUint8Array(step1)), reply, client, 'server');
    const message = encoding.toUint8Array(reply);
    socket.send(message);
    const received = decoding.createDecoder(message);
    decoding.readVarUint(received);
    syncProtocol.readSyncMessage(received, encoding.createEncoder(), server, 'client');
  }

  /** A first session that typed offline, then the tab was closed: what it typed is in `database`. */
  function typedOfflineThenClosed(database: FakeLocalDatabase, text: string) {
    const first = fakeSession(Date.now, null, undefined, { local: database.opener() });
    return vi
      .waitFor(() => expect(first.provider.connects).toBe(1))
      .then(() => {
        first.provider.openSocket();
        first.provider.emit('status', [{ status: 'connected' }]);
        first.provider.emit('status', [{ status: 'disconnected' }]);
        first.session.doc.getText('t').insert(0, text);
        expect(status(first.session)).toBe('offline');
        first.session.destroy();
      });
  }

  it('restores what the device kept before connecting, and the sync step 2 on connection carries it to the server', async () => {
    const database = new FakeLocalDatabase();
    await typedOfflineThenClosed(database, 'typed offline');
    const opener = database.opener(false);
    const { session, provider } = fakeSession(Date.now, null, undefined, { local: opener });
    expect(provider.connectAtOnce).toBe(false);
    expect(session.getState().local).toBe('loading');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(provider.connects).toBe(0);
    opener.last!.restore();
    await vi.waitFor(() => expect(provider.connects).toBe(1));
    expect(session.doc.getText('t').toString()).toBe('typed offline');
    expect(session.getState().local).toBe('on');

    const server = new Y.Doc();
    server.getText('t').insert(0, 'From the server. ');
    const socket = provider.openSocket();
    provider.emit('status', [{ status: 'connected' }]);
    handshake(session.doc, server, socket);
    expect(server.getText('t').toString()).toContain('typed offline');
    expect(session.getState().sent).toBe(1);
  });

  it('counts restored edits as unsaved ("Offline — changes kept", then "Saving…") until the server acknowledges them', async () => {
    const database = new FakeLocalDatabase();
    await typedOfflineThenClosed(database, 'typed offline');
    const { session, provider } = fakeSession(() => 7_000, null, undefined, { local: database.opener() });
    await vi.waitFor(() => expect(provider.connects).toBe(1));
    expect(session.getState().dirty).toBe(true);
    expect(status(session)).toBe('offline');
    const socket = provider.openSocket();
    provider.emit('status', [{ status: 'connected' }]);
    expect(status(session)).toBe('saving');
    handshake(session.doc, new Y.Doc(), socket);
    expect(status(session)).toBe('saving');
    provider.saved(1);
    expect(status(session)).toBe('saved');
    expect(session.getState().lastSavedAt).toBe(7_000);
    // What the server acknowledged in full is remembered: the next visit restores it as saved.
    expect(database.entries.get(acknowledgedKey)).toBeInstanceOf(Uint8Array);
    session.destroy();

    const next = fakeSession(Date.now, null, undefined, { local: database.opener() });
    await vi.waitFor(() => expect(next.provider.connects).toBe(1));
    expect(next.session.doc.getText('t').toString()).toBe('typed offline');
    expect(next.session.getState().dirty).toBe(false);
    expect(status(next.session)).toBe('connecting');
  });

  it('reads a restored deletion the server has not acknowledged as unsaved too', async () => {
    const database = new FakeLocalDatabase();
    const first = fakeSession(Date.now, null, undefined, { local: database.opener() });
    await vi.waitFor(() => expect(first.provider.connects).toBe(1));
    const socket = first.provider.openSocket();
    first.provider.emit('status', [{ status: 'connected' }]);
    first.session.doc.getText('t').insert(0, 'Hello world');
    socket.send(syncMessage('update', new Uint8Array([0, 0])));
    first.provider.saved(1);
    expect(status(first.session)).toBe('saved');
    first.provider.emit('status', [{ status: 'disconnected' }]);
    first.session.doc.getText('t').delete(5, 6);
    first.session.destroy();

    const next = fakeSession(Date.now, null, undefined, { local: database.opener() });
    await vi.waitFor(() => expect(next.provider.connects).toBe(1));
    expect(next.session.doc.getText('t').toString()).toBe('Hello');
    expect(next.session.getState().dirty).toBe(true);
  });

  it('keeps the acknowledged state current with remote changes while nothing is unsaved', async () => {
    const database = new FakeLocalDatabase();
    const first = fakeSession(Date.now, null, undefined, { local: database.opener() });
    await vi.waitFor(() => expect(first.provider.connects).toBe(1));
    first.provider.openSocket();
    first.provider.emit('status', [{ status: 'connected' }]);
    const other = new Y.Doc();
    other.getText('t').insert(0, 'from a collaborator');
    Y.applyUpdate(first.session.doc, Y.encodeStateAsUpdate(other), first.provider);
    await vi.waitFor(() => expect(database.entries.get(acknowledgedKey)).toBeInstanceOf(Uint8Array));
    first.session.destroy();

    const next = fakeSession(Date.now, null, undefined, { local: database.opener() });
    await vi.waitFor(() => expect(next.provider.connects).toBe(1));
    expect(next.session.doc.getText('t').toString()).toBe('from a collaborator');
    expect(next.session.getState().dirty).toBe(false);
  });

  it('deletes what the device kept when the server ends the session with 4403 or 4404, not for other closes', async () => {
    for (const code of [collabCloseCodes.accessRevoked, collabCloseCodes.docDeleted]) {
      const database = new FakeLocalDatabase();
      await typedOfflineThenClosed(database, 'secret');
      const { session, provider } = fakeSession(Date.now, null, undefined, { local: database.opener() });
      await vi.waitFor(() => expect(provider.connects).toBe(1));
      provider.emit('closed', [{ code, reason: 'gone' }]);
      await vi.waitFor(() => expect(database.deleted).toBe(true));
      expect(database.updates).toEqual([]);
      expect(session.getState().local).toBe('off');
      // Later changes are not kept either.
      session.doc.getText('t').insert(0, 'more');
      expect(database.updates).toEqual([]);
    }
    for (const code of [collabCloseCodes.unauthenticated, collabCloseCodes.tooLarge]) {
      const database = new FakeLocalDatabase();
      await typedOfflineThenClosed(database, 'kept');
      const { provider } = fakeSession(Date.now, null, undefined, { local: database.opener() });
      await vi.waitFor(() => expect(provider.connects).toBe(1));
      provider.emit('closed', [{ code, reason: 'closed' }]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(database.deleted).toBe(false);
    }
  });

  it('connects anyway when the store cannot be opened, or has not restored in time (then what it restores is unsaved)', async () => {
    const failing = fakeSession(Date.now, null, undefined, { local: () => Promise.reject(new Error('no IndexedDB')) });
    await vi.waitFor(() => expect(failing.provider.connects).toBe(1));
    expect(failing.session.getState().local).toBe('off');

    const database = new FakeLocalDatabase();
    await typedOfflineThenClosed(database, 'late');
    const opener = database.opener(false);
    const slow = fakeSession(Date.now, null, undefined, { local: opener, restoreTimeout: 5 });
    await vi.waitFor(() => expect(slow.provider.connects).toBe(1));
    expect(slow.session.getState()).toMatchObject({ local: 'loading', dirty: false });
    opener.last!.restore();
    expect(slow.session.getState().dirty).toBe(true);
    await vi.waitFor(() => expect(slow.session.getState().local).toBe('on'));
  });

  it('connects after the restore timeout even while opening the store still waits (the editor chunk downloading)', async () => {
    let opened!: (store: never) => void;
    const { session, provider } = fakeSession(Date.now, null, undefined, {
      local: () => new Promise((resolve) => (opened = resolve)),
      restoreTimeout: 5,
    });
    await vi.waitFor(() => expect(provider.connects).toBe(1));
    expect(session.getState().local).toBe('loading');
    // The store opening late still restores, into the connected doc: what it brings is unsaved until acknowledged.
    const database = new FakeLocalDatabase();
    await typedOfflineThenClosed(database, 'late chunk');
    const opener = database.opener(false);
    opened((await opener(session.doc)) as never);
    await vi.waitFor(() => expect(opener.last).toBeDefined());
    opener.last!.restore();
    await vi.waitFor(() => expect(session.getState().local).toBe('on'));
    expect(session.getState().dirty).toBe(true);
    expect(session.doc.getText('t').toString()).toContain('late chunk');
  });

  it('connects at once without a store (a public link), and closes the store on destroy', async () => {
    const reader = fakeSession();
    expect(reader.provider.connectAtOnce).toBe(true);
    expect(reader.session.getState().local).toBe('off');

    const database = new FakeLocalDatabase();
    const opener = database.opener();
    const { session } = fakeSession(Date.now, null, undefined, { local: opener });
    await vi.waitFor(() => expect(session.getState().local).toBe('on'));
    session.destroy();
    expect(opener.last!.destroyed).toBe(true);
    expect(database.deleted).toBe(false);
  });
});

describe('a connection attempt that never opens', () => {
  it('is dropped and tried again after the connect timeout, each new attempt watched in turn', () => {
    vi.useFakeTimers();
    try {
      const { session, provider } = fakeSession(Date.now, null, undefined, { connectTimeout: 10_000 });
      provider.emit('status', [{ status: 'connecting' }]);
      vi.advanceTimersByTime(9_999);
      expect(provider.disconnects).toBe(0);
      vi.advanceTimersByTime(1);
      expect([provider.disconnects, provider.connects]).toEqual([1, 1]);
      // y-websocket announces the new socket: it gets its own 10 s.
      provider.emit('status', [{ status: 'connecting' }]);
      vi.advanceTimersByTime(10_000);
      expect([provider.disconnects, provider.connects]).toEqual([2, 2]);
      provider.emit('status', [{ status: 'connecting' }]);
      provider.emit('status', [{ status: 'connected' }]);
      vi.advanceTimersByTime(60_000);
      expect(provider.disconnects).toBe(2);
      expect(saveStatusOf(session.getState())).toBe('saved');
    } finally {
      vi.useRealTimers();
    }
  });

  it('is left alone once the session is closed or destroyed', () => {
    vi.useFakeTimers();
    try {
      const closed = fakeSession();
      closed.provider.emit('status', [{ status: 'connecting' }]);
      closed.provider.emit('closed', [{ code: collabCloseCodes.docDeleted, reason: 'gone' }]);
      const destroyed = fakeSession();
      destroyed.provider.emit('status', [{ status: 'connecting' }]);
      destroyed.session.destroy();
      vi.advanceTimersByTime(60_000);
      expect([closed.provider.disconnects, destroyed.provider.disconnects]).toEqual([0, 0]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('whether a restored doc holds unacknowledged edits', () => {
  it('is false for an empty doc, true without an acknowledged snapshot, false when the snapshot contains it', () => {
    const doc = new Y.Doc();
    expect(hasUnacknowledged(doc, undefined)).toBe(false);
    doc.getText('t').insert(0, 'abc');
    expect(hasUnacknowledged(doc, undefined)).toBe(true);
    expect(hasUnacknowledged(doc, new Uint8Array([1, 2, 3]))).toBe(true);
    const acknowledged = Y.encodeSnapshot(Y.snapshot(doc));
    expect(hasUnacknowledged(doc, acknowledged)).toBe(false);
    doc.getText('t').insert(3, 'd');
    expect(hasUnacknowledged(doc, acknowledged)).toBe(true);
  });
});
