import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authenticateRequest, type Services } from '../../graphql/context';
import { isInstanceAdministrator } from '../accounts';
import { findTeam, loadTeamSeat } from '../teams';
import { billingInvoices } from './tables';
import { billingPolicy } from './policies';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** An amount in cents as the receipt prints it: "£15.00", "€12.50", "$6.00". */
export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

function page(reply: FastifyReply, status: number, title: string, body: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Workspace</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<style>:root{color-scheme:light dark}body{font:16px/1.5 system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#18181b;background:#fff}
main{border:1px solid #e4e4e7;border-radius:12px;padding:24px}h1{font-size:22px;margin:0 0 16px}dt{color:#52525b}dd{margin:0 0 8px}
@media (prefers-color-scheme:dark){body{background:#18181b;color:#f4f4f5}main{border-color:#3f3f46}dt{color:#a1a1aa}}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * GET /billing/receipts/:id: the app's own receipt of an invoice (the `ticket` of invoices an instance administrator's
 * plan issued; Stripe's invoices link to Stripe's page). For the team's admins and the instance's administrators,
 * signed in by the app's cookie or a bearer token; anyone else gets the same answer as for an id that does not exist.
 */
export function registerReceiptRoute(server: FastifyInstance, services: Services): void {
  server.get<{ Params: { id: string } }>('/billing/receipts/:id', async (request, reply) => {
    const authentication = await authenticateRequest(request, services.authenticate);
    if (authentication.status !== 'authenticated') return page(reply, 401, 'Sign in', '<p>Sign in to see this receipt.</p>');
    const { userId } = authentication.actor;
    const db = services.database.db;
    const [invoice] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, request.params.id)).limit(1);
    const team = invoice ? await findTeam(db, invoice.teamId) : undefined;
    const allowed =
      team && (billingPolicy.manage(await loadTeamSeat(db, team, userId)) || (await isInstanceAdministrator(services, userId)));
    if (!invoice || !team || !allowed)
      return page(reply, 404, 'Receipt not found', '<p>This receipt does not exist or you cannot see it.</p>');
    const rows: [string, string][] = [
      ['Team', team.name],
      ['Invoice', invoice.number],
      ['Date', invoice.createdAt.slice(0, 10)],
      ['Amount', formatAmount(invoice.amount, invoice.currency)],
      ['State', invoice.state],
    ];
    const list = `<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
    return page(reply, 200, `Receipt ${invoice.number}`, list);
  });
}
