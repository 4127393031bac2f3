import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import { collabCloseCodes } from '#shared/docs';
import { encodeAccess, encodeAwareness, encodeSaved, encodeSyncStep1, encodeSyncStep2, encodeUpdate, MalformedMessage, parseClientMessage } from './protocol';
import type { DocContentStore } from './persistence';

/** One open connection to a room, as the room sees it; `writable` and `awareness` may be lowered while it is open. */
export interface Peer {
  /** Who it is; null for a public-link reader. */
  userId: string | null;
  /** Whether its sync updates are stored and applied; a read-only peer's are dropped. */
  writable: boolean;
  /** Whether its awareness (caret, name) is relayed; public-link readers' is not, so they cannot pose as anyone. */
  awareness: boolean;
  send(message: Uint8Array): void;
  close(code: number, reason: string): void;
}

interface Member {
  peer: Peer;
  /** Awareness client ids this connection introduced: removed when it leaves. */
  controlled: Set<number>;
  /** Its sync-step-2 and update messages stored so far (the `saved` counter). */
  saved: number;
}

export interface RoomOptions {
  /** Merge the update rows into the snapshot once this many piled up. */
  compactAfter: number;
  maxMessageBytes: number;
  /** A writer's update was stored (for the debounced doc.updated record). */
  onEdit?: (userId: string) => void;
  /** The last connection left (through `leave`). */
  onEmpty?: () => void;
  /**
   * The room refused a peer (too large, malformed): it must leave now, before its socket closes.
   * When given, the owner takes it out (and calls `leave`), so the owner alone decides when the
   * room is empty; without it the room calls `leave` itself.
   */
  onReject?: (peer: Peer) => void;
  onError?: (error: unknown, message: string) => void;
}

/** A close reason is at most 123 bytes (RFC 6455); longer ones would make `close` throw. */
export function closeReason(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
}

/**
 * Applies a doc's stored snapshot and update rows to `doc`. Kept out of the Room constructor on
 * purpose: closures made in one function share one context in V8, so loading the rows there kept
 * every row (bytes and row objects) alive through the room's long-lived listeners, tripling the
 * memory of a room loaded from a long update log.
 */
function loadStoredContent(doc: Y.Doc, store: DocContentStore, docId: string, onError: RoomOptions['onError']): { lastId: number; pending: number } {
  const content = store.load(docId);
  doc.transact(() => {
    for (const update of [...(content.snapshot ? [{ id: 0, data: content.snapshot }] : []), ...content.updates]) {
      try {
        Y.applyUpdate(doc, update.data);
      } catch (error) {
        // One unreadable row must not make the rest of the doc unreachable.
        onError?.(error, `doc ${docId}: stored update ${update.id} could not be applied`);
      }
    }
  });
  return { lastId: content.lastId, pending: content.updates.length };
}

const isEmptyUpdate = (update: Uint8Array) => update.byteLength === 2 && update[0] === 0 && update[1] === 0;

/**
 * A doc loaded in memory with the connections editing it, speaking the y-websocket protocol.
 * Every update a writer sends is appended to SQLite first, then applied (which broadcasts it to
 * the others), then acknowledged to the sender; a read-only peer's updates are dropped unapplied.
 */
export class Room {
  readonly doc = new Y.Doc();
  readonly awareness: awarenessProtocol.Awareness;
  private readonly members = new Map<Peer, Member>();
  private lastId: number;
  private sinceSnapshot: number;
  private closed = false;
  private destroyed = false;

  constructor(
    readonly docId: string,
    private readonly store: DocContentStore,
    private readonly options: RoomOptions,
  ) {
    const loaded = loadStoredContent(this.doc, store, docId, options.onError);
    this.lastId = loaded.lastId;
    this.sinceSnapshot = loaded.pending;
    this.awareness = new awarenessProtocol.Awareness(this.doc);
    this.awareness.setLocalState(null);
    this.doc.on('update', (update: Uint8Array, origin: unknown) => this.broadcast(encodeUpdate(update), origin));
    this.awareness.on('update', (change: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => this.relayAwareness(change, origin));
  }

  get size(): number {
    return this.members.size;
  }

  /** Updates stored since the last snapshot. */
  get pendingCompaction(): number {
    return this.sinceSnapshot;
  }

  peers(): Peer[] {
    return [...this.members.keys()];
  }

  join(peer: Peer): void {
    if (this.closed) return peer.close(collabCloseCodes.shuttingDown, 'The doc was unloaded. Reconnect.');
    this.members.set(peer, { peer, controlled: new Set(), saved: 0 });
    peer.send(encodeSyncStep1(this.doc));
    peer.send(encodeAccess(peer.writable));
    if (this.awareness.getStates().size > 0) peer.send(encodeAwareness(this.awareness, [...this.awareness.getStates().keys()]));
  }

  leave(peer: Peer): void {
    const member = this.members.get(peer);
    if (!member) return;
    this.members.delete(peer);
    if (!this.closed) awarenessProtocol.removeAwarenessStates(this.awareness, [...member.controlled], null);
    if (this.members.size === 0) this.options.onEmpty?.();
  }

  /** The peer may now only read (or again write): it is told, and what it sends is judged anew. */
  setAccess(peer: Peer, writable: boolean, awareness: boolean): void {
    if (peer.writable === writable && peer.awareness === awareness) return;
    peer.writable = writable;
    peer.awareness = awareness;
    peer.send(encodeAccess(writable));
  }

  receive(peer: Peer, data: Uint8Array): void {
    const member = this.members.get(peer);
    if (!member || this.closed) return;
    if (data.byteLength > this.options.maxMessageBytes) {
      return this.reject(peer, collabCloseCodes.tooLarge, closeReason(`Message too large: ${data.byteLength} bytes, the limit is ${this.options.maxMessageBytes}. Nothing was saved.`));
    }
    let message;
    try {
      message = parseClientMessage(data);
    } catch (error) {
      return this.reject(peer, collabCloseCodes.malformed, closeReason(`Malformed message, nothing was saved: ${error instanceof MalformedMessage ? error.message : 'unreadable'}`));
    }
    switch (message.kind) {
      case 'syncStep1':
        return peer.send(encodeSyncStep2(this.doc, message.stateVector));
      case 'syncStep2':
      case 'update':
        if (peer.writable) this.accept(member, message.update);
        return;
      case 'awareness':
        if (peer.awareness) awarenessProtocol.applyAwarenessUpdate(this.awareness, message.update, peer);
        return;
      case 'queryAwareness':
        return peer.send(encodeAwareness(this.awareness, [...this.awareness.getStates().keys()]));
    }
  }

  /** Stores, applies (broadcasting to the others) and acknowledges one update. */
  private accept(member: Member, update: Uint8Array): void {
    if (!isEmptyUpdate(update)) {
      const id = this.store.append(this.docId, update, member.peer.userId);
      try {
        Y.applyUpdate(this.doc, update, member.peer);
      } catch (error) {
        this.store.remove(id);
        this.options.onError?.(error, `doc ${this.docId}: an update could not be applied`);
        return this.reject(member.peer, collabCloseCodes.malformed, 'Malformed update: it could not be applied, nothing was saved.');
      }
      this.lastId = id;
      this.sinceSnapshot += 1;
      if (member.peer.userId) this.options.onEdit?.(member.peer.userId);
    }
    member.saved += 1;
    member.peer.send(encodeSaved(member.saved));
    if (this.sinceSnapshot >= this.options.compactAfter) this.compact();
  }

  /** Closes a connection that broke the rules; what it sends until the socket is closed is ignored. */
  private reject(peer: Peer, code: number, reason: string): void {
    if (this.options.onReject) this.options.onReject(peer);
    // Leaves even if the owner did not: nothing more is taken from it (a second leave does nothing).
    this.leave(peer);
    peer.close(code, reason);
  }

  /** Merges the stored updates into one snapshot: the state of the doc in memory, which holds exactly them. */
  compact(): void {
    if (this.sinceSnapshot === 0 || this.destroyed) return;
    this.store.compact(this.docId, Y.encodeStateAsUpdate(this.doc), this.lastId);
    this.sinceSnapshot = 0;
  }

  /** Closes every connection; the room takes no more messages. */
  close(code: number, reason: string): void {
    this.closed = true;
    const peers = [...this.members.keys()];
    this.members.clear();
    for (const peer of peers) peer.close(code, closeReason(reason));
  }

  /** Frees the doc; call after close (and after compact, unless the doc is gone). */
  destroy(): void {
    this.closed = true;
    this.destroyed = true;
    this.awareness.destroy();
    this.doc.destroy();
  }

  private broadcast(message: Uint8Array, origin: unknown): void {
    for (const member of this.members.values()) if (member.peer !== origin) member.peer.send(message);
  }

  private relayAwareness(change: { added: number[]; updated: number[]; removed: number[] }, origin: unknown): void {
    const member = this.members.get(origin as Peer);
    if (member) {
      for (const id of change.added) member.controlled.add(id);
      for (const id of change.removed) member.controlled.delete(id);
    }
    const changed = [...change.added, ...change.updated, ...change.removed];
    if (changed.length > 0) this.broadcast(encodeAwareness(this.awareness, changed), null);
  }
}
