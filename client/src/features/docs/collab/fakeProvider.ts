/** Test helper: a stand-in for y-websocket's provider and the browser's WebSocket, driven by hand. */
import * as encoding from 'lib0/encoding';
import * as decoding from 'lib0/decoding';
import { ObservableV2 } from 'lib0/observable';
import { Awareness } from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { collabMessageTypes } from '#shared/docs';
import type { DatabaseList, LocalDocOpener, LocalDocStore } from './localDocs';
import { CollabSession, type ProviderLike } from './session';

export class FakeSocket {
  readonly sent: unknown[] = [];
  constructor(readonly url: string | URL) {}
  send(data: unknown): void {
    this.sent.push(data);
  }
  close(): void {}
}

type Events = {
  status: (event: { status: 'connected' | 'disconnected' | 'connecting' }) => void;
  closed: (event: { code: number; reason: string }) => void;
};

export class FakeProvider extends ObservableV2<Events> {
  messageHandlers: ProviderLike['messageHandlers'] = [];
  awareness!: Awareness;
  socketClass!: typeof WebSocket;
  destroyed = false;
  /** Calls of connect(): the first connection of a session with a local store, reconnections after a terminal close. */
  connects = 0;
  /** Whether the session had the provider connect as soon as it was built. */
  connectAtOnce = true;

  /** Calls of disconnect(): a connection attempt dropped to be tried again. */
  disconnects = 0;

  connect(): void {
    this.connects += 1;
  }

  disconnect(): void {
    this.disconnects += 1;
  }

  /** A new socket, as the provider opens one per connection attempt. */
  openSocket(): FakeSocket {
    return new this.socketClass('ws://test/collab/doc') as unknown as FakeSocket;
  }

  /** Delivers one server message (type and varUint payload) to the handler the session installed. */
  receive(type: number, value: number): void {
    const message = encoding.createEncoder();
    encoding.writeVarUint(message, type);
    encoding.writeVarUint(message, value);
    const decoder = decoding.createDecoder(encoding.toUint8Array(message));
    decoding.readVarUint(decoder);
    this.messageHandlers[type]?.(encoding.createEncoder(), decoder, undefined as never, true, type);
  }

  saved(count: number): void {
    this.receive(collabMessageTypes.saved, count);
  }

  override destroy(): void {
    this.destroyed = true;
    super.destroy();
  }
}

/** A y-websocket sync message as the provider sends it: step 2 or an update carrying `update`. */
export function syncMessage(kind: 'step2' | 'update', update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarUint(encoder, kind === 'step2' ? syncProtocol.messageYjsSyncStep2 : syncProtocol.messageYjsUpdate);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

export function fakeSession(
  now: () => number = Date.now,
  lastSavedAt: string | null = null,
  refresh?: () => Promise<void>,
  extra: { local?: LocalDocOpener; restoreTimeout?: number; connectTimeout?: number } = {},
) {
  let provider!: FakeProvider;
  const session = new CollabSession({
    now,
    lastSavedAt,
    ...(refresh ? { refresh } : {}),
    ...extra,
    socketBase: FakeSocket as unknown as typeof WebSocket,
    createProvider: (doc: Y.Doc, socketClass, connect) => {
      provider = new FakeProvider();
      provider.awareness = new Awareness(doc);
      provider.socketClass = socketClass;
      provider.connectAtOnce = connect;
      return provider as unknown as ProviderLike;
    },
  });
  return { session, provider };
}

/**
 * A stand-in for y-indexeddb's IndexeddbPersistence over an in-memory "database" that outlives
 * the store (a closed tab): it keeps every update of the doc not restored by itself, restores them
 * in one transaction with itself as origin when `restore()` is called (or soon with `autoRestore`).
 */
export class FakeLocalDatabase {
  readonly updates: Uint8Array[] = [];
  readonly entries = new Map<string, unknown>();
  deleted = false;
  stores: FakeLocalStore[] = [];

  constructor(readonly name: string = 'fake') {}

  /** An opener for a session: a new store on this database for each doc. */
  opener(autoRestore = true): LocalDocOpener & { last?: FakeLocalStore } {
    const open: LocalDocOpener & { last?: FakeLocalStore } = (doc: Y.Doc) => {
      const store = new FakeLocalStore(this, doc);
      this.stores.push(store);
      open.last = store;
      // As IndexedDB, the stored updates are read after the store was handed over.
      if (autoRestore) setTimeout(() => store.restore(), 0);
      return Promise.resolve(store);
    };
    return open;
  }
}

export class FakeLocalStore implements LocalDocStore {
  readonly whenSynced: Promise<unknown>;
  destroyed = false;
  private synced!: () => void;
  private readonly keep = (update: Uint8Array, origin: unknown) => {
    if (origin !== this && !this.destroyed) this.database.updates.push(update);
  };

  constructor(
    readonly database: FakeLocalDatabase,
    readonly doc: Y.Doc,
  ) {
    this.whenSynced = new Promise<void>((resolve) => (this.synced = resolve));
    doc.on('update', this.keep);
  }

  restore(): void {
    Y.transact(
      this.doc,
      () => {
        for (const update of this.database.updates) Y.applyUpdate(this.doc, update);
      },
      this,
      false,
    );
    this.synced();
  }

  get(key: string): Promise<unknown> {
    return Promise.resolve(this.database.entries.get(key));
  }

  set(key: string, value: Uint8Array): Promise<unknown> {
    this.database.entries.set(key, value);
    return Promise.resolve(value);
  }

  destroy(): Promise<void> {
    this.destroyed = true;
    this.doc.off('update', this.keep);
    return Promise.resolve();
  }

  async clearData(): Promise<void> {
    await this.destroy();
    this.database.updates.length = 0;
    this.database.entries.clear();
    this.database.deleted = true;
  }
}

/** A browser's IndexedDB as far as the clean-up sees it: a list of database names. */
export function fakeDatabases(names: string[]): DatabaseList & { names: string[] } {
  const list = {
    names: [...names],
    databases: () => Promise.resolve(list.names.map((name) => ({ name }))),
    deleteDatabase: (name: string) => {
      list.names = list.names.filter((other) => other !== name);
    },
  };
  return list;
}
