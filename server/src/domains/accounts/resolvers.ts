import { hash, verify } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import type { IResolvers, MercuriusContext } from 'mercurius';
import { isValidEmail } from '#shared/email';
import { passwordProblem, passwordProblemMessages } from '#shared/password';
import { z } from 'zod';
import { DomainError } from '../../errors';
import type { StoredEvent } from '../../events/types';
import { requireActor, type Services } from '../../graphql/context';
import { topics } from '../../graphql/live';
import { newId } from '../../ids';
import { decideLanguageChange, decideRegistration } from './commands';
import { clearSessionCookies, setSessionCookies } from './cookies';
import { createSession, revokeSession, rotateRefreshToken } from './sessions';
import { teamMembers, teams, userCredentials, users } from './tables';

/** OWASP's minimum argon2id parameters (SECURITY.md). */
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Verifying against this when the e-mail is unknown keeps sign-in timing the same either way. */
const unknownUserHash = await hash('workspace-unknown-user-password', argon2Options);

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isValidEmail, 'Enter a valid e-mail address.');
const nameSchema = z.string().trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.');
const passwordSchema = z.string().superRefine((password, context) => {
  const problem = passwordProblem(password);
  if (problem) context.addIssue({ code: 'custom', message: passwordProblemMessages[problem] });
});
const signUpSchema = z.object({
  firstname: nameSchema,
  lastname: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  language: z.string().optional(),
});

type UserRow = typeof users.$inferSelect;
type TeamRow = typeof teams.$inferSelect;

function presentUser(user: UserRow) {
  return { ...user, logged: true };
}

function presentTeam(team: TeamRow) {
  return { ...team, subscription: team.plan };
}

function findUser(services: Services, userId: string): UserRow {
  const user = services.database.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new DomainError('UNAUTHENTICATED');
  return user;
}

function defaultTeam(services: Services, user: UserRow): TeamRow | null {
  if (!user.defaultTeamId) return null;
  const membership = services.database.db
    .select({ team: teams })
    .from(teams)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, user.id)))
    .where(eq(teams.id, user.defaultTeamId))
    .get();
  return membership?.team ?? null;
}

async function startSession(context: MercuriusContext, userId: string, method: 'password' | 'signUp') {
  const { services } = context;
  const userAgent = context.fastifyRequest?.headers['user-agent'] ?? null;
  const user = findUser(services, userId);
  const session = services.store.run({ actorId: userId }, (unit) => {
    const created = createSession(unit.transaction, userId, userAgent);
    unit.append(`user:${userId}`, [{ type: 'user.signed_in', payload: { userId, sessionId: created.sessionId, method } }], { teamId: user.defaultTeamId });
    return created;
  });
  const accessToken = await services.tokens.issue({ userId, sessionId: session.sessionId });
  if (context.reply) setSessionCookies(context.reply, { accessToken, refreshToken: session.refreshToken, userId }, services.config.publicUrl.startsWith('https://'));
  return { token: accessToken, user: presentUser(user), team: (() => { const team = defaultTeam(services, user); return team ? presentTeam(team) : null; })() };
}

export const accountsResolvers: IResolvers = {
  Query: {
    getUser: (_root, _args, context: MercuriusContext) => presentUser(findUser(context.services, requireActor(context).userId)),
    getTeam: (_root, _args, context: MercuriusContext) => {
      const user = findUser(context.services, requireActor(context).userId);
      const team = defaultTeam(context.services, user);
      if (!team) throw new DomainError('NOT_FOUND', 'You do not belong to a team yet.');
      return presentTeam(team);
    },
    checkEmail: (_root, args: { email: string }, context: MercuriusContext) => {
      const email = emailSchema.parse(args.email);
      return context.services.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get() === undefined;
    },
  },
  Mutation: {
    setUserBasic: async (_root, args: Record<string, unknown>, context: MercuriusContext) => {
      const input = signUpSchema.parse(args);
      const passwordHash = await hash(input.password, argon2Options);
      const { services } = context;
      const userId = services.store.run({ actorId: null, mutationId: context.mutationId, request: { operation: 'setUserBasic', email: input.email } }, (unit) => {
        const emailTaken = unit.transaction.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get() !== undefined;
        const ids = { userId: newId(), teamId: newId(), personalProjectId: newId() };
        const decided = decideRegistration({ ...ids, ...input, language: input.language ?? 'en', emailTaken });
        unit.append(`team:${ids.teamId}`, decided.team, { teamId: ids.teamId, expectedVersion: 0 });
        unit.append(`user:${ids.userId}`, decided.user, { teamId: ids.teamId, expectedVersion: 0 });
        unit.append(`project:${ids.personalProjectId}`, decided.project, { teamId: ids.teamId, expectedVersion: 0 });
        unit.transaction.insert(userCredentials).values({ userId: ids.userId, passwordHash, updatedAt: new Date().toISOString() }).run();
        return ids.userId;
      });
      return startSession(context, userId, 'signUp');
    },
    login: async (_root, args: { email: string; password: string }, context: MercuriusContext) => {
      const email = emailSchema.safeParse(args.email);
      const row = email.success
        ? context.services.database.db
            .select({ userId: userCredentials.userId, passwordHash: userCredentials.passwordHash })
            .from(userCredentials)
            .innerJoin(users, eq(users.id, userCredentials.userId))
            .where(eq(users.email, email.data))
            .get()
        : undefined;
      const matches = await verify(row?.passwordHash ?? unknownUserHash, args.password);
      if (!row || !matches) throw new DomainError('BAD_USER_INPUT', 'Wrong e-mail or password.');
      return startSession(context, row.userId, 'password');
    },
    logout: (_root, _args, context: MercuriusContext) => {
      const { services } = context;
      if (context.authentication?.status === 'authenticated') {
        const actor = context.authentication.actor;
        const user = services.database.db.select({ defaultTeamId: users.defaultTeamId }).from(users).where(eq(users.id, actor.userId)).get();
        services.store.run({ actorId: actor.userId }, (unit) => {
          revokeSession(unit.transaction, actor.sessionId, 'signed out');
          unit.append(`user:${actor.userId}`, [{ type: 'user.signed_out', payload: { userId: actor.userId, sessionId: actor.sessionId } }], {
            teamId: user?.defaultTeamId ?? null,
          });
        });
      }
      if (context.reply) clearSessionCookies(context.reply, services.config.publicUrl.startsWith('https://'));
      return true;
    },
    refreshToken: async (_root, _args, context: MercuriusContext) => {
      const presented = context.fastifyRequest?.cookies.refresh_token;
      if (!presented) throw new DomainError('INVALID_REFRESH_TOKEN');
      const { services } = context;
      let rotated;
      try {
        rotated = rotateRefreshToken(services.database.db, presented);
      } catch (error) {
        if (context.reply) clearSessionCookies(context.reply, services.config.publicUrl.startsWith('https://'));
        throw error;
      }
      const accessToken = await services.tokens.issue({ userId: rotated.userId, sessionId: rotated.sessionId });
      if (context.reply) setSessionCookies(context.reply, { accessToken, refreshToken: rotated.refreshToken, userId: rotated.userId }, services.config.publicUrl.startsWith('https://'));
      return { token: accessToken };
    },
    ediUserLanguage: (_root, args: { id: string; language: string }, context: MercuriusContext) => {
      const actor = requireActor(context);
      if (args.id !== actor.userId) throw new DomainError('PERMISSION_DENIED', 'You can only change your own language.');
      const { services } = context;
      services.store.run({ actorId: actor.userId, mutationId: context.mutationId, request: context.request }, (unit) => {
        const user = unit.transaction.select().from(users).where(eq(users.id, actor.userId)).get();
        if (!user) throw new DomainError('UNAUTHENTICATED');
        unit.append(`user:${user.id}`, decideLanguageChange({ userId: user.id, language: user.language }, args.language), { teamId: user.defaultTeamId });
      });
      return presentUser(findUser(services, actor.userId));
    },
  },
  Subscription: {
    subUser: {
      subscribe: async (_root: unknown, _args: { team?: string }, context: SubscriptionContext) => {
        const actor = subscriptionActor(context);
        return context.pubsub.subscribe(topics.stream(`user:${actor.userId}`));
      },
      resolve: (event: StoredEvent, _args: unknown, context: SubscriptionContext) => presentUser(findUser(context.services, subscriptionActor(context).userId)),
    },
  },
};

interface SubscriptionContext extends MercuriusContext {
  pubsub: MercuriusContext['pubsub'];
}

/** The subscriber: from the connection_init token when one was sent, else from the upgrade's cookie. */
export function subscriptionActor(context: MercuriusContext) {
  return requireActor(context);
}
