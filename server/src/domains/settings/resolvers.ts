import { and, asc, eq } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import type { Resolvers } from '../../graphql/schemaTypes';
import { z } from 'zod';
import { codedError, issue, refusal } from '../../errors';
import { requireActor } from '../../graphql/context';
import { isId, newId } from '../../core/ids';
import { apiTokenMutations, apiTokenQueries } from './apiTokens';
import { userSettings } from './tables';
import { userStream } from '../../core/streams';

const keySchema = z
  .string()
  .trim()
  .refine((key) => /^[A-Za-z0-9._-]{1,64}$/.test(key), issue('SETTING_NAME_INVALID'));

const settingSchema = z.object({
  id: z.string().nullish(),
  name: keySchema.nullish(),
  active: z.boolean(),
  type: keySchema.nullish(),
});

export const settingsResolvers = {
  User: {
    settings: (user, _args, context) => {
      const actor = requireActor(context);
      if (user.id !== actor.userId) return [];
      return context.services.database.db
        .select()
        .from(userSettings)
        .where(eq(userSettings.userId, actor.userId))
        .orderBy(asc(userSettings.name))
        .all();
    },
  },
  Query: { ...apiTokenQueries },
  Mutation: {
    setSetting: (_root, args: Record<string, unknown>, context: MercuriusContext) => {
      const actor = requireActor(context);
      const input = settingSchema.parse(args);
      if (!input.id && !input.name) throw codedError('SETTING_REQUIRED');
      return context.services.store.run({ actorId: actor.userId, mutationId: context.mutationId, request: context.request }, (unit) => {
        const db = unit.transaction;
        const existing = input.id
          ? isId(input.id)
            ? db
                .select()
                .from(userSettings)
                .where(and(eq(userSettings.id, input.id), eq(userSettings.userId, actor.userId)))
                .get()
            : undefined
          : db
              .select()
              .from(userSettings)
              .where(and(eq(userSettings.userId, actor.userId), eq(userSettings.name, input.name!)))
              .get();
        if (input.id && !existing) throw refusal('NOT_FOUND', 'SETTING_NOT_FOUND');
        const setting = {
          settingId: existing?.id ?? newId(),
          userId: actor.userId,
          name: existing?.name ?? input.name!,
          type: input.type ?? existing?.type ?? null,
          active: input.active,
        };
        if (!existing || existing.active !== setting.active || existing.type !== setting.type) {
          unit.append(userStream(actor.userId), [{ type: 'user.setting_changed', payload: setting }], { teamId: null });
        }
        return { id: setting.settingId, name: setting.name, type: setting.type, active: setting.active };
      });
    },
    ...apiTokenMutations,
  },
} satisfies Resolvers;
