/**
 * When the live subscriptions that came back after a reconnection have all heard where they stand.
 *
 * After a reconnection each resuming subscription is answered first with a notice of its position:
 * `replayed` or `gap` (lib/subscriptions.ts). A view with several subscriptions hears a gap from each,
 * one after the other, and should read itself again once, after the last: a reload waits until no
 * resuming subscription is still waiting for its notice (coalescedReload.ts).
 */

/** A wait never lasts longer than this, whatever a subscription does: a notice lost with its socket must not hold reloads back. */
export const resumeSettlingCapMs = 3000;

export class ResumeSettling {
  private waiting = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly capMs = resumeSettlingCapMs) {}

  /** A subscription resubscribed and waits for its notice; call the function returned once it heard it or ended (more calls do nothing). */
  begin(): () => void {
    this.waiting += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.waiting -= 1;
      if (this.waiting > 0) return;
      for (const listener of [...this.listeners]) listener();
    };
  }

  /** Resolves once no resuming subscription waits (at once when none does), or after the cap. */
  settled(): Promise<void> {
    if (this.waiting === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(cap);
        this.listeners.delete(finish);
        resolve();
      };
      const cap = setTimeout(finish, this.capMs);
      this.listeners.add(finish);
    });
  }
}

/** The page's: its live subscriptions report to it, its views' reloads wait on it. */
export const appResumeSettling = new ResumeSettling();
