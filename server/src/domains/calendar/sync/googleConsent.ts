import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '#shared/errors';
import { safeReturnPath } from '#shared/returnPath';
import { oidcProviders, pendingSignInLifetimeSeconds } from '../../../auth/oidc';
import { DomainError, isDomainError } from '../../../errors';
import { authenticateRequest, type Services } from '../../../graphql/context';
import { isSecure } from '../../accounts';
import { requireCurrentTeam } from '../../teams';
import { changeAccount, connectAccount } from './accounts';
import { accountsOf } from './state';

/** The grant's purpose in the sealed state: a sign-in's state cannot finish it, nor its state a sign-in. */
const purpose = 'calendar';
export const googleCalendarScope = 'openid email https://www.googleapis.com/auth/calendar';
const pendingCookieName = 'calendar_google';
const returnCookieName = 'calendar_google_next';
/** Where the browser lands when the start had no usable `next` (the sync page's path names the member's space). */
const defaultReturnPath = '/overview';

/** The provider's and the sign-in's refusals, said as the calendar's own (the sync page shows them). */
const calendarCodes: Partial<Record<ErrorCode, ErrorCode>> = {
  SOCIAL_SIGN_IN_UNAVAILABLE: 'CALENDAR_GOOGLE_UNAVAILABLE',
  SOCIAL_STATE_MISMATCH: 'CALENDAR_GOOGLE_STATE_MISMATCH',
  SOCIAL_SIGN_IN_CANCELLED: 'CALENDAR_GOOGLE_CANCELLED',
  SOCIAL_PROVIDER_ERROR: 'CALENDAR_GOOGLE_FAILED',
  SOCIAL_TOKEN_INVALID: 'CALENDAR_GOOGLE_FAILED',
};

/** Whom the grant is for: the member and the team they were in when they started it. */
export const memberBinding = (userId: string, teamId: string) => `${userId}:${teamId}`;

/** The return path with one query parameter added (it may carry a query of its own). */
export function withResult(returnPath: string, name: 'calendarConnected' | 'calendarError', value: string): string {
  const placeholderOrigin = 'http://return-path.invalid';
  const url = new URL(returnPath, placeholderOrigin);
  url.searchParams.delete('calendarConnected');
  url.searchParams.delete('calendarError');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function calendarErrorCode(error: unknown): ErrorCode {
  if (!isDomainError(error)) return 'INTERNAL_SERVER_ERROR';
  return calendarCodes[error.code] ?? error.code;
}

/**
 * Connecting a Google calendar through Google's consent (issue 17): `start` sends the signed-in member to
 * the Google sign-in issuer with the calendar scope and offline access; `callback` redeems the code and
 * connects the account with the refresh token and the verified e-mail through the sync's own connect path.
 * Either lands on the return path with ?calendarConnected=<account> or ?calendarError=<CODE>; nothing is
 * stored on a refusal.
 */
export function registerGoogleCalendarRoutes(server: FastifyInstance, services: Services): void {
  const providers = oidcProviders(services);
  const redirectUri = `${services.config.publicUrl}/calendar/google/callback`;
  // Scoped to these two routes; Lax still sends it on Google's top-level redirect back.
  const pendingCookie = { httpOnly: true, sameSite: 'lax' as const, secure: isSecure(services), path: '/calendar/google/' };

  const member = async (request: FastifyRequest) => {
    const authentication = await authenticateRequest(request, services.authenticate);
    if (authentication.status !== 'authenticated') throw new DomainError('UNAUTHENTICATED');
    const { userId } = authentication.actor;
    const { team } = await requireCurrentTeam(services.database.db, userId);
    return { userId, teamId: team.id };
  };

  const land = (request: FastifyRequest, reply: FastifyReply, returnPath: string, error: unknown) => {
    const code = calendarErrorCode(error);
    if (isDomainError(error)) request.log.warn({ err: error.cause ?? error, code }, 'google calendar connection refused');
    else request.log.error({ err: error }, 'google calendar connection failed');
    return reply.redirect(withResult(returnPath, 'calendarError', code));
  };

  server.get<{ Querystring: { next?: string } }>('/calendar/google/start', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const returnPath = safeReturnPath(request.query.next) ?? defaultReturnPath;
    let caller: { userId: string; teamId: string };
    try {
      caller = await member(request);
    } catch (error) {
      // Signed out: sign in first, then come back here.
      if (isDomainError(error) && error.code === 'UNAUTHENTICATED') {
        return reply.redirect(`/signin?next=${encodeURIComponent(`/calendar/google/start?next=${encodeURIComponent(returnPath)}`)}`);
      }
      return land(request, reply, returnPath, error);
    }
    try {
      if (!services.config.oidc.google) throw new DomainError('CALENDAR_GOOGLE_UNAVAILABLE');
      const { authorizationUrl, sealedState } = await providers.beginAuthorization('google', {
        purpose,
        scope: googleCalendarScope,
        redirectUri,
        binding: memberBinding(caller.userId, caller.teamId),
        // Offline access with a fresh consent: Google gives a refresh token only then.
        parameters: { access_type: 'offline', prompt: 'consent' },
      });
      reply.setCookie(pendingCookieName, sealedState, { ...pendingCookie, maxAge: pendingSignInLifetimeSeconds });
      reply.setCookie(returnCookieName, returnPath, { ...pendingCookie, maxAge: pendingSignInLifetimeSeconds });
      return reply.redirect(authorizationUrl.href);
    } catch (error) {
      return land(request, reply, returnPath, error);
    }
  });

  server.get('/calendar/google/callback', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const sealedState = request.cookies[pendingCookieName];
    const returnPath = safeReturnPath(request.cookies[returnCookieName]) ?? defaultReturnPath;
    reply.clearCookie(pendingCookieName, pendingCookie);
    reply.clearCookie(returnCookieName, pendingCookie);
    try {
      if (!services.config.oidc.google) throw new DomainError('CALENDAR_GOOGLE_UNAVAILABLE');
      const caller = await member(request);
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const checked = await providers.checkAuthorization('google', purpose, query, sealedState);
      // Started by another member, or in another team than the one the member is in now: nothing is redeemed.
      if (checked.binding !== memberBinding(caller.userId, caller.teamId)) throw new DomainError('CALENDAR_GOOGLE_OTHER_MEMBER');
      const granted = await providers.finishAuthorization(checked);
      if (!granted.refreshToken) throw new DomainError('CALENDAR_GOOGLE_NO_REFRESH_TOKEN');
      const connecting = { ...caller, command: { actorId: caller.userId } };
      const credential = { type: 'google', email: granted.identity.email, password: granted.refreshToken };
      // The same Google account again (its authorisation was revoked or expired): its new refresh token replaces the old one.
      const existing = (await accountsOf(services.database.db, caller.userId, caller.teamId)).find(
        (account) => account.type === 'google' && account.email === granted.identity.email,
      );
      let accountId: string;
      if (existing) {
        await changeAccount(services, connecting, existing.id, { password: granted.refreshToken }, true);
        accountId = existing.id;
      } else {
        accountId = await connectAccount(services, connecting, credential, true);
      }
      return reply.redirect(withResult(returnPath, 'calendarConnected', accountId));
    } catch (error) {
      return land(request, reply, returnPath, error);
    }
  });
}
