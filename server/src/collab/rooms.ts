import * as Y from 'yjs';
import { collabCloseCodes } from '#shared/docs';
import type { StoredEvent } from '../events/types';
import type { Services } from '../graphql/context';
import { decideContentActivity } from '../domains/docs/commands';
import { docStream } from '../domains/docs/events';
import { findDocRow } from '../domains/docs/state';
import { judgeAgain, type Grant } from './access';
import { ActivityDebouncer } from './activity';
import { DocContentStore } from './persistence';
import { plainTextOf } from './plainText';
import { Room, type Peer } from './room';

/** An open connection: the room's peer with the grant it was let in with. */
export interface Connection extends Peer {
  grant: Grant;
}

interface LoadedRoom {
  room: Room;
  connections: Set<Connection>;
  activity: ActivityDebouncer;
  unloadTimer: NodeJS.Timeout | null;
}

/** Events after which open connections are judged again: membership, roles, spaces, teams, sign-outs, docs. */
const mayChangeAccess = (event: StoredEvent) =>
  event.type !== 'doc.updated' &&
  (/^(project|team|doc)\./.test(event.type) || event.type === 'user.signed_out' || event.type === 'user.password_changed' || event.type === 'user.api_token_revoked');

/**
 * The doc rooms of one server: loaded on the first connection, unloaded (compacted, activity
 * recorded) a grace period after the last one leaves, all persisted and closed on shutdown.
 */
export class RoomManager {
  private readonly rooms = new Map<string, LoadedRoom>();
  private readonly store: DocContentStore;
  private stopped = false;

  constructor(private readonly services: Services) {
    this.store = new DocContentStore(services.database.sqlite);
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
      for (const update of [...(content.snapshot ? [content.snapshot] : []), ...content.updates.map((row) => row.data)]) Y.applyUpdate(doc, update);
      return read(doc);
    } finally {
      doc.destroy();
    }
  }

  connect(connection: Connection): Room | null {
    if (this.stopped) {
      connection.close(collabCloseCodes.shuttingDown, 'The server is shutting down. Reconnect in a moment.');
      return null;
    }
    const loaded = this.load(connection.grant.docId);
    if (loaded.unloadTimer) clearTimeout(loaded.unloadTimer);
    loaded.unloadTimer = null;
    loaded.connections.add(connection);
    loaded.room.join(connection);
    return loaded.room;
  }

  disconnect(connection: Connection): void {
    const loaded = this.rooms.get(connection.grant.docId);
    if (!loaded || !loaded.connections.delete(connection)) return;
    loaded.room.leave(connection);
  }

  /** Judges every open connection of the teams these events touched; closes or demotes those that lost access. */
  onCommitted(events: readonly StoredEvent[]): void {
    const relevant = events.filter(mayChangeAccess);
    if (relevant.length === 0 || this.rooms.size === 0) return;
    const deleted = new Set(relevant.filter((event) => event.type === 'doc.deleted').map((event) => (event.payload as { docId: string }).docId));
    for (const [docId, loaded] of [...this.rooms]) {
      if (deleted.has(docId) || !findDocRow(this.services.database.db, docId)) {
        this.drop(docId, loaded, collabCloseCodes.docDeleted, 'This doc was deleted.');
        continue;
      }
      for (const connection of [...loaded.connections]) {
        const verdict = judgeAgain(this.services, connection.grant);
        if (!verdict) {
          connection.close(collabCloseCodes.accessRevoked, connection.grant.kind === 'share' ? 'This doc is no longer shared.' : 'You no longer have access to this doc.');
          this.disconnect(connection);
        } else if (verdict.writable !== connection.writable) {
          if (connection.grant.kind === 'member') connection.grant.writable = verdict.writable;
          loaded.room.setAccess(connection, verdict.writable, connection.awareness);
        }
      }
    }
  }

  /** Compacts and closes every room (shutdown); what clients sent is already stored. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const [docId, loaded] of [...this.rooms]) {
      loaded.room.close(collabCloseCodes.shuttingDown, 'The server is restarting. Reconnecting…');
      this.unload(docId, loaded);
    }
  }

  private load(docId: string): LoadedRoom {
    const existing = this.rooms.get(docId);
    if (existing) return existing;
    const { config } = this.services;
    const activity = new ActivityDebouncer(config.collab.activityDebounceMs, (userId, updates, since) => this.recordActivity(docId, userId, updates, since));
    const room = new Room(docId, this.store, {
      compactAfter: config.collab.compactAfter,
      maxMessageBytes: config.collab.maxMessageBytes,
      onEdit: (userId) => activity.note(userId),
      onEmpty: () => this.scheduleUnload(docId),
      onError: (error, message) => console.error(message, error),
    });
    const loaded: LoadedRoom = { room, connections: new Set(), activity, unloadTimer: null };
    this.rooms.set(docId, loaded);
    return loaded;
  }

  private scheduleUnload(docId: string): void {
    const loaded = this.rooms.get(docId);
    if (!loaded || this.stopped) return;
    if (loaded.unloadTimer) clearTimeout(loaded.unloadTimer);
    loaded.unloadTimer = setTimeout(() => {
      if (loaded.connections.size === 0 && this.rooms.get(docId) === loaded) this.unload(docId, loaded);
    }, this.services.config.collab.unloadGraceMs);
    loaded.unloadTimer.unref();
  }

  private unload(docId: string, loaded: LoadedRoom): void {
    if (loaded.unloadTimer) clearTimeout(loaded.unloadTimer);
    // A doc deleted with its space (no doc.deleted of its own) must not get its content back.
    if (!findDocRow(this.services.database.db, docId)) return this.drop(docId, loaded, collabCloseCodes.docDeleted, 'This doc was deleted.');
    try {
      loaded.activity.flushAll();
      loaded.room.compact();
    } finally {
      this.rooms.delete(docId);
      loaded.room.destroy();
    }
  }

  /** A deleted doc: its content is already gone with it, so nothing is stored or recorded. */
  private drop(docId: string, loaded: LoadedRoom, code: number, reason: string): void {
    if (loaded.unloadTimer) clearTimeout(loaded.unloadTimer);
    this.rooms.delete(docId);
    loaded.activity.cancel();
    loaded.room.close(code, reason);
    loaded.room.destroy();
  }

  /** The debounced doc.updated entry, with the doc's plain text refreshed for search. */
  private recordActivity(docId: string, userId: string, updates: number, since: Date): void {
    const loaded = this.rooms.get(docId);
    const row = findDocRow(this.services.database.db, docId);
    if (!row) return;
    if (loaded) this.store.saveText(docId, plainTextOf(loaded.room.doc));
    this.services.store.run({ actorId: userId }, (unit) => unit.append(docStream(docId), decideContentActivity(row, userId, updates, since), { teamId: row.teamId }));
  }
}

const managers = new WeakMap<Services, RoomManager>();

/** The server's rooms: one manager per built app. */
export function collabOf(services: Services): RoomManager {
  let manager = managers.get(services);
  if (!manager) managers.set(services, (manager = new RoomManager(services)));
  return manager;
}

/** Started with the docs area: rooms hear committed events; stopping persists and closes every room. */
export function startCollab(services: Services): () => void {
  const manager = collabOf(services);
  const unsubscribe = services.store.onCommitted((events) => manager.onCommitted(events));
  return () => {
    unsubscribe();
    manager.stop();
  };
}
