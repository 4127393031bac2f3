import { and, eq, isNull } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import type { UnitOfWork } from '../../../core/commands';
import { newId } from '../../../core/ids';
import { runCommand } from '../../../core/runCommand';
import { requireActor } from '../../../graphql/context';
import { requireCurrentTeam } from '../../teams';
import type { Reader } from '../state';
import { calendarFeeds } from '../tables';
import { type CalendarFeedEvent } from './events';
import { feedUrl, hashFeedToken, newFeedToken } from './tokens';
import { calendarFeedStream } from '../../../core/streams';

export const feedTypeDefs = /* GraphQL */ `
  "The caller's private ICS feed of their current team. url is shown once, by resetCalendarFeed; only its hash is kept."
  type CalendarFeed {
    url: String
    createdAt: String
    active: Boolean!
  }

  extend type Query {
    "Whether the caller has a private ICS feed (its URL is never shown again)."
    getCalendarFeed: CalendarFeed!
  }

  extend type Mutation {
    "A new private ICS feed URL (shown this once); the previous one stops working."
    resetCalendarFeed: CalendarFeed!
    "The private ICS feed stops working."
    revokeCalendarFeed: CalendarFeed!
  }
`;

export type FeedRow = typeof calendarFeeds.$inferSelect;

export async function activeFeedOf(db: Reader, teamId: string, userId: string): Promise<FeedRow | undefined> {
  return (
    await db
      .select()
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.userId, userId), eq(calendarFeeds.teamId, teamId), isNull(calendarFeeds.revokedAt)))
      .limit(1)
  )[0];
}

/** The feed a token opens, while it is not revoked. */
export async function feedOfToken(db: Reader, token: string): Promise<FeedRow | undefined> {
  return (
    await db
      .select()
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.tokenHash, hashFeedToken(token)), isNull(calendarFeeds.revokedAt)))
      .limit(1)
  )[0];
}

const inactive = { url: null, createdAt: null, active: false };

/**
 * The feeds' unit: revokes the member's feed in force in their current team (if any), then optionally makes a new
 * one; answers the new token (null when none was made).
 */
export async function replaceFeedIn(unit: UnitOfWork, userId: string, makeNew: boolean): Promise<string | null> {
  const { team } = await requireCurrentTeam(unit.transaction, userId);
  const stream = calendarFeedStream(team.id, userId);
  // The feed in force is read under the stream's lock: two resets at once leave one feed, not two.
  await unit.lock(stream);
  const current = await activeFeedOf(unit.transaction, team.id, userId);
  const events: CalendarFeedEvent[] = [];
  if (current) events.push({ type: 'calendarFeed.revoked', payload: { feedId: current.id, teamId: team.id, userId } });
  const token = makeNew ? newFeedToken() : null;
  if (token)
    events.push({
      type: 'calendarFeed.created',
      payload: { feedId: newId(), teamId: team.id, userId, tokenHash: hashFeedToken(token) },
    });
  if (events.length > 0) await unit.append(stream, events, { teamId: team.id, expectedVersion: await unit.streamVersion(stream) });
  return token;
}

/** Revokes the active feed (if any) in the unit, then optionally makes a new one; answers the new feed's URL once. */
function replaceFeed(context: MercuriusContext, makeNew: boolean) {
  const actor = requireActor(context);
  return runCommand(context, actor.userId, async (unit) => {
    const token = await replaceFeedIn(unit, actor.userId, makeNew);
    return token ? { url: feedUrl(context.services.config.publicUrl, token), createdAt: unit.now.toISOString(), active: true } : inactive;
  });
}

export const feedQueries = {
  getCalendarFeed: async (_root: unknown, _args: unknown, context: MercuriusContext) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const { team } = await requireCurrentTeam(db, actor.userId);
    const feed = await activeFeedOf(db, team.id, actor.userId);
    return feed ? { url: null, createdAt: feed.createdAt, active: true } : inactive;
  },
};

export const feedMutations = {
  resetCalendarFeed: (_root: unknown, _args: unknown, context: MercuriusContext) => replaceFeed(context, true),
  revokeCalendarFeed: (_root: unknown, _args: unknown, context: MercuriusContext) => replaceFeed(context, false),
};
