import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { isValidEmail } from '#shared/email';
import { passwordLength, passwordProblem, type PasswordProblem } from '#shared/password';
import { z } from 'zod';
import type { Transaction } from '../../db/connection';
import { DomainError, issue } from '../../errors';
import { boundedText } from '../../inputSchemas';
import type { UnitOfWork } from '../../core/commands';
import type { Services } from '../../graphql/context';
import { newId } from '../../core/ids';
import { renderMail } from '../../mail/templates';
import { decideRegistration } from './commands';
import { setSessionCookies } from './cookies';
import type { UserPromotionClaimed, UserSignedIn } from './events';
import { issueLink, linkLifetimeHours, type LinkPurpose } from './links';
import { createSession, revokeAllSessions } from './sessions';
import { userCredentials, users } from './tables';
import { spaceStream, teamStream, userStream } from '../../core/streams';

/** OWASP's minimum argon2id parameters (SECURITY.md). */
export const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const emailSchema = z.string().trim().toLowerCase().refine(isValidEmail, issue('EMAIL_INVALID'));
export const nameSchema = boundedText(100, 'NAME_REQUIRED');
/** A team's name: sign-up and the first administrator name the team they create. */
export const teamNameSchema = boundedText(100, 'NAME_REQUIRED');
export const passwordSchema = z.string().superRefine((password, context) => {
  const problem = passwordProblem(password);
  if (problem) context.addIssue({ code: 'custom', ...passwordIssue(problem) });
});

function passwordIssue(problem: PasswordProblem) {
  switch (problem) {
    case 'tooShort':
      return issue('PASSWORD_TOO_SHORT', { minimum: passwordLength.minimum });
    case 'tooLong':
      return issue('PASSWORD_TOO_LONG', { maximum: passwordLength.maximum });
    case 'needsLetter':
      return issue('PASSWORD_NEEDS_LETTER');
    case 'needsDigit':
      return issue('PASSWORD_NEEDS_DIGIT');
  }
}

export type UserRow = typeof users.$inferSelect;

export function presentUser(user: UserRow) {
  return { ...user, logged: true };
}

export async function findUser(services: Services, userId: string): Promise<UserRow> {
  const [user] = await services.database.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new DomainError('UNAUTHENTICATED');
  return user;
}

export async function findUserByEmail(services: Services, email: string): Promise<UserRow | undefined> {
  return findUserByEmailIn(services.database.db, email);
}

/** The account with this address as `reader` sees it (a unit's transaction reads inside the unit). */
export async function findUserByEmailIn(reader: Pick<Transaction, 'select'>, email: string): Promise<UserRow | undefined> {
  const [user] = await reader.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/**
 * The lock a unit takes before deciding whether an address is free (sign-up, a provider's first sign-in, an address
 * change): no stream covers "any account", so the address itself is locked (on PostgreSQL an advisory lock on its name,
 * nothing on SQLite, where units run one at a time). The users table's unique index on email stays the backstop.
 */
export const emailAddressLock = (email: string) => `emailAddress:${email}`;

export interface NewAccount {
  email: string;
  firstname: string;
  lastname: string;
  language: string;
  passwordHash: string | null;
  emailVerified: boolean;
  teamName?: string | undefined;
  /** The promotion a sign-up link carried, if any: told to billing as `user.promotion_claimed`. */
  promotion?: string | null | undefined;
}

/**
 * Registers an account with its team and personal space inside the caller's unit of work. An address
 * proven at once (`emailVerified`) lets the teams that invited it in, by their reaction to
 * `user.email_verified`; the account's current team is then the newest team it joined.
 */
export async function registerAccount(unit: UnitOfWork, account: NewAccount): Promise<{ userId: string; teamId: string }> {
  const ids = { userId: newId(), teamId: newId(), personalProjectId: newId() };
  await unit.lock(emailAddressLock(account.email));
  const emailTaken = (await findUserByEmailIn(unit.transaction, account.email)) !== undefined;
  const decided = decideRegistration({ ...ids, ...account, emailTaken });
  await unit.append(teamStream(ids.teamId), decided.team, { teamId: ids.teamId, expectedVersion: 0 });
  await unit.append(userStream(ids.userId), decided.user, { teamId: ids.teamId, expectedVersion: 0 });
  if (account.emailVerified)
    await unit.append(userStream(ids.userId), [{ type: 'user.email_verified', payload: { userId: ids.userId } }], { teamId: ids.teamId });
  await unit.append(spaceStream(ids.personalProjectId), decided.project, { teamId: ids.teamId, expectedVersion: 0 });
  if (account.promotion) {
    const claimed: UserPromotionClaimed = { userId: ids.userId, teamId: ids.teamId, promotion: account.promotion };
    await unit.append(userStream(ids.userId), [{ type: 'user.promotion_claimed', payload: claimed }], { teamId: ids.teamId });
  }
  if (account.passwordHash) {
    await unit.transaction
      .insert(userCredentials)
      .values({ userId: ids.userId, passwordHash: account.passwordHash, updatedAt: unit.now.toISOString() });
  }
  return { userId: ids.userId, teamId: ids.teamId };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export function isSecure(services: Services): boolean {
  return services.config.publicUrl.startsWith('https://');
}

/** Where a new session's cookies go: the reply of a GraphQL request or of a plain HTTP route. */
export interface SessionTarget {
  services: Services;
  reply?: FastifyReply | undefined;
  userAgent: string | null;
}

/** Opens a session for the user, records the sign-in, sets the cookies and returns the AuthPayload (its team is the teams area's field). */
export async function openSession(target: SessionTarget, userId: string, method: UserSignedIn['method']) {
  const { services } = target;
  const user = await findUser(services, userId);
  const session = await services.store.run({ actorId: userId }, (unit) => openSessionIn(unit, user, target.userAgent, method));
  const accessToken = await services.tokens.issue({ userId, sessionId: session.sessionId });
  if (target.reply) setSessionCookies(target.reply, { accessToken, refreshToken: session.refreshToken, userId }, isSecure(services));
  return { token: accessToken, user: presentUser(user) };
}

/** Opens a session of the user in the unit and records the sign-in: the session's id and its first refresh token. */
export async function openSessionIn(
  unit: UnitOfWork,
  user: Pick<UserRow, 'id' | 'defaultTeamId'>,
  userAgent: string | null,
  method: UserSignedIn['method'],
): Promise<{ sessionId: string; refreshToken: string }> {
  const created = await createSession(unit.transaction, user.id, userAgent, unit.now.getTime());
  await unit.append(userStream(user.id), [{ type: 'user.signed_in', payload: { userId: user.id, sessionId: created.sessionId, method } }], {
    teamId: user.defaultTeamId,
  });
  return created;
}

/** `openSession` for a GraphQL resolver. */
export function startSession(context: MercuriusContext, userId: string, method: UserSignedIn['method']) {
  return openSession(
    { services: context.services, reply: context.reply, userAgent: context.fastifyRequest?.headers['user-agent'] ?? null },
    userId,
    method,
  );
}

/**
 * Records that a sign-in provider proved the user owns the address. A password set while the
 * address was unproven may belong to whoever registered it first (account pre-hijacking), so it is
 * dropped with any session it opened; the owner can choose one through "forgot password".
 */
export async function confirmEmailByProvider(unit: UnitOfWork, user: UserRow): Promise<void> {
  if (user.emailVerified) return;
  await unit.transaction.delete(userCredentials).where(eq(userCredentials.userId, user.id));
  await revokeAllSessions(unit.transaction, user.id, 'e-mail confirmed by a sign-in provider');
  await unit.append(userStream(user.id), [{ type: 'user.email_verified', payload: { userId: user.id } }], { teamId: user.defaultTeamId });
}

const linkPaths: Record<LinkPurpose, string> = { verifyEmail: '/signup/verify', resetPassword: '/signup/recover' };

/** Issues a single-use link for the user and mails it in their language. */
export async function issueLinkMail(
  transaction: Transaction,
  services: Services,
  user: Pick<UserRow, 'id' | 'email' | 'firstname' | 'language'>,
  purpose: LinkPurpose,
): Promise<() => Promise<void>> {
  const secret = await issueLink(transaction, user.id, purpose);
  const link = `${services.config.publicUrl}${linkPaths[purpose]}?email=${encodeURIComponent(user.email)}&token=${secret}`;
  // Sent after the transaction commits, so a mail never points at a link that rolled back.
  return () => sendMail(services, purpose, user, link);
}

export async function sendMail(
  services: Services,
  kind: LinkPurpose | 'accountExists',
  user: Pick<UserRow, 'email' | 'firstname' | 'language'>,
  link: string,
): Promise<void> {
  const hours = kind === 'accountExists' ? '' : String(linkLifetimeHours[kind]);
  await services.mailer.send(renderMail(kind, user.language, user.email, { name: user.firstname, link, hours }));
}
