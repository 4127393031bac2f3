import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import { collabCloseCodes } from '#shared/docs';
import { UpdateBatcher, type WriteOutcome } from './batcher';
import { encodeAccess, encodeAwareness, encodeSaved, encodeSyncStep1, encodeSyncStep2, encodeUpdate, parseClientMessage } from './protocol';
import type { DocContentStore, StoredContent } from './persistence';

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
  /** Awareness client ids this connection introduced (removed when it leaves); null until it introduces one. */
  controlled: Set<number> | null;
  /** Its sync-step-2 and update messages stored so far (the `saved` counter), and the count last sent to it. */
  saved: number;
  acknowledged: number;
}

/**
 * How a room is run and what it reports. The callbacks are handed the room, so one options object
 * can serve every room of a server (a set of closures per room was a tenth of an open doc's memory).
 */
export interface RoomOptions {
  /** Merge the update rows into the snapshot once this many piled up. */
  compactAfter: number;
  /**
   * A room compacts at most this often while updates keep coming (0: whenever compactAfter is
   * reached): a snapshot re-encodes the whole doc, so under a flood into a big doc compacting every
   * compactAfter updates would cost more than storing them. Unloading always compacts.
   */
  minimumCompactionIntervalMs?: number;
  maxMessageBytes: number;
  /**
   * Where updates are stored: one batch per turn of the event loop, shared by the server's rooms.
   * Without it the room batches its own updates (a room used on its own, in tests and benchmarks).
   */
  batcher?: UpdateBatcher;
  /** A writer's update was stored as row `rowId` at `at` (epoch ms) and applied (for the debounced doc.updated record). */
  onEdit?: (userId: string, rowId: number, at: number, room: Room) => void;
  /**
   * Runs before the update rows are merged into a snapshot, which forgets who wrote them: whatever is
   * derived from them (activity, plain text) must be recorded first. Throwing skips the compaction.
   */
  beforeCompact?: (room: Room) => void | Promise<void>;
  /** The last connection left (through `leave`). */
  onEmpty?: (room: Room) => void;
  /**
   * Updates this room applied and broadcast could not be stored (the batcher refused their batch):
   * the room closed every connection and takes no more messages. Its doc is ahead of what is stored,
   * so the owner must let it go without compacting it; the next connection loads what is stored and
   * the editors who hold those updates send them again when they re-sync (a reader's are dropped).
   * Also called when an update failed part-way through being applied (see `accept`).
   */
  onUnstored?: (room: Room) => void;
  /**
   * The room refused a peer (too large, malformed): it must leave now, before its socket closes.
   * When given, the owner takes it out (and calls `leave`), so the owner alone decides when the
   * room is empty; without it the room calls `leave` itself.
   */
  onReject?: (peer: Peer, room: Room) => void;
  onError?: (error: unknown, message: string, room: Room) => void;
  /**
   * Several processes hold rooms of one doc (issue 22): each update a peer of this room sent is handed on once it is
   * stored, and each awareness change of its peers at once, for the other processes' rooms (applyStored,
   * applyAwareness). Compaction then merges what is stored instead of writing this room's state (compactFromStorage).
   */
  shared?: {
    onStored(room: Room, update: Uint8Array): void;
    onAwareness(room: Room, update: Uint8Array): void;
  };
  /**
   * Compact by merging what is stored rather than writing this room's state (compactStored): on PostgreSQL, where
   * another process may hold a room of the doc and store rows this one has not heard of. Implied by `shared`.
   */
  compactFromStorage?: boolean;
  /** A client's update was refused because it could not be applied: its input, not the server, was at fault. */
  onRefusal?: (error: unknown, message: string, room: Room) => void;
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
 *
 * Rows are applied to a scratch doc whose state is then loaded into `doc` as one update. Yjs merges
 * consecutive insertions of one author into one item by concatenating their strings, and V8 keeps a
 * concatenation as a tree of the pieces (a rope): a doc built from 100 small updates held twice the
 * memory of the same doc loaded from its snapshot, whose strings are read whole. Re-encoding costs
 * one encode and one decode of the doc, once per load.
 */
function loadStoredContent(
  doc: Y.Doc,
  content: StoredContent,
  docId: string,
  onError: (error: unknown, message: string) => void,
): { lastId: number; pending: number } {
  const applyAll = (target: Y.Doc) =>
    target.transact(() => {
      for (const update of [...(content.snapshot ? [{ id: 0, data: content.snapshot }] : []), ...content.updates]) {
        try {
          Y.applyUpdate(target, update.data);
        } catch (error) {
          // One unreadable row must not make the rest of the doc unreachable.
          onError(error, `doc ${docId}: stored update ${update.id} could not be applied`);
        }
      }
    });
  if (content.updates.length === 0) applyAll(doc);
  else {
    const scratch = new Y.Doc({ gc: doc.gc });
    try {
      applyAll(scratch);
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(scratch));
    } finally {
      scratch.destroy();
    }
  }
  return { lastId: content.lastId, pending: content.updates.length };
}

/** The origin of what another process's room handed on: broadcast to every connection here, never handed on again. */
const remoteOrigin = Symbol('another process');

const isEmptyUpdate = (update: Uint8Array) => update.byteLength === 2 && update[0] === 0 && update[1] === 0;

/** What Yjs keeps of updates waiting for ones they depend on: replaced (never edited in place) when it changes. */
interface Pending {
  structs: Uint8Array | null;
  deletions: Uint8Array | null;
}

const pendingOf = (doc: Y.Doc): Pending => ({ structs: doc.store.pendingStructs?.update ?? null, deletions: doc.store.pendingDs });

/**
 * Whether a failed apply changed the doc: deleted something, added structs (a client's clock moved
 * since the transaction began), or parked structs or deletions to apply later. Read only after a
 * failure, so the cost of walking the clients is not paid per update.
 */
function changedBy(doc: Y.Doc, transaction: Y.Transaction | undefined, pendingBefore: Pending): boolean {
  const pending = pendingOf(doc);
  if (pending.structs !== pendingBefore.structs || pending.deletions !== pendingBefore.deletions) return true;
  // Failed before its transaction began (Yjs opens it first): nothing was touched.
  if (!transaction) return false;
  if (transaction.deleteSet.clients.size > 0) return true;
  for (const client of doc.store.clients.keys())
    if (Y.getState(doc.store, client) !== (transaction.beforeState.get(client) ?? 0)) return true;
  return false;
}

/** Fixed close reasons: a client never sees the text of an internal error. */
export const closeReasons = {
  malformed: 'Malformed message, nothing was saved.',
  unappliable: 'Malformed update: it could not be applied, nothing was saved.',
  notStored: 'Recent edits could not be saved. Reconnecting to send them again…',
  unloaded: 'The doc was unloaded. Reconnect.',
  sendFailed: 'A change could not be sent to you. Reconnecting…',
} as const;

/**
 * A doc loaded in memory with the connections editing it, speaking the y-websocket protocol.
 * An update a writer sends that passes the checks (size, well-formed, writable) is applied at once,
 * which broadcasts it to the other connections, and queued for storage (UpdateBatcher: one paced
 * transaction per turn of the event loop); the sender is acknowledged (`saved`) only once its batch
 * is durable. A read-only peer's updates are dropped unapplied.
 *
 * So others may see an update before it is on the disk, never the sender's acknowledgement: a crash
 * in between loses nothing the sender still holds (SECURITY.md), since it has not been told the
 * update is saved, and every editor who received it sends it again when it re-syncs after the
 * restart. Only editors: a read-only connection's sync updates are dropped, so an update seen only
 * by readers after its sender left is lost with a crash (its sender was never told it was saved). If
 * its batch cannot be stored, every connection is closed so that they re-sync with a room loaded
 * from what is stored (onUnstored).
 */
export class Room {
  readonly doc = new Y.Doc();
  /** Made on first use (see `awareness`). */
  private presence: awarenessProtocol.Awareness | null = null;
  private readonly members = new Map<Peer, Member>();
  private readonly batcher: UpdateBatcher;
  private lastId: number;
  /** When the newest update stored in this session was stored (epoch ms), null until one is. */
  private lastStoredAt: number | null = null;
  private lastCompactedAt = Number.NEGATIVE_INFINITY;
  private sinceSnapshot: number;
  private closed = false;
  /** The compaction under way (one at a time: the next is asked for once it is done). */
  private compacting: Promise<void> | null = null;
  /** Let go with its doc ahead of storage (abandon): it must never be compacted. */
  private abandoned = false;
  private destroyed = false;

  /** A room loaded from what is stored of the doc. */
  static async open(docId: string, store: DocContentStore, options: RoomOptions): Promise<Room> {
    return new Room(docId, store, options, await store.load(docId));
  }

  constructor(
    readonly docId: string,
    private readonly store: DocContentStore,
    private readonly options: RoomOptions,
    content: StoredContent,
  ) {
    const report = (error: unknown, message: string) => options.onError?.(error, message, this);
    this.batcher = options.batcher ?? new UpdateBatcher(store, report);
    const loaded = loadStoredContent(this.doc, content, docId, report);
    this.lastId = loaded.lastId;
    this.sinceSnapshot = loaded.pending;
    this.doc.on('update', (update: Uint8Array, origin: unknown) => this.broadcast(encodeUpdate(update), origin));
  }

  /**
   * Who is here (carets, names), made when a connection first speaks of it: an Awareness holds maps,
   * listeners and a timer of its own (about 1 KiB of an open doc's 10), and a doc open in one tab
   * whose provider has not yet sent its presence (or a public reader's, which never does) needs none.
   */
  get awareness(): awarenessProtocol.Awareness {
    if (!this.presence) {
      const awareness = new awarenessProtocol.Awareness(this.doc);
      awareness.setLocalState(null);
      awareness.on('update', (change: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) =>
        this.relayAwareness(change, origin),
      );
      this.presence = awareness;
    }
    return this.presence;
  }

  get size(): number {
    return this.members.size;
  }

  /** When the newest update stored in this session was stored, or null. */
  get lastEditedAt(): Date | null {
    return this.lastStoredAt === null ? null : new Date(this.lastStoredAt);
  }

  /** Whether the room was freed (its doc is gone). */
  get isDestroyed(): boolean {
    return this.destroyed;
  }

  /** Updates stored since the last snapshot. */
  get pendingCompaction(): number {
    return this.sinceSnapshot;
  }

  peers(): Peer[] {
    return [...this.members.keys()];
  }

  join(peer: Peer): void {
    if (this.closed) return peer.close(collabCloseCodes.shuttingDown, closeReasons.unloaded);
    this.members.set(peer, { peer, controlled: null, saved: 0, acknowledged: 0 });
    peer.send(encodeSyncStep1(this.doc));
    peer.send(encodeAccess(peer.writable));
    const presence = this.presence;
    if (presence && presence.getStates().size > 0) peer.send(encodeAwareness(presence, [...presence.getStates().keys()]));
  }

  leave(peer: Peer): void {
    const member = this.members.get(peer);
    if (!member) return;
    this.members.delete(peer);
    if (!this.closed && this.presence && member.controlled)
      awarenessProtocol.removeAwarenessStates(this.presence, [...member.controlled], null);
    if (this.members.size === 0) this.options.onEmpty?.(this);
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
      return this.reject(
        peer,
        collabCloseCodes.tooLarge,
        closeReason(`Message too large: ${data.byteLength} bytes, the limit is ${this.options.maxMessageBytes}. Nothing was saved.`),
      );
    }
    let message;
    try {
      message = parseClientMessage(data);
    } catch {
      return this.reject(peer, collabCloseCodes.malformed, closeReasons.malformed);
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

  /**
   * Applies a writer's update (the doc's update listener broadcasts it to the others), then queues
   * it for storage; the sender is acknowledged once it is durable (settle). An update that cannot be
   * applied closes its sender and is not stored.
   *
   * Yjs may change the doc before it throws (an update that decodes can still fail while its structs
   * are integrated, after the first ones were), and it then broadcasts what changed: the transaction's
   * cleanup runs in a `finally`. The doc is then ahead of storage, and the next compaction would store
   * what the refused update left. So a failure that changed the doc abandons the room, as a refused
   * batch does: every connection re-syncs with a room loaded from storage.
   */
  private accept(member: Member, update: Uint8Array): void {
    const empty = isEmptyUpdate(update);
    if (!empty) {
      // Applied inside a transaction of our own (Yjs nests applyUpdate's in it) to read, on failure, what it changed.
      const attempt: { transaction?: Y.Transaction } = {};
      const pendingBefore = pendingOf(this.doc);
      try {
        Y.transact(
          this.doc,
          (transaction) => {
            attempt.transaction = transaction;
            Y.applyUpdate(this.doc, update, member.peer);
          },
          member.peer,
          false,
        );
      } catch (error) {
        if (!changedBy(this.doc, attempt.transaction, pendingBefore)) {
          this.options.onRefusal?.(error, `doc ${this.docId}: an update could not be applied; its sender was closed`, this);
          return this.reject(member.peer, collabCloseCodes.malformed, closeReasons.unappliable);
        }
        this.options.onError?.(
          error,
          `doc ${this.docId}: an update failed after changing the doc; its sender was closed and the room let go to re-sync from storage`,
          this,
        );
        return this.abandon(member.peer);
      }
    }
    this.batcher.enqueue({
      owner: this,
      docId: this.docId,
      // An empty update stores nothing but is still acknowledged, in its turn.
      update: empty ? null : update,
      userId: member.peer.userId,
      settle: (outcome) => this.settle(member, outcome, update),
      afterBatch: this.acknowledge,
    });
  }

  /** After the batch is durable (or refused): notes the stored update and counts it for the sender's acknowledgement. */
  private settle(member: Member, outcome: WriteOutcome, update: Uint8Array): void {
    if (this.destroyed) return;
    if (!outcome.stored) return this.abandon();
    if (outcome.id !== null) {
      this.lastId = outcome.id;
      this.lastStoredAt = outcome.at;
      this.sinceSnapshot += 1;
      if (member.peer.userId) this.options.onEdit?.(member.peer.userId, outcome.id, outcome.at, this);
      this.options.shared?.onStored(this, update);
    }
    // Acknowledged once the whole batch is settled: one `saved` per connection per batch, with the newest count.
    if (this.members.get(member.peer) === member) member.saved += 1;
    this.compactIfDue();
  }

  /**
   * An update another process's room stored (issue 22): applied and broadcast to every connection here, not stored
   * again. Applying an update twice changes nothing, so one heard again (after a catch-up from storage) is harmless.
   */
  applyStored(update: Uint8Array): void {
    if (this.closed || this.destroyed) return;
    try {
      Y.applyUpdate(this.doc, update, remoteOrigin);
    } catch (error) {
      this.options.onError?.(error, `doc ${this.docId}: an update stored by another process could not be applied`, this);
      return;
    }
    this.sinceSnapshot += 1;
    this.compactIfDue();
  }

  /** Carets and names of another process's connections (issue 22), relayed to this room's. */
  applyAwareness(update: Uint8Array): void {
    if (this.closed || this.destroyed) return;
    try {
      awarenessProtocol.applyAwarenessUpdate(this.awareness, update, remoteOrigin);
    } catch (error) {
      this.options.onError?.(error, `doc ${this.docId}: another process's awareness update could not be applied`, this);
    }
  }

  private compactIfDue(): void {
    if (
      this.sinceSnapshot >= this.options.compactAfter &&
      performance.now() - this.lastCompactedAt >= (this.options.minimumCompactionIntervalMs ?? 0) &&
      !this.compacting
    )
      this.compact().catch((error: unknown) =>
        this.options.onError?.(error, `doc ${this.docId}: its update rows could not be compacted; they stay`, this),
      );
  }

  /**
   * A batch holding updates this room applied and broadcast was not stored: what every connection
   * holds is now ahead of storage, and a sender re-syncing with this doc would be acknowledged for
   * nothing stored. So every connection is closed (a code its provider reconnects after, keeping its
   * state) and the owner lets the room go (onUnstored); the editors send those updates again to a
   * room loaded from storage. `refused`, the sender of an update that failed part-way, is closed as
   * malformed instead (its provider must not come back to send it again); it leaves without `leave`,
   * so the room is never reported empty (and compacted) on the way.
   */
  private abandon(refused?: Peer): void {
    if (this.closed) return;
    this.abandoned = true;
    if (refused) {
      this.members.delete(refused);
      refused.close(collabCloseCodes.malformed, closeReasons.unappliable);
    }
    this.close(collabCloseCodes.shuttingDown, closeReasons.notStored);
    this.options.onUnstored?.(this);
  }

  /** Tells each connection how many of its updates are stored, if that changed (after each batch). */
  private readonly acknowledge = () => {
    for (const member of this.members.values()) {
      if (member.saved === member.acknowledged) continue;
      member.acknowledged = member.saved;
      this.sendOrDrop(member.peer, encodeSaved(member.saved));
    }
  };

  /** Stores what this room has waiting in the batcher now (before an unload), settling it. */
  async flushPending(): Promise<void> {
    await this.batcher.flush();
  }

  /** Closes a connection that broke the rules; what it sends until the socket is closed is ignored. */
  private reject(peer: Peer, code: number, reason: string): void {
    if (this.options.onReject) this.options.onReject(peer, this);
    // Leaves even if the owner did not: nothing more is taken from it (a second leave does nothing).
    this.leave(peer);
    peer.close(code, reason);
  }

  /**
   * Merges the stored updates into one snapshot: the state of the doc in memory, which holds them and
   * possibly updates applied but not yet durable (their rows, stored later, load again harmlessly on top).
   * Never once the room was abandoned: its doc then holds what could not be stored.
   */
  async compact(): Promise<void> {
    // One at a time: a second call waits for the one under way, which covers what was stored when it began.
    while (this.compacting) await this.compacting;
    if (this.sinceSnapshot === 0 || this.destroyed || this.abandoned) return;
    const compacting = this.compactNow();
    this.compacting = compacting;
    try {
      await compacting;
    } finally {
      this.compacting = null;
    }
  }

  private async compactNow(): Promise<void> {
    await this.options.beforeCompact?.(this);
    if (this.destroyed || this.abandoned) return;
    // The doc's state and the newest stored row, taken together: updates stored while the unit runs stay rows.
    const covered = this.sinceSnapshot;
    if (this.options.shared || this.options.compactFromStorage) await this.store.compactStored(this.docId);
    else await this.store.compact(this.docId, Y.encodeStateAsUpdate(this.doc), this.lastId);
    this.sinceSnapshot = Math.max(0, this.sinceSnapshot - covered);
    this.lastCompactedAt = performance.now();
  }

  /** Closes every connection; the room takes no more messages. */
  close(code: number, reason: string): void {
    this.closed = true;
    const peers = [...this.members.keys()];
    this.members.clear();
    for (const peer of peers) peer.close(code, closeReason(reason));
  }

  /** Frees the doc; call after close (and after compact, unless the doc is gone). Updates still waiting are dropped. */
  destroy(): void {
    if (this.destroyed) return;
    this.closed = true;
    this.destroyed = true;
    this.batcher.discard(this);
    this.presence?.destroy();
    this.doc.destroy();
  }

  private broadcast(message: Uint8Array, origin: unknown): void {
    for (const member of this.members.values()) if (member.peer !== origin) this.sendOrDrop(member.peer, message);
  }

  /**
   * Sends to one connection of many. A send that throws concerns that connection only: it must not
   * stop the others' messages nor, from inside the doc's update listener, surface as the failure of
   * the update being applied. The connection has missed a message, so it is closed (4500: its
   * provider reconnects and re-syncs); after a microtask, since this runs inside a Yjs transaction or
   * a loop over the members.
   */
  private sendOrDrop(peer: Peer, message: Uint8Array): void {
    try {
      peer.send(message);
    } catch (error) {
      this.options.onError?.(error, `doc ${this.docId}: a message could not be sent to a connection; it is closed to re-sync`, this);
      queueMicrotask(() => {
        if (this.closed || !this.members.has(peer)) return;
        try {
          this.reject(peer, collabCloseCodes.shuttingDown, closeReasons.sendFailed);
        } catch (closeError) {
          this.options.onError?.(closeError, `doc ${this.docId}: a connection that could not be sent to could not be closed`, this);
        }
      });
    }
  }

  private relayAwareness(change: { added: number[]; updated: number[]; removed: number[] }, origin: unknown): void {
    const member = this.members.get(origin as Peer);
    if (member) {
      for (const id of change.added) (member.controlled ??= new Set()).add(id);
      for (const id of change.removed) member.controlled?.delete(id);
    }
    const changed = [...change.added, ...change.updated, ...change.removed];
    if (changed.length === 0) return;
    this.broadcast(encodeAwareness(this.awareness, changed), null);
    if (origin !== remoteOrigin) this.options.shared?.onAwareness(this, awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed));
  }
}
