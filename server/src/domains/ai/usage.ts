import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { runCommand } from '../../core/runCommand';
import { aiLimitsStream, teamStream } from '../../core/streams';
import type { DrizzleDatabase } from '../../db/connection';
import { DomainError } from '../../errors';
import { requireActor } from '../../graphql/context';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';
import { users } from '../accounts';
import { requireTeamMember, teamMembers } from '../teams';
import { startOfUtcDay, startOfUtcMonth, teamAiLimits, validateAiLimits, type TeamAiLimits } from './limits';
import type { AiToolsEvent } from './toolsEvents';
import { aiToolsPolicy } from './toolsPolicies';
import { aiUsage } from './tables';

export interface AiMemberUsage {
  user: string;
  firstname: string;
  lastname: string;
  requestsToday: number;
  tokensToday: number;
  tokensThisMonth: number;
}

/** The team's current members with their requests and tokens today and this month (UTC), by name. */
export async function teamAiUsage(
  db: DrizzleDatabase,
  teamId: string,
  now: Date,
): Promise<{ tokensToday: number; members: AiMemberUsage[] }> {
  const today = startOfUtcDay(now);
  const tokens = sql<number>`${aiUsage.promptTokens} + ${aiUsage.completionTokens}`;
  // Sums of integers are bigints on PostgreSQL, which arrive as text: read as numbers on both.
  const usageRows = await db
    .select({
      userId: aiUsage.userId,
      requestsToday: sql`coalesce(sum(CASE WHEN ${aiUsage.startedAt} >= ${today} THEN 1 ELSE 0 END), 0)`.mapWith(Number),
      tokensToday: sql`coalesce(sum(CASE WHEN ${aiUsage.startedAt} >= ${today} THEN ${tokens} ELSE 0 END), 0)`.mapWith(Number),
      tokensThisMonth: sql`coalesce(sum(${tokens}), 0)`.mapWith(Number),
    })
    .from(aiUsage)
    .where(and(eq(aiUsage.teamId, teamId), gte(aiUsage.startedAt, startOfUtcMonth(now))))
    .groupBy(aiUsage.userId);
  const byUser = new Map(usageRows.map((row) => [row.userId, row]));
  const members = (
    await db
      .select({ user: users.id, firstname: users.firstname, lastname: users.lastname })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, teamId))
      .orderBy(asc(users.firstname), asc(users.lastname), asc(users.id))
  ).map((member) => {
    const usage = byUser.get(member.user);
    return {
      ...member,
      requestsToday: usage?.requestsToday ?? 0,
      tokensToday: usage?.tokensToday ?? 0,
      tokensThisMonth: usage?.tokensThisMonth ?? 0,
    };
  });
  // The team's total counts people who have left since, as the limit does.
  const tokensToday = usageRows.reduce((total, row) => total + row.tokensToday, 0);
  return { tokensToday, members };
}

export const aiToolsQueries = {
  getAiStatus: (_root, _args, context) => {
    requireActor(context);
    const { ai } = context.services.config;
    return {
      configured: ai.provider !== null,
      model: ai.provider?.model ?? null,
      writingModel: ai.provider?.writingModel ?? null,
      maxPromptBytes: ai.maxPromptBytes,
    };
  },
  getAiUsage: async (_root, args: { team: string }, context) => {
    const actor = requireActor(context);
    const { db } = context.services.database;
    const { team, seat } = await requireTeamMember(db, args.team, actor.userId);
    if (!aiToolsPolicy.readUsage(seat)) throw new DomainError('PERMISSION_DENIED');
    const limits = await teamAiLimits(db, context.services.config.ai, team.id);
    return { limits, ...(await teamAiUsage(db, team.id, context.services.store.clock.now())) };
  },
} satisfies QueryResolvers;

export const aiToolsMutations = {
  setAiLimits: async (_root, args: { team: string; requestsPerMinute: number; tokensPerDay: number }, context) => {
    const actor = requireActor(context);
    return runCommand(context, actor.userId, async (unit): Promise<TeamAiLimits> => {
      // Whether the caller administers the team is its stream's state: locked before it is read (see `UnitOfWork.lock`).
      await unit.lock(teamStream(args.team));
      const { team, seat } = await requireTeamMember(unit.transaction, args.team, actor.userId);
      if (!aiToolsPolicy.setLimits(seat)) throw new DomainError('PERMISSION_DENIED');
      const limits = validateAiLimits({ requestsPerMinute: args.requestsPerMinute, tokensPerDay: args.tokensPerDay });
      const event: AiToolsEvent = { type: 'ai.limits.set', payload: { teamId: team.id, ...limits } };
      await unit.append(aiLimitsStream(team.id), [event], { teamId: team.id });
      return limits;
    });
  },
} satisfies MutationResolvers;
