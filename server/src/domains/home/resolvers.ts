import { requireActor } from '../../graphql/context';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';
import { runCommand } from '../../core/runCommand';
import { currentTeam, requireCurrentTeam } from '../teams';
import { awaySummary, recordVisit } from './away';

export const homeQueries = {
  /** In the caller's current team, judged against what they may read at this moment. */
  getAwaySummary: async (_root, _args, context) => {
    const actor = requireActor(context);
    const { database, store } = context.services;
    const { team, seat } = await requireCurrentTeam(database.db, actor.userId);
    return await awaySummary(database.db, store, { teamId: team.id, seat }, new Date());
  },
} satisfies QueryResolvers;

export const homeMutations = {
  visitHome: (_root, _args, context) => {
    const actor = requireActor(context);
    return runCommand(
      context,
      actor.userId,
      async (unit) => await recordVisit(unit, actor.userId, (await currentTeam(unit.transaction, actor.userId))?.id ?? null),
    );
  },
} satisfies MutationResolvers;
