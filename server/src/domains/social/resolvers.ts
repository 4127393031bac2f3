import type { MercuriusContext } from 'mercurius';
import type { Resolvers } from '../../graphql/schemaTypes';
import { z } from 'zod';
import type { OidcProviderName } from '../../config';
import { oidcProviders } from '../../auth/oidc';
import { isDomainError, issue } from '../../errors';
import { addressKey } from '../../http/rateLimits';
import { signInContextSchema, signInWithIdentity } from './signIn';

/**
 * The sign-up context is validated like the browser flow's; it is not applied yet, as no area
 * handles invitations or promotions, and `updated` is accepted for SPEC §7 compatibility.
 */
const socialSignInSchema = signInContextSchema.extend({
  token: z
    .string()
    .refine((token) => token.length > 0, issue('SOCIAL_ID_TOKEN_REQUIRED'))
    .max(16_384),
  updated: z.boolean().optional(),
});

function socialSignIn(provider: OidcProviderName) {
  return async (_root: unknown, args: Record<string, unknown>, context: MercuriusContext) => {
    const { services } = context;
    // Clients send unused sign-up context as null or "".
    const given = Object.entries(args).filter(([key, value]) => value !== null && (key === 'token' || value !== ''));
    const input = socialSignInSchema.parse(Object.fromEntries(given));
    await services.rateLimits.consume(['signInPerAddress', addressKey(context.ip ?? 'unknown')]);
    let identity;
    try {
      identity = await oidcProviders(services).verifyIdToken(provider, input.token);
    } catch (error) {
      if (isDomainError(error) && error.cause !== undefined)
        context.reply?.log.warn({ err: error.cause, code: error.code, provider }, 'social sign-in refused');
      throw error;
    }
    const userAgent = context.fastifyRequest?.headers['user-agent'] ?? null;
    const { token, user, isNew } = await signInWithIdentity(
      { services, reply: context.reply, userAgent },
      identity,
      input.promotion ? { promotion: input.promotion } : {},
    );
    return { token, user, isNew };
  };
}

export const socialResolvers = {
  Query: {
    socialProviders: (_root, _args, context: MercuriusContext) => oidcProviders(context.services).configured(),
  },
  Mutation: {
    setUserGoogle: socialSignIn('google'),
    setUserMicrosoft: socialSignIn('microsoft'),
  },
} satisfies Resolvers;
