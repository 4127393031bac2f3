export type SocketListener = (userId: string, connected: boolean) => void;

/** What a subscription connection remembers of itself: whose it became once a subscription authenticated. */
export interface SocketConnection {
  userId: string | null;
  /** Set when the socket closed: a subscription still starting on it must not count it again. */
  closed?: boolean;
}

/**
 * Counts each user's open graphql-ws connections. A connection counts from its first authenticated
 * subscription until its socket closes; listeners hear when a user's first connection opens and
 * their last one closes (what presence is made of).
 */
export class SocketRegistry {
  private readonly counts = new Map<string, number>();
  private readonly listeners = new Set<SocketListener>();

  onChange(listener: SocketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isConnected(userId: string): boolean {
    return this.counts.has(userId);
  }

  /** Claims the connection for the user, once; later subscriptions on it change nothing. */
  attach(connection: SocketConnection, userId: string): void {
    if (connection.userId !== null || connection.closed) return;
    connection.userId = userId;
    const count = (this.counts.get(userId) ?? 0) + 1;
    this.counts.set(userId, count);
    if (count === 1) this.notify(userId, true);
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
