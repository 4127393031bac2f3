import * as Y from 'yjs';
import { collabCloseCodes } from '#shared/docs';
import type { StoredEvent } from '../core/events';
import type { Services } from '../graphql/context';
import { decideContentActivity } from '../domains/docs/commands';
import { docStream } from '../domains/docs/events';
import { findDocRow } from '../domains/docs/state';
import { judgeAgain, type Grant } from './access';
import { ActivityDebouncer, type ActivityRecord } from './activity';
import { CommitsWithoutSync } from '../core/sqlite/walSync';
import { UpdateBatcher } from './batcher';
import { DocContentStore } from './persistence';
import type { MentionBaseline } from '../domains/docs/mentions';
import { imageSourcesOf, plainTextOf } from './plainText';
import { recordMentions } from './mentions';
import { recoverDerivedData } from './recovery';
import { Room, type Peer, type RoomOptions } from './room';
import { sqliteEventStoreOf } from '../core/sqlite/eventStore';
import type { Cancel } from '../core/jobs';

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
 * updates are applied and broadcast on arrival, stored by one batcher (one transaction per turn of
 * the event loop) and acknowledged to their senders once their commit is on the disk.
 */
export class RoomManager {
  private readonly rooms = new Map<string, LoadedRoom>();
  private readonly store: DocContentStore;
  private readonly batcher: UpdateBatcher;
  /** Image sources per doc, with the content version they were read at (see imageSources). */
  private readonly images = new Map<string, { version: number; sources: ReadonlySet<string> }>();
  /** One for every room (its callbacks are told which room calls). */
  private readonly roomOptions: RoomOptions;
  private stopped = false;
  logger: CollabLogger = consoleLogger;

  constructor(private readonly services: Services) {
    this.store = new DocContentStore(services.database.sqlite);
    const { walSync, sqlite } = services.database;
    this.batcher = new UpdateBatcher(
      this.store,
      (error, message) => this.logger.error({ err: error }, message),
      undefined,
      undefined,
      // With synchronous=FULL the disk sync of each batch runs off the event loop, as the command door's does.
      walSync ? { commits: new CommitsWithoutSync(sqlite), walSync } : null,
    );
    const { collab } = services.config;
    this.roomOptions = {
      compactAfter: collab.compactAfter,
      minimumCompactionIntervalMs,
      maxMessageBytes: collab.maxMessageBytes,
      batcher: this.batcher,
      onEdit: (userId, rowId, at, room) => this.noteEdit(room, userId, rowId, at),
      // Compaction forgets who wrote the rows: their activity and the text are recorded first.
      beforeCompact: (room) => this.recordDerived(room.docId),
      // Emptiness is the manager's to judge (disconnect): a rejected socket leaves through it too.
      onReject: (peer) => this.disconnect(peer as Connection),
      onUnstored: (room) => this.forgetUnstored(room),
      onError: (error, message, room) => this.logger.error({ err: error, docId: room.docId }, message),
      onRefusal: (error, message, room) => this.logger.warn({ err: error, docId: room.docId }, message),
    };
  }

  /**
   * Records what a crash may have left unrecorded (activity, last-edited time, plain text) for
   * every doc with update rows; run once at start, before any room loads.
   */
  recover(): { docs: number; entries: number } {
    return recoverDerivedData(this.services, this.store, (error, docId) =>
      this.logger.error({ err: error, docId }, 'doc activity and text could not be recovered'),
    );
  }

  get loadedRooms(): number {
    return this.rooms.size;
  }

  /** The room of a doc if it is in memory (for tests and the benchmark). */
  roomOf(docId: string): Room | undefined {
    return this.rooms.get(docId)?.room;
  }

  /** Reads a doc's content: the room's doc while loaded, else a copy loaded from storage for `read` only. */
  readContent<Result>(docId: string, read: (doc: Y.Doc) => Result): Result {
    const loaded = this.rooms.get(docId);
    if (loaded) return read(loaded.room.doc);
    const content = this.store.load(docId);
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
  imageSources(docId: string): ReadonlySet<string> {
    const version = this.store.contentVersion(docId);
    const cached = this.images.get(docId);
    if (cached && cached.version === version) return cached.sources;
    const sources = this.readContent(docId, (doc) => imageSourcesOf(doc));
    this.images.delete(docId);
    this.images.set(docId, { version, sources });
    // Bounded: the oldest entry goes first (a Map keeps insertion order).
    if (this.images.size > 500) this.images.delete(this.images.keys().next().value!);
    return sources;
  }

  connect(connection: Connection): Room | null {
    if (this.stopped) {
      connection.close(collabCloseCodes.shuttingDown, 'The server is shutting down. Reconnect in a moment.');
      return null;
    }
    const loaded = this.load(connection.grant.docId);
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
  onCommitted(events: readonly StoredEvent[]): void {
    if (this.rooms.size === 0) return;
    const scope = accessScopeOf(events);
    if (!scope) return;
    const deleted = new Set(
      events.filter((event) => event.type === 'doc.deleted').map((event) => (event.payload as { docId: string }).docId),
    );
    for (const [docId, loaded] of [...this.rooms]) {
      const { whole, connections: judged } = roomInScope(scope, docId, loaded.teamId, loaded.connections);
      if (!whole && judged.length === 0) continue;
      const row = deleted.has(docId) ? undefined : findDocRow(this.services.database.db, docId);
      if (!row) {
        this.drop(docId, loaded, collabCloseCodes.docDeleted, 'This doc was deleted.');
        continue;
      }
      loaded.teamId = row.teamId;
      for (const connection of judged) {
        const verdict = judgeAgain(this.services, connection.grant);
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

  /** Stores what waits, then compacts and closes every room (shutdown). */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    // Stored and acknowledged while the sockets are still open.
    this.batcher.flush();
    for (const [docId, loaded] of [...this.rooms]) {
      loaded.room.close(collabCloseCodes.shuttingDown, 'The server is restarting. Reconnecting…');
      this.unload(docId, loaded);
    }
  }

  private load(docId: string): LoadedRoom {
    const existing = this.rooms.get(docId);
    if (existing) return existing;
    const room = new Room(docId, this.store, this.roomOptions);
    const loaded: LoadedRoom = {
      room,
      connections: new Set(),
      activity: null,
      cancelUnload: null,
      teamId: findDocRow(this.services.database.db, docId)?.teamId ?? null,
      mentionBaseline: null,
    };
    this.rooms.set(docId, loaded);
    return loaded;
  }

  private scheduleUnload(docId: string): void {
    const loaded = this.rooms.get(docId);
    if (!loaded || this.stopped) return;
    loaded.cancelUnload?.();
    loaded.cancelUnload = this.services.jobs.after('docs: unload an empty room', this.services.config.collab.unloadGraceMs, () => {
      if (loaded.connections.size === 0 && this.rooms.get(docId) === loaded) this.unload(docId, loaded);
    });
  }

  private unload(docId: string, loaded: LoadedRoom): void {
    loaded.cancelUnload?.();
    // A doc deleted with its space (no doc.deleted of its own) must not get its content back.
    if (!findDocRow(this.services.database.db, docId))
      return this.drop(docId, loaded, collabCloseCodes.docDeleted, 'This doc was deleted.');
    try {
      loaded.room.flushPending();
      loaded.activity?.flushAll();
      loaded.room.compact();
    } catch (error) {
      // The rows stay (nothing was merged): start-up recovery or the next load records from them.
      this.logger.error({ err: error, docId }, 'doc room could not be persisted on unload');
    } finally {
      this.rooms.delete(docId);
      loaded.room.destroy();
    }
  }

  /** A deleted doc: its content is already gone with it, so nothing is stored or recorded. */
  private drop(docId: string, loaded: LoadedRoom, code: number, reason: string): void {
    loaded.cancelUnload?.();
    this.rooms.delete(docId);
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
    try {
      loaded.activity?.flushAll();
    } catch (error) {
      this.logger.error({ err: error, docId: room.docId }, 'doc activity could not be recorded; recorded at the next start');
    }
    loaded.activity?.cancel();
    room.destroy();
  }

  /** A stored edit, for the debounced doc.updated record (the debouncer is made on the room's first edit). */
  private noteEdit(room: Room, userId: string, rowId: number, at: number): void {
    const loaded = this.rooms.get(room.docId);
    if (loaded?.room !== room) return;
    (loaded.activity ??= this.activityOf(room.docId)).note(userId, rowId, at);
  }

  private activityOf(docId: string): ActivityDebouncer {
    return new ActivityDebouncer(
      this.services.config.collab.activityDebounceMs,
      (userId, record) => this.recordActivity(docId, userId, record),
      (error) => this.logger.error({ err: error, docId }, 'doc activity could not be recorded; kept for the next attempt'),
      (delayMs, task) => this.services.jobs.after('docs: record a doc’s activity', delayMs, task),
    );
  }

  /** Everything waiting for the doc's activity, its plain text and its mentions, recorded now (before a compaction). */
  private recordDerived(docId: string): void {
    const loaded = this.rooms.get(docId);
    if (!loaded) return;
    // Recording activity records the doc's mentions with it.
    const activityWaiting = (loaded.activity?.size ?? 0) > 0;
    loaded.activity?.flushAll();
    const at = loaded.room.lastEditedAt;
    if (at) this.store.saveText(docId, plainTextOf(loaded.room.doc), at);
    // With none waiting, the rows may still hold mentions no record covers (stored by a room let go, or kept by an
    // unload whose record failed): recorded now, or once merged they would count as always there.
    const row = activityWaiting ? undefined : findDocRow(this.services.database.db, docId);
    if (row)
      loaded.mentionBaseline = sqliteEventStoreOf(this.services.store).runNow({ actorId: null }, (unit) =>
        recordMentions(unit, this.services.database.sqlite, row, loaded.room.doc, loaded.mentionBaseline),
      );
  }

  /**
   * The debounced doc.updated entry (who, how many edits, first and last edit, the newest row it
   * covers), with the doc's plain text refreshed for search, in one transaction.
   */
  private recordActivity(docId: string, userId: string, record: ActivityRecord): void {
    const loaded = this.rooms.get(docId);
    const row = findDocRow(this.services.database.db, docId);
    if (!row) return;
    sqliteEventStoreOf(this.services.store).runNow(
      { actorId: userId },
      (unit) => {
        if (loaded) this.store.saveText(docId, plainTextOf(loaded.room.doc), loaded.room.lastEditedAt ?? record.until);
        unit.append(docStream(docId), decideContentActivity(row, userId, record), { teamId: row.teamId });
        if (loaded)
          loaded.mentionBaseline = recordMentions(unit, this.services.database.sqlite, row, loaded.room.doc, loaded.mentionBaseline);
      },
      // The notifications of the people it mentions run in a unit of their own right after.
      (error) => this.logger.error({ err: error, docId }, 'people mentioned in a doc could not be notified'),
    );
  }
}

const managers = new WeakMap<Services, RoomManager>();

/** The server's rooms: one manager per built app. */
export function collabOf(services: Services): RoomManager {
  let manager = managers.get(services);
  if (!manager) managers.set(services, (manager = new RoomManager(services)));
  return manager;
}

/**
 * Started with the docs area: first records what a crash left unrecorded, then rooms hear committed
 * events; stopping persists and closes every room.
 */
export function startCollab(services: Services): () => void {
  const manager = collabOf(services);
  const recovered = manager.recover();
  if (recovered.docs > 0)
    manager.logger.info(
      { docs: recovered.docs, entries: recovered.entries },
      'doc activity and text brought up to date after an unclean stop',
    );
  const unsubscribe = services.store.onCommitted((events) => manager.onCommitted(events));
  return () => {
    unsubscribe();
    manager.stop();
  };
}
