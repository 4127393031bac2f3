import type { AuthPayloadResolvers, MutationResolvers } from '../../graphql/schemaTypes';
import { signUp } from '../accounts';
import { checkInvitation } from './invitations';
import { presentTeam } from './present';
import { currentTeam } from './state';

/**
 * What the teams area adds to the accounts area's operations, so accounts never reads teams: the
 * team of a new session (AuthPayload.team), and sign-up through a mailed invitation, whose proof only
 * this area can check.
 */
export const authPayloadFields = {
  team: async (payload, _args, context) => {
    const db = context.services.database.db;
    const team = await currentTeam(db, payload.user.id);
    return team ? await presentTeam(db, team, payload.user.id) : null;
  },
} satisfies AuthPayloadResolvers;

export const signUpMutations = {
  setUserBasic: (_root, args, context) =>
    signUp(context, args, (invitation) => checkInvitation(context.services.database.db, context.services.config.secret, invitation)),
} satisfies MutationResolvers;
