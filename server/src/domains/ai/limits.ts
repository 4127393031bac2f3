import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import { codedError } from '../../errors';
import { aiLimits, aiUsage } from './tables';

/** Reads work the same on the database and inside a command's transaction. */
type Reader = Pick<Transaction, 'select'>;

export interface TeamAiLimits {
  requestsPerMinute: number;
  tokensPerDay: number;
}

export const aiLimitBounds = {
  requestsPerMinute: { minimum: 1, maximum: 100_000 },
  tokensPerDay: { minimum: 1000, maximum: 1_000_000_000 },
} as const;

/** The team's own limits, or the instance defaults (AI_REQUESTS_PER_MINUTE, AI_TOKENS_PER_DAY). */
export async function teamAiLimits(db: Reader, defaults: TeamAiLimits, teamId: string): Promise<TeamAiLimits> {
  const [row] = await db
    .select({ requestsPerMinute: aiLimits.requestsPerMinute, tokensPerDay: aiLimits.tokensPerDay })
    .from(aiLimits)
    .where(eq(aiLimits.teamId, teamId))
    .limit(1);
  return row ?? { requestsPerMinute: defaults.requestsPerMinute, tokensPerDay: defaults.tokensPerDay };
}

/** Midnight UTC of `now`'s day, as the ISO text the usage rows keep: "today" for the tokens per day. */
export function startOfUtcDay(now: Date): string {
  return `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
}

/** The first of `now`'s month (UTC), for "this month". */
export function startOfUtcMonth(now: Date): string {
  return `${now.toISOString().slice(0, 7)}-01T00:00:00.000Z`;
}

/** Requests the team started in the 60 s before `now` (those still running included) and its tokens today. */
export async function teamUsageNow(db: Reader, teamId: string, now: Date): Promise<{ requestsLastMinute: number; tokensToday: number }> {
  const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
  const [recent] = await db
    .select({ count: count() })
    .from(aiUsage)
    .where(and(eq(aiUsage.teamId, teamId), gte(aiUsage.startedAt, minuteAgo)));
  // A sum of integers is a bigint on PostgreSQL, which arrives as text: read as a number on both.
  const [today] = await db
    .select({ tokens: sql`coalesce(sum(${aiUsage.promptTokens} + ${aiUsage.completionTokens}), 0)`.mapWith(Number) })
    .from(aiUsage)
    .where(and(eq(aiUsage.teamId, teamId), gte(aiUsage.startedAt, startOfUtcDay(now))));
  return { requestsLastMinute: recent?.count ?? 0, tokensToday: today?.tokens ?? 0 };
}

/** Which limit a new request would pass, if any. */
export function reachedLimit(limits: TeamAiLimits, usage: { requestsLastMinute: number; tokensToday: number }): keyof TeamAiLimits | null {
  if (usage.requestsLastMinute >= limits.requestsPerMinute) return 'requestsPerMinute';
  if (usage.tokensToday >= limits.tokensPerDay) return 'tokensPerDay';
  return null;
}

/** setAiLimits' numbers: whole and within the bounds, else a clear refusal naming the argument. */
export function validateAiLimits(limits: TeamAiLimits): TeamAiLimits {
  for (const field of ['requestsPerMinute', 'tokensPerDay'] as const) {
    const value = limits[field];
    const { minimum, maximum } = aiLimitBounds[field];
    if (!Number.isInteger(value)) throw codedError('NUMBER_NOT_WHOLE', { field });
    if (value < minimum) throw codedError('NUMBER_TOO_SMALL', { params: { minimum }, field });
    if (value > maximum) throw codedError('NUMBER_TOO_LARGE', { params: { maximum }, field });
  }
  return limits;
}
