import type { Cancel } from '../core/jobs';

/** One person's edits of a doc waiting to be recorded as one `doc.updated` entry. */
export interface ActivityRecord {
  /** How many stored updates, when the first and the last were stored, and the newest one's row id. */
  updates: number;
  since: Date;
  until: Date;
  throughId: number;
}

interface Pending extends ActivityRecord {
  cancel: Cancel;
}

/** Runs `task` after `delayMs`; the app passes its job runner's `after`. */
export type Schedule = (delayMs: number, task: () => void) => Cancel;

/** Plain Node timers, unreferenced: for use outside an app (tests). */
export const timerSchedule: Schedule = (delayMs, task) => {
  const timer = setTimeout(task, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
};

export type ActivityFlush = (userId: string, record: ActivityRecord) => Promise<void>;

/**
 * Debounces the `doc.updated` record of one doc: a person's first edit starts a window, and when
 * it ends their edits in it become one entry. So there is at most one entry per person per
 * window; `flushAll` (before a compaction, on room unload and shutdown) records what is waiting at
 * once. The timer is never the only holder of an edit: the update rows stay until a compaction,
 * which flushes first, and start-up recovery (recovery.ts) records from the rows what a crash
 * left unrecorded, using each entry's `throughId`.
 */
export class ActivityDebouncer {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly windowMs: number,
    private readonly flush: ActivityFlush,
    /** A flush run by the timer failed (a flushAll throws to its caller instead). */
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly schedule: Schedule = timerSchedule,
  ) {}

  /** A stored update of `userId` (row `rowId`, stored at `at` epoch milliseconds). */
  note(userId: string, rowId: number, at: number): void {
    const waiting = this.pending.get(userId);
    if (waiting) {
      waiting.updates += 1;
      waiting.until = new Date(at);
      waiting.throughId = rowId;
      return;
    }
    this.pending.set(userId, { updates: 1, since: new Date(at), until: new Date(at), throughId: rowId, cancel: this.startTimer(userId) });
  }

  get size(): number {
    return this.pending.size;
  }

  /** Records everything waiting now, one person after the other; throws if a record fails (what failed waits again). */
  async flushAll(): Promise<void> {
    for (const userId of [...this.pending.keys()]) await this.flushOne(userId);
  }

  /** Drops what is waiting without recording it (the doc was deleted). */
  cancel(): void {
    for (const waiting of this.pending.values()) waiting.cancel();
    this.pending.clear();
  }

  private startTimer(userId: string): Cancel {
    return this.schedule(this.windowMs, () => {
      this.flushOne(userId).catch((error: unknown) => this.onError(error));
    });
  }

  private async flushOne(userId: string): Promise<void> {
    const waiting = this.pending.get(userId);
    if (!waiting) return;
    waiting.cancel();
    this.pending.delete(userId);
    const record: ActivityRecord = { updates: waiting.updates, since: waiting.since, until: waiting.until, throughId: waiting.throughId };
    try {
      await this.flush(userId, record);
    } catch (error) {
      // Kept for the next attempt: a failed record must not be forgotten. Edits noted while it was being recorded
      // join it (they came after it).
      const newer = this.pending.get(userId);
      newer?.cancel();
      this.pending.set(userId, {
        updates: record.updates + (newer?.updates ?? 0),
        since: record.since,
        until: newer?.until ?? record.until,
        throughId: newer?.throughId ?? record.throughId,
        cancel: this.startTimer(userId),
      });
      throw error;
    }
  }
}
