/**
 * The product analytics client with session replay (SPEC §7), in a chunk of its own that is fetched only when an
 * administrator set ANALYTICS_CLIENT_KEY. The replay plugin records under statsig::session_recording.
 */
import { StatsigClient, type StatsigUser } from '@statsig/js-client';
import { StatsigSessionReplayPlugin } from '@statsig/session-replay';
import type { AnalyticsUser } from './analytics';

function statsigUser(user: AnalyticsUser | null): StatsigUser {
  // The person's id only: their e-mail address is not sent to the analytics service.
  return user ? { userID: user.id } : {};
}

export async function startProductAnalytics(
  clientKey: string,
  user: AnalyticsUser | null,
): Promise<{ identify(user: AnalyticsUser | null): void }> {
  const client = new StatsigClient(clientKey, statsigUser(user), { plugins: [new StatsigSessionReplayPlugin()] });
  await client.initializeAsync();
  return {
    identify: (next) => void client.updateUserAsync(statsigUser(next)),
  };
}
