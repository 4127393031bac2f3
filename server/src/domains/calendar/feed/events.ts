import type { DomainEvent } from '../../../core/events';

interface OfFeed {
  feedId: string;
  teamId: string;
  userId: string;
}

/** A new private ICS feed; only the token's SHA-256 is kept (the token is shown once). */
export interface CalendarFeedCreated extends OfFeed {
  tokenHash: string;
}

/** The feed stops answering (revoked, or replaced by a reset). */
export type CalendarFeedRevoked = OfFeed;

/** `type` strings are stored forever, never renamed. */
export type CalendarFeedEvent =
  DomainEvent<'calendarFeed.created', CalendarFeedCreated> | DomainEvent<'calendarFeed.revoked', CalendarFeedRevoked>;
