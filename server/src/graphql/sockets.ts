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
 * The in-process presence directory: each user's open graphql-ws connections counted in a Map and the away marks in a
 * Set. Listeners hear when a user's first connection opens and their last one closes, which also forgets "away". The
 * count is also the per-user socket cap: one registry per app, so the cap holds across all of a user's sockets.
 */
export class SocketRegistry implements PresenceDirectory {
  private readonly counts = new Map<string, number>();
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
    return this.counts.has(userId);
  }

  /** How many connections the user holds now. */
  countOf(userId: string): number {
    return this.counts.get(userId) ?? 0;
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
    if (connection.closed) return true;
    if (connection.userId !== null) return true;
    const count = (this.counts.get(userId) ?? 0) + 1;
    if (count > this.maxSocketsPerUser) return false;
    connection.userId = userId;
    this.counts.set(userId, count);
    if (count === 1) tellListeners(this.listeners, userId, this.state(userId));
    return true;
  }

  detach(connection: SocketConnection): void {
    connection.closed = true;
    const userId = connection.userId;
    if (userId === null) return;
    connection.userId = null;
    const count = (this.counts.get(userId) ?? 1) - 1;
    if (count > 0) {
      this.counts.set(userId, count);
      return;
    }
    this.counts.delete(userId);
    this.away.delete(userId);
    tellListeners(this.listeners, userId, 'offline');
  }

  async close(): Promise<void> {}
}
