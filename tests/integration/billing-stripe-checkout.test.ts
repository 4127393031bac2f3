import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors';
import { changeCredit, decideSubscriptionChange } from '../../server/src/domains/billing/commands';
import { startTestServer, type TestServer } from './harness';
import { FakeStripe, stripeEnvironment, stripeTestSettings } from './support/fakeStripe';
import { countEvents, expectData, joinTeam, person, type Person } from './teamFactories';

let fake: FakeStripe;
let server: TestServer;
let withoutStripe: TestServer;

beforeAll(async () => {
  fake = new FakeStripe(stripeTestSettings.secretKey);
  await fake.start();
  [server, withoutStripe] = await Promise.all([startTestServer(stripeEnvironment(fake)), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([server.close(), withoutStripe.close()]);
  await fake.close();
});

const checkout =
  'mutation ($plan: String!, $type: String!, $team: ID!, $currency: String) { setCheckout(plan: $plan, type: $type, team: $team, currency: $currency) { url } }';
const portal = 'mutation ($team: ID!) { manageSubscriptions(team: $team) { url } }';

/** A team of an admin, a basic member and a guest: two seats. */
async function teamOfTwoAndAGuest(target: TestServer): Promise<{ admin: Person; member: Person }> {
  const admin = await person(target, 'Ada');
  const member = await joinTeam(admin, await person(target, 'Bob'));
  const space = expectData(
    await admin.client.execute<{ setProject: { id: string } }>('mutation { setProject(name: "Guests", type: "private") { id } }'),
  ).setProject.id;
  await joinTeam(admin, await person(target, 'Gus'), 'guest', space);
  return { admin, member };
}

/** Gives the team a Stripe customer, as a paid checkout's webhook would. */
async function giveCustomer(teamId: string, customerId: string): Promise<void> {
  await server.app.services.store.run(
    { actorId: null },
    async (unit) =>
      await decideSubscriptionChange(unit, {
        teamId,
        plan: 'basic',
        period: 'monthly',
        currency: 'usd',
        seats: 2,
        state: 'active',
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        source: 'stripe',
        stripe: { customerId, subscriptionId: `sub_for_${customerId}` },
      }),
  );
}

describe('setCheckout', () => {
  it('creates a Checkout Session for the team’s seats with the configured price and answers its address', async () => {
    const { admin } = await teamOfTwoAndAGuest(server);
    const before = fake.requests.length;
    const answer = expectData(
      await admin.client.execute<{ setCheckout: { url: string } }>(checkout, {
        plan: 'basic',
        type: 'monthly',
        team: admin.teamId,
        currency: 'EUR',
      }),
    );
    const sent = fake.requests.slice(before);
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/checkout/sessions']);
    const [request] = sent;
    expect(request!.authorization).toBe(`Bearer ${stripeTestSettings.secretKey}`);
    expect(request!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const billingPage = `${server.app.services.config.publicUrl}/overview/preferences/admin/billing`;
    expect(request!.params).toEqual({
      mode: 'subscription',
      'line_items[0][price]': 'price_basic_monthly_eur',
      'line_items[0][quantity]': '2',
      client_reference_id: admin.teamId,
      'metadata[team]': admin.teamId,
      'metadata[plan]': 'basic',
      'metadata[period]': 'monthly',
      'metadata[seats]': '2',
      success_url: `${billingPage}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${billingPage}?checkout=cancelled`,
      'subscription_data[metadata][team]': admin.teamId,
      'subscription_data[metadata][plan]': 'basic',
      'subscription_data[metadata][period]': 'monthly',
    });
    expect(answer.setCheckout.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test\d+$/);
  });

  it('falls back to usd for another currency, and sells a lifetime deal as a one-time payment that makes a customer', async () => {
    const admin = await person(server, 'Cy');
    const before = fake.requests.length;
    expectData(await admin.client.execute(checkout, { plan: 'basic', type: 'yearly', team: admin.teamId, currency: 'chf' }));
    expectData(await admin.client.execute(checkout, { plan: 'business', type: 'lifetime', team: admin.teamId }));
    const [yearly, lifetime] = fake.requests.slice(before);
    expect(yearly!.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_basic_yearly_usd',
      'line_items[0][quantity]': '1',
    });
    expect(lifetime!.params).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': 'price_business_lifetime_usd',
      customer_creation: 'always',
      'payment_intent_data[metadata][team]': admin.teamId,
      'payment_intent_data[metadata][plan]': 'business',
      'payment_intent_data[metadata][period]': 'lifetime',
    });
    expect(lifetime!.params).not.toHaveProperty('subscription_data[metadata][team]');
  });

  it('reuses the team’s Stripe customer, and takes the team’s credit off once as a coupon', async () => {
    const admin = await person(server, 'Dee');
    await giveCustomer(admin.teamId, 'cus_existing_dee');
    await server.app.services.store.run(
      { actorId: null },
      async (unit) =>
        await changeCredit(unit, {
          teamId: admin.teamId,
          currency: 'usd',
          amount: 700,
          reason: 'code',
          userId: null,
          code: null,
          invoiceId: null,
        }),
    );
    const before = fake.requests.length;
    expectData(await admin.client.execute(checkout, { plan: 'unlimited', type: 'monthly', team: admin.teamId, currency: 'usd' }));
    const [coupon, session] = fake.requests.slice(before);
    expect(coupon!.path).toBe('/v1/coupons');
    expect(coupon!.params).toMatchObject({ amount_off: '700', currency: 'usd', duration: 'once', 'metadata[team]': admin.teamId });
    expect(session!.path).toBe('/v1/checkout/sessions');
    expect(session!.params).toMatchObject({
      customer: 'cus_existing_dee',
      'line_items[0][price]': 'price_unlimited_monthly_usd',
      'discounts[0][coupon]': expect.stringMatching(/^coupon_test\d+$/) as unknown,
      'metadata[credit]': '700',
      'metadata[credit_currency]': 'usd',
    });
    expect(session!.params).not.toHaveProperty('customer_creation');
  });

  it('names what to configure when a price is missing, and refuses plans and periods that do not exist, asking Stripe nothing', async () => {
    const admin = await person(server, 'Eve');
    const before = fake.requests.length;
    const missing = await admin.client.execute(checkout, { plan: 'business', type: 'monthly', team: admin.teamId, currency: 'gbp' });
    expect(missing.errors?.[0]).toMatchObject({
      message: 'No Stripe price is configured for the business plan, monthly, in gbp: add its price id to STRIPE_PRICES.',
      extensions: { code: 'STRIPE_PRICE_MISSING', params: { plan: 'business', period: 'monthly', currency: 'gbp' } },
    });
    const free = await admin.client.execute(checkout, { plan: 'free', type: 'monthly', team: admin.teamId });
    expect(free.errors?.[0]?.extensions).toMatchObject({ code: 'PLAN_UNKNOWN', field: 'plan' });
    const weekly = await admin.client.execute(checkout, { plan: 'basic', type: 'weekly', team: admin.teamId });
    expect(weekly.errors?.[0]?.extensions).toMatchObject({ code: 'BILLING_PERIOD_UNKNOWN', field: 'type' });
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a member who is not admin and anyone of another team, asking Stripe nothing and writing nothing', async () => {
    const { admin, member } = await teamOfTwoAndAGuest(server);
    const stranger = await person(server, 'Sam');
    const [requests, events] = [fake.requests.length, await countEvents(server)];
    const asMember = await member.client.execute(checkout, { plan: 'basic', type: 'monthly', team: admin.teamId });
    expect(asMember.errors?.[0]).toMatchObject({ message: errorMessages.PERMISSION_DENIED, extensions: { code: 'PERMISSION_DENIED' } });
    const asStranger = await stranger.client.execute(checkout, { plan: 'basic', type: 'monthly', team: admin.teamId });
    expect(asStranger.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'TEAM_NOT_FOUND' });
    const portalAsMember = await member.client.execute(portal, { team: admin.teamId });
    expect(portalAsMember.errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    expect([fake.requests.length, await countEvents(server)]).toEqual([requests, events]);
  });

  it('says Stripe failed when it refuses the request', async () => {
    const admin = await person(server, 'Fay');
    fake.failNext = 400;
    const result = await admin.client.execute(checkout, { plan: 'basic', type: 'monthly', team: admin.teamId });
    expect(result.errors?.[0]).toMatchObject({
      message: errorMessages.PAYMENTS_PROVIDER_FAILED,
      extensions: { code: 'PAYMENTS_PROVIDER_FAILED' },
    });
  });
});

describe('manageSubscriptions', () => {
  it('opens the customer portal of the team’s customer, returning to admin billing', async () => {
    const admin = await person(server, 'Gil');
    const none = await admin.client.execute(portal, { team: admin.teamId });
    expect(none.errors?.[0]).toMatchObject({
      message: errorMessages.STRIPE_CUSTOMER_MISSING,
      extensions: { code: 'STRIPE_CUSTOMER_MISSING' },
    });
    await giveCustomer(admin.teamId, 'cus_portal_gil');
    const before = fake.requests.length;
    const answer = expectData(await admin.client.execute<{ manageSubscriptions: { url: string } }>(portal, { team: admin.teamId }));
    const [request] = fake.requests.slice(before);
    expect(`${request!.method} ${request!.path}`).toBe('POST /v1/billing_portal/sessions');
    expect(request!.params).toEqual({
      customer: 'cus_portal_gil',
      return_url: `${server.app.services.config.publicUrl}/overview/preferences/admin/billing`,
    });
    expect(answer.manageSubscriptions.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test\d+$/);
  });
});

describe('without Stripe configured', () => {
  it('answers checkout and the portal with the clear error, and has no webhook route', async () => {
    const admin = await person(withoutStripe, 'Hal');
    for (const result of [
      await admin.client.execute(checkout, { plan: 'basic', type: 'monthly', team: admin.teamId }),
      await admin.client.execute(portal, { team: admin.teamId }),
    ]) {
      expect(result.errors?.[0]).toMatchObject({
        message: 'Payments are not set up on this server: an instance administrator sets plans in admin',
        extensions: { code: 'PAYMENTS_NOT_CONFIGURED' },
      });
    }
    const webhook = await fetch(`${withoutStripe.url}/billing/stripe/webhook`, { method: 'POST', body: '{}' });
    expect(webhook.status).toBe(404);
  });
});
