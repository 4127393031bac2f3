/**
 * One open doc: its Y.Doc, the y-websocket provider to the doc's room, and what the editor's
 * header shows about it (Saved, Saving…, Offline, read only, closed by the server).
 *
 * "Saved" comes from the server, not from a timer: the server answers every sync-step-2 and
 * update message a connection sends with `saved` (varUint 100, varUint n = how many of them it
 * has stored so far, see shared/src/docs.ts). The session counts what it sends on the current
 * socket (a WebSocket subclass handed to the provider) and calls the doc saved once n catches up.
 */
import * as decoding from 'lib0/decoding';
import type * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { collabCloseCodes, collabMessageTypes } from '#shared/docs';

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

type MessageHandler = (encoder: encoding.Encoder, decoder: decoding.Decoder, provider: never, emitSynced: boolean, messageType: number) => void;

/** The part of y-websocket's WebsocketProvider the session uses (a fake one in tests). */
export interface ProviderLike {
  messageHandlers: MessageHandler[];
  awareness: { setLocalStateField(field: string, value: unknown): void };
  on(event: 'status', listener: (event: { status: 'connected' | 'disconnected' | 'connecting' }) => void): void;
  on(event: 'closed', listener: (event: { code: number; reason: string }) => void): void;
  /** Connects again after a terminal close (y-websocket stops reconnecting on 4400-4499 by itself). */
  connect(): void;
  destroy(): void;
}

type SocketClass = typeof WebSocket;

export interface SessionOptions {
  /** Builds the provider for this doc, with the socket class it must use. */
  createProvider: (doc: Y.Doc, socketClass: SocketClass) => ProviderLike;
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

  constructor(options: SessionOptions) {
    this.now = options.now ?? Date.now;
    this.refresh = options.refresh ?? null;
    const saved = options.lastSavedAt ? Date.parse(options.lastSavedAt) : Number.NaN;
    this.state = { connection: 'connecting', everConnected: false, writable: null, dirty: false, sent: 0, acknowledged: 0, lastSavedAt: Number.isNaN(saved) ? null : saved, closeCode: null };
    this.provider = options.createProvider(this.doc, this.socketClass(options.socketBase ?? globalThis.WebSocket));
    this.provider.messageHandlers[collabMessageTypes.saved] = (_encoder, decoder) => this.onSaved(decoding.readVarUint(decoder));
    this.provider.messageHandlers[collabMessageTypes.access] = (_encoder, decoder) => {
      // The server sends `access` only to a connection it let in: its credentials worked.
      this.refreshTried = false;
      this.update({ writable: decoding.readVarUint(decoder) === 1 });
    };
    this.provider.on('status', ({ status }) => {
      if (this.state.connection === 'closed') return;
      this.update(status === 'connected' ? { connection: 'connected', everConnected: true } : { connection: status === 'connecting' ? 'connecting' : 'disconnected' });
    });
    this.provider.on('closed', ({ code }) => this.onClosed(code));
    // Remote changes arrive with the provider as origin; everything else was typed here.
    this.doc.on('update', (_update: Uint8Array, origin: unknown) => {
      if (origin !== this.provider && !this.state.dirty) this.update({ dirty: true });
    });
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  destroy(): void {
    this.destroyed = true;
    this.listeners.clear();
    this.provider.destroy();
    this.doc.destroy();
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
    this.update({ acknowledged: count, ...(caughtUp && this.state.dirty ? { dirty: false, lastSavedAt: this.now() } : {}) });
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
