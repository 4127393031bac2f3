import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { periodEnd, prorationCredit, seatPrices } from '../../shared/src/billing';
import { endDuePeriods } from '../../server/src/domains/billing/billing';
import { decideAdministratorPlan, recordInvoice, recordSubscription, stripeCustomerOf } from '../../server/src/domains/billing/commands';
import { planAt } from '../../server/src/domains/billing/planAt';
import { loadSubscription } from '../../server/src/domains/billing/state';
import { registerReceiptRoute } from '../../server/src/domains/billing/receipts';
import { startTestServer, subscriptionClient, type GraphqlResponse, type TestServer } from './harness';
import { countEvents, expectData, joinTeam, person, type Person } from './teamFactories';

const billingFields = `type state period currency price total seats seatsAssigned seatsAvailable currentPeriodEnd trialEnd trialUsed
  credit creditCurrency lifetimes managedBy instanceAdministrator invoices { id number amount currency state ticket createdAt }`;

interface Billing {
  type: string;
  state: string;
  period: string;
  currency: string;
  price: number;
  total: number;
  seats: number;
  seatsAssigned: number;
  seatsAvailable: number;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  trialUsed: boolean;
  credit: number;
  creditCurrency: string;
  lifetimes: number;
  managedBy: string;
  instanceAdministrator: boolean;
  invoices: { id: string; number: string; amount: number; currency: string; state: string; ticket: string | null; createdAt: string }[];
}

const codeOf = (result: GraphqlResponse) => result.errors?.[0]?.extensions.code;
const day = 24 * 60 * 60 * 1000;

describe('billing: plans, the lifecycle, plans set by the instance administrator', () => {
  let server: TestServer;
  let administrator: Person;
  let member: Person;
  let other: Person;

  const billingOf = async (someone: Person, team: string) =>
    expectData(
      await someone.client.execute<{ getBilling: Billing }>(`query ($team: ID!) { getBilling(team: $team) { ${billingFields} } }`, {
        team,
      }),
    ).getBilling;
  const setTeamPlan = (someone: Person, variables: Record<string, unknown>) =>
    someone.client.execute<{ setTeamPlan: Billing }>(
      `mutation ($team: ID!, $plan: String!, $period: String!, $seats: Int!, $currency: String) {
        setTeamPlan(team: $team, plan: $plan, period: $period, seats: $seats, currency: $currency) { ${billingFields} }
      }`,
      variables,
    );

  beforeAll(async () => {
    server = await startTestServer();
    // The first account administers the instance (no ADMIN_EMAILS).
    administrator = await person(server, 'Ida');
    member = await joinTeam(administrator, await person(server, 'Max'));
    other = await person(server, 'Ola');
  });

  afterAll(async () => {
    vi.useRealTimers();
    await server.close();
  });

  it('lists every plan priced in the currency and period asked, relative to the team’s plan, per seat', async () => {
    const plans = expectData(
      await member.client.execute<{
        getTeamSubscriptions: {
          id: string;
          action: string;
          isCurrent: boolean;
          payment: string;
          features: string[];
          price: { unitAmount: number; currency: string; interval: string };
        }[];
      }>(
        '{ getTeamSubscriptions(currency: "EUR", frequency: "year") { id action isCurrent payment features price { unitAmount currency interval } } }',
      ),
    ).getTeamSubscriptions;
    expect(plans.map((plan) => [plan.id, plan.action, plan.isCurrent])).toEqual([
      ['free', 'current', true],
      ['trial', 'trial', false],
      ['basic', 'upgrade', false],
      ['unlimited', 'upgrade', false],
      ['business', 'contact', false],
    ]);
    const basic = plans.find((plan) => plan.id === 'basic')!;
    expect(basic.price).toEqual({ unitAmount: seatPrices.basic.yearly.eur, currency: 'eur', interval: 'year' });
    expect(basic.payment).toBe('user');
    expect(plans.find((plan) => plan.id === 'business')!.features).toContain('projectAnalytics');
    // SPEC §5: a currency outside usd, eur and gbp falls back to usd.
    const yen = expectData(
      await member.client.execute<{
        getTeamSubscriptions: { id: string; price: { currency: string; unitAmount: number; interval: string } }[];
      }>('{ getTeamSubscriptions(currency: "jpy", frequency: "lifetime") { id price { currency unitAmount interval } } }'),
    ).getTeamSubscriptions;
    expect(yen.find((plan) => plan.id === 'unlimited')!.price).toEqual({
      currency: 'usd',
      unitAmount: seatPrices.unlimited.lifetime.usd,
      interval: 'lifetime',
    });
  });

  it('starts the 15-day trial once, cancels it with its benefits kept, continues it, and the job ends it back to free', async () => {
    const team = administrator.teamId;
    expect(codeOf(await member.client.execute('mutation ($team: ID!) { startTrial(team: $team) { type } }', { team }))).toBe(
      'PERMISSION_DENIED',
    );
    const started = expectData(
      await administrator.client.execute<{ startTrial: Billing }>(
        `mutation ($team: ID!) { startTrial(team: $team) { ${billingFields} } }`,
        { team },
      ),
    ).startTrial;
    expect([started.type, started.state, started.trialUsed]).toEqual(['trial', 'trialing', true]);
    const trialEnd = Date.parse(started.trialEnd!);
    expect(Math.round((trialEnd - Date.now()) / day)).toBe(15);
    const again = await administrator.client.execute('mutation ($team: ID!) { startTrial(team: $team) { type } }', { team });
    expect(codeOf(again)).toBe('TRIAL_UNAVAILABLE');

    const cancelled = expectData(
      await administrator.client.execute<{ cancelSubscription: Billing }>(
        'mutation ($team: ID!) { cancelSubscription(team: $team) { type state currentPeriodEnd } }',
        {
          team,
        },
      ),
    ).cancelSubscription;
    expect([cancelled.type, cancelled.state, cancelled.currentPeriodEnd]).toEqual(['trial', 'cancelled', started.trialEnd]);
    const continued = expectData(
      await administrator.client.execute<{ reactivateSubscription: Billing }>(
        'mutation ($team: ID!) { reactivateSubscription(team: $team) { type state } }',
        { team },
      ),
    ).reactivateSubscription;
    expect([continued.type, continued.state]).toEqual(['trial', 'trialing']);
    expect(
      codeOf(await administrator.client.execute('mutation ($team: ID!) { reactivateSubscription(team: $team) { type } }', { team })),
    ).toBe('SUBSCRIPTION_NOT_REACTIVABLE');

    // Nothing is due before the trial ends; a minute after, the job ends it, once, however often it runs.
    expect(await endDuePeriods(server.app.services)).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(trialEnd + 60_000);
    const [first, second] = await Promise.all([endDuePeriods(server.app.services), endDuePeriods(server.app.services)]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await endDuePeriods(server.app.services)).toBe(0);
    vi.useRealTimers();
    const ended = await billingOf(administrator, team);
    expect([ended.type, ended.state, ended.trialUsed]).toEqual(['free', 'stopped', true]);

    // The plan as of any date, from the log.
    expect(await planAt(server.app.services, team, new Date(Date.now() - day).toISOString())).toBe('free');
    expect(await planAt(server.app.services, team, new Date(trialEnd - day).toISOString())).toBe('trial');
    expect(await planAt(server.app.services, team, new Date(trialEnd + 1000).toISOString())).toBe('free');
  });

  it('lets the instance administrator set a paid plan with seats: invoice, seats assigned and available, member limit', async () => {
    const team = administrator.teamId;
    const set = expectData(
      await setTeamPlan(administrator, { team, plan: 'basic', period: 'monthly', seats: 3, currency: 'gbp' }),
    ).setTeamPlan;
    expect([set.type, set.state, set.period, set.currency, set.price, set.seats, set.seatsAssigned, set.seatsAvailable]).toEqual([
      'basic',
      'active',
      'monthly',
      'gbp',
      seatPrices.basic.monthly.gbp,
      3,
      2,
      1,
    ]);
    expect(set.total).toBe(3 * seatPrices.basic.monthly.gbp);
    expect(set.managedBy).toBe('administrator');
    expect(set.instanceAdministrator).toBe(true);
    expect(set.invoices).toHaveLength(1);
    expect(set.invoices[0]).toMatchObject({ amount: 3 * seatPrices.basic.monthly.gbp, currency: 'gbp', state: 'issued' });
    expect(set.invoices[0]!.ticket).toContain(`/billing/receipts/${set.invoices[0]!.id}`);
    const teamView = expectData(
      await member.client.execute<{ getTeam: { subscription: string; planState: string; memberLimit: number | null } }>(
        '{ getTeam { subscription planState memberLimit } }',
      ),
    ).getTeam;
    expect(teamView).toEqual({ subscription: 'basic', planState: 'active', memberLimit: 3 });
    expect((await billingOf(member, team)).instanceAdministrator).toBe(false);
  });

  it('credits the unused time of the current plan on an upgrade, to the cent, and takes it off the next invoice', async () => {
    const team = administrator.teamId;
    const before = await billingOf(administrator, team);
    const periodStart = Date.parse(before.invoices[0]!.createdAt);
    const changedAt = periodStart + 10 * day + 12_345;
    const paid = 3 * seatPrices.basic.monthly.gbp;
    const expectedCredit = prorationCredit({
      paidAmount: paid,
      periodStart: new Date(periodStart),
      periodEnd: before.currentPeriodEnd!,
      changedAt: new Date(changedAt),
    });
    expect(expectedCredit).toBeGreaterThan(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(changedAt);
    await server.app.services.store.run(
      { actorId: administrator.id },
      async (unit) =>
        await decideAdministratorPlan(unit, server.app.services, {
          teamId: team,
          plan: 'unlimited',
          period: 'monthly',
          seats: 3,
          currency: 'gbp',
        }),
    );
    vi.useRealTimers();
    const after = await billingOf(administrator, team);
    expect(after.type).toBe('unlimited');
    const newest = after.invoices[0]!;
    expect(newest.amount).toBe(3 * seatPrices.unlimited.monthly.gbp - expectedCredit);
    expect(after.credit).toBe(0);
    expect(await planAt(server.app.services, team, new Date(changedAt - 1000).toISOString())).toBe('basic');
    expect(await planAt(server.app.services, team, new Date(changedAt + 1000).toISOString())).toBe('unlimited');
  });

  it('refuses bad input and other people with clear errors, changing nothing', async () => {
    const team = administrator.teamId;
    const events = await countEvents(server);
    const valid = { team, plan: 'business', period: 'monthly', seats: 5, currency: 'usd' };
    for (const seats of [-1, 0, 10001]) expect(codeOf(await setTeamPlan(administrator, { ...valid, seats }))).toBe('SEATS_OUT_OF_RANGE');
    expect(codeOf(await setTeamPlan(administrator, { ...valid, seats: 2.5 }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await setTeamPlan(administrator, { ...valid, plan: 'gold' }))).toBe('PLAN_UNKNOWN');
    expect(codeOf(await setTeamPlan(administrator, { ...valid, period: 'weekly' }))).toBe('BILLING_PERIOD_UNKNOWN');
    const refused = await setTeamPlan(member, valid);
    expect(codeOf(refused)).toBe('PERMISSION_DENIED');
    expect(refused.errors?.[0]?.message).toBe('Only an administrator of this server can do this.');
    expect(codeOf(await setTeamPlan(other, valid))).toBe('PERMISSION_DENIED');
    expect(codeOf(await other.client.execute('mutation ($team: ID!) { cancelSubscription(team: $team) { type } }', { team }))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await member.client.execute('mutation ($team: ID!) { cancelSubscription(team: $team) { type } }', { team }))).toBe(
      'PERMISSION_DENIED',
    );
    expect(await countEvents(server)).toBe(events);
    expect((await billingOf(administrator, team)).type).toBe('unlimited');
    // A currency outside usd, eur and gbp falls back to usd (SPEC §5) rather than being refused.
    const yen = expectData(await setTeamPlan(administrator, { ...valid, plan: 'basic', currency: 'JPY', seats: 2 })).setTeamPlan;
    expect([yen.currency, yen.price]).toEqual(['usd', seatPrices.basic.monthly.usd]);
  });

  it('moves the quota, analytics and the team’s live view with the plan billing sets, and back to free', async () => {
    const team = administrator.teamId;
    // Resuming after a position read before the change: the change is delivered whether it commits before or after the subscription starts.
    const position = (await member.client.execute('{ serverInfo { name } }')).headers.get('log-position');
    const socket = subscriptionClient(server, { cookie: member.client.cookieHeader() });
    const heard = new Promise<unknown>((resolve, reject) => {
      socket.subscribe<{ subTeam: { type: string; team: unknown } }>(
        { query: 'subscription { subTeam { type team { subscription memberLimit } } }', extensions: { resumeAfter: Number(position) } },
        {
          next: (value) => {
            if (value.data?.subTeam.type === 'team.plan_changed') resolve(value.data.subTeam);
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });
    expectData(await setTeamPlan(administrator, { team, plan: 'business', period: 'yearly', seats: 10, currency: 'eur' }));
    expect(await heard).toEqual({ type: 'team.plan_changed', team: { subscription: 'business', memberLimit: 10 } });
    await socket.dispose();

    const stats = async () =>
      expectData(
        await member.client.execute<{ getStats: { plan: string; storageLimit: number | null } }>(
          'query ($team: ID) { getStats(team: $team) { plan storageLimit } }',
          { team },
        ),
      ).getStats;
    const analytics = () =>
      member.client.execute('query ($s: String!, $e: String!) { getReport(startdate: $s, enddate: $e) { analytics { weeks { week } } } }', {
        s: new Date(Date.now() - 7 * day).toISOString(),
        e: new Date().toISOString(),
      });
    expect(await stats()).toEqual({ plan: 'business', storageLimit: 2 * 1024 ** 4 });
    expect((await analytics()).errors).toBeUndefined();

    expectData(await setTeamPlan(administrator, { team, plan: 'free', period: 'monthly', seats: 1 }));
    expect(await stats()).toEqual({ plan: 'free', storageLimit: 100 * 1024 ** 2 });
    const refused = await analytics();
    expect(codeOf(refused)).toBe('PERMISSION_DENIED');
    expect(refused.errors?.[0]?.extensions.reason).toBe('ANALYTICS_PLAN_REQUIRED');
  });
  it('serves an invoice’s receipt to the team’s admins only', async () => {
    const receipts = Fastify();
    registerReceiptRoute(receipts, server.app.services);
    try {
      const invoice = (await billingOf(administrator, administrator.teamId)).invoices.at(-1)!;
      const asked = (someone: Person | null) =>
        receipts.inject({ url: new URL(invoice.ticket!).pathname, headers: someone ? { authorization: `Bearer ${someone.token}` } : {} });
      const shown = await asked(administrator);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain(invoice.number);
      expect(shown.body).toContain('£15.00');
      expect((await asked(member)).statusCode).toBe(404);
      expect((await asked(other)).statusCode).toBe(404);
      expect((await asked(null)).statusCode).toBe(401);
    } finally {
      await receipts.close();
    }
  });
  it('records Stripe’s subscriptions and invoices through the commands b2’s webhooks call, once each', async () => {
    const services = server.app.services;
    const team = other.teamId;
    const change = {
      teamId: team,
      plan: 'business' as const,
      period: 'yearly' as const,
      currency: 'eur' as const,
      seats: 4,
      state: 'active' as const,
      currentPeriodEnd: new Date(Date.now() + 365 * day).toISOString(),
      source: 'stripe' as const,
      stripe: { customerId: 'cus_test', subscriptionId: 'sub_test' },
      cause: 'evt_1',
    };
    await recordSubscription(services, null, change);
    const events = await countEvents(server);
    await recordSubscription(services, null, { ...change, cause: 'evt_1_again' });
    expect(await countEvents(server)).toBe(events);
    expect(await stripeCustomerOf(services, team)).toBe('cus_test');
    const invoice = {
      teamId: team,
      id: 'in_test',
      number: 'STRIPE-1',
      amount: 4 * seatPrices.business.yearly.eur,
      currency: 'eur',
      state: 'open',
      createdAt: new Date().toISOString(),
      ticket: 'https://invoice.stripe.com/i/test',
    };
    await recordInvoice(services, invoice);
    await recordInvoice(services, { ...invoice, state: 'paid' });
    const paid = await billingOf(other, team);
    expect([paid.type, paid.state, paid.seats, paid.managedBy]).toEqual(['business', 'active', 4, 'administrator']);
    expect(paid.invoices.map((row) => [row.number, row.state, row.ticket])).toEqual([
      ['STRIPE-1', 'paid', 'https://invoice.stripe.com/i/test'],
    ]);

    await recordSubscription(services, null, { ...change, period: 'lifetime', currentPeriodEnd: null, cause: 'evt_2' });
    expect((await billingOf(other, team)).lifetimes).toBe(1);
    await recordSubscription(services, null, { ...change, state: 'stopped', cause: 'evt_3' });
    const stopped = await billingOf(other, team);
    expect([stopped.type, stopped.state, stopped.lifetimes]).toEqual(['free', 'stopped', 1]);
  });

  describe('the end of a period, decided by the job', () => {
    /** Runs the period-end job as if it were `moment`, twice at once (as two processes would), then restores the clock. */
    const runJobAt = async (moment: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(moment);
        await Promise.all([endDuePeriods(server.app.services), endDuePeriods(server.app.services)]);
      } finally {
        vi.useRealTimers();
      }
    };
    const planOn = (team: string, moment: number) => planAt(server.app.services, team, new Date(moment).toISOString());
    const subscriptionOf = async (team: string) => await loadSubscription(server.app.services.database.db, team, 'administrator');

    it('keeps a cancelled paid plan until its period ends, then ends it back to free with no new invoice', async () => {
      const owner = await person(server, 'Cai');
      const team = owner.teamId;
      const set = expectData(
        await setTeamPlan(administrator, { team, plan: 'basic', period: 'monthly', seats: 2, currency: 'usd' }),
      ).setTeamPlan;
      const endsAt = Date.parse(set.currentPeriodEnd!);
      const cancelled = expectData(
        await owner.client.execute<{ cancelSubscription: Billing }>(
          `mutation ($team: ID!) { cancelSubscription(team: $team) { ${billingFields} } }`,
          { team },
        ),
      ).cancelSubscription;
      expect([cancelled.type, cancelled.state, cancelled.currentPeriodEnd, cancelled.invoices.length]).toEqual([
        'basic',
        'cancelled',
        set.currentPeriodEnd,
        1,
      ]);

      // A minute before the end the benefits are still the team's.
      await runJobAt(endsAt - 60_000);
      expect((await billingOf(owner, team)).type).toBe('basic');
      await runJobAt(endsAt + 60_000);
      const ended = await billingOf(owner, team);
      expect([ended.type, ended.state, ended.currentPeriodEnd, ended.invoices.length]).toEqual(['free', 'stopped', null, 1]);
      expect(
        expectData(
          await owner.client.execute<{ getTeam: { subscription: string; planState: string } }>('{ getTeam { subscription planState } }'),
        ).getTeam,
      ).toEqual({ subscription: 'free', planState: 'stopped' });
      expect(codeOf(await owner.client.execute('mutation ($team: ID!) { reactivateSubscription(team: $team) { type } }', { team }))).toBe(
        'SUBSCRIPTION_NOT_REACTIVABLE',
      );
      expect(await planOn(team, endsAt - 60_000)).toBe('basic');
      expect(await planOn(team, endsAt + 1000)).toBe('free');
    });

    it('renews an active plan the administrator set: a new numbered invoice, the credit taken off, the period moved on', async () => {
      const owner = await person(server, 'Ren');
      const team = owner.teamId;
      const seats = 2;
      const price = seatPrices.unlimited.monthly.eur;
      const set = expectData(
        await setTeamPlan(administrator, { team, plan: 'unlimited', period: 'monthly', seats, currency: 'eur' }),
      ).setTeamPlan;
      expect(set.invoices.map((invoice) => invoice.amount)).toEqual([seats * price]);
      // Credit the team holds after the first invoice (a credit code) is taken off the renewal's invoice.
      expectData(
        await administrator.client.execute(
          'mutation { setPromotionCode(code: "RENEWAL-CREDIT", kind: "credit", amount: 500, currency: "eur") { code } }',
        ),
      );
      expectData(await owner.client.execute('mutation { setCode(code: "RENEWAL-CREDIT") { credit } }'));
      expect([(await billingOf(owner, team)).credit, (await billingOf(owner, team)).creditCurrency]).toEqual([500, 'eur']);
      const firstPeriod = await subscriptionOf(team);
      const firstEnd = Date.parse(firstPeriod.currentPeriodEnd!);

      await runJobAt(firstEnd + 60_000);
      const renewed = await billingOf(owner, team);
      expect([renewed.type, renewed.state, renewed.seats, renewed.credit]).toEqual(['unlimited', 'active', seats, 0]);
      // Two processes ran the job at once: one renewal, one invoice.
      expect(renewed.invoices).toHaveLength(2);
      const [newest, first] = renewed.invoices;
      expect(newest).toMatchObject({ amount: seats * price - 500, currency: 'eur', state: 'issued' });
      expect(newest!.number).toBe(`${new Date(firstEnd).getUTCFullYear()}-0002`);
      expect(newest!.number).not.toBe(first!.number);
      expect(newest!.ticket).toContain(`/billing/receipts/${newest!.id}`);
      const secondPeriod = await subscriptionOf(team);
      expect(secondPeriod.periodStart).toBe(firstPeriod.currentPeriodEnd);
      expect(secondPeriod.currentPeriodEnd).toBe(periodEnd(new Date(firstEnd), 'monthly')!.toISOString());
      // The period is worth its full price whether paid in money or in credit: an upgrade during it credits all of it.
      expect(secondPeriod.paidAmount).toBe(seats * price);
      expect(renewed.currentPeriodEnd).toBe(secondPeriod.currentPeriodEnd);
      // The plan went on without a gap.
      expect(await planOn(team, firstEnd + 1000)).toBe('unlimited');
    });

    it('ends a promotion code’s plan for some days back to free, with no invoice', async () => {
      const owner = await person(server, 'Pia');
      const team = owner.teamId;
      expectData(
        await administrator.client.execute(
          'mutation { setPromotionCode(code: "BUSINESS-7", kind: "plan", plan: "business", days: 7) { code } }',
        ),
      );
      const redeemedAt = Date.now();
      const redeemed = expectData(
        await owner.client.execute<{ setCode: { type: string } }>('mutation { setCode(code: "BUSINESS-7") { type } }'),
      ).setCode;
      expect(redeemed.type).toBe('business');
      const given = await billingOf(owner, team);
      const end = Date.parse(given.currentPeriodEnd!);
      expect(Math.round((end - redeemedAt) / day)).toBe(7);

      await runJobAt(end - 60_000);
      expect((await billingOf(owner, team)).type).toBe('business');
      await runJobAt(end + 60_000);
      const ended = await billingOf(owner, team);
      expect([ended.type, ended.state, ended.invoices.length, ended.credit]).toEqual(['free', 'stopped', 0, 0]);
      expect(await planOn(team, end - 60_000)).toBe('business');
      expect(await planOn(team, end + 1000)).toBe('free');
    });
  });
});
