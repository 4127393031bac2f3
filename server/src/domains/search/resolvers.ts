import { requireActor } from '../../graphql/context';
import type { QueryResolvers } from '../../graphql/schemaTypes';
import { requireCurrentTeam, teamPlanName } from '../teams';
import { parseSearchArguments, type SearchArguments } from './input';
import { presentResults } from './present';
import { searchIndex } from './query';

export const searchQueries = {
  /** SPEC getSearch: in the caller's current team, only what they may read at this moment. */
  getSearch: (_root, args: SearchArguments, context) => {
    const actor = requireActor(context);
    const input = parseSearchArguments(args);
    const { database } = context.services;
    const { team, seat } = requireCurrentTeam(database.db, actor.userId);
    const items = searchIndex(database.sqlite, { teamId: team.id, seat, plan: teamPlanName(database.db, team.id) }, input, new Date());
    return presentResults(database.sqlite, actor.userId, items);
  },
} satisfies QueryResolvers;
