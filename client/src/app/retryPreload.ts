import { websocketRetryDelay } from '#shared/constants';
import { sleep } from '../lib/browser';

/**
 * Runs a preload until it succeeds, waiting longer after each failure (the live connection's
 * backoff), so a server that is restarting or slow makes the loading screen last longer instead
 * of leaving it up for good. Stops when `shouldContinue` says no (signed out, page left).
 */
export async function retryUntilLoaded(
  load: () => Promise<boolean>,
  shouldContinue: () => boolean,
  wait: (attempt: number) => Promise<void> = (attempt) => sleep(websocketRetryDelay(attempt)),
): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    if (await load()) return true;
    if (!shouldContinue()) return false;
    await wait(attempt);
    if (!shouldContinue()) return false;
  }
}
