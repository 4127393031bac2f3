import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isPaidPlan } from '#shared/plans';
import { normalizeCurrency } from '#shared/currency';
import {
  stripeGatewayOf,
  StripeRequestError,
  StripeSignatureError,
  type StripeCheckoutSession,
  type StripeEvent,
  type StripeGateway,
  type StripeInvoice,
  type StripeSettings,
  type StripeSubscription,
} from '../../billing';
import type { UnitOfWork } from '../../core/commands';
import type { Services } from '../../graphql/context';
import { findTeam } from '../teams';
import {
  changeCredit,
  decideSubscriptionChange,
  lockTeamBilling,
  writeInvoice,
  type InvoiceInput,
  type SubscriptionChange,
} from './commands';
import { creditUsedBy, idOf, invoiceMetadata, invoiceOf, lifetimeChangeOf, subscriptionChangeOf, teamOf } from './stripeChanges';
import { stripeWebhookStream } from './stripeEvents';
import { stripeWebhookEvents } from './tables';
import { creditsOf, loadSubscription, type Reader } from './state';

export const stripeWebhookPath = '/billing/stripe/webhook';

/** Stripe's webhook bodies are JSON documents of a few kilobytes; anything this large is not one. */
const webhookBodyLimit = 1_048_576;

/** The Stripe event types that change a team's billing; every other type is answered 200 and ignored. */
export const handledStripeEvents = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export type StripeWebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** What an event does to its team, decided inside the unit of work from what was read of Stripe before it. */
interface Effect {
  teamId: string | null;
  decide: (unit: UnitOfWork, teamId: string) => Promise<void>;
}

async function wasApplied(db: Reader, eventId: string): Promise<boolean> {
  const found = await db
    .select({ eventId: stripeWebhookEvents.eventId })
    .from(stripeWebhookEvents)
    .where(eq(stripeWebhookEvents.eventId, eventId))
    .limit(1);
  return found.length > 0;
}

function recordChange(change: SubscriptionChange | null) {
  return async (unit: UnitOfWork, teamId: string) => {
    if (change) await decideSubscriptionChange(unit, { ...change, teamId });
  };
}

function recordInvoice(invoice: InvoiceInput | null) {
  return async (unit: UnitOfWork) => {
    if (!invoice) return;
    const { id, ...rest } = invoice;
    await writeInvoice(unit, { ...rest, invoiceId: id });
  };
}

/** A checkout paid: the subscription it started (read from Stripe) or the lifetime deal, and the credit it spent. */
async function checkoutEffect(services: Services, gateway: StripeGateway, settings: StripeSettings, event: StripeEvent): Promise<Effect> {
  const session = event.data.object as StripeCheckoutSession;
  const teamId = session.client_reference_id ?? (await teamOf(services.database.db, session.metadata, idOf(session.customer)));
  const subscriptionId = idOf(session.subscription);
  let change: SubscriptionChange | null = null;
  if (session.mode === 'subscription' && subscriptionId && teamId)
    change = subscriptionChangeOf(settings, await gateway.retrieveSubscription(subscriptionId), teamId, event.id);
  else if (session.mode === 'payment' && teamId) change = lifetimeChangeOf(session, teamId, event.id);
  const credit = change ? creditUsedBy(session) : null;
  return {
    teamId,
    decide: async (unit, team) => {
      await recordChange(change)(unit, team);
      if (!credit) return;
      const currency = normalizeCurrency(credit.currency);
      const spent = Math.min(credit.amount, (await creditsOf(unit.transaction, team)).get(currency) ?? 0);
      await changeCredit(unit, { teamId: team, currency, amount: -spent, reason: 'invoice', userId: null, code: null, invoiceId: null });
    },
  };
}

/**
 * A subscription created, updated or deleted. Stripe does not deliver events in order, so a created or updated
 * event reads the subscription as it is now from Stripe rather than trusting the event's copy: a late, older
 * event then records the current state again (which changes nothing) instead of going back in time.
 */
async function subscriptionEffect(
  services: Services,
  gateway: StripeGateway,
  settings: StripeSettings,
  event: StripeEvent,
): Promise<Effect> {
  const sent = event.data.object as StripeSubscription;
  const ended = event.type === 'customer.subscription.deleted';
  const subscription = ended ? sent : await gateway.retrieveSubscription(sent.id);
  const teamId = await teamOf(services.database.db, subscription.metadata, idOf(subscription.customer));
  return { teamId, decide: recordChange(teamId ? subscriptionChangeOf(settings, subscription, teamId, event.id, ended) : null) };
}

/** invoice.paid records the invoice with its hosted page; invoice.payment_failed records it failed and the plan past due. */
async function invoiceEffect(services: Services, event: StripeEvent): Promise<Effect> {
  const invoice = event.data.object as StripeInvoice;
  const teamId = await teamOf(services.database.db, invoiceMetadata(invoice), idOf(invoice.customer));
  const failed = event.type === 'invoice.payment_failed';
  const input = teamId ? invoiceOf(invoice, teamId, failed ? 'failed' : 'paid') : null;
  return {
    teamId,
    decide: async (unit, team) => {
      await recordInvoice(input)(unit);
      if (!failed) return;
      const current = await loadSubscription(unit.transaction, team, 'stripe');
      if (!isPaidPlan(current.plan) || current.state === 'stopped') return;
      const { plan, period, currency, seats, currentPeriodEnd, stripe } = current;
      const change: SubscriptionChange = {
        teamId: team,
        plan,
        period,
        currency,
        seats,
        currentPeriodEnd,
        state: 'past_due',
        source: 'stripe',
        cause: event.id,
      };
      await decideSubscriptionChange(unit, stripe ? { ...change, stripe } : change);
    },
  };
}

async function effectOf(services: Services, gateway: StripeGateway, settings: StripeSettings, event: StripeEvent): Promise<Effect | null> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutEffect(services, gateway, settings, event);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionEffect(services, gateway, settings, event);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return await invoiceEffect(services, event);
    default:
      return null;
  }
}

/**
 * Applies one verified Stripe event, once: what it changes (through billing's decisions) and the record that it
 * was applied go in one unit of work. A replay, or a second delivery racing the first, changes nothing: the unit
 * locks the webhook stream (every applied event is appended there) and the team's billing before it asks whether the
 * event was applied, so a second delivery waits for the first to commit and then finds it, on both databases. No
 * failed insert is caught: on PostgreSQL it would fail the whole unit.
 */
export async function applyStripeEvent(services: Services, gateway: StripeGateway, event: StripeEvent): Promise<StripeWebhookOutcome> {
  const settings = services.config.billing.stripe;
  if (!settings) return 'ignored';
  if (await wasApplied(services.database.db, event.id)) return 'duplicate';
  const effect = await effectOf(services, gateway, settings, event);
  if (!effect) return 'ignored';
  const teamId = effect.teamId && (await findTeam(services.database.db, effect.teamId)) ? effect.teamId : null;
  return await services.store.run({ actorId: null }, async (unit) => {
    if (teamId) await lockTeamBilling(unit, teamId, stripeWebhookStream);
    else await unit.lock(stripeWebhookStream);
    if (await wasApplied(unit.transaction, event.id)) return 'duplicate';
    if (teamId) await effect.decide(unit, teamId);
    await unit.append(stripeWebhookStream, [{ type: 'stripe.webhook_applied', payload: { eventId: event.id, type: event.type, teamId } }], {
      teamId,
    });
    return 'applied';
  });
}

/**
 * POST /billing/stripe/webhook: Stripe signs each body (Stripe-Signature: a timestamp and an HMAC of the exact
 * bytes under STRIPE_WEBHOOK_SECRET); a missing, forged or stale signature is refused with 400 before anything is
 * read. Answers 200 for an event applied, a replay and a type the app does not use; 503 when Stripe could not be
 * asked about it (Stripe retries). Without Stripe configured the route answers 404.
 */
export function registerStripeWebhookRoute(server: FastifyInstance, services: Services): void {
  server.register(async (scope) => {
    // The signature covers the exact bytes, so this scope keeps the body as text; other routes parse JSON as before.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: webhookBodyLimit }, (_request, body, done) => done(null, body));
    scope.post(stripeWebhookPath, async (request, reply) => {
      const gateway = stripeGatewayOf(services);
      if (!gateway) return reply.code(404).send({ error: 'Stripe is not configured' });
      let event: StripeEvent;
      try {
        const signature = request.headers['stripe-signature'];
        event = gateway.verifyWebhook(
          typeof request.body === 'string' ? request.body : '',
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (!(error instanceof StripeSignatureError)) throw error;
        request.log.warn({ reason: error.message }, 'refused a Stripe webhook with an invalid signature');
        return reply.code(400).send({ error: 'invalid Stripe signature' });
      }
      try {
        const outcome = await applyStripeEvent(services, gateway, event);
        return reply.code(200).send({ received: true, outcome });
      } catch (error) {
        if (!(error instanceof StripeRequestError)) throw error;
        request.log.warn({ err: error, event: event.id }, 'could not read a Stripe webhook event’s objects from Stripe');
        return reply.code(503).send({ error: 'Stripe could not be reached; retry later' });
      }
    });
  });
}
