import { and, count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  isPlanName,
  limitsOfPlan,
  messageHistoryStart,
  planLimitAllows,
  planNames,
  type CountedPlanLimit,
  type PlanName,
} from '#shared/plans';
import { codedError, type DomainError } from '../../errors';
import { findTeam, type Reader } from './state';
import { projects, teams } from './tables';

/** The plan a team is on as the teams area records it (team.plan_changed); a team without one is on free. */
export async function teamPlanName(db: Reader, teamId: string): Promise<PlanName> {
  const plan = (await findTeam(db, teamId))?.plan;
  return isPlanName(plan) ? plan : 'free';
}

const limitErrors = {
  spaces: (params: { plan: string; limit: number }) => codedError('PLAN_LIMIT_SPACES', { params }),
  docs: (params: { plan: string; limit: number }) => codedError('PLAN_LIMIT_DOCS', { params }),
  tasksPerSpace: (params: { plan: string; limit: number }) => codedError('PLAN_LIMIT_TASKS', { params }),
} satisfies Record<CountedPlanLimit, (params: { plan: string; limit: number }) => DomainError>;

/**
 * Refuses adding `adding` counted things when the team's plan does not allow it, naming the plan and its limit.
 * Called inside the creating command's unit of work, so the count and the creation are one decision: two
 * requests at once cannot both take the last slot. `current` counts only when the plan has a limit.
 */
export async function requirePlanRoom(
  db: Reader,
  teamId: string,
  limit: CountedPlanLimit,
  current: () => number | Promise<number>,
  adding = 1,
): Promise<void> {
  const plan = await teamPlanName(db, teamId);
  const maximum = limitsOfPlan(plan)[limit];
  if (maximum === null || planLimitAllows(plan, limit, await current(), adding)) return;
  throw limitErrors[limit]({ plan, limit: maximum });
}

/** The team's spaces that count against its plan: personal spaces (one per member, made by the product) do not. */
export async function countTeamSpaces(db: Reader, teamId: string): Promise<number> {
  const [row] = await db
    .select({ spaces: count().mapWith(Number) })
    .from(projects)
    .where(and(eq(projects.teamId, teamId), eq(projects.isPersonal, false)));
  return row?.spaces ?? 0;
}

/** The oldest moment of chat history the team's plan shows now (ISO 8601), or null when it shows all of it. */
export async function teamMessageHistoryStart(db: Reader, teamId: string, now: Date): Promise<string | null> {
  return messageHistoryStart(await teamPlanName(db, teamId), now)?.toISOString() ?? null;
}

/**
 * SQL that holds for a message (or any dated row of a team) within its team's plan history at `now`: one
 * condition for rows of many teams at once (a list of chats), the plan read per team by its primary key.
 * A plan without a history limit compares with the empty string, before every date.
 */
export function withinMessageHistory(teamId: AnyColumn, createdAt: AnyColumn, now: Date): SQL {
  return historyCondition(teamId, createdAt, (plan) => historyStartText(plan, now));
}

/**
 * withinMessageHistory for a statement prepared once: each plan's history start is a placeholder, given by
 * `messageHistoryStartValues(now)` when it runs.
 */
export function withinMessageHistoryPlaceholders(teamId: AnyColumn, createdAt: AnyColumn): SQL {
  return historyCondition(teamId, createdAt, (plan) => sql.placeholder(historyStartPlaceholder(plan)));
}

/** The values of withinMessageHistoryPlaceholders' placeholders at `now`. */
export function messageHistoryStartValues(now: Date): Record<string, string> {
  return Object.fromEntries(planNames.map((plan) => [historyStartPlaceholder(plan), historyStartText(plan, now)]));
}

const historyStartPlaceholder = (plan: string) => `historyStart_${plan}`;
const historyStartText = (plan: string, now: Date) => messageHistoryStart(plan, now)?.toISOString() ?? '';

function historyCondition(teamId: AnyColumn, createdAt: AnyColumn, startOf: (plan: PlanName) => unknown): SQL {
  const cases = planNames.map((plan) => sql`when ${plan} then ${startOf(plan)}`);
  const start = sql`(select case ${teams.plan} ${sql.join(cases, sql` `)} else ${startOf('free')} end from ${teams} where ${teams.id} = ${teamId})`;
  return sql`${createdAt} >= coalesce(${start}, ${startOf('free')})`;
}
