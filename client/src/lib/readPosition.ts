/**
 * Where a new live subscription may safely start in the event log (live resume, subscriptions.ts).
 *
 * A view reads over HTTP and subscribes on the socket at about the same time; the socket may reach the
 * server after the read was answered, and an event committed in between would be in neither. So a fresh
 * subscription asks to resume after a position no later than any read of its view:
 * - every `POST /graphql` answer names the log position before that request read anything (the
 *   `log-position` header), and every live message its own position: the last one heard is `known`;
 * - a read still on its way carries the `known` of when it was sent, which is no later than what it reads;
 * - a subscription starts after the lowest of those, so a read sent before it, answered or not, is
 *   covered. The server replays what came after (views merge by id, so an event also in the read is
 *   harmless), or says the gap is too old and the view reads again.
 * The last position heard is kept, not the highest: answers arrive out of order, and a lower position
 * only replays more, while a log replaced by a restore corrects itself with the next answer.
 * A read sent before the page knew any position (its first requests) names no position until it is
 * answered: a subscription started meanwhile waits for those answers (`settledStartingPoint`) rather than
 * starting where the server listens, which could be after such a read was answered.
 */
export class ReadPositions {
  private known: number | null = null;
  private readonly sent = new Map<symbol, number | null>();
  /** Subscriptions waiting for reads sent without a position: those reads, the lowest answer so far, and their wake-up. */
  private readonly waiting = new Set<{ reads: Set<symbol>; lowest: number | null; resolve: (position: number | null) => void }>();

  /** A request is sent: returns what `answered` takes when it comes back (or fails). */
  sending(): symbol {
    const request = Symbol('read');
    this.sent.set(request, this.known);
    return request;
  }

  /** The request is over; `position` is its answer's header, when it had one. */
  answered(request: symbol, position: string | null | undefined): void {
    this.sent.delete(request);
    const value = position == null || position === '' ? Number.NaN : Number(position);
    const valid = Number.isSafeInteger(value) && value >= 0;
    if (valid) this.known = value;
    for (const waiter of this.waiting) {
      if (!waiter.reads.delete(request)) continue;
      if (valid && (waiter.lowest === null || value < waiter.lowest)) waiter.lowest = value;
      if (waiter.reads.size > 0) continue;
      this.waiting.delete(waiter);
      const now = this.startingPoint();
      waiter.resolve(waiter.lowest === null ? now : now === null ? waiter.lowest : Math.min(now, waiter.lowest));
    }
  }

  /** A live message's position. */
  heard(position: number): void {
    this.known = position;
  }

  /** Where a subscription started now resumes after; null when nothing is known yet (the server starts it where it listens). */
  startingPoint(): number | null {
    let lowest = this.known;
    for (const position of this.sent.values()) {
      if (position === null) return null;
      if (lowest === null || position < lowest) lowest = position;
    }
    return lowest;
  }

  /**
   * The starting point, once every read sent before the page knew a position has been answered: the lowest
   * of their answers and the starting point then. Immediate (not a promise) when no such read is on its way.
   */
  settledStartingPoint(): number | null | Promise<number | null> {
    const reads = new Set([...this.sent].filter(([, position]) => position === null).map(([request]) => request));
    if (reads.size === 0) return this.startingPoint();
    return new Promise((resolve) => this.waiting.add({ reads, lowest: null, resolve }));
  }
}

/** The page's positions, shared by its HTTP client and its live subscriptions. */
export const readPositions = new ReadPositions();
