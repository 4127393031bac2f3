import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';

import { normalizeCurrency } from '#shared/currency';
import { z } from 'zod';
import { codedError, DomainError, issue, refusal } from '../../errors';
import { requireActor } from '../../graphql/context';
import { avatarDirectory } from '../../http/media';
import { isId } from '../../core/ids';
import { decideLanguageChange } from './commands';
import type { UserProfileUpdated } from './events';
import { storeProfilePhoto } from './photo';
import {
  emailAddressLock,
  emailSchema,
  findUser,
  findUserByEmail,
  findUserByEmailIn,
  hashPassword,
  issueLinkMail,
  nameSchema,
  passwordSchema,
  presentUser,
  type UserRow,
} from './service';
import type { UnitOfWork } from '../../core/commands';
import { userCredentials, users } from './tables';
import { userStream } from '../../core/streams';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

const profileSchema = z.object({
  firstname: nameSchema.optional(),
  lastname: nameSchema.optional(),
  description: z.string().trim().max(2000).nullish(),
  currency: z.string().optional(),
  rate: z.number().int().min(0).max(1_000_000).nullish(),
  resume: z.string().trim().max(20_000).nullish(),
  profileImg: z.string().max(1_500_000).nullish(),
  role: z.string().trim().max(100).nullish(),
});

const basicSchema = z.object({
  firstname: nameSchema,
  lastname: nameSchema,
  email: emailSchema,
  /** The current password, confirming it is really the user. */
  password: z.string().refine((password) => password.length > 0, issue('CURRENT_PASSWORD_REQUIRED')),
  newPassword: passwordSchema.optional(),
});

type Changes = UserProfileUpdated['changes'];

function changedFields(current: Record<string, unknown>, requested: Changes): Changes {
  return Object.fromEntries(Object.entries(requested).filter(([key, value]) => value !== undefined && current[key] !== value)) as Changes;
}

/** The person's row as the unit decides on it: their stream is locked first, so no other change of theirs lands in between. */
async function lockedUser(unit: UnitOfWork, userId: string): Promise<UserRow> {
  await unit.lock(userStream(userId));
  const [user] = await unit.transaction.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new DomainError('UNAUTHENTICATED');
  return user;
}

export const profileQueries = {
  /** Public card of a user (name and photo), shown on sign-up from a user's link. */
  getUserBasic: async (_root, args: { id: string }, context) => {
    if (!isId(args.id)) throw refusal('NOT_FOUND', 'USER_NOT_FOUND');
    const [user] = await context.services.database.db
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg })
      .from(users)
      .where(eq(users.id, args.id))
      .limit(1);
    if (!user) throw refusal('NOT_FOUND', 'USER_NOT_FOUND');
    return user;
  },
} satisfies QueryResolvers;

export const profileMutations = {
  ediUser: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const { services } = context;
    const input = profileSchema.parse(args);
    const current = await findUser(services, actor.userId);
    const requested: Changes = {
      firstname: input.firstname,
      lastname: input.lastname,
      description: input.description,
      currency: input.currency === undefined ? undefined : normalizeCurrency(input.currency),
      rate: input.rate,
      resume: input.resume,
      role: input.role,
      profileImg:
        input.profileImg === undefined || input.profileImg === current.profileImg
          ? undefined
          : input.profileImg === null || input.profileImg === ''
            ? null
            : await storeProfilePhoto(input.profileImg, actor.userId, avatarDirectory(services)),
    };
    await services.store.run({ actorId: actor.userId, mutationId: context.mutationId, request: context.request }, async (unit) => {
      const changes = changedFields(await lockedUser(unit, actor.userId), requested);
      if (Object.keys(changes).length === 0) return;
      await unit.append(userStream(actor.userId), [{ type: 'user.profile_updated', payload: { userId: actor.userId, changes } }], {
        teamId: current.defaultTeamId,
      });
    });
    return presentUser(await findUser(services, actor.userId));
  },
  ediUserBasic: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const { services } = context;
    const input = basicSchema.parse(args);
    const current = await findUser(services, actor.userId);
    const [credentials] = await services.database.db
      .select()
      .from(userCredentials)
      .where(eq(userCredentials.userId, actor.userId))
      .limit(1);
    if (!credentials || !(await verify(credentials.passwordHash, input.password)))
      throw new DomainError('WRONG_CREDENTIALS', 'Your current password is not right.');
    const emailChanged = input.email !== current.email;
    if (emailChanged && (await findUserByEmail(services, input.email))) throw codedError('EMAIL_UNAVAILABLE', { field: 'email' });
    const newPasswordHash = input.newPassword ? await hashPassword(input.newPassword) : null;
    const sendVerification = await services.store.run({ actorId: actor.userId }, async (unit) => {
      if (emailChanged) {
        // Checked again inside the unit, with the address locked: two people taking one address at once get it once.
        await unit.lock(emailAddressLock(input.email));
        if (await findUserByEmailIn(unit.transaction, input.email)) throw codedError('EMAIL_UNAVAILABLE', { field: 'email' });
      }
      const changes = changedFields(await lockedUser(unit, actor.userId), { firstname: input.firstname, lastname: input.lastname });
      if (Object.keys(changes).length > 0) {
        await unit.append(userStream(actor.userId), [{ type: 'user.profile_updated', payload: { userId: actor.userId, changes } }], {
          teamId: current.defaultTeamId,
        });
      }
      if (newPasswordHash) {
        await unit.transaction
          .update(userCredentials)
          .set({ passwordHash: newPasswordHash, updatedAt: unit.now.toISOString() })
          .where(eq(userCredentials.userId, actor.userId));
        await unit.append(
          userStream(actor.userId),
          [{ type: 'user.password_changed', payload: { userId: actor.userId, reason: 'profile' } }],
          {
            teamId: current.defaultTeamId,
          },
        );
      }
      if (!emailChanged) return null;
      await unit.append(userStream(actor.userId), [{ type: 'user.email_changed', payload: { userId: actor.userId, email: input.email } }], {
        teamId: current.defaultTeamId,
      });
      return await issueLinkMail(unit.transaction, services, { ...current, email: input.email }, 'verifyEmail');
    });
    if (sendVerification) await sendVerification();
    return presentUser(await findUser(services, actor.userId));
  },
  ediUserLanguage: async (_root, args: { id: string; language: string }, context) => {
    const actor = requireActor(context);
    if (args.id !== actor.userId) throw refusal('PERMISSION_DENIED', 'OWN_LANGUAGE_ONLY');
    const { services } = context;
    await services.store.run({ actorId: actor.userId, mutationId: context.mutationId, request: context.request }, async (unit) => {
      const user = await lockedUser(unit, actor.userId);
      await unit.append(userStream(user.id), decideLanguageChange({ userId: user.id, language: user.language }, args.language), {
        teamId: user.defaultTeamId,
      });
    });
    return presentUser(await findUser(services, actor.userId));
  },
} satisfies MutationResolvers;
