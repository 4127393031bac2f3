import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../server/src/domains';
import { promotionCodeStream } from '../../server/src/core/streams';
import { changeCredit } from '../../server/src/domains/billing/commands';
import type { PromotionCodeSet } from '../../server/src/domains/billing/events';
import { appRows, replayedBesideLive } from '../support/appRows';
import { startTestServer, type TestServer } from './harness';
import { FakeStripe, stripeEnvironment, stripeSubscription, stripeTestSettings } from './support/fakeStripe';
import { countEvents, expectData, person, type Person } from './teamFactories';

let fake: FakeStripe;
let server: TestServer;

beforeAll(async () => {
  fake = new FakeStripe(stripeTestSettings.secretKey);
  await fake.start();
  server = await startTestServer(stripeEnvironment(fake));
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

let eventCounter = 0;
const inThirtyDays = () => Math.floor(Date.now() / 1000) + 30 * 86_400;

/** A Stripe event as its webhook carries it. */
function stripeEvent(type: string, object: Record<string, unknown>): { id: string; payload: string } {
  eventCounter += 1;
  const id = `evt_test_${Date.now().toString(36)}_${eventCounter}`;
  const event = {
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
  return { id, payload: JSON.stringify(event) };
}

/** Posts a webhook body as Stripe does, signed by the package's own test helper (or with the signature given). */
async function deliver(payload: string, signature?: string | null): Promise<{ status: number; body: Record<string, unknown> }> {
  const header =
    signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret: stripeTestSettings.webhookSecret }) : signature;
  const response = await fetch(`${server.url}/billing/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(header === null ? {} : { 'stripe-signature': header }) },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface BillingView {
  type: string;
  state: string;
  period: string;
  currency: string;
  seats: number;
  currentPeriodEnd: string | null;
  lifetimes: number;
  credit: number;
  creditCurrency: string;
  invoices: { id: string; number: string; amount: number; currency: string; state: string; ticket: string | null }[];
}

async function billingOf(admin: Person): Promise<BillingView & { teamPlan: string; teamPlanState: string }> {
  const billing = expectData(
    await admin.client.execute<{ getBilling: BillingView }>(
      'query ($team: ID!) { getBilling(team: $team) { type state period currency seats currentPeriodEnd lifetimes credit creditCurrency invoices { id number amount currency state ticket } } }',
      { team: admin.teamId },
    ),
  ).getBilling;
  const team = expectData(
    await admin.client.execute<{ getTeam: { subscription: string; planState: string } }>('{ getTeam { subscription planState } }'),
  );
  return { ...billing, teamPlan: team.getTeam.subscription, teamPlanState: team.getTeam.planState };
}

function subscriptionOf(admin: Person, overrides: Partial<Parameters<typeof stripeSubscription>[0]> = {}) {
  return stripeSubscription({
    id: `sub_${admin.teamId}`,
    customer: `cus_${admin.teamId}`,
    price: 'price_basic_monthly_usd',
    quantity: 3,
    currentPeriodEnd: inThirtyDays(),
    metadata: { team: admin.teamId, plan: 'basic', period: 'monthly' },
    ...overrides,
  });
}

/** A customer.subscription event; Stripe (the fake) holds the subscription as the event shows it, as Stripe would. */
function subscriptionEvent(type: string, subscription: Record<string, unknown>) {
  fake.subscriptions.set(String(subscription.id), subscription);
  return stripeEvent(type, subscription);
}

/** checkout.session.completed of a subscription checkout; Stripe is asked for the subscription it started. */
function completedCheckout(admin: Person, subscription: Record<string, unknown>) {
  fake.subscriptions.set(String(subscription.id), subscription);
  return stripeEvent('checkout.session.completed', {
    id: `cs_${admin.teamId}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: admin.teamId,
    customer: subscription.customer,
    subscription: subscription.id,
    currency: 'usd',
    metadata: { team: admin.teamId, plan: 'basic', period: 'monthly', seats: '3' },
  });
}

describe('Stripe webhook signatures', () => {
  it('refuses a forged, a missing and a stale signature, and a body changed after signing, changing nothing', async () => {
    const admin = await person(server, 'Ada');
    const { payload } = completedCheckout(admin, subscriptionOf(admin));
    const before = await countEvents(server);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: stripeTestSettings.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const signedOriginal = Stripe.webhooks.generateTestHeaderString({ payload, secret: stripeTestSettings.webhookSecret });
    const changed = payload.replace('"seats":"3"', '"seats":"300"');
    expect(changed).not.toBe(payload);
    for (const attempt of [deliver(payload, forged), deliver(payload, null), deliver(payload, stale), deliver(changed, signedOriginal)]) {
      const answer = await attempt;
      expect(answer).toEqual({ status: 400, body: { error: 'invalid Stripe signature' } });
    }
    expect(await countEvents(server)).toBe(before);
    expect((await billingOf(admin)).type).toBe('free');
  });
});

describe('Stripe webhook events', () => {
  it('checkout.session.completed: the subscription Stripe started sets the plan, seats and period end, once however often it comes', async () => {
    const admin = await person(server, 'Bea');
    const subscription = subscriptionOf(admin, { quantity: 3 });
    const { payload } = completedCheckout(admin, subscription);
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(fake.requestsTo('GET', `/v1/subscriptions/${String(subscription.id)}`)).toHaveLength(1);
    const billing = await billingOf(admin);
    expect(billing).toMatchObject({
      type: 'basic',
      state: 'active',
      period: 'monthly',
      currency: 'usd',
      seats: 3,
      teamPlan: 'basic',
      teamPlanState: 'active',
    });
    const item = (subscription.items as { data: { current_period_end: number }[] }).data[0]!;
    expect(billing.currentPeriodEnd).toBe(new Date(item.current_period_end * 1000).toISOString());

    const before = await countEvents(server);
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await countEvents(server)).toBe(before);
  });

  it('applies one event delivered twice at the same time once', async () => {
    const admin = await person(server, 'Cal');
    const { payload } = subscriptionEvent('customer.subscription.created', subscriptionOf(admin, { quantity: 4 }));
    const before = await countEvents(server);
    const answers = await Promise.all([deliver(payload), deliver(payload)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(['applied', 'duplicate']);
    const appended = await appRows<{ type: string }>(
      server.app,
      sql`SELECT type FROM events ORDER BY seq DESC LIMIT ${(await countEvents(server)) - before}`,
    );
    expect(appended.map((event) => event.type).reverse()).toEqual([
      'billing.subscription_changed',
      'team.plan_changed',
      'stripe.webhook_applied',
    ]);
    expect(await billingOf(admin)).toMatchObject({ type: 'basic', seats: 4 });
  });

  it('customer.subscription.updated: a new price, quantity, cancellation and unpaid renewal change the plan as Stripe says', async () => {
    const admin = await person(server, 'Dan');
    await deliver(subscriptionEvent('customer.subscription.created', subscriptionOf(admin)).payload);
    const end = inThirtyDays() + 365 * 86_400;
    const upgraded = subscriptionOf(admin, {
      price: 'price_unlimited_yearly_gbp',
      quantity: 5,
      currency: 'gbp',
      interval: 'year',
      currentPeriodEnd: end,
    });
    await deliver(subscriptionEvent('customer.subscription.updated', upgraded).payload);
    expect(await billingOf(admin)).toMatchObject({
      type: 'unlimited',
      period: 'yearly',
      currency: 'gbp',
      seats: 5,
      state: 'active',
      currentPeriodEnd: new Date(end * 1000).toISOString(),
      teamPlan: 'unlimited',
    });
    await deliver(subscriptionEvent('customer.subscription.updated', { ...upgraded, cancel_at_period_end: true }).payload);
    expect(await billingOf(admin)).toMatchObject({ type: 'unlimited', state: 'cancelled', teamPlanState: 'cancelled' });
    await deliver(subscriptionEvent('customer.subscription.updated', { ...upgraded, status: 'past_due' }).payload);
    expect(await billingOf(admin)).toMatchObject({ type: 'unlimited', state: 'past_due' });
  });

  it('records the subscription as Stripe has it now when an older event arrives late', async () => {
    const admin = await person(server, 'Ivy');
    const older = subscriptionEvent('customer.subscription.updated', subscriptionOf(admin, { quantity: 2 }));
    const newer = subscriptionEvent('customer.subscription.updated', subscriptionOf(admin, { quantity: 6 }));
    await deliver(newer.payload);
    expect((await billingOf(admin)).seats).toBe(6);
    const before = await countEvents(server);
    expect((await deliver(older.payload)).body.outcome).toBe('applied');
    expect((await billingOf(admin)).seats).toBe(6);
    expect(await countEvents(server)).toBe(before + 1);
  });

  it('customer.subscription.deleted: the team goes back to the free plan', async () => {
    const admin = await person(server, 'Eli');
    await deliver(subscriptionEvent('customer.subscription.created', subscriptionOf(admin)).payload);
    expect((await billingOf(admin)).teamPlan).toBe('basic');
    await deliver(stripeEvent('customer.subscription.deleted', subscriptionOf(admin, { status: 'canceled' })).payload);
    expect(await billingOf(admin)).toMatchObject({ type: 'free', state: 'stopped', teamPlan: 'free' });
  });

  it('invoice.paid records the invoice with Stripe’s hosted page as its ticket; invoice.payment_failed marks the plan past due', async () => {
    const admin = await person(server, 'Fin');
    const subscription = subscriptionOf(admin);
    await deliver(subscriptionEvent('customer.subscription.created', subscription).payload);
    const invoice = (id: string, status: string) => ({
      id,
      object: 'invoice',
      number: `INV-${id.slice(-4)}`,
      customer: subscription.customer,
      currency: 'usd',
      amount_paid: status === 'paid' ? 2400 : 0,
      amount_due: 2400,
      status,
      created: Math.floor(Date.now() / 1000),
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: { team: admin.teamId } } },
    });
    await deliver(stripeEvent('invoice.paid', invoice('in_test_0001', 'paid')).payload);
    expect((await billingOf(admin)).invoices).toEqual([
      {
        id: 'in_test_0001',
        number: 'INV-0001',
        amount: 2400,
        currency: 'usd',
        state: 'paid',
        ticket: 'https://invoice.stripe.test/i/in_test_0001',
      },
    ]);
    // Found by its Stripe customer when the invoice carries no metadata.
    await deliver(stripeEvent('invoice.payment_failed', { ...invoice('in_test_0002', 'open'), parent: null }).payload);
    const billing = await billingOf(admin);
    expect(billing).toMatchObject({ type: 'basic', state: 'past_due', teamPlanState: 'past_due' });
    expect(billing.invoices.find((entry) => entry.id === 'in_test_0002')).toMatchObject({ state: 'failed', amount: 2400 });
  });

  it('a paid lifetime checkout gives the plan for good and spends the credit it used', async () => {
    const admin = await person(server, 'Gia');
    await server.app.services.store.run(
      { actorId: null },
      async (unit) =>
        await changeCredit(unit, {
          teamId: admin.teamId,
          currency: 'usd',
          amount: 1000,
          reason: 'code',
          userId: null,
          code: null,
          invoiceId: null,
        }),
    );
    const { payload } = stripeEvent('checkout.session.completed', {
      id: `cs_lifetime_${admin.teamId}`,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: admin.teamId,
      customer: `cus_${admin.teamId}`,
      payment_intent: `pi_${admin.teamId}`,
      subscription: null,
      currency: 'usd',
      metadata: { team: admin.teamId, plan: 'business', period: 'lifetime', seats: '2', credit: '600', credit_currency: 'usd' },
    });
    expect((await deliver(payload)).body.outcome).toBe('applied');
    expect(await billingOf(admin)).toMatchObject({
      type: 'business',
      period: 'lifetime',
      seats: 2,
      lifetimes: 1,
      credit: 400,
      teamPlan: 'business',
    });
  });

  it('refuses a code that gives a plan while Stripe bills the subscription, a trial included, and takes it once Stripe ended it', async () => {
    const admin = await person(server, 'Tia');
    const codes: PromotionCodeSet[] = [
      { code: 'STRIPE-BUSINESS-7', kind: 'plan', amount: null, currency: null, plan: 'business', days: 7, expiresAt: null, maxUses: null },
      {
        code: 'STRIPE-BUSINESS-FOR-GOOD',
        kind: 'lifetime',
        amount: null,
        currency: null,
        plan: 'business',
        days: null,
        expiresAt: null,
        maxUses: null,
      },
      { code: 'STRIPE-CREDIT', kind: 'credit', amount: 500, currency: 'usd', plan: null, days: null, expiresAt: null, maxUses: null },
    ];
    // Made as an instance administrator's setPromotionCode makes them (who that is depends on the tests run before).
    await server.app.services.store.run({ actorId: null }, async (unit) => {
      for (const code of codes)
        await unit.append(promotionCodeStream(code.code), [{ type: 'billing.promotion_code_set', payload: code }], { teamId: null });
    });
    const setCode = (code: string) =>
      admin.client.execute<{ setCode: { type: string; period: string; credit: number } }>(
        'mutation ($code: String!) { setCode(code: $code) { type period credit } }',
        { code },
      );
    const refusedWhileStripeBills = async (code: string) => {
      const events = await countEvents(server);
      const refused = await setCode(code);
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'PROMOTION_CODE_STRIPE_PLAN', field: 'code' });
      expect(refused.errors?.[0]?.message).toBe(
        "Your team's plan is billed through Stripe, which would undo this code's plan. Keep the code for when that subscription ends.",
      );
      expect(await countEvents(server)).toBe(events);
    };

    // A Stripe trial: the code's plan would last until Stripe's next webhook sets the trial again.
    await deliver(subscriptionEvent('customer.subscription.created', subscriptionOf(admin, { status: 'trialing' })).payload);
    expect(await billingOf(admin)).toMatchObject({ type: 'basic', state: 'trialing' });
    await refusedWhileStripeBills('STRIPE-BUSINESS-7');
    await refusedWhileStripeBills('STRIPE-BUSINESS-FOR-GOOD');
    // A credit code changes no plan: Stripe's checkout spends the credit later.
    expect(expectData(await setCode('STRIPE-CREDIT')).setCode).toEqual({ type: 'basic', period: 'monthly', credit: 500 });

    // Paid, the lifetime deal would leave Stripe charging for the subscription it replaced.
    await deliver(subscriptionEvent('customer.subscription.updated', subscriptionOf(admin)).payload);
    expect(await billingOf(admin)).toMatchObject({ type: 'basic', state: 'active' });
    await refusedWhileStripeBills('STRIPE-BUSINESS-FOR-GOOD');

    // Once Stripe ended the subscription, the kept codes give their plans, which Stripe no longer touches.
    await deliver(stripeEvent('customer.subscription.deleted', subscriptionOf(admin, { status: 'canceled' })).payload);
    expect(expectData(await setCode('STRIPE-BUSINESS-7')).setCode).toMatchObject({ type: 'business', period: 'monthly' });
    expect(expectData(await setCode('STRIPE-BUSINESS-FOR-GOOD')).setCode).toMatchObject({ type: 'business', period: 'lifetime' });
    expect(await billingOf(admin)).toMatchObject({ type: 'business', state: 'active', lifetimes: 1, teamPlan: 'business' });
  });

  it('answers event types it does not use with 200 and changes nothing', async () => {
    const admin = await person(server, 'Hu');
    const before = await countEvents(server);
    const answer = await deliver(stripeEvent('customer.created', { id: `cus_${admin.teamId}`, object: 'customer' }).payload);
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect(await countEvents(server)).toBe(before);
  });

  it('rebuilds the same webhook record, billing rows and team plans from the log as the live run made', async () => {
    // Runs after the events above.
    const projections = domains.flatMap((module) => module.projections);
    const compared = projections.filter((projection) => ['stripe', 'billing', 'teams'].includes(projection.name));
    const { live, rebuilt } = await replayedBesideLive(server, projections, compared);
    for (const table of ['stripe_webhook_events', 'billing_subscriptions', 'billing_invoices'])
      expect(live[table]!.length).toBeGreaterThan(0);
    expect(rebuilt).toEqual(live);
  });
});
