import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import type { Resolvers } from '../../graphql/schemaTypes';
import { isSupportedLanguage, supportedLanguages } from '#shared/constants';
import { z } from 'zod';
import { DomainError, issue } from '../../errors';
import { parseArgument } from '../../inputSchemas';
import { requireActor } from '../../graphql/context';
import { addressKey } from '../../http/rateLimits';
import { clearSessionCookies, setSessionCookies } from './cookies';
import { resetPasswordIn, signOutIn, verifyEmailIn } from './signInCommands';
import { profileMutations, profileQueries } from './profile';
import { setUpMutations, setUpQueries } from './setUp';
import {
  argon2Options,
  emailSchema,
  findUser,
  findUserByEmail,
  hashPassword,
  isSecure,
  issueLinkMail,
  nameSchema,
  passwordSchema,
  presentUser,
  registerAccount,
  sendMail,
  startSession,
} from './service';
import { rotateRefreshToken, setSessionBrowserId } from './sessions';
import { userCredentials, users } from './tables';

/** Verifying against this when the e-mail is unknown keeps sign-in timing the same either way. */
const unknownUserHash = await hash('workspace-unknown-user-password', argon2Options);

const signUpSchema = z.object({
  firstname: nameSchema,
  lastname: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  language: z
    .string()
    .refine(isSupportedLanguage, issue('LANGUAGE_UNSUPPORTED', { languages: supportedLanguages.join(', ') }))
    .optional(),
  invited: z.string().nullish(),
  token: z.string().max(200).nullish(),
  /** A promotion link's mark (SPEC §7): the account's team gets the PROMOTION credit (billing's reaction). */
  promotion: z.string().trim().min(1).max(100).nullish(),
});

const ipOf = (context: MercuriusContext) => addressKey(context.ip ?? 'unknown');

/** The same answer whether or not an address has an account (no enumeration). */
const signUpAnswer = (email: string) => ({ email, verificationRequired: true, session: null });

/**
 * Sign-up (setUserBasic). `provesInvitation` answers whether the request carries a mailed invitation's
 * proof for its address (the teams area knows invitations and serves the mutation with it), in which case
 * the account works at once, with no verification mail.
 */
export async function signUp(
  context: MercuriusContext,
  args: Record<string, unknown>,
  provesInvitation: (invitation: { id: string; email: string; token: string | null | undefined }) => Promise<boolean>,
) {
  const { services } = context;
  const input = signUpSchema.parse(args);
  await services.rateLimits.consume(['signUpPerAddress', ipOf(context)]);
  // Joining happens on verification, for every invitation to the address; a space id alone grants nothing.
  // The mailed invitation link's proof is a verification already: that account works at once, with no mail.
  const proven = input.invited ? await provesInvitation({ id: input.invited, email: input.email, token: input.token }) : false;
  const existing = await findUserByEmail(services, input.email);
  // Every path that mails counts against the address's mail allowance.
  if (!proven || existing) await services.rateLimits.consume(['mailPerEmail', input.email]);
  if (existing) {
    // Tell the owner instead of the caller, who must not learn that the address is registered.
    await sendMail(services, 'accountExists', existing, `${services.config.publicUrl}/signin`);
    return signUpAnswer(input.email);
  }
  const passwordHash = await hashPassword(input.password);
  const language = input.language ?? 'en';
  const userId = await services.store.run(
    { actorId: null, mutationId: context.mutationId, request: { operation: 'setUserBasic', email: input.email, proven } },
    async (unit) => {
      // Proven at once, the address lets the teams that invited it add the account (their reaction).
      return (await registerAccount(unit, { ...input, language, passwordHash, emailVerified: proven })).userId;
    },
  );
  if (proven) return { email: input.email, verificationRequired: false, session: await startSession(context, userId, 'invitationLink') };
  // A retried sign-up (same Idempotency-Key) gets a fresh link, which spends the first one.
  await (
    await services.store.run(
      { actorId: null },
      async (unit) =>
        await issueLinkMail(
          unit.transaction,
          services,
          { id: userId, email: input.email, firstname: input.firstname, language },
          'verifyEmail',
        ),
    )
  )();
  return signUpAnswer(input.email);
}

export const accountsResolvers = {
  Query: {
    getUser: async (_root, _args, context: MercuriusContext) => presentUser(await findUser(context.services, requireActor(context).userId)),
    checkEmail: async (_root, args: { email: string }, context: MercuriusContext) => {
      await context.services.rateLimits.consume(['checkEmailPerAddress', ipOf(context)]);
      return (await findUserByEmail(context.services, parseArgument('email', emailSchema, args.email))) === undefined;
    },
    verifyAccount: async (_root, args: { email: string; token: string }, context: MercuriusContext) => {
      const { services } = context;
      await services.rateLimits.consume(['linkPerAddress', ipOf(context)]);
      const email = emailSchema.safeParse(args.email);
      const user = email.success ? await findUserByEmail(services, email.data) : undefined;
      if (!user) throw new DomainError('INVALID_LINK');
      const spent = await services.store.run({ actorId: user.id }, (unit) => verifyEmailIn(unit, user, args.token));
      if (!spent) throw new DomainError('INVALID_LINK');
      return startSession(context, user.id, 'emailLink');
    },
    ...profileQueries,
    ...setUpQueries,
  },
  Mutation: {
    resendEmail: async (_root, args: { email: string }, context: MercuriusContext) => {
      const { services } = context;
      const email = parseArgument('email', emailSchema, args.email);
      await services.rateLimits.consume(['mailPerAddress', ipOf(context)], ['mailPerEmail', email]);
      const user = await findUserByEmail(services, email);
      if (user && !user.emailVerified)
        await (
          await services.store.run({ actorId: null }, async (unit) => await issueLinkMail(unit.transaction, services, user, 'verifyEmail'))
        )();
      return true;
    },
    login: async (_root, args: { email: string; password: string }, context: MercuriusContext) => {
      const { services } = context;
      const email = emailSchema.safeParse(args.email);
      await services.rateLimits.consume(['signInPerAddress', ipOf(context)], ['signInPerEmail', email.success ? email.data : args.email]);
      const [row] = email.success
        ? await services.database.db
            .select({ userId: userCredentials.userId, passwordHash: userCredentials.passwordHash })
            .from(userCredentials)
            .innerJoin(users, eq(users.id, userCredentials.userId))
            .where(eq(users.email, email.data))
            .limit(1)
        : [];
      const matches = await verify(row?.passwordHash ?? unknownUserHash, args.password);
      if (!row || !matches) throw new DomainError('WRONG_CREDENTIALS');
      const user = await findUser(services, row.userId);
      if (!user.emailVerified) {
        // The password proved ownership, so saying the address is unconfirmed reveals nothing new.
        await services.rateLimits.consume(['mailPerEmail', user.email]);
        await (
          await services.store.run(
            { actorId: user.id },
            async (unit) => await issueLinkMail(unit.transaction, services, user, 'verifyEmail'),
          )
        )();
        throw new DomainError('EMAIL_NOT_VERIFIED');
      }
      return startSession(context, row.userId, 'password');
    },
    logout: async (_root, _args, context: MercuriusContext) => {
      const { services } = context;
      if (context.authentication?.status === 'authenticated') {
        const actor = context.authentication.actor;
        await services.store.run({ actorId: actor.userId }, (unit) => signOutIn(unit, actor.userId, actor.sessionId));
      }
      if (context.reply) clearSessionCookies(context.reply, isSecure(services));
      return true;
    },
    refreshToken: async (_root, _args, context: MercuriusContext) => {
      const presented = context.fastifyRequest?.cookies.refresh_token;
      if (!presented) throw new DomainError('INVALID_REFRESH_TOKEN');
      const { services } = context;
      let rotated;
      try {
        rotated = await rotateRefreshToken(services.store, presented);
      } catch (error) {
        if (context.reply) clearSessionCookies(context.reply, isSecure(services));
        throw error;
      }
      const accessToken = await services.tokens.issue({ userId: rotated.userId, sessionId: rotated.sessionId });
      if (context.reply)
        setSessionCookies(context.reply, { accessToken, refreshToken: rotated.refreshToken, userId: rotated.userId }, isSecure(services));
      return { token: accessToken };
    },
    setIdbrowser: async (_root, args: { token: string }, context: MercuriusContext) => {
      const actor = requireActor(context);
      const browserId = parseArgument('token', z.string().trim().min(1).max(512), args.token);
      await setSessionBrowserId(context.services.database.db, actor.sessionId, browserId);
      return true;
    },
    forgotPassword: async (_root, args: { email: string }, context: MercuriusContext) => {
      const { services } = context;
      const email = parseArgument('email', emailSchema, args.email);
      await services.rateLimits.consume(['mailPerAddress', ipOf(context)], ['mailPerEmail', email]);
      const user = await findUserByEmail(services, email);
      if (user)
        await (
          await services.store.run(
            { actorId: null },
            async (unit) => await issueLinkMail(unit.transaction, services, user, 'resetPassword'),
          )
        )();
      return true;
    },
    updatePassword: async (_root, args: { email: string; password: string; token: string }, context: MercuriusContext) => {
      const { services } = context;
      await services.rateLimits.consume(['linkPerAddress', ipOf(context)]);
      const password = parseArgument('password', passwordSchema, args.password);
      const email = emailSchema.safeParse(args.email);
      const user = email.success ? await findUserByEmail(services, email.data) : undefined;
      if (!user) throw new DomainError('INVALID_LINK');
      const passwordHash = await hashPassword(password);
      const changed = await services.store.run({ actorId: user.id }, (unit) => resetPasswordIn(unit, user.id, args.token, passwordHash));
      if (!changed) throw new DomainError('INVALID_LINK');
      return true;
    },
    ...profileMutations,
    ...setUpMutations,
  },
} satisfies Resolvers;
