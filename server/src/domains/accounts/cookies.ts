import type { FastifyReply } from 'fastify';
import { refreshTokenLifetimeMs } from './sessions';

/**
 * The access token and refresh token are HttpOnly; `user` is readable so the client's route rules
 * (SPEC §2) can tell a signed-in browser. The access token cookie outlives the token inside it, so
 * an expired token produces "Token expired or invalid" (refresh) instead of "No access token".
 */
export function setSessionCookies(
  reply: FastifyReply,
  values: { accessToken: string; refreshToken: string; userId: string },
  secure: boolean,
): void {
  const maxAge = Math.floor(refreshTokenLifetimeMs / 1000);
  const common = { sameSite: 'lax' as const, secure, path: '/', maxAge };
  reply.setCookie('token', values.accessToken, { ...common, httpOnly: true });
  reply.setCookie('refresh_token', values.refreshToken, { ...common, httpOnly: true, path: '/graphql' });
  reply.setCookie('user', values.userId, { ...common, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  const common = { sameSite: 'lax' as const, secure };
  reply.clearCookie('token', { ...common, path: '/' });
  reply.clearCookie('refresh_token', { ...common, path: '/graphql' });
  reply.clearCookie('user', { ...common, path: '/' });
}
