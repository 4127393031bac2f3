import type { MercuriusContext } from 'mercurius';
import { validateContactSalesMessage } from '#shared/contactSales';
import { maximumSeats, minimumSeats } from '#shared/billing';
import { newId } from '../../core/ids';
import { runCommand } from '../../core/runCommand';
import { salesStream } from '../../core/streams';
import { codedError } from '../../errors';
import { requireActor } from '../../graphql/context';
import type { MutationResolvers } from '../../graphql/schemaTypes';
import type { MailMessage } from '../../mail/mailer';
import { findUser } from '../accounts';
import { currentTeam } from '../teams';
import type { SalesRequested } from './events';

const maximumMessageLength = 5000;
const maximumFieldLength = 200;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function optionalText(value: string | null | undefined, field: string): string | null {
  const text = value?.trim() ?? '';
  if (text.length > maximumFieldLength) throw codedError('TEXT_TOO_LONG', { params: { maximum: maximumFieldLength }, field });
  return text === '' ? null : text;
}

/** The mail the sales team receives: who asks (their account and what they typed), for which team, and the message. */
export function salesMail(
  to: string,
  request: SalesRequested,
  account: { name: string; email: string },
  teamName: string | null,
): MailMessage {
  const lines: [string, string | null][] = [
    ['Account', `${account.name} <${account.email}>`],
    ['Name', request.name],
    ['E-mail', request.email],
    ['Company', request.company],
    ['Seats', request.seats === null ? null : String(request.seats)],
    ['Team', teamName],
  ];
  const known = lines.filter((line): line is [string, string] => line[1] !== null);
  const subject = `Contact sales: ${request.company ?? request.name ?? account.name}`;
  const text = `${known.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${request.message}\n`;
  const html = `<dl>${known.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl><p style="white-space:pre-wrap">${escapeHtml(request.message)}</p>`;
  return { to, subject, text, html };
}

export const contactSalesMutations = {
  /**
   * SPEC §8 contact sales: an empty (or whitespace) message is refused with SPEC's text; the request is kept
   * as an event first, so a mail failure loses nothing, then mailed to SALES_EMAIL; a failed mail answers
   * SPEC's failure text with that address.
   */
  sendEmail: async (_root, args, context: MercuriusContext) => {
    const actor = requireActor(context);
    const { services } = context;
    const validated = validateContactSalesMessage(args.message);
    if (!validated.ok) throw codedError('CONTACT_SALES_MESSAGE_REQUIRED', { field: 'message' });
    if (validated.message.length > maximumMessageLength)
      throw codedError('TEXT_TOO_LONG', { params: { maximum: maximumMessageLength }, field: 'message' });
    const seats = args.seats ?? null;
    if (seats !== null && (!Number.isInteger(seats) || seats < minimumSeats || seats > maximumSeats))
      throw codedError('SEATS_OUT_OF_RANGE', { params: { minimum: minimumSeats, maximum: maximumSeats }, field: 'seats' });
    const fields = {
      name: optionalText(args.name, 'name'),
      email: optionalText(args.email, 'email'),
      company: optionalText(args.company, 'company'),
    };
    await services.rateLimits.consume(['contactSalesPerUser', actor.userId]);
    const team = await currentTeam(services.database.db, actor.userId);
    const request: SalesRequested = {
      requestId: newId(),
      userId: actor.userId,
      teamId: team?.id ?? null,
      message: validated.message,
      ...fields,
      seats,
    };
    await runCommand(context, actor.userId, async (unit) => {
      await unit.append(salesStream(actor.userId), [{ type: 'billing.sales_requested', payload: request }], { teamId: request.teamId });
    });
    const salesEmail = services.config.instance.salesEmail;
    const user = await findUser(services, actor.userId);
    try {
      await services.mailer.send(
        salesMail(salesEmail, request, { name: `${user.firstname} ${user.lastname}`.trim(), email: user.email }, team?.name ?? null),
      );
    } catch (error) {
      context.reply?.log.warn({ err: error, requestId: request.requestId }, 'contact-sales mail failed; the request is kept');
      throw codedError('CONTACT_SALES_FAILED', { params: { email: salesEmail } });
    }
    return { ok: true };
  },
} satisfies MutationResolvers;
