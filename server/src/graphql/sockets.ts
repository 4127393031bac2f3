import type { PresenceState } from '#shared/chatRules';

/** Told when the directory's answer for a user changes (online, away, offline). */
export type PresenceListener = (userId: string, state: PresenceState) => void;

/** What a subscription connection remembers of itself: whose it became once it authenticated. */
export interface SocketConnection {
  userId: string | null;
  /** Set when the socket closed: an authentication still finishing on it must not count it again. */
  closed?: boolean;
}

export interface SocketRegistryOptions {
  /** Open connections one user may hold at once (WS_MAX_SOCKETS_PER_USER); unlimited when absent. */
  maxSocketsPerUser?: number;
}

/**
 * Who is connected and who said they are away: the presence port. A connection counts from its authenticated
 * connection_init until its socket closes; a user is online while they hold one (anywhere the directory can see),
 * away while also marked so, and offline otherwise. The same counts enforce WS_MAX_SOCKETS_PER_USER.
 *
 * Adapters: `SocketRegistry` (one process, in memory) and `RedisPresenceDirectory` (core/redis/presence.ts: every
 * process of a cluster, through Redis).
 */
export interface PresenceDirectory {
  /**
   * Claims the connection for the user, once; later calls for it change nothing and answer true.
   * Answers false, counting nothing, when the user already holds the most connections allowed.
   */
  attach(connection: SocketConnection, userId: string): boolean;
  detach(connection: SocketConnection): void;
  /** The user's open connections as far as the directory knows (in a cluster, on every process). */
  countOf(userId: string): number;
  /** Synchronous: presence is asked once per team member by getPresence and getStats. */
  state(userId: string): PresenceState;
  /** Marks the user away, or back; listeners hear of it when their state changes. */
  setAway(userId: string, away: boolean): void;
  /** Listeners are called synchronously, inside the change. */
  onChange(listener: PresenceListener): () => void;
  close(): Promise<void>;
}

/** Calls every listener; one that throws is reported later and does not keep the others from hearing. */
export function tellListeners(listeners: Iterable<PresenceListener>, userId: string, state: PresenceState): void {
  for (const listener of listeners) {
    try {
      listener(userId, state);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

/**
 * Each user's open connections on this process, as the presence directories count them: a connection counts once,
 * from its attach (unless the user is at their limit or the socket closed already) until its detach.
 */
export class ConnectionCounts {
  private readonly counts = new Map<string, number>();

  of(userId: string): number {
    return this.counts.get(userId) ?? 0;
  }

  /** How many users hold a connection here. */
  get userCount(): number {
    return this.counts.size;
  }

  /** userId → their connections here, for users who hold one. */
  entries(): Iterable<[string, number]> {
    return this.counts.entries();
  }

  /**
   * Claims the connection for the user and answers their count with it; 'refused' (counting nothing) when that count
   * would pass `limit`; null when the connection is closed or claimed already, which changes nothing.
   */
  attach(connection: SocketConnection, userId: string, limit: number): number | 'refused' | null {
    if (connection.closed || connection.userId !== null) return null;
    const count = this.of(userId) + 1;
    if (count > limit) return 'refused';
    connection.userId = userId;
    this.counts.set(userId, count);
    return count;
  }

  /** Marks the connection closed and answers whose it was and their count without it; null when it was not counted. */
  detach(connection: SocketConnection): { userId: string; count: number } | null {
    connection.closed = true;
    const userId = connection.userId;
    if (userId === null) return null;
    connection.userId = null;
    const count = (this.counts.get(userId) ?? 1) - 1;
    if (count > 0) this.counts.set(userId, count);
    else this.counts.delete(userId);
    return { userId, count };
  }
}

/**
 * The in-process presence directory: each user's open graphql-ws connections counted in memory and the away marks in a
 * Set. Listeners hear when a user's first connection opens and their last one closes, which also forgets "away". The
 * count is also the per-user socket cap: one registry per app, so the cap holds across all of a user's sockets.
 */
export class SocketRegistry implements PresenceDirectory {
  private readonly connections = new ConnectionCounts();
  private readonly away = new Set<string>();
  private readonly listeners = new Set<PresenceListener>();
  private readonly maxSocketsPerUser: number;

  constructor(options: SocketRegistryOptions = {}) {
    this.maxSocketsPerUser = options.maxSocketsPerUser ?? Number.POSITIVE_INFINITY;
  }

  onChange(listener: PresenceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isConnected(userId: string): boolean {
    return this.connections.of(userId) > 0;
  }

  /** How many connections the user holds now. */
  countOf(userId: string): number {
    return this.connections.of(userId);
  }

  state(userId: string): PresenceState {
    if (!this.isConnected(userId)) return 'offline';
    return this.away.has(userId) ? 'away' : 'online';
  }

  setAway(userId: string, away: boolean): void {
    const before = this.state(userId);
    if (away) this.away.add(userId);
    else this.away.delete(userId);
    const after = this.state(userId);
    if (after !== before) tellListeners(this.listeners, userId, after);
  }

  attach(connection: SocketConnection, userId: string): boolean {
    const count = this.connections.attach(connection, userId, this.maxSocketsPerUser);
    if (count === 'refused') return false;
    if (count === 1) tellListeners(this.listeners, userId, this.state(userId));
    return true;
  }

  detach(connection: SocketConnection): void {
    const detached = this.connections.detach(connection);
    if (detached === null || detached.count > 0) return;
    this.away.delete(detached.userId);
    tellListeners(this.listeners, detached.userId, 'offline');
  }

  async close(): Promise<void> {}
}
