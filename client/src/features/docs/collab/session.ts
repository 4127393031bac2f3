/**
 * One open doc: its Y.Doc, the y-websocket provider to the doc's room, and what the editor's
 * header shows about it (Saved, Saving…, Offline, read only, closed by the server).
 *
 * "Saved" comes from the server, not from a timer: the server answers every sync-step-2 and
 * update message a connection sends with `saved` (varUint 100, varUint n = how many of them it
 * has stored so far, see shared/src/docs.ts). The session counts what it sends on the current
 * socket (a WebSocket subclass handed to the provider) and calls the doc saved once n catches up.
 *
 * A member's doc is also kept on their device (localDocs.ts): the session opens the local store
 * first, lets it apply what it holds, and only then connects. The server's sync step 1 carries
 * its state vector and the provider answers with sync step 2: everything the device has that the
 * server lacks, restored edits included; that step 2 is counted like any update, so the doc reads
 * "Saved" only once the server stored it. Restored state counts as unsaved unless it is contained
 * in the last state the server acknowledged in full (a snapshot kept in the same database).
 */
import * as decoding from 'lib0/decoding';
import type * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { collabCloseCodes, collabMessageTypes } from '#shared/docs';
import type { LocalDocOpener, LocalDocStore } from './localDocs';

const messageSync = 0;
const syncStep2 = 1;
const syncUpdate = 2;

export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'closed';

export interface SessionState {
  connection: ConnectionState;
  /** Whether the socket ever opened: the first connection shows "Connecting", later drops "Offline". */
  everConnected: boolean;
  /** From the server's `access` message; null until it arrives. */
  writable: boolean | null;
  /** Local edits not yet acknowledged as stored. */
  dirty: boolean;
  /** Sync-step-2 and update messages sent on the current socket. */
  sent: number;
  /** The server's `saved` count on the current socket. */
  acknowledged: number;
  /** When the server last acknowledged our edits (ms); starts from the doc's lastSavedAt. */
  lastSavedAt: number | null;
  /** A close the provider will not retry (4400-4499): why the server ended the session. */
  closeCode: number | null;
  /**
   * Whether edits are kept on this device (they survive a closed tab): 'off' for a public link or
   * when storage is unavailable, 'loading' while the store opens and restores, then 'on'.
   */
  local: 'off' | 'loading' | 'on';
}

/** Whether the server ever let this session in (it sends `access` once it has): a refusal at connection reads differently from a later close. */
export const wasAccepted = (state: SessionState) => state.writable !== null;

export type SaveStatus = 'connecting' | 'saving' | 'saved' | 'offline' | 'readOnly' | 'closed';

/** What the header shows, from the session's state. */
export function saveStatusOf(state: SessionState): SaveStatus {
  if (state.connection === 'closed') return 'closed';
  if (state.connection !== 'connected') return state.everConnected || state.dirty ? 'offline' : 'connecting';
  if (state.writable === false) return 'readOnly';
  return state.dirty ? 'saving' : 'saved';
}

/**
 * The translation key of a terminal close code; unknown codes read as a lost access. `accepted`:
 * whether the server had let the session in; a 4404 at connection means missing or out of sight,
 * later that the doc was deleted.
 */
export function closeMessageKey(code: number | null, accepted = true) {
  switch (code) {
    case collabCloseCodes.malformed:
      return 'docs.closed.malformed' as const;
    case collabCloseCodes.unauthenticated:
      return 'docs.closed.unauthenticated' as const;
    case collabCloseCodes.docDeleted:
      return accepted ? ('docs.closed.docDeleted' as const) : ('docs.errors.docNotFound' as const);
    case collabCloseCodes.tooLarge:
      return 'docs.closed.tooLarge' as const;
    default:
      return 'docs.closed.accessRevoked' as const;
  }
}

type MessageHandler = (
  encoder: encoding.Encoder,
  decoder: decoding.Decoder,
  provider: never,
  emitSynced: boolean,
  messageType: number,
) => void;

/** The part of y-websocket's WebsocketProvider the session uses (a fake one in tests). */
export interface ProviderLike {
  messageHandlers: MessageHandler[];
  awareness: { setLocalStateField(field: string, value: unknown): void };
  on(event: 'status', listener: (event: { status: 'connected' | 'disconnected' | 'connecting' }) => void): void;
  on(event: 'closed', listener: (event: { code: number; reason: string }) => void): void;
  /** Connects (first connection of a session with a local store, or again after a terminal close: y-websocket stops reconnecting on 4400-4499 by itself). */
  connect(): void;
  /** Drops the socket, whatever its state, and stops reconnecting until connect(). */
  disconnect(): void;
  destroy(): void;
}

type SocketClass = typeof WebSocket;

export interface SessionOptions {
  /** Builds the provider for this doc, with the socket class it must use; `connect`: whether it connects at once (else the session calls connect()). */
  createProvider: (doc: Y.Doc, socketClass: SocketClass, connect: boolean) => ProviderLike;
  /**
   * Opens the doc's store on this device (a member's doc; none for a public link). The session
   * connects once the store restored what it holds, or after `restoreTimeout` ms, or at once if it
   * cannot be opened.
   */
  local?: LocalDocOpener;
  restoreTimeout?: number;
  /**
   * How long one connection attempt may stay "connecting" before it is dropped and tried again: a
   * socket whose upgrade never answers (a server that stopped mid-handshake, a lost packet) would
   * otherwise wait for the browser's own timeout, minutes long. 10 s by default.
   */
  connectTimeout?: number;
  lastSavedAt?: string | null;
  /** The WebSocket implementation to extend; the browser's by default. */
  socketBase?: SocketClass;
  /**
   * Renews the session's credentials (the app's token refresh, SPEC §8 "token expired"). When the
   * server closes with 4401 the session refreshes once and reconnects once; if the refresh fails
   * or the server refuses again, it stays closed with 4401 ("sign in again"). None for a public link.
   */
  refresh?: () => Promise<void>;
  now?: () => number;
}

/** Whether an outgoing y-websocket message is one the server counts in `saved`. */
export function isCountedMessage(data: unknown): boolean {
  const bytes = data instanceof Uint8Array ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : null;
  if (!bytes || bytes.byteLength < 2) return false;
  try {
    const decoder = decoding.createDecoder(bytes);
    if (decoding.readVarUint(decoder) !== messageSync) return false;
    const type = decoding.readVarUint(decoder);
    return type === syncStep2 || type === syncUpdate;
  } catch {
    return false;
  }
}

/** The store's entry holding the snapshot of the last state the server had in full. */
export const acknowledgedKey = 'acknowledged';
const defaultRestoreTimeout = 2_000;
const defaultConnectTimeout = 10_000;
/** Remote changes are frequent: the acknowledged snapshot is written at most this often for them. */
const acknowledgeDelay = 500;

export class CollabSession {
  readonly doc = new Y.Doc();
  readonly provider: ProviderLike;
  private state: SessionState;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly refresh: (() => Promise<void>) | null;
  /** A 4401 was answered with a refresh and a new connection; reset once the server lets us in. */
  private refreshTried = false;
  private destroyed = false;
  /** The doc's store on this device, once open; null without one or after it was cleared. */
  private store: LocalDocStore | null = null;
  /** Whether the provider was told to connect: from then on, restored state reaches the server as updates. */
  private connecting: boolean;
  private acknowledgeTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly connectTimeout: number;
  /** Runs while a connection attempt is "connecting"; restarted by each new attempt. */
  private connectTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: SessionOptions) {
    this.now = options.now ?? Date.now;
    this.refresh = options.refresh ?? null;
    this.connectTimeout = options.connectTimeout ?? defaultConnectTimeout;
    const saved = options.lastSavedAt ? Date.parse(options.lastSavedAt) : Number.NaN;
    this.state = {
      connection: 'connecting',
      everConnected: false,
      writable: null,
      dirty: false,
      sent: 0,
      acknowledged: 0,
      lastSavedAt: Number.isNaN(saved) ? null : saved,
      closeCode: null,
      local: options.local ? 'loading' : 'off',
    };
    this.connecting = !options.local;
    this.provider = options.createProvider(this.doc, this.socketClass(options.socketBase ?? globalThis.WebSocket), this.connecting);
    this.provider.messageHandlers[collabMessageTypes.saved] = (_encoder, decoder) => this.onSaved(decoding.readVarUint(decoder));
    this.provider.messageHandlers[collabMessageTypes.access] = (_encoder, decoder) => {
      // The server sends `access` only to a connection it let in: its credentials worked.
      this.refreshTried = false;
      this.update({ writable: decoding.readVarUint(decoder) === 1 });
    };
    this.provider.on('status', ({ status }) => {
      this.watchConnecting(status === 'connecting');
      if (this.state.connection === 'closed') return;
      this.update(
        status === 'connected'
          ? { connection: 'connected', everConnected: true }
          : { connection: status === 'connecting' ? 'connecting' : 'disconnected' },
      );
    });
    this.provider.on('closed', ({ code }) => this.onClosed(code));
    // Remote changes arrive with the provider as origin; everything else was typed here, except
    // what the local store restores before the connection (judged by restore()). Restored after
    // the connection started (a slow store), it is sent as an update: unsaved until acknowledged.
    this.doc.on('update', (_update: Uint8Array, origin: unknown) => {
      if (origin === this.provider) {
        if (!this.state.dirty) this.scheduleAcknowledged();
        return;
      }
      if (origin !== null && origin === this.store && !this.connecting) return;
      if (!this.state.dirty) this.update({ dirty: true });
    });
    if (options.local) void this.restore(options.local, options.restoreTimeout ?? defaultRestoreTimeout);
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  destroy(): void {
    this.destroyed = true;
    this.listeners.clear();
    this.watchConnecting(false);
    if (this.acknowledgeTimer !== null) clearTimeout(this.acknowledgeTimer);
    void this.store?.destroy().catch(() => undefined);
    this.store = null;
    this.provider.destroy();
    this.doc.destroy();
  }

  /**
   * Opens the local store, waits (up to `timeout` ms, counted from the start: opening may wait for
   * the editor's chunk to download) for it to apply what it holds, judges whether that is unsaved,
   * then connects. Whatever fails or lags, the session still connects; a store that opens late
   * restores into a connected doc, where what it brings is sent as updates.
   */
  private async restore(open: LocalDocOpener, timeout: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.openStore(open), new Promise((resolve) => (timer = setTimeout(resolve, timeout)))]);
    clearTimeout(timer);
    if (this.destroyed || this.state.connection === 'closed') return;
    this.connecting = true;
    this.provider.connect();
  }

  /** Resolves once the store restored what it holds, or could not (then the session goes on without it). */
  private async openStore(open: LocalDocOpener): Promise<void> {
    try {
      const store = await open(this.doc);
      if (this.destroyed) {
        void store.destroy().catch(() => undefined);
        return;
      }
      this.store = store;
      const restored = Promise.all([store.whenSynced, store.get(acknowledgedKey).catch(() => undefined)]).then(([, acknowledged]) => {
        if (this.destroyed || this.store !== store) return;
        // Restored once connecting (after the timeout), the update handler already marked it unsaved.
        if (!this.connecting && hasUnacknowledged(this.doc, acknowledged)) this.update({ dirty: true });
        this.update({ local: 'on' });
      });
      await restored.catch(() => this.storeFailed(store));
    } catch {
      if (!this.destroyed) this.update({ local: 'off' });
    }
  }

  /** Starts (or restarts, for a new attempt) or stops the watch over a connection attempt. */
  private watchConnecting(connecting: boolean): void {
    if (this.connectTimer !== null) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    if (!connecting || this.destroyed) return;
    this.connectTimer = setTimeout(() => {
      this.connectTimer = null;
      if (this.destroyed || this.state.connection === 'closed') return;
      // A new socket at once; y-websocket announces it as "connecting", which watches it in turn.
      this.provider.disconnect();
      this.provider.connect();
    }, this.connectTimeout);
  }

  private storeFailed(store: LocalDocStore): void {
    if (this.store !== store || this.destroyed) return;
    this.store = null;
    void store.destroy().catch(() => undefined);
    this.update({ local: 'off' });
  }

  /** The server has everything of the doc (nothing unacknowledged): remember that state, at most every acknowledgeDelay ms. */
  private scheduleAcknowledged(): void {
    if (!this.store || this.acknowledgeTimer !== null) return;
    this.acknowledgeTimer = setTimeout(() => {
      this.acknowledgeTimer = null;
      this.writeAcknowledged();
    }, acknowledgeDelay);
  }

  private writeAcknowledged(): void {
    const store = this.store;
    if (!store || this.destroyed || this.state.dirty || this.state.local !== 'on') return;
    store.set(acknowledgedKey, Y.encodeSnapshot(Y.snapshot(this.doc))).catch(() => undefined);
  }

  /** The doc is gone or out of reach (4403, 4404): what this device kept of it goes too. */
  private clearLocal(): void {
    const store = this.store;
    this.store = null;
    if (this.acknowledgeTimer !== null) clearTimeout(this.acknowledgeTimer);
    this.acknowledgeTimer = null;
    if (store) void store.clearData().catch(() => undefined);
    if (this.state.local !== 'off') this.update({ local: 'off' });
  }

  private update(changes: Partial<SessionState>): void {
    this.state = { ...this.state, ...changes };
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * A close the provider will not retry. 4401 (the credentials expired or are gone): one token
   * refresh and one new connection; the rest end the session with their message.
   */
  private onClosed(code: number): void {
    this.watchConnecting(false);
    if (code === collabCloseCodes.accessRevoked || code === collabCloseCodes.docDeleted) this.clearLocal();
    const refresh = this.refresh;
    if (code !== collabCloseCodes.unauthenticated || !refresh || this.refreshTried) {
      this.update({ connection: 'closed', closeCode: code });
      return;
    }
    this.refreshTried = true;
    this.update({ connection: 'connecting' });
    refresh().then(
      () => {
        if (!this.destroyed) this.provider.connect();
      },
      () => {
        if (!this.destroyed) this.update({ connection: 'closed', closeCode: code });
      },
    );
  }

  private onSaved(count: number): void {
    const caughtUp = count >= this.state.sent;
    const stored = caughtUp && this.state.dirty;
    this.update({ acknowledged: count, ...(stored ? { dirty: false, lastSavedAt: this.now() } : {}) });
    // Everything typed here is now on the server: the state the device keeps is saved.
    if (stored) this.writeAcknowledged();
  }

  /** Each new socket is a new connection for the server, whose `saved` count starts again at 0. */
  private socketClass(Base: SocketClass): SocketClass {
    const opened = () => this.update({ sent: 0, acknowledged: 0 });
    const sending = (data: unknown) => {
      if (isCountedMessage(data)) this.update({ sent: this.state.sent + 1 });
    };
    return class CountingSocket extends Base {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        opened();
      }

      override send(data: Parameters<WebSocket['send']>[0]): void {
        super.send(data);
        sending(data);
      }
    };
  }
}

/**
 * Whether the doc (just restored from the device) holds anything the server did not acknowledge:
 * anything outside the last acknowledged snapshot, or anything at all when there is none.
 */
export function hasUnacknowledged(doc: Y.Doc, acknowledged: unknown): boolean {
  const restored = Y.snapshot(doc);
  if (restored.sv.size === 0 && restored.ds.clients.size === 0) return false;
  if (!(acknowledged instanceof Uint8Array)) return true;
  try {
    return !Y.snapshotContainsUpdate(Y.decodeSnapshot(acknowledged), Y.encodeStateAsUpdate(doc));
  } catch {
    return true;
  }
}
