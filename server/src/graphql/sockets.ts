export type SocketListener = (userId: string, connected: boolean) => void;

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
 * Counts each user's open graphql-ws connections. A connection counts from its authenticated
 * connection_init until its socket closes; listeners hear when a user's first connection opens and
 * their last one closes (what presence is made of). The count is also the per-user socket cap: one
 * registry per app, so the cap holds across all of a user's sockets.
 */
export class SocketRegistry {
  private readonly counts = new Map<string, number>();
  private readonly listeners = new Set<SocketListener>();
  private readonly maxSocketsPerUser: number;

  constructor(options: SocketRegistryOptions = {}) {
    this.maxSocketsPerUser = options.maxSocketsPerUser ?? Number.POSITIVE_INFINITY;
  }

  onChange(listener: SocketListener): () => void {
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

  /**
   * Claims the connection for the user, once; later calls for it change nothing and answer true.
   * Answers false, counting nothing, when the user already holds the most connections allowed.
   */
  attach(connection: SocketConnection, userId: string): boolean {
    if (connection.closed) return true;
    if (connection.userId !== null) return true;
    const count = (this.counts.get(userId) ?? 0) + 1;
    if (count > this.maxSocketsPerUser) return false;
    connection.userId = userId;
    this.counts.set(userId, count);
    if (count === 1) this.notify(userId, true);
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
    this.notify(userId, false);
  }

  private notify(userId: string, connected: boolean): void {
    for (const listener of this.listeners) {
      try {
        listener(userId, connected);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
