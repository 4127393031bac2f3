import { and, count, eq, ne } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { maximumSeats, seatPrice } from '#shared/billing';
import { normalizeCurrency, type Currency } from '#shared/currency';
import { isBillingPeriod, isPaidPlan, paidPlanNames, type BillingPeriod, type PaidPlanName } from '#shared/plans';
import { stripeGatewayOf, StripeRequestError, type CheckoutSessionParameters, type StripeGateway } from '../../billing';
import { teamPolicy } from '../../core/access';
import { codedError, DomainError } from '../../errors';
import { requireActor, type Services } from '../../graphql/context';
import { requireTeamMember, teamMembers } from '../teams';
import { stripeCustomerOf } from './commands';
import { creditsOf, type Reader } from './state';

/** Where Stripe sends the browser back: the team's billing section in admin. */
export const billingReturnPath = '/overview/preferences/admin/billing';

/** The team, when the caller administers it (another team's, or none: NOT_FOUND; a member: PERMISSION_DENIED). */
async function requireTeamAdministrator(db: Reader, teamId: string, userId: string): Promise<string> {
  const { team, seat } = await requireTeamMember(db, teamId, userId);
  if (!teamPolicy.manage(seat)) throw new DomainError('PERMISSION_DENIED');
  return team.id;
}

function requireGateway(services: Services): StripeGateway {
  const gateway = stripeGatewayOf(services);
  if (!gateway) throw codedError('PAYMENTS_NOT_CONFIGURED');
  return gateway;
}

/** Members holding seats: everyone but guests, at least one. */
async function seatsOf(db: Reader, teamId: string): Promise<number> {
  const [row] = await db
    .select({ members: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.role, 'guest')));
  return Math.min(Math.max(row?.members ?? 1, 1), maximumSeats);
}

export interface CheckoutRequest {
  teamId: string;
  plan: PaidPlanName;
  period: BillingPeriod;
  currency: Currency;
  priceId: string;
  seats: number;
  customerId: string | null;
  /** The team's credit in this currency taken off the first payment (cents), and the coupon that carries it. */
  credit: { amount: number; couponId: string } | null;
}

/**
 * The Checkout Session's parameters: the price for the team's seats, the team in client_reference_id and in the
 * metadata of the session and of what it creates (so webhooks find the team), the way back to admin billing, and
 * the team's Stripe customer when it has one.
 */
export function checkoutParameters(request: CheckoutRequest, publicUrl: string): CheckoutSessionParameters {
  const { teamId, plan, period, seats } = request;
  const metadata: Record<string, string> = { team: teamId, plan, period, seats: String(seats) };
  if (request.credit) Object.assign(metadata, { credit: String(request.credit.amount), credit_currency: request.currency });
  const returnUrl = `${publicUrl}${billingReturnPath}`;
  const lifetime = period === 'lifetime';
  return {
    mode: lifetime ? 'payment' : 'subscription',
    line_items: [{ price: request.priceId, quantity: seats }],
    client_reference_id: teamId,
    metadata,
    success_url: `${returnUrl}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${returnUrl}?checkout=cancelled`,
    ...(request.customerId ? { customer: request.customerId } : lifetime ? { customer_creation: 'always' as const } : {}),
    ...(lifetime ? { payment_intent_data: { metadata } } : { subscription_data: { metadata: { team: teamId, plan, period } } }),
    ...(request.credit ? { discounts: [{ coupon: request.credit.couponId }] } : {}),
  };
}

function parsePlan(plan: string): PaidPlanName {
  if (!isPaidPlan(plan)) throw codedError('PLAN_UNKNOWN', { params: { plans: paidPlanNames.join(', ') }, field: 'plan' });
  return plan;
}

function parsePeriod(period: string): BillingPeriod {
  if (!isBillingPeriod(period)) throw codedError('BILLING_PERIOD_UNKNOWN', { field: 'type' });
  return period;
}

/** Stripe's failure as the caller sees it; Stripe's own message goes to the log. */
async function askStripe<Result>(context: MercuriusContext, call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof StripeRequestError)) throw error;
    context.reply?.request.log.warn({ err: error }, 'a Stripe request failed');
    throw codedError('PAYMENTS_PROVIDER_FAILED');
  }
}

export const stripeMutations = {
  /** SPEC setCheckout(plan, type, team, currency): the address of a Stripe Checkout Session for the plan. */
  setCheckout: async (
    _root: unknown,
    args: { plan: string; type: string; team: string; currency?: string | null },
    context: MercuriusContext,
  ) => {
    const actor = requireActor(context);
    const { services } = context;
    const db = services.database.db;
    const teamId = await requireTeamAdministrator(db, args.team, actor.userId);
    const gateway = requireGateway(services);
    const plan = parsePlan(args.plan);
    const period = parsePeriod(args.type);
    const currency = normalizeCurrency(args.currency);
    const priceId = services.config.billing.stripe?.prices[plan]?.[period]?.[currency];
    if (!priceId) throw codedError('STRIPE_PRICE_MISSING', { params: { plan, period, currency } });
    const seats = await seatsOf(db, teamId);
    const available = (await creditsOf(db, teamId)).get(currency) ?? 0;
    const creditAmount = Math.min(available, seatPrice(plan, period, currency) * seats);
    const credit =
      creditAmount > 0
        ? { amount: creditAmount, couponId: await askStripe(context, () => gateway.createCreditCoupon(creditAmount, currency, teamId)) }
        : null;
    const request: CheckoutRequest = {
      teamId,
      plan,
      period,
      currency,
      priceId,
      seats,
      customerId: await stripeCustomerOf(services, teamId),
      credit,
    };
    const session = await askStripe(context, () => gateway.createCheckoutSession(checkoutParameters(request, services.config.publicUrl)));
    return { url: session.url };
  },

  /** SPEC manageSubscriptions(team): the Stripe customer portal of the team's customer. */
  manageSubscriptions: async (_root: unknown, args: { team: string }, context: MercuriusContext) => {
    const actor = requireActor(context);
    const { services } = context;
    const teamId = await requireTeamAdministrator(services.database.db, args.team, actor.userId);
    const gateway = requireGateway(services);
    const customerId = await stripeCustomerOf(services, teamId);
    if (!customerId) throw codedError('STRIPE_CUSTOMER_MISSING');
    const portal = await askStripe(context, () =>
      gateway.createPortalSession(customerId, `${services.config.publicUrl}${billingReturnPath}`),
    );
    return { url: portal.url };
  },
};
