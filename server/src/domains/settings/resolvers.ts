import type { MercuriusContext } from 'mercurius';
import type { Resolvers } from '../../graphql/schemaTypes';
import { z } from 'zod';
import { codedError, issue } from '../../errors';
import { requireActor } from '../../graphql/context';
import { apiTokenMutations, apiTokenQueries } from './apiTokens';
import { requireTeamMember } from '../teams';
import { ownSettingsOf, setOwnSetting } from './ownSettings';
import { setTeamDefault, teamDefaultsOf } from './teamDefaults';

const keySchema = z
  .string()
  .trim()
  .refine((key) => /^[A-Za-z0-9._-]{1,64}$/.test(key), issue('SETTING_NAME_INVALID'));

const settingSchema = z.object({
  id: z.string().nullish(),
  name: keySchema.nullish(),
  active: z.boolean(),
  type: keySchema.nullish(),
  team: z.string().nullish(),
});

export const settingsResolvers = {
  User: {
    settings: async (user, _args, context) => {
      const actor = requireActor(context);
      if (user.id !== actor.userId) return [];
      return await ownSettingsOf(context.services.database.db, actor.userId);
    },
  },
  Team: {
    /** The team's notification defaults (admin "notifications and e-mails"), for its members. */
    settings: async (team, _args, context) => {
      const actor = requireActor(context);
      const db = context.services.database.db;
      await requireTeamMember(db, team.id, actor.userId);
      return await teamDefaultsOf(db, team.id);
    },
  },
  Query: { ...apiTokenQueries },
  Mutation: {
    setSetting: (_root, args: Record<string, unknown>, context: MercuriusContext) => {
      const actor = requireActor(context);
      const input = settingSchema.parse(args);
      if (!input.id && !input.name) throw codedError('SETTING_REQUIRED');
      const command = { actorId: actor.userId, mutationId: context.mutationId, request: context.request };
      if (input.team) {
        const teamId = input.team;
        return context.services.store.run(command, async (unit) => await setTeamDefault(unit, actor.userId, teamId, input));
      }
      return context.services.store.run(command, async (unit) => await setOwnSetting(unit, actor.userId, input));
    },
    ...apiTokenMutations,
  },
} satisfies Resolvers;
