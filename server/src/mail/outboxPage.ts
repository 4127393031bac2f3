import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../graphql/context';
import { outbox } from './tables';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const linkify = (text: string) => escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * Without SMTP, a person trying the product reads its mails here (verification and reset links).
 * Served only when OUTBOX_PAGE=true: the links grant access to accounts, and a visitor's address proves nothing.
 */
export function registerOutboxPage(server: FastifyInstance, services: Services): void {
  const mode = services.config.mail.outboxPage;
  if (mode === 'off') return;
  server.get('/dev/outbox', async (request, reply) => {
    const mails = await services.database.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(100);
    const items = mails
      .map(
        (mail) =>
          `<article><header><strong>${escapeHtml(mail.subject)}</strong><span>to ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt)}</span></header><pre>${linkify(mail.text)}</pre></article>`,
      )
      .join('');
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox · Workspace</title><meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:14px/1.5 system-ui,sans-serif;max-width:760px;margin:32px auto;padding:0 16px;color:#18181b}h1{font-size:20px}p{color:#52525b}article{border:1px solid #e4e4e7;border-radius:8px;padding:12px 16px;margin:12px 0}header{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}header span{color:#71717a;font-size:12px}pre{white-space:pre-wrap;font:inherit;margin:8px 0 0}a{color:#4f46e5}</style></head>
<body><h1>Outbox</h1><p>No mail server is configured (SMTP_URL), so the mails Workspace sends are kept here. Newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
    return reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page);
  });
}
