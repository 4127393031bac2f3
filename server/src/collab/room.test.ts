import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { collabCloseCodes, collabMessageTypes } from '#shared/docs';
import { count } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { SqliteEventStore } from '../core/sqlite/eventStore';
import { docUpdates } from '../domains/docs/tables';
import { UpdateBatcher } from './batcher';
import { DocContentStore, type UpdateWrite } from './persistence';
import { messageAwareness, messageSync } from './protocol';
import { closeReasons, Room, type Peer, type RoomOptions } from './room';
import { insertTestDocs } from './testDocs';

// A full collection on demand, for the memory test (the flag can be set at run time).
v8.setFlagsFromString('--expose-gc');

const docId = '0123456789abcdef01234567';
let database: DatabaseHandle;
let store: DocContentStore;
/** Flushed by hand: a test decides when the batch commits. */
let batcher: UpdateBatcher;
let log: string[];

let units: SqliteEventStore;

beforeEach(async () => {
  database = openDatabase(':memory:');
  log = [];
  units = new SqliteEventStore(database, []);
  store = new (class extends DocContentStore {
    override async appendBatch(writes: readonly UpdateWrite[], at?: number) {
      log.push(`stored ${writes.filter((write) => write.update !== null).length}`);
      return await super.appendBatch(writes, at);
    }
  })(units, database.db);
  batcher = new UpdateBatcher(store, undefined, () => undefined);
  await insertTestDocs(database.db, [docId, 'fedcba9876543210fedcba98']);
});
afterEach(() => database.close());

interface TestPeer extends Peer {
  received: Uint8Array[];
  closed: { code: number; reason: string } | null;
}

function peer(name: string, grant: Partial<Pick<Peer, 'writable' | 'awareness'>> = {}): TestPeer {
  const made: TestPeer = {
    userId: `${name}`.padEnd(24, '0'),
    writable: grant.writable ?? true,
    awareness: grant.awareness ?? true,
    received: [],
    closed: null,
    send(message) {
      made.received.push(message);
      log.push(`${name} got ${message[0] === collabMessageTypes.saved ? 'saved' : message[0] === messageSync ? 'sync' : message[0]}`);
    },
    close(code, reason) {
      made.closed = { code, reason };
    },
  };
  return made;
}

const room = async (options: Partial<RoomOptions> = {}) =>
  await Room.open(docId, store, { compactAfter: 1000, maxMessageBytes: 1 << 20, batcher, ...options });

function updateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, messageSync);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** A client doc that records its own updates as y-websocket messages. */
function client() {
  const doc = new Y.Doc();
  const messages: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => messages.push(updateMessage(update)));
  return { doc, messages, text: doc.getText('t') };
}

/**
 * A Yjs update (v1) of one client's string structs from clock 0, each inserted into the root text 't'
 * (origin null) or after the struct at `origin` of the same client: the encoding Yjs writes, by hand,
 * so a test can name an origin no client would.
 */
function updateFromStructs(clientId: number, structs: readonly { text: string; origin: number | null }[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 1);
  encoding.writeVarUint(encoder, structs.length);
  encoding.writeVarUint(encoder, clientId);
  encoding.writeVarUint(encoder, 0);
  const stringContent = 4;
  const hasOrigin = 0b1000_0000;
  for (const struct of structs) {
    if (struct.origin === null) {
      encoding.writeUint8(encoder, stringContent);
      // Parent given by name: a root type.
      encoding.writeVarUint(encoder, 1);
      encoding.writeVarString(encoder, 't');
    } else {
      encoding.writeUint8(encoder, stringContent | hasOrigin);
      encoding.writeVarUint(encoder, clientId);
      encoding.writeVarUint(encoder, struct.origin);
    }
    encoding.writeVarString(encoder, struct.text);
  }
  // An empty delete set.
  encoding.writeVarUint(encoder, 0);
  return encoding.toUint8Array(encoder);
}

const rows = async () => (await database.db.select({ count: count().mapWith(Number) }).from(docUpdates))[0]!.count;

describe('Room', () => {
  it('applies and broadcasts an update on arrival, and acknowledges it to its sender only once its batch is stored', async () => {
    const subject = await room();
    const [writer, other] = [peer('writer'), peer('other')];
    subject.join(writer);
    subject.join(other);
    log = [];
    const edit = client();
    edit.text.insert(0, 'hello');
    subject.receive(writer, edit.messages[0]!);
    // Seen by the other connection at once; waiting for its batch: not stored, not acknowledged.
    expect(log).toEqual(['other got sync']);
    expect(subject.doc.getText('t').toString()).toBe('hello');
    expect(await rows()).toBe(0);
    expect(writer.received.some((message) => message[0] === collabMessageTypes.saved)).toBe(false);
    await batcher.flush();
    expect(log).toEqual(['other got sync', 'stored 1', 'writer got saved']);
    expect(writer.received.at(-1)).toEqual(new Uint8Array([collabMessageTypes.saved, 1]));
    expect(await rows()).toBe(1);
    // The broadcast is the update as applied, once: the other replica holds exactly the text.
    const replica = new Y.Doc();
    for (const message of other.received.filter((received) => received[0] === messageSync).slice(1))
      syncProtocol.readSyncMessage(decoding.createDecoder(message.slice(1)), encoding.createEncoder(), replica, null);
    expect(replica.getText('t').toString()).toBe('hello');
  });

  it('stores the updates of several writers and rooms in one batch, acknowledging each writer in order, empty updates included', async () => {
    const [first, second] = [
      await room(),
      await Room.open('fedcba9876543210fedcba98', store, { compactAfter: 1000, maxMessageBytes: 1 << 20, batcher }),
    ];
    const [ada, bob, cleo] = [peer('ada'), peer('bob'), peer('cleo')];
    first.join(ada);
    first.join(bob);
    second.join(cleo);
    const [adaEdits, bobEdits, cleoEdits] = [client(), client(), client()];
    adaEdits.text.insert(0, 'a');
    adaEdits.text.insert(1, 'b');
    bobEdits.text.insert(0, 'x');
    cleoEdits.text.insert(0, 'other doc');
    first.receive(ada, adaEdits.messages[0]!);
    first.receive(ada, updateMessage(new Uint8Array([0, 0])));
    first.receive(bob, bobEdits.messages[0]!);
    first.receive(ada, adaEdits.messages[1]!);
    second.receive(cleo, cleoEdits.messages[0]!);
    log = [];
    await batcher.flush();
    expect(log[0]).toBe('stored 4');
    expect(log.filter((entry) => entry === 'stored 4')).toHaveLength(1);
    const acknowledgements = (who: TestPeer) =>
      who.received.filter((message) => message[0] === collabMessageTypes.saved).map((message) => message[1]);
    // One acknowledgement per connection per batch, with its newest count.
    expect(acknowledgements(ada)).toEqual([3]);
    expect(acknowledgements(bob)).toEqual([1]);
    expect(acknowledgements(cleo)).toEqual([1]);
    expect(first.doc.getText('t').length).toBe(3);
    expect(second.doc.getText('t').toString()).toBe('other doc');
    expect(await rows()).toBe(4);
  });

  it('stores nothing of a room destroyed before its batch commits (a deleted doc)', async () => {
    const subject = await room();
    const writer = peer('writer');
    subject.join(writer);
    const edit = client();
    edit.text.insert(0, 'too late');
    subject.receive(writer, edit.messages[0]!);
    subject.close(collabCloseCodes.docDeleted, 'deleted');
    subject.destroy();
    await batcher.flush();
    expect(await rows()).toBe(0);
  });

  it('closes every connection of a room whose batch could not be stored, acknowledging nothing, so they re-sync with a room loaded from storage', async () => {
    const failing = new (class extends DocContentStore {
      override async appendBatch(): Promise<(number | null)[]> {
        await Promise.resolve();
        throw new Error('SQLITE_FULL: database or disk is full');
      }
    })(units, database.db);
    const errors: string[] = [];
    const failingBatcher = new UpdateBatcher(
      failing,
      (_error, message) => errors.push(message),
      () => undefined,
    );
    const unstored: Room[] = [];
    const subject = await Room.open(docId, failing, {
      compactAfter: 1000,
      maxMessageBytes: 1 << 20,
      batcher: failingBatcher,
      onUnstored: (abandoned) => unstored.push(abandoned),
    });
    const [writer, other] = [peer('writer'), peer('other')];
    subject.join(writer);
    subject.join(other);
    const edit = client();
    edit.text.insert(0, 'lost?');
    edit.text.insert(0, 'and this');
    for (const message of edit.messages) subject.receive(writer, message);
    // Both were seen by the other connection before the batch failed.
    expect(other.received.filter((message) => message[0] === messageSync).length).toBe(3);
    await failingBatcher.flush();
    for (const each of [writer, other]) {
      expect(each.closed?.code).toBe(collabCloseCodes.shuttingDown);
      expect(each.closed?.reason).toBe(closeReasons.notStored);
      expect(each.received.some((message) => message[0] === collabMessageTypes.saved)).toBe(false);
    }
    expect(errors).toHaveLength(1);
    // Let go once, however many of its updates the batch held; it takes nothing more.
    expect(unstored).toEqual([subject]);
    const late = peer('late');
    subject.join(late);
    expect(late.closed?.code).toBe(collabCloseCodes.shuttingDown);
    // What a reconnecting client finds: what is stored, to which it sends the rest again.
    expect((await room()).doc.getText('t').toString()).toBe('');
  });

  it('drops the updates of a read-only connection: nothing stored, applied, broadcast or acknowledged', async () => {
    const subject = await room();
    const [reader, other] = [peer('reader', { writable: false }), peer('other')];
    subject.join(reader);
    subject.join(other);
    log = [];
    const edit = client();
    edit.text.insert(0, 'defaced');
    subject.receive(reader, edit.messages[0]!);
    await batcher.flush();
    expect(log).toEqual([]);
    expect(subject.doc.getText('t').toString()).toBe('');
    expect(await rows()).toBe(0);
    expect(reader.closed).toBeNull();
  });

  it('closes a connection sending a message over the size limit, changing nothing', async () => {
    const subject = await room({ maxMessageBytes: 1024 });
    const writer = peer('writer');
    subject.join(writer);
    const edit = client();
    edit.text.insert(0, 'x'.repeat(4000));
    subject.receive(writer, edit.messages[0]!);
    expect(writer.closed?.code).toBe(collabCloseCodes.tooLarge);
    expect(writer.closed?.reason).toMatch(/too large/);
    expect(subject.doc.getText('t').toString()).toBe('');
    expect(await rows()).toBe(0);
  });

  it('closes a connection sending a malformed message and ignores what it sends after, the doc unharmed', async () => {
    const subject = await room();
    const writer = peer('writer');
    subject.join(writer);
    const edit = client();
    edit.text.insert(0, 'kept');
    subject.receive(writer, edit.messages[0]!);
    await batcher.flush();
    const valid = updateMessage(Y.encodeStateAsUpdate(client().doc));
    for (const garbage of [
      new Uint8Array([messageSync, 2, 40, 1, 2, 3]),
      new Uint8Array([9, 9, 9]),
      edit.messages[0]!.slice(0, 6),
      new Uint8Array([]),
    ]) {
      const intruder = peer('intruder');
      subject.join(intruder);
      subject.receive(intruder, garbage);
      expect(intruder.closed?.code, String(garbage)).toBe(collabCloseCodes.malformed);
      // A fixed text: never the decoder's own error message.
      expect(intruder.closed?.reason).toBe(closeReasons.malformed);
      subject.receive(intruder, valid);
    }
    await batcher.flush();
    expect(subject.doc.getText('t').toString()).toBe('kept');
    expect(await rows()).toBe(1);
  });

  it('refuses an update cut inside its delete set before anything is applied or broadcast (why updates are decoded before they are applied)', async () => {
    const subject = await room();
    const [writer, other] = [peer('writer'), peer('other')];
    subject.join(writer);
    subject.join(other);
    const edit = client();
    edit.text.insert(0, 'hello world');
    subject.receive(writer, edit.messages[0]!);
    await batcher.flush();
    edit.doc.transact(() => {
      edit.text.insert(0, 'NEW');
      edit.text.delete(5, 3);
    });
    const update = Y.encodeStateAsUpdate(edit.doc, Y.encodeStateVector(subject.doc));
    // Y.applyUpdate would integrate the inserted structs of this one before failing on its delete set.
    const truncated = updateMessage(update.slice(0, update.length - 2));
    const before = other.received.length;
    subject.receive(writer, truncated);
    await batcher.flush();
    expect(writer.closed?.code).toBe(collabCloseCodes.malformed);
    expect(subject.doc.getText('t').toString()).toBe('hello world');
    expect(other.received.length).toBe(before);
    expect(await rows()).toBe(1);
  });

  it('lets the room go, as for a refused batch, when an update fails after changing the doc: nothing of it stored or compacted', async () => {
    const unstored: Room[] = [];
    const errors: string[] = [];
    const emptied: Room[] = [];
    const subject = await room({
      onUnstored: (abandoned) => unstored.push(abandoned),
      onError: (_error, message) => errors.push(message),
      onEmpty: (empty) => emptied.push(empty),
    });
    const [writer, other] = [peer('writer'), peer('other')];
    subject.join(writer);
    subject.join(other);
    const edit = client();
    edit.text.insert(0, 'stored');
    subject.receive(writer, edit.messages[0]!);
    await batcher.flush();
    // The first struct inserts 'A'; the second names as its left neighbour a clock of its own client beyond
    // what exists, which Yjs does not check beforehand: it throws once 'A' is in the doc and broadcast.
    const partial = updateFromStructs(7, [
      { text: 'A', origin: null },
      { text: 'B', origin: 100 },
    ]);
    expect(() => Y.decodeUpdate(partial)).not.toThrow();
    const seenBefore = other.received.length;
    subject.receive(writer, updateMessage(partial));
    expect(other.received.length).toBe(seenBefore + 1);
    expect(writer.closed).toEqual({ code: collabCloseCodes.malformed, reason: closeReasons.unappliable });
    expect(other.closed).toEqual({ code: collabCloseCodes.shuttingDown, reason: closeReasons.notStored });
    expect(unstored).toEqual([subject]);
    expect(errors).toHaveLength(1);
    // Never reported empty on the way out: an owner compacting on onEmpty would store what the update left.
    expect(emptied).toEqual([]);
    // Even asked to, the abandoned room does not compact: the stored row stays, 'A' is nowhere.
    await subject.compact();
    expect(await rows()).toBe(1);
    expect((await room()).doc.getText('t').toString()).toBe('stored');
  });

  it('closes only the sender of an update that fails before changing anything, and the room goes on', async () => {
    const unstored: Room[] = [];
    const refusals: string[] = [];
    const subject = await room({
      onUnstored: (abandoned) => unstored.push(abandoned),
      onRefusal: (_error, message) => refusals.push(message),
    });
    const [writer, other] = [peer('writer'), peer('other')];
    subject.join(writer);
    subject.join(other);
    const seenBefore = other.received.length;
    // Its only struct fails as the second one above does: nothing was integrated before.
    subject.receive(writer, updateMessage(updateFromStructs(7, [{ text: 'B', origin: 100 }])));
    expect(writer.closed).toEqual({ code: collabCloseCodes.malformed, reason: closeReasons.unappliable });
    expect(other.closed).toBeNull();
    expect(other.received.length).toBe(seenBefore);
    expect(unstored).toEqual([]);
    expect(refusals).toHaveLength(1);
    const edit = client();
    edit.text.insert(0, 'still editing');
    subject.receive(other, edit.messages[0]!);
    await batcher.flush();
    expect(await rows()).toBe(1);
    expect(other.received.at(-1)).toEqual(new Uint8Array([collabMessageTypes.saved, 1]));
  });

  it('stores and acknowledges an update whose broadcast failed for one connection, which is closed to re-sync', async () => {
    const errors: string[] = [];
    const subject = await room({ onError: (_error, message) => errors.push(message) });
    const [writer, other, broken] = [peer('writer'), peer('other'), peer('broken')];
    subject.join(writer);
    subject.join(broken);
    subject.join(other);
    broken.send = () => {
      throw new Error('write EPIPE');
    };
    const edit = client();
    edit.text.insert(0, 'hello');
    subject.receive(writer, edit.messages[0]!);
    // The connection after the broken one still got it.
    expect(other.received.at(-1)).toEqual(edit.messages[0]);
    expect(errors).toHaveLength(1);
    await batcher.flush();
    expect(await rows()).toBe(1);
    expect(writer.received.at(-1)).toEqual(new Uint8Array([collabMessageTypes.saved, 1]));
    expect(writer.closed).toBeNull();
    await vi.waitFor(() => expect(broken.closed).toEqual({ code: collabCloseCodes.shuttingDown, reason: closeReasons.sendFailed }));
    expect(subject.peers()).toEqual([writer, other]);
    expect(other.closed).toBeNull();
  });

  it('answers sync step 1 with what the client lacks, for readers too', async () => {
    const subject = await room();
    const writer = peer('writer');
    subject.join(writer);
    const edit = client();
    edit.text.insert(0, 'shared text');
    subject.receive(writer, edit.messages[0]!);
    await batcher.flush();
    const reader = peer('reader', { writable: false });
    subject.join(reader);
    const fresh = new Y.Doc();
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, messageSync);
    syncProtocol.writeSyncStep1(encoder, fresh);
    subject.receive(reader, encoding.toUint8Array(encoder));
    const answer = reader.received.at(-1)!;
    // [sync, step 2, length...] then the update: read it back as a y-websocket client would.
    const replies = encoding.createEncoder();
    syncProtocol.readSyncMessage(decoding.createDecoder(answer.slice(1)), replies, fresh, null);
    expect(fresh.getText('t').toString()).toBe('shared text');
  });

  it('compacts into a snapshot equal to the full history, and loads snapshot plus later updates', async () => {
    const subject = await room({ compactAfter: 25 });
    const writer = peer('writer');
    subject.join(writer);
    const edit = client();
    for (let index = 0; index < 60; index += 1) {
      if (index % 7 === 3 && edit.text.length > 2) edit.text.delete(index % edit.text.length, 1);
      else edit.text.insert(index % (edit.text.length + 1), String.fromCharCode(97 + (index % 26)));
    }
    for (const message of edit.messages.slice(0, 20)) subject.receive(writer, message);
    await batcher.flush();
    expect(edit.messages.length).toBe(60);
    // Under compactAfter: rows only, and a room loaded from them holds the same.
    expect(await rows()).toBe(20);
    for (const message of edit.messages.slice(20)) subject.receive(writer, message);
    await batcher.flush();
    // Over it: compacted in a unit of its own after the batch, covering what was stored when it began.
    await vi.waitFor(async () => expect(await rows()).toBe(0));
    const reloaded = await room();
    expect(reloaded.doc.getText('t').toString()).toBe(edit.text.toString());
    await subject.compact();
    expect(await rows()).toBe(0);
    expect((await room()).doc.getText('t').toString()).toBe(edit.text.toString());
  });

  it('holds the same document when loaded from many update rows (re-encoded once at load) as when built from them directly', async () => {
    const authors = [new Y.Doc(), new Y.Doc()];
    const history: Uint8Array[] = [];
    // Two writers kept in sync, each edit stored as the row its author's provider would send.
    authors.forEach((author, index) =>
      author.on('update', (update: Uint8Array, origin: unknown) => {
        if (origin === 'remote') return;
        history.push(update);
        Y.applyUpdate(authors[1 - index]!, update, 'remote');
      }),
    );
    for (let index = 0; index < 120; index += 1) {
      const author = authors[index % 2]!;
      const text = author.getText('t');
      if (index % 9 === 4 && text.length > 3) text.delete(index % text.length, 2);
      else text.insert(index % (text.length + 1), `w${index} `);
      if (index % 10 === 0) author.getMap('m').set(`k${index}`, index);
    }
    await store.compact(docId, Y.mergeUpdates(history.slice(0, 40)), 0);
    await store.appendBatch(history.slice(40).map((update) => ({ docId, update, userId: null })));
    const expected = new Y.Doc();
    for (const update of history) Y.applyUpdate(expected, update);
    const loaded = await room();
    expect(history.length).toBeGreaterThan(100);
    expect(loaded.pendingCompaction).toBe(history.length - 40);
    expect(loaded.doc.getText('t').toString()).toBe(expected.getText('t').toString());
    expect(loaded.doc.getMap('m').toJSON()).toEqual(expected.getMap('m').toJSON());
    expect(Y.encodeStateVector(loaded.doc)).toEqual(Y.encodeStateVector(expected));
    // Nothing is missing either way: each holds everything the other has.
    expect(Y.diffUpdate(Y.encodeStateAsUpdate(expected), Y.encodeStateVector(loaded.doc))).toEqual(
      Y.diffUpdate(Y.encodeStateAsUpdate(expected), Y.encodeStateVector(expected)),
    );
    loaded.destroy();
  });

  it('compacts at most every minimumCompactionIntervalMs while updates keep coming', async () => {
    const subject = await room({ compactAfter: 5, minimumCompactionIntervalMs: 60_000 });
    const writer = peer('writer');
    subject.join(writer);
    const edit = client();
    for (let index = 0; index < 12; index += 1) edit.text.insert(0, String(index % 10));
    for (const message of edit.messages.slice(0, 6)) subject.receive(writer, message);
    await batcher.flush();
    // Compacted once past the 5th update; the next ones wait for the interval (or the unload).
    await vi.waitFor(async () => expect(await rows()).toBe(0));
    for (const message of edit.messages.slice(6)) subject.receive(writer, message);
    await batcher.flush();
    expect(await rows()).toBe(6);
    await subject.compact();
    expect(await rows()).toBe(0);
  });

  it('relays awareness of members, not of connections without awareness, and clears it when they leave', async () => {
    const subject = await room();
    const [member, anonymous, watcher] = [peer('member'), peer('anonymous', { writable: false, awareness: false }), peer('watcher')];
    for (const each of [member, anonymous, watcher]) subject.join(each);
    const awarenessMessage = (clientId: number, name: string) => {
      const states = new awarenessProtocol.Awareness(new Y.Doc({ gc: true }));
      states.clientID = clientId;
      // As a provider does: an empty state at start (clock 0), then the user's (clock 1).
      states.setLocalState({});
      states.setLocalState({ user: { name } });
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, messageAwareness);
      encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(states, [clientId]));
      states.destroy();
      return encoding.toUint8Array(encoder);
    };
    subject.receive(member, awarenessMessage(1, 'Ada'));
    subject.receive(anonymous, awarenessMessage(2, 'Mallory'));
    expect([...subject.awareness.getStates().values()].map((state) => (state as { user: { name: string } }).user.name)).toEqual(['Ada']);
    subject.leave(member);
    expect(subject.awareness.getStates().size).toBe(0);
  });

  it('makes its awareness (with its timer) only when a connection first sends one; a later joiner still gets the states', async () => {
    const states = new awarenessProtocol.Awareness(new Y.Doc());
    states.setLocalState({ user: { name: 'Ada' } });
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, messageAwareness);
    encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(states, [states.clientID]));
    states.destroy();
    const intervals = vi.spyOn(globalThis, 'setInterval');
    const subject = await room();
    const [reader, member] = [peer('reader', { writable: false, awareness: false }), peer('member')];
    subject.join(reader);
    subject.join(member);
    expect(intervals).not.toHaveBeenCalled();
    subject.receive(member, encoding.toUint8Array(encoder));
    expect(intervals).toHaveBeenCalledTimes(1);
    intervals.mockRestore();
    expect(reader.received.at(-1)![0]).toBe(messageAwareness);
    const later = peer('later');
    subject.join(later);
    expect(later.received.map((message) => message[0])).toEqual([messageSync, collabMessageTypes.access, messageAwareness]);
    subject.destroy();
  });

  it('keeps none of the stored rows it was loaded from once the doc is built', async () => {
    const gc = runInNewContext('gc') as () => void;
    const rows: WeakRef<Uint8Array>[] = [];
    const tracking = new (class extends DocContentStore {
      override async load(id: string) {
        const content = await super.load(id);
        for (const row of content.updates) rows.push(new WeakRef(row.data));
        return content;
      }
    })(units, database.db);
    const writer = new Y.Doc();
    const written: Uint8Array[] = [];
    writer.on('update', (update: Uint8Array) => written.push(update));
    for (let index = 0; index < 20; index += 1) writer.getText('t').insert(0, `${index} `);
    await store.appendBatch(written.map((update) => ({ docId, update, userId: null })));
    written.length = 0;
    const subject = await Room.open(docId, tracking, { compactAfter: 1000, maxMessageBytes: 1 << 20 });
    expect(subject.doc.getText('t').toString()).toBe(writer.getText('t').toString());
    expect(rows).toHaveLength(20);
    // WeakRefs hold their target until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(rows.filter((row) => row.deref() !== undefined)).toHaveLength(0);
    subject.destroy();
  });

  it('shares stored updates and awareness between rooms of one doc on several processes, and compacts what is stored, not what it heard (issue 22)', async () => {
    // Two rooms of one doc as two processes hold them; what each hands on is delivered by hand, late on purpose.
    const handedOn: { from: Room; update?: Uint8Array; awareness?: Uint8Array }[] = [];
    const shared: RoomOptions['shared'] = {
      onStored: (from, update) => void handedOn.push({ from, update }),
      onAwareness: (from, awareness) => void handedOn.push({ from, awareness }),
    };
    const [first, second] = [await room({ shared, compactAfter: 2 }), await room({ shared, compactAfter: 1000 })];
    const [writerOnFirst, writerOnSecond, watcher] = [peer('first'), peer('second'), peer('watcher')];
    first.join(writerOnFirst);
    second.join(writerOnSecond);
    second.join(watcher);
    const [editOnFirst, editOnSecond] = [client(), client()];
    editOnSecond.text.insert(0, 'stored by the second ');
    second.receive(writerOnSecond, editOnSecond.messages[0]!);
    await batcher.flush();
    // Stored by the second room and handed on, but not yet delivered: the first room compacts without it.
    expect(handedOn.map((notice) => notice.from)).toEqual([second]);
    editOnFirst.text.insert(0, 'one ');
    editOnFirst.text.insert(4, 'two ');
    for (const message of editOnFirst.messages) first.receive(writerOnFirst, message);
    await batcher.flush();
    await first.compact();
    expect(await rows()).toBe(0);
    const reloaded = await room();
    expect(reloaded.doc.getText('t').toString()).toContain('stored by the second');
    expect(reloaded.doc.getText('t').toString()).toContain('one two');
    reloaded.destroy();

    // Delivered: each room applies the other's stored updates and broadcasts them to its own connections, storing nothing again.
    watcher.received.length = 0;
    for (const notice of handedOn.splice(0)) {
      const to = notice.from === first ? second : first;
      if (notice.update) to.applyStored(notice.update);
      if (notice.awareness) to.applyAwareness(notice.awareness);
    }
    expect(first.doc.getText('t').toString()).toBe(second.doc.getText('t').toString());
    expect(watcher.received.length).toBeGreaterThan(0);
    expect(await rows()).toBe(0);
    // What a room applied from another process is not handed on again.
    expect(handedOn).toEqual([]);

    // A caret set through the second room reaches the first one's, and only once.
    const states = new awarenessProtocol.Awareness(new Y.Doc());
    states.setLocalState({ user: { name: 'Ada' } });
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, messageAwareness);
    encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(states, [states.clientID]));
    second.receive(writerOnSecond, encoding.toUint8Array(encoder));
    expect(handedOn).toHaveLength(1);
    first.applyAwareness(handedOn[0]!.awareness!);
    expect([...first.awareness.getStates().values()]).toEqual([{ user: { name: 'Ada' } }]);
    expect(handedOn).toHaveLength(1);
    states.destroy();
    first.destroy();
    second.destroy();
  });
});
