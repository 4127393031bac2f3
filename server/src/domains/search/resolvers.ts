import { requireActor } from '../../graphql/context';
import type { QueryResolvers } from '../../graphql/schemaTypes';
import { requireCurrentTeam, teamPlanName } from '../teams';
import type { DrizzleDatabase } from '../../db/connection';
import type { SearchResult } from '../../graphql/schemaTypes';
import { parseSearchArguments, type SearchArguments, type SearchInput } from './input';
import { presentResults } from './present';
import { searchIndex } from './query';

/**
 * getSearch's answer for a person, on the database `db` reads (either dialect): in their current team, only what
 * they may read at this moment, presented.
 */
export async function searchFor(db: DrizzleDatabase, userId: string, input: SearchInput, now: Date): Promise<SearchResult[]> {
  const { team, seat } = await requireCurrentTeam(db, userId);
  const items = await searchIndex(db, { teamId: team.id, seat, plan: await teamPlanName(db, team.id) }, input, now);
  return presentResults(db, userId, items);
}

export const searchQueries = {
  /** SPEC getSearch: in the caller's current team, only what they may read at this moment. */
  getSearch: async (_root, args: SearchArguments, context) => {
    const actor = requireActor(context);
    return searchFor(context.services.database.db, actor.userId, parseSearchArguments(args), new Date());
  },
} satisfies QueryResolvers;
