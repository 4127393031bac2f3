/** What is waiting to be recorded for one person. */
interface Pending {
  updates: number;
  since: Date;
  timer: NodeJS.Timeout;
}

export type ActivityFlush = (userId: string, updates: number, since: Date) => void;

/**
 * Debounces the `doc.updated` record of one doc: a person's first edit starts a window, and when
 * it ends their edits in it become one entry. So there is at most one entry per person per
 * window; `flushAll` (room unload, shutdown) records what is waiting at once.
 */
export class ActivityDebouncer {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly windowMs: number,
    private readonly flush: ActivityFlush,
  ) {}

  note(userId: string, now = new Date()): void {
    const waiting = this.pending.get(userId);
    if (waiting) {
      waiting.updates += 1;
      return;
    }
    const timer = setTimeout(() => this.flushOne(userId), this.windowMs);
    timer.unref();
    this.pending.set(userId, { updates: 1, since: now, timer });
  }

  get size(): number {
    return this.pending.size;
  }

  flushAll(): void {
    for (const userId of [...this.pending.keys()]) this.flushOne(userId);
  }

  /** Drops what is waiting without recording it (the doc was deleted). */
  cancel(): void {
    for (const waiting of this.pending.values()) clearTimeout(waiting.timer);
    this.pending.clear();
  }

  private flushOne(userId: string): void {
    const waiting = this.pending.get(userId);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.pending.delete(userId);
    this.flush(userId, waiting.updates, waiting.since);
  }
}
