import * as Y from 'yjs';
import { collabCloseCodes } from '#shared/docs';
import type { UnitOfWork } from '../core/commands';
import type { StoredEvent } from '../core/events';
import type { Services } from '../graphql/context';
import { decideContentActivity } from '../domains/docs/commands';
import { docStream } from '../domains/docs/events';
import { findDocRow } from '../domains/docs/state';
import { judgeAgain, type Grant } from './access';
import { ActivityDebouncer, type ActivityRecord } from './activity';
import { UpdateBatcher } from './batcher';
import { DocContentStore } from './persistence';
import type { MentionBaseline } from '../domains/docs/mentions';
import { imageSourcesOf, plainTextOf } from './plainText';
import { recordMentions } from './mentions';
import { recoverDerivedData } from './recovery';
import { Room, type Peer, type RoomOptions } from './room';
import type { Cancel } from '../core/jobs';
import type { Message } from 'mqemitter';
import { randomHex } from '../core/ids';

/** Where the rooms report what went wrong (the server's logger once the routes are registered). */
export interface CollabLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const consoleLogger: CollabLogger = {
  error: (details, message) => console.error(message, details),
  warn: (details, message) => console.warn(message, details),
  info: () => undefined,
};

/** An open connection: the room's peer with the grant it was let in with. */
export interface Connection extends Peer {
  grant: Grant;
}

interface LoadedRoom {
  room: Room;
  connections: Set<Connection>;
  /** Made on the room's first stored edit: a room only read needs none. */
  activity: ActivityDebouncer | null;
  cancelUnload: Cancel | null;
  /** The doc's team, read when the room is loaded (null if the doc was not found then: judged on any event). */
  teamId: string | null;
  /** What the room's last record of the doc's mentions left, so the next reads only the entries after it. */
  mentionBaseline: MentionBaseline | null;
}

/**
 * What a process's doc rooms hand on to the other processes' rooms of the same doc (issue 22), through the live
 * publish interface (Redis between processes): a stored update, an awareness change, or a call to catch up from storage.
 */
export const docRoomsTopic = 'doc-rooms';

interface RoomNotice {
  /** The process whose RoomManager sent it (its id in the cluster registry): a manager skips its own. */
  source: string;
  docId: string;
  /** Base64 of a stored update. */
  update?: string;
  /** Base64 of an awareness update. */
  awareness?: string;
  /** The sender's notices may have been lost (its Redis was away): read the doc's stored content again. */
  catchUp?: true;
}

const base64Of = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
const bytesOfBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** A room under a stream of updates compacts at most this often (see RoomOptions.minimumCompactionIntervalMs). */
export const minimumCompactionIntervalMs = 2000;

const userEvents = new Set(['user.signed_out', 'user.password_changed', 'user.api_token_revoked']);

/** Events after which open connections are judged again: membership, roles, spaces, teams, sign-outs, docs. */
const mayChangeAccess = (event: StoredEvent) =>
  event.type !== 'doc.updated' && (/^(project|team|doc)\./.test(event.type) || userEvents.has(event.type));

/** What a batch of events may have changed: the teams, docs and users whose connections are judged again. */
export interface AccessScope {
  teams: Set<string>;
  docs: Set<string>;
  users: Set<string>;
  /** An access event without the ids to narrow it (no team, doc or user): every room is judged. */
  everything: boolean;
}

export function accessScopeOf(events: readonly StoredEvent[]): AccessScope | null {
  const scope: AccessScope = { teams: new Set(), docs: new Set(), users: new Set(), everything: false };
  let any = false;
  for (const event of events) {
    if (!mayChangeAccess(event)) continue;
    any = true;
    const payload = (event.payload ?? {}) as { docId?: unknown; userId?: unknown };
    if (userEvents.has(event.type)) {
      if (typeof payload.userId === 'string') scope.users.add(payload.userId);
      else scope.everything = true;
    } else if (event.type.startsWith('doc.')) {
      if (typeof payload.docId === 'string') scope.docs.add(payload.docId);
      else if (event.teamId) scope.teams.add(event.teamId);
      else scope.everything = true;
    } else if (event.teamId) scope.teams.add(event.teamId);
    else scope.everything = true;
  }
  return any ? scope : null;
}

/**
 * Whether the scope concerns a loaded room as a whole (its doc, its team, or a room whose team is
 * unknown), and which of its connections are to be judged again: all of them then, else only those
 * of the users in scope (none for a room of another team).
 */
export function roomInScope(
  scope: AccessScope,
  docId: string,
  teamId: string | null,
  connections: Iterable<Connection>,
): { whole: boolean; connections: Connection[] } {
  const all = [...connections];
  if (scope.everything || teamId === null || scope.docs.has(docId) || scope.teams.has(teamId)) return { whole: true, connections: all };
  if (scope.users.size === 0) return { whole: false, connections: [] };
  return {
    whole: false,
    connections: all.filter((connection) => connection.grant.kind === 'member' && scope.users.has(connection.grant.userId)),
  };
}

/**
 * The doc rooms of one server: loaded on the first connection, unloaded (compacted, activity
 * recorded) a grace period after the last one leaves, all persisted and closed on shutdown. Their
 * updates are applied and broadcast on arrival, stored by one batcher (one unit of the command door per
 * batch, one batch at a time) and acknowledged to their senders once their unit committed durably.
 */
export class RoomManager {
  private readonly rooms = new Map<string, LoadedRoom>();
  /** Rooms being loaded: a second connection to the doc waits for the same load. */
  private readonly loading = new Map<string, Promise<LoadedRoom>>();
  /** Rooms being unloaded (stored, compacted): a connection to the doc meanwhile waits for it, then loads the doc anew. */
  private readonly unloading = new Map<string, Promise<void>>();
  /** Connections waiting for their room to load; one that closes meanwhile leaves this set and never joins. */
  private readonly arriving = new Set<Connection>();
  /** Each room's entry, also while it is being unloaded (its compaction records what it derived first). */
  private readonly loadedOf = new WeakMap<Room, LoadedRoom>();
  private readonly store: DocContentStore;
  private readonly batcher: UpdateBatcher;
  /** Image sources per doc, with the content version they were read at (see imageSources). */
  private readonly images = new Map<string, { version: number; sources: ReadonlySet<string> }>();
  /** One for every room (its callbacks are told which room calls). */
  private readonly roomOptions: RoomOptions;
  /** Start-up recovery: rooms load once it is done. */
  private recovered: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /**
   * With several processes (services.redis set), rooms of one doc may be open on several of them: each hands on what
   * it stores, and this names this manager's notices. Null for one process.
   */
  private readonly sharing: { source: string; heardWhileLoading: Map<string, RoomNotice[]> } | null;
  logger: CollabLogger = consoleLogger;

  constructor(private readonly services: Services) {
    this.store = new DocContentStore(services.store, services.database.db);
    this.batcher = new UpdateBatcher(this.store, (error, message) => this.logger.error({ err: error }, message));
    const { collab } = services.config;
    this.roomOptions = {
      compactAfter: collab.compactAfter,
      minimumCompactionIntervalMs,
      // Several processes on one PostgreSQL may hold rooms of one doc (without Redis they do not hear each other, but
      // nothing either stored may be merged away).
      compactFromStorage: services.config.database.kind === 'postgres',
      maxMessageBytes: collab.maxMessageBytes,
      batcher: this.batcher,
      onEdit: (userId, rowId, at, room) => this.noteEdit(room, userId, rowId, at),
      // Compaction forgets who wrote the rows: their activity and the text are recorded first.
      beforeCompact: async (room) => await this.recordDerived(room),
      // Emptiness is the manager's to judge (disconnect): a rejected socket leaves through it too.
      onReject: (peer) => this.disconnect(peer as Connection),
      onUnstored: (room) => this.forgetUnstored(room),
      onError: (error, message, room) => this.logger.error({ err: error, docId: room.docId }, message),
      onRefusal: (error, message, room) => this.logger.warn({ err: error, docId: room.docId }, message),
    };
    // The source is this process's id in the cluster registry (REDIS_URL needs PostgreSQL, which has one).
    this.sharing = services.redis ? { source: services.cluster?.processId ?? randomHex(8), heardWhileLoading: new Map() } : null;
    if (this.sharing) {
      this.roomOptions.shared = {
        onStored: (room, update) => this.handOn({ docId: room.docId, update: base64Of(update) }),
        onAwareness: (room, update) => this.handOn({ docId: room.docId, awareness: base64Of(update) }),
      };
    }
  }

  private handOn(notice: Omit<RoomNotice, 'source'>): void {
    if (!this.sharing) return;
    this.services.live.emitter.emit({ topic: docRoomsTopic, payload: { ...notice, source: this.sharing.source } satisfies RoomNotice });
  }

  private readonly onRoomNotice = (message: Message, done: () => void) => {
    done();
    const notice = (message as Message & { payload: RoomNotice }).payload;
    if (!this.sharing || notice.source === this.sharing.source) return;
    const waiting = this.sharing.heardWhileLoading.get(notice.docId);
    if (waiting) return void waiting.push(notice);
    const loaded = this.rooms.get(notice.docId);
    if (loaded) this.applyNotice(loaded, notice);
  };

  private applyNotice(loaded: LoadedRoom, notice: RoomNotice): void {
    if (notice.update !== undefined) loaded.room.applyStored(bytesOfBase64(notice.update));
    if (notice.awareness !== undefined) loaded.room.applyAwareness(bytesOfBase64(notice.awareness));
    if (notice.catchUp) void this.catchUp(notice.docId, loaded);
  }

  /** Applies what is stored of the doc to its room: whatever another process stored and this one did not hear of. */
  private async catchUp(docId: string, loaded: LoadedRoom): Promise<void> {
    try {
      const content = await this.store.load(docId);
      if (this.rooms.get(docId) !== loaded) return;
      const stored = [...(content.snapshot ? [content.snapshot] : []), ...content.updates.map((row) => row.data)];
      if (stored.length > 0) loaded.room.applyStored(Y.mergeUpdates(stored));
    } catch (error) {
      this.logger.error({ err: error, docId }, 'a doc room could not catch up with what other processes stored');
    }
  }

  /**
   * With several processes: hears the other processes' rooms, and after Redis comes back (notices may have been lost
   * both ways) catches every room up from storage and asks the others to do the same for these docs.
   */
  async startSharing(): Promise<() => void> {
    const sharing = this.sharing;
    const redis = this.services.redis;
    if (!sharing || !redis) return () => undefined;
    const emitter = this.services.live.emitter;
    await new Promise<void>((resolve) => emitter.on(docRoomsTopic, this.onRoomNotice, () => resolve()));
    let stopped = false;
    redis.onReconnected(() => {
      if (stopped) return;
      for (const [docId, loaded] of this.rooms) {
        void this.catchUp(docId, loaded);
        this.handOn({ docId, catchUp: true });
      }
    });
    return () => {
      stopped = true;
      emitter.removeListener(docRoomsTopic, this.onRoomNotice);
    };
  }

  /**
   * Records what a crash may have left unrecorded (activity, last-edited time, plain text) for
   * every doc with update rows; run once at start: rooms load once it is done.
   */
  async recover(): Promise<{ docs: number; entries: number }> {
    const recovering = recoverDerivedData(this.services, this.store, (error, docId) =>
      this.logger.error({ err: error, docId }, 'doc activity and text could not be recovered'),
    );
    this.recovered = recovering.catch(() => undefined);
    return await recovering;
  }

  /** Resolves once start-up recovery is done (or failed, which it logged): the server listens only then. */
  async whenRecovered(): Promise<void> {
    await this.recovered;
  }

  get loadedRooms(): number {
    return this.rooms.size;
  }

  /** The room of a doc if it is in memory (for tests and the benchmark). */
  roomOf(docId: string): Room | undefined {
    return this.rooms.get(docId)?.room;
  }

  /**
   * Whether a doc's room is gone and everything its unload stores (the last rows, the compaction, the activity record
   * with the doc's text) has committed: a room leaves the map before those units run (for tests and the benchmark).
   */
  isUnloaded(docId: string): boolean {
    return !this.rooms.has(docId) && !this.unloading.has(docId);
  }

  /** Reads a doc's content: the room's doc while loaded, else a copy loaded from storage for `read` only. */
  async readContent<Result>(docId: string, read: (doc: Y.Doc) => Result): Promise<Result> {
    const loaded = this.rooms.get(docId);
    if (loaded) return read(loaded.room.doc);
    const content = await this.store.load(docId);
    // Loaded meanwhile: the room's doc holds the stored content and what is on its way to storage.
    const loadedMeanwhile = this.rooms.get(docId);
    if (loadedMeanwhile) return read(loadedMeanwhile.room.doc);
    const doc = new Y.Doc();
    try {
      for (const update of [...(content.snapshot ? [content.snapshot] : []), ...content.updates.map((row) => row.data)])
        Y.applyUpdate(doc, update);
      return read(doc);
    } finally {
      doc.destroy();
    }
  }

  /**
   * The `src` of every image in a doc, for public-link image signing. Memoised per doc and content
   * version (the newest stored row's id, one indexed query): the public page signs each image with
   * its own call, and without this every call rebuilt the whole doc from storage when its room was
   * not loaded. The room's doc holds the stored rows and at most the updates still on their way to
   * the disk (stored within milliseconds, which changes the version; or, if refused, the room is let
   * go and its entry forgotten), so the version keys both.
   */
  async imageSources(docId: string): Promise<ReadonlySet<string>> {
    const version = await this.store.contentVersion(docId);
    const cached = this.images.get(docId);
    if (cached && cached.version === version) return cached.sources;
    const sources = await this.readContent(docId, (doc) => imageSourcesOf(doc));
    this.images.delete(docId);
    this.images.set(docId, { version, sources });
    // Bounded: the oldest entry goes first (a Map keeps insertion order).
    if (this.images.size > 500) this.images.delete(this.images.keys().next().value!);
    return sources;
  }

  /**
   * Lets a connection into its doc's room, loading the room first if needed: the room, or null when the server is
   * stopping or the connection closed (disconnect) while the room loaded.
   */
  async connect(connection: Connection): Promise<Room | null> {
    if (this.stopped) {
      connection.close(collabCloseCodes.shuttingDown, 'The server is shutting down. Reconnect in a moment.');
      return null;
    }
    const docId = connection.grant.docId;
    let loaded = this.rooms.get(docId);
    if (!loaded) {
      this.arriving.add(connection);
      try {
        loaded = await this.load(docId);
      } catch (error) {
        this.arriving.delete(connection);
        throw error;
      }
      // It left while the room loaded (its socket closed): it does not join.
      if (!this.arriving.delete(connection)) {
        if (loaded.connections.size === 0) this.scheduleUnload(docId);
        return null;
      }
      if (this.stopped || this.rooms.get(docId) !== loaded) {
        connection.close(collabCloseCodes.shuttingDown, 'The doc was unloaded. Reconnect.');
        return null;
      }
    }
    loaded.cancelUnload?.();
    loaded.cancelUnload = null;
    loaded.connections.add(connection);
    loaded.room.join(connection);
    return loaded.room;
  }

  /**
   * The manager owns emptiness: a connection leaves its room here (also when the room rejected it,
   * see RoomOptions.onReject), and the room's unload is scheduled once no connection is left.
   */
  disconnect(connection: Connection): void {
    if (this.arriving.delete(connection)) return;
    const loaded = this.rooms.get(connection.grant.docId);
    if (!loaded || !loaded.connections.delete(connection)) return;
    loaded.room.leave(connection);
    if (loaded.connections.size === 0) this.scheduleUnload(connection.grant.docId);
  }

  /**
   * Judges the open connections these events may concern (rooms of the teams they touched, the
   * room of a doc event's doc, the connections of a signed-out user); closes or demotes those
   * that lost access. Rooms of other teams are left alone: nothing is queried for them.
   */
  async onCommitted(events: readonly StoredEvent[]): Promise<void> {
    if (this.rooms.size === 0) return;
    const scope = accessScopeOf(events);
    if (!scope) return;
    const deleted = new Set(
      events.filter((event) => event.type === 'doc.deleted').map((event) => (event.payload as { docId: string }).docId),
    );
    for (const [docId, loaded] of [...this.rooms]) {
      const { whole, connections: judged } = roomInScope(scope, docId, loaded.teamId, loaded.connections);
      if (!whole && judged.length === 0) continue;
      const row = deleted.has(docId) ? undefined : await findDocRow(this.services.database.db, docId);
      // Unloaded or replaced while the doc was read.
      if (this.rooms.get(docId) !== loaded) continue;
      if (!row) {
        this.drop(docId, loaded, collabCloseCodes.docDeleted, 'This doc was deleted.');
        continue;
      }
      loaded.teamId = row.teamId;
      for (const connection of judged) {
        const verdict = await judgeAgain(this.services, connection.grant);
        if (!loaded.connections.has(connection)) continue;
        if (!verdict) {
          connection.close(
            collabCloseCodes.accessRevoked,
            connection.grant.kind === 'share' ? 'This doc is no longer shared.' : 'You no longer have access to this doc.',
          );
          this.disconnect(connection);
        } else if (verdict.writable !== connection.writable) {
          if (connection.grant.kind === 'member') connection.grant.writable = verdict.writable;
          loaded.room.setAccess(connection, verdict.writable, connection.awareness);
        }
      }
    }
  }

  /** Stores what waits, then compacts and closes every room (shutdown); resolves once all of it is stored. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    // Stored and acknowledged while the sockets are still open.
    await this.batcher.flush().catch((error: unknown) => this.logger.error({ err: error }, 'doc updates could not be stored on shutdown'));
    await Promise.allSettled([...this.loading.values()]);
    for (const [docId, loaded] of [...this.rooms]) {
      loaded.room.close(collabCloseCodes.shuttingDown, 'The server is restarting. Reconnecting…');
      await this.unload(docId, loaded);
    }
    await Promise.allSettled([...this.unloading.values()]);
  }

  private async load(docId: string): Promise<LoadedRoom> {
    const existing = this.rooms.get(docId);
    if (existing) return existing;
    let loading = this.loading.get(docId);
    if (!loading) {
      loading = this.loadNow(docId).finally(() => this.loading.delete(docId));
      this.loading.set(docId, loading);
    }
    return await loading;
  }

  private async loadNow(docId: string): Promise<LoadedRoom> {
    await this.recovered;
    // An unload of the doc under way is stored first, so the room loads what it stored.
    while (this.unloading.has(docId)) await this.unloading.get(docId);
    const row = await findDocRow(this.services.database.db, docId);
    // What other processes' rooms hand on while this one loads is applied once it is loaded: none is missed between
    // the read of storage and the room's first notice.
    const heard: RoomNotice[] = [];
    this.sharing?.heardWhileLoading.set(docId, heard);
    let room: Room;
    try {
      room = await Room.open(docId, this.store, this.roomOptions);
    } finally {
      this.sharing?.heardWhileLoading.delete(docId);
    }
    const loaded: LoadedRoom = {
      room,
      connections: new Set(),
      activity: null,
      cancelUnload: null,
      teamId: row?.teamId ?? null,
      mentionBaseline: null,
    };
    this.rooms.set(docId, loaded);
    this.loadedOf.set(room, loaded);
    for (const notice of heard) this.applyNotice(loaded, notice);
    return loaded;
  }

  private scheduleUnload(docId: string): void {
    const loaded = this.rooms.get(docId);
    if (!loaded || this.stopped) return;
    loaded.cancelUnload?.();
    loaded.cancelUnload = this.services.jobs.after('docs: unload an empty room', this.services.config.collab.unloadGraceMs, async () => {
      if (loaded.connections.size === 0 && this.rooms.get(docId) === loaded) await this.unload(docId, loaded);
    });
  }

  /** Takes the room out of the map at once (a connection then waits for this to finish), then stores and compacts it. */
  private async unload(docId: string, loaded: LoadedRoom): Promise<void> {
    loaded.cancelUnload?.();
    if (this.rooms.get(docId) !== loaded) return;
    this.rooms.delete(docId);
    const unloading = this.persist(docId, loaded).finally(() => {
      this.unloading.delete(docId);
      loaded.room.destroy();
    });
    this.unloading.set(docId, unloading);
    await unloading;
  }

  private async persist(docId: string, loaded: LoadedRoom): Promise<void> {
    try {
      // A doc deleted with its space (no doc.deleted of its own) must not get its content back.
      if (!(await findDocRow(this.services.database.db, docId))) {
        this.images.delete(docId);
        loaded.activity?.cancel();
        loaded.room.close(collabCloseCodes.docDeleted, 'This doc was deleted.');
        return;
      }
      await loaded.room.flushPending();
      await loaded.activity?.flushAll();
      await loaded.room.compact();
    } catch (error) {
      // The rows stay (nothing was merged): start-up recovery or the next load records from them.
      this.logger.error({ err: error, docId }, 'doc room could not be persisted on unload');
    }
  }

  /** A deleted doc: its content is already gone with it, so nothing is stored or recorded. */
  private drop(docId: string, loaded: LoadedRoom, code: number, reason: string): void {
    loaded.cancelUnload?.();
    if (this.rooms.get(docId) === loaded) this.rooms.delete(docId);
    this.images.delete(docId);
    loaded.activity?.cancel();
    loaded.room.close(code, reason);
    loaded.room.destroy();
  }

  /**
   * A room whose applied updates could not be stored (it closed its connections): forgotten without
   * compaction, so the next connection loads what is stored and the clients send the rest again.
   * The activity of its edits that were stored is recorded now (or, failing that, at the next start).
   */
  private forgetUnstored(room: Room): void {
    const loaded = this.rooms.get(room.docId);
    if (loaded?.room !== room) return;
    loaded.cancelUnload?.();
    this.rooms.delete(room.docId);
    this.images.delete(room.docId);
    const activity = loaded.activity;
    if (!activity) return room.destroy();
    const recording = activity
      .flushAll()
      .catch((error: unknown) =>
        this.logger.error({ err: error, docId: room.docId }, 'doc activity could not be recorded; recorded at the next start'),
      )
      .finally(() => {
        activity.cancel();
        room.destroy();
        this.unloading.delete(room.docId);
      });
    // The next load waits for it, as for an unload.
    this.unloading.set(room.docId, recording);
  }

  /** A stored edit, for the debounced doc.updated record (the debouncer is made on the room's first edit). */
  private noteEdit(room: Room, userId: string, rowId: number, at: number): void {
    const loaded = this.rooms.get(room.docId);
    if (loaded?.room !== room) return;
    (loaded.activity ??= this.activityOf(room.docId, loaded)).note(userId, rowId, at);
  }

  private activityOf(docId: string, loaded: LoadedRoom): ActivityDebouncer {
    return new ActivityDebouncer(
      this.services.config.collab.activityDebounceMs,
      async (userId, record) => await this.recordActivity(docId, loaded, userId, record),
      (error) => this.logger.error({ err: error, docId }, 'doc activity could not be recorded; kept for the next attempt'),
      (delayMs, task) => this.services.jobs.after('docs: record a doc’s activity', delayMs, task),
    );
  }

  /** Everything waiting for the doc's activity, its plain text and its mentions, recorded now (before a compaction). */
  private async recordDerived(room: Room): Promise<void> {
    const loaded = this.loadedOf.get(room);
    if (!loaded) return;
    const docId = room.docId;
    // Recording activity records the doc's mentions with it.
    const activityWaiting = (loaded.activity?.size ?? 0) > 0;
    await loaded.activity?.flushAll();
    const at = loaded.room.lastEditedAt;
    const text = at ? plainTextOf(loaded.room.doc) : null;
    await this.services.store.run({ actorId: null }, async (unit) => {
      await unit.lock(docStream(docId));
      const row = await findDocRow(unit.transaction, docId);
      if (!row) return;
      if (at && text !== null) await this.store.saveTextIn(unit.transaction, docId, text, at);
      // With none waiting, the rows may still hold mentions no record covers (stored by a room let go, or kept by an
      // unload whose record failed): recorded now, or once merged they would count as always there.
      if (!activityWaiting) loaded.mentionBaseline = await recordMentions(unit, row, loaded.room.doc, loaded.mentionBaseline);
    });
  }

  /**
   * The debounced doc.updated entry (who, how many edits, first and last edit, the newest row it
   * covers), with the doc's plain text refreshed for search and its mentions recorded, in one unit.
   */
  private async recordActivity(docId: string, loaded: LoadedRoom, userId: string, record: ActivityRecord): Promise<void> {
    const live = !loaded.room.isDestroyed;
    const content = live ? { doc: loaded.room.doc, text: plainTextOf(loaded.room.doc) } : null;
    const at = loaded.room.lastEditedAt ?? record.until;
    await this.services.store.run({ actorId: userId }, async (unit) => {
      const baseline = await recordContentActivityIn(unit, this.store, {
        docId,
        userId,
        record,
        at,
        content,
        baseline: loaded.mentionBaseline,
      });
      if (baseline !== undefined) loaded.mentionBaseline = baseline;
    });
  }
}

/**
 * A room's record of someone's edits, in the caller's unit (its actor is the editor): under the doc's stream lock,
 * for a doc that still exists, the doc's plain text as of `at` (when the room's doc is given), the doc.updated entry
 * and, with the room's doc, its mentions. Gives the mention baseline to keep (undefined when nothing was recorded).
 */
export async function recordContentActivityIn(
  unit: UnitOfWork,
  store: DocContentStore,
  input: {
    docId: string;
    userId: string;
    record: ActivityRecord;
    at: Date;
    content: { doc: Y.Doc; text: string } | null;
    baseline: MentionBaseline | null;
  },
): Promise<MentionBaseline | null | undefined> {
  await unit.lock(docStream(input.docId));
  const row = await findDocRow(unit.transaction, input.docId);
  if (!row) return undefined;
  if (input.content) await store.saveTextIn(unit.transaction, input.docId, input.content.text, input.at);
  await unit.append(docStream(input.docId), decideContentActivity(row, input.userId, input.record), { teamId: row.teamId });
  if (!input.content) return undefined;
  return await recordMentions(unit, row, input.content.doc, input.baseline);
}

const managers = new WeakMap<Services, RoomManager>();

/** The server's rooms: one manager per built app. */
export function collabOf(services: Services): RoomManager {
  let manager = managers.get(services);
  if (!manager) managers.set(services, (manager = new RoomManager(services)));
  return manager;
}

/**
 * Started with the docs area: first records what a crash left unrecorded (rooms load once it is done), then rooms
 * hear committed events; stopping stores, compacts and closes every room.
 */
export function startCollab(services: Services): () => Promise<void> {
  const manager = collabOf(services);
  manager
    .recover()
    .then((recovered) => {
      if (recovered.docs > 0)
        manager.logger.info(
          { docs: recovered.docs, entries: recovered.entries },
          'doc activity and text brought up to date after an unclean stop',
        );
    })
    .catch((error: unknown) => manager.logger.error({ err: error }, 'doc activity and text could not be recovered'));
  // The judgements read access asynchronously: a failure is logged, never thrown into the unit that committed.
  const unsubscribe = services.store.onCommitted((events) => {
    manager
      .onCommitted(events)
      .catch((error: unknown) => manager.logger.error({ err: error }, 'doc connections could not be judged again'));
  });
  const stopSharing = manager.startSharing();
  return async () => {
    (await stopSharing)();
    unsubscribe();
    await manager.stop();
  };
}
