import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '#shared/errors';
import { isSocialProviderName, oidcProviders, pendingSignInLifetimeSeconds, type SignInContext } from '../../auth/oidc';
import { DomainError, isDomainError } from '../../errors';
import type { Services } from '../../graphql/context';
import { addressKey } from '../../http/rateLimits';
import { isSecure } from '../accounts';
import { safeReturnPath } from '#shared/returnPath';
import { signInContextSchema, signInWithIdentity } from './signIn';

interface ProviderRoute {
  Params: { provider: string };
  Querystring: Record<string, unknown>;
}

const pendingCookieName = (provider: string) => `oidc_${provider}`;
/** The page to return to (`?next=`), kept beside the pending sign-in for the same ten minutes. */
const returnCookieName = (provider: string) => `oidc_next_${provider}`;

/**
 * Browser sign-in with an OpenID Connect provider: `start` sends the browser to the provider,
 * `callback` (the redirect URI registered there) signs in and lands on the app. Every failure lands
 * on /signin?error=<CODE>, so the sign-in page can say what went wrong.
 */
export function registerSocialRoutes(server: FastifyInstance, services: Services): void {
  const providers = oidcProviders(services);
  // Scoped to the provider's routes; Lax still sends it on the provider's top-level redirect back.
  const pendingCookie = (provider: string) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecure(services),
    path: `/auth/${provider}/`,
  });

  server.get<ProviderRoute>('/auth/:provider/start', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      const provider = knownProvider(request.params.provider);
      const { next, ...query } = withoutEmptyValues(request.query);
      const context = signInContextSchema.safeParse(query);
      if (!context.success) throw new DomainError('BAD_USER_INPUT');
      const { authorizationUrl, sealedState } = await providers.begin(provider, context.data);
      reply.setCookie(pendingCookieName(provider), sealedState, { ...pendingCookie(provider), maxAge: pendingSignInLifetimeSeconds });
      const returnPath = safeReturnPath(next);
      if (returnPath)
        reply.setCookie(returnCookieName(provider), returnPath, { ...pendingCookie(provider), maxAge: pendingSignInLifetimeSeconds });
      return reply.redirect(authorizationUrl.href);
    } catch (error) {
      return landOnSignIn(request, reply, error);
    }
  });

  server.get<ProviderRoute>('/auth/:provider/callback', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      const provider = knownProvider(request.params.provider);
      const sealedState = request.cookies[pendingCookieName(provider)];
      const returnPath = safeReturnPath(request.cookies[returnCookieName(provider)]);
      reply.clearCookie(pendingCookieName(provider), pendingCookie(provider));
      reply.clearCookie(returnCookieName(provider), pendingCookie(provider));
      await services.rateLimits.consume(['signInPerAddress', addressKey(request.ip)]);
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const { identity, context } = await providers.finish(provider, query, sealedState);
      const signedIn = await signInWithIdentity({ services, reply, userAgent: request.headers['user-agent'] ?? null }, identity, context);
      return reply.redirect(landingPath(signedIn.isNew, context, returnPath));
    } catch (error) {
      return landOnSignIn(request, reply, error);
    }
  });
}

function knownProvider(name: string) {
  if (!isSocialProviderName(name)) throw new DomainError('SOCIAL_PROVIDER_UNKNOWN');
  return name;
}

/** Links built with every parameter (`?project=&invited=`) send the unused ones empty. */
function withoutEmptyValues(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/**
 * A new account finishes sign-up; the link's context rides along for the pages that apply it. An
 * existing account goes back to the page it asked for before signing in, if any; a new one is sent
 * there from the welcome page (`next`).
 */
function landingPath(isNew: boolean, context: SignInContext, returnPath: string | null): string {
  if (!isNew && returnPath) return returnPath;
  const query = new URLSearchParams(isNew ? { new: '1' } : {});
  for (const [key, value] of Object.entries(context)) if (value !== undefined) query.set(key, value);
  if (isNew && returnPath) query.set('next', returnPath);
  const search = query.toString();
  return `${isNew ? '/signup/finish' : '/overview'}${search ? `?${search}` : ''}`;
}

function landOnSignIn(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  let code: ErrorCode = 'INTERNAL_SERVER_ERROR';
  if (isDomainError(error)) {
    code = error.code;
    if (error.cause !== undefined) request.log.warn({ err: error.cause, code }, 'social sign-in refused');
  } else {
    request.log.error({ err: error }, 'social sign-in failed');
  }
  return reply.redirect(`/signin?error=${code}`);
}
