import { eq } from 'drizzle-orm';
import type { Projection, StoredEvent } from '../../../core/events';
import type { Transaction } from '../../../db/connection';
import { calendarFeeds } from '../tables';
import type { CalendarFeedCreated, CalendarFeedRevoked } from './events';

/** How feed events become calendar_feeds rows; a revoked feed stays, refused. */
export const calendarFeedsProjection: Projection = {
  name: 'calendarFeeds',
  tables: [calendarFeeds],
  /** Answers a promise for its own events only (see the calendar projection). */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (stored.type !== 'calendarFeed.created' && stored.type !== 'calendarFeed.revoked') return undefined;
    return applyFeedEvent(transaction, stored);
  },
};

async function applyFeedEvent(transaction: Transaction, stored: StoredEvent): Promise<void> {
  if (stored.type === 'calendarFeed.created') {
    const { feedId, teamId, userId, tokenHash } = stored.payload as CalendarFeedCreated;
    await transaction.insert(calendarFeeds).values({ id: feedId, teamId, userId, tokenHash, createdAt: stored.createdAt, revokedAt: null });
  } else if (stored.type === 'calendarFeed.revoked') {
    const { feedId } = stored.payload as CalendarFeedRevoked;
    await transaction.update(calendarFeeds).set({ revokedAt: stored.createdAt }).where(eq(calendarFeeds.id, feedId));
  }
}
