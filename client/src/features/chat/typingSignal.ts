/**
 * The caller's own typing signal for one conversation. The first keystroke of a message goes out at
 * once, later ones at most every `intervalMs` (the others' indicator lasts longer and is renewed);
 * clearing the text or sending it sends an explicit stop and resets the throttle, so the next
 * message's first keystroke goes out at once too. Signals are sent one after another, so a stop
 * never overtakes the start before it, nor the reverse.
 */
export const typingThrottleMs = 3000;
/** A signal the server has not answered by then is given up, so one lost request never blocks the next. */
export const typingRequestTimeoutMs = 5000;

export type SendTypingSignal = (stopped: boolean, signal: AbortSignal) => Promise<unknown>;

export class TypingSignal {
  private lastStart = Number.NEGATIVE_INFINITY;
  private typing = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly send: SendTypingSignal,
    private readonly intervalMs = typingThrottleMs,
    private readonly now: () => number = Date.now,
  ) {}

  /** A keystroke that leaves text in the composer. */
  typed(): void {
    const at = this.now();
    if (at - this.lastStart < this.intervalMs) return;
    this.lastStart = at;
    this.typing = true;
    this.enqueue(false);
  }

  /** The text was cleared or sent. */
  stopped(): void {
    this.lastStart = Number.NEGATIVE_INFINITY;
    if (!this.typing) return;
    this.typing = false;
    this.enqueue(true);
  }

  private enqueue(stopped: boolean): void {
    this.queue = this.queue.then(() => this.send(stopped, AbortSignal.timeout(typingRequestTimeoutMs))).catch(() => undefined);
  }
}
