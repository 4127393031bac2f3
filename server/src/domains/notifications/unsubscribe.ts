import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { digestSettingName } from '#shared/notifications';
import { fallbackLanguage, isSupportedLanguage } from '#shared/constants';
import type { Services } from '../../graphql/context';
import { digestTexts, escapeHtml } from '../../mail/digestMail';
import { users } from '../accounts';
import { setOwnSetting } from '../settings';

function unsubscribeMac(secret: string, userId: string, teamId: string): string {
  return createHmac('sha256', secret)
    .update(`notifications-unsubscribe\n${userId}\n${teamId}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url');
}

/**
 * The digest's unsubscribe token: the person and the team the mail was about, with an HMAC of both under the
 * server secret, so nothing is stored and nobody can unsubscribe someone else.
 */
export function unsubscribeToken(secret: string, userId: string, teamId: string): string {
  return `${userId}.${teamId}.${unsubscribeMac(secret, userId, teamId)}`;
}

/** The person and team a token was made for, or null when this server did not make it. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; teamId: string } | null {
  if (token.length > 300) return null;
  const [userId, teamId, mac, extra] = token.split('.');
  if (!userId || !teamId || !mac || extra !== undefined) return null;
  const given = Buffer.from(mac);
  const expected = Buffer.from(unsubscribeMac(secret, userId, teamId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, teamId } : null;
}

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/** The first supported language the browser asks for, else English (a bad link names nobody whose language we know). */
function languageOfRequest(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const language = part.trim().slice(0, 2).toLowerCase();
    if (isSupportedLanguage(language)) return language;
  }
  return fallbackLanguage;
}

function page(reply: FastifyReply, status: number, language: string, message: string) {
  const words = digestTexts(language);
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(words.pageTitle)} · Workspace</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<style>:root{color-scheme:light dark}body{font:16px/1.5 system-ui,sans-serif;max-width:520px;margin:48px auto;padding:0 16px;color:#18181b;background:#fff}
main{border:1px solid #e4e4e7;border-radius:12px;padding:24px}h1{font-size:22px;margin:0 0 8px}p{margin:8px 0}
@media (prefers-color-scheme:dark){body{background:#18181b;color:#f4f4f5}main{border-color:#3f3f46}}</style></head>
<body><main><h1>${escapeHtml(words.pageTitle)}</h1><p role="status">${escapeHtml(message)}</p></main></body></html>`;
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * GET /notifications/unsubscribe?token=…: no sign-in; turns the person's digest to never (their own setting,
 * `user.setting_changed` in the log like any other) and says so in their language. Opening it again changes
 * nothing. A bad or foreign token changes nothing and says the link is not valid.
 */
export function registerUnsubscribeRoute(server: FastifyInstance, services: Services): void {
  server.get<{ Querystring: { token?: string } }>('/notifications/unsubscribe', async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const claim = readUnsubscribeToken(services.config.secret, token);
    const [user] = claim
      ? await services.database.db.select({ id: users.id, language: users.language }).from(users).where(eq(users.id, claim.userId)).limit(1)
      : [];
    if (!claim || !user) {
      const language = languageOfRequest(request.headers['accept-language']);
      return page(reply, 400, language, digestTexts(language).invalidLink);
    }
    await services.store.run(
      { actorId: user.id },
      async (unit) => await setOwnSetting(unit, user.id, { name: digestSettingName, type: 'never', active: true }),
    );
    return page(reply, 200, user.language, digestTexts(user.language).unsubscribed);
  });
}
