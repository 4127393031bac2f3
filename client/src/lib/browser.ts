/** Small browser helpers shared by the data client, the socket client, stale-page recovery and preferences. */

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** localStorage read that survives private modes and sandboxes without storage (null there). */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** localStorage write that never throws: without storage the choice still applies to the open page. */
export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage unavailable or full: nothing to keep, nothing to report.
  }
}
