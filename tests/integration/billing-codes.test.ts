import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decideAdministratorPlan } from '../../server/src/domains/billing/commands';
import { domains } from '../../server/src/domains';
import { prorationCredit, seatPrices } from '../../shared/src/billing';
import { contactSalesFailureMessage, contactSalesTexts } from '../../shared/src/contactSales';
import { RateLimits } from '../../server/src/http/rateLimits';
import { createSmtpMailer, type Mailer } from '../../server/src/mail/mailer';
import { appRow, replayedBesideLive } from '../support/appRows';
import { GraphqlTestClient, linkFromOutbox, startTestServer, type GraphqlResponse, type TestServer } from './harness';
import { startMailCatcher, type MailCatcher } from './support/mailCatcher';
import { countEvents, expectData, joinTeam, person, type Person } from './teamFactories';

const codeOf = (result: GraphqlResponse) => result.errors?.[0]?.extensions.code;
const salesEmail = 'sales@example.com';

interface Billing {
  type: string;
  period: string;
  credit: number;
  creditCurrency: string;
  lifetimes: number;
  codes: { code: string; kind: string; amount: number | null; currency: string | null; plan: string | null }[];
}

describe('billing: promotion codes, the PROMOTION credit, contact sales', () => {
  let server: TestServer;
  let smtp: MailCatcher;
  let administrator: Person;
  let teamAdmin: Person;
  let member: Person;
  let otherAdmin: Person;

  const setPromotionCode = (variables: Record<string, unknown>) =>
    administrator.client.execute<{ setPromotionCode: { code: string; kind: string } }>(
      `mutation ($code: String!, $kind: String!, $amount: Int, $currency: String, $plan: String, $days: Int, $expiresAt: String, $maxUses: Int) {
        setPromotionCode(code: $code, kind: $kind, amount: $amount, currency: $currency, plan: $plan, days: $days, expiresAt: $expiresAt, maxUses: $maxUses) { code kind }
      }`,
      variables,
    );
  const setCode = (someone: Person, code: string) =>
    someone.client.execute<{ setCode: Billing }>(
      'mutation ($code: String!) { setCode(code: $code) { type period credit creditCurrency lifetimes codes { code kind amount currency plan } } }',
      { code },
    );
  const billingOf = async (someone: Person) =>
    expectData(
      await someone.client.execute<{ getBilling: Billing }>(
        'query ($team: ID!) { getBilling(team: $team) { type period credit creditCurrency lifetimes codes { code kind amount currency plan } } }',
        { team: someone.teamId },
      ),
    ).getBilling;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    server = await startTestServer({ SALES_EMAIL: salesEmail });
    administrator = await person(server, 'Ida');
    teamAdmin = await person(server, 'Tea');
    member = await joinTeam(teamAdmin, await person(server, 'Mel'));
    otherAdmin = await person(server, 'Oto');
  });

  afterAll(async () => {
    await server.close();
    smtp.close();
  });

  // A test that sends mail through its own mailer puts the server's back, so no later test mails through it.
  let serverMailer: Mailer;
  beforeAll(() => {
    serverMailer = server.app.services.mailer;
  });
  afterEach(() => {
    expect(server.app.services.mailer).toBe(serverMailer);
  });
  const withMailer = async (mailer: Mailer, run: () => Promise<void>) => {
    server.app.services.mailer = mailer;
    try {
      await run();
    } finally {
      server.app.services.mailer = serverMailer;
    }
  };

  it('lets only an instance administrator make codes, each kind with its own terms', async () => {
    const planted = await teamAdmin.client.execute(
      'mutation { setPromotionCode(code: "PLANTED", kind: "credit", amount: 100, currency: "usd") { code } }',
    );
    expect(codeOf(planted)).toBe('PERMISSION_DENIED');
    expect(codeOf(await setPromotionCode({ code: 'x', kind: 'credit', amount: 100, currency: 'usd' }))).toBe('PROMOTION_CODE_FORMAT');
    expect(codeOf(await setPromotionCode({ code: 'NO-AMOUNT', kind: 'credit', currency: 'usd' }))).toBe('PROMOTION_CODE_TERMS');
    expect(codeOf(await setPromotionCode({ code: 'NO-DAYS', kind: 'plan', plan: 'business' }))).toBe('PROMOTION_CODE_TERMS');
    expect(codeOf(await setPromotionCode({ code: 'FREE-PLAN', kind: 'lifetime', plan: 'free' }))).toBe('PROMOTION_CODE_TERMS');
    expect(codeOf(await setPromotionCode({ code: 'WEIRD', kind: 'discount', amount: 1 }))).toBe('PROMOTION_CODE_TERMS');
    expect(
      expectData(await setPromotionCode({ code: 'spring-credit', kind: 'credit', amount: 2500, currency: 'EUR' })).setPromotionCode,
    ).toEqual({
      code: 'SPRING-CREDIT',
      kind: 'credit',
    });
  });

  it('tells unknown, expired and already used codes apart, changing nothing', async () => {
    expectData(
      await setPromotionCode({ code: 'OLD-CODE', kind: 'credit', amount: 100, currency: 'usd', expiresAt: '2020-01-01T00:00:00Z' }),
    );
    expectData(await setPromotionCode({ code: 'ONCE-ONLY', kind: 'credit', amount: 100, currency: 'usd', maxUses: 1 }));
    expectData(await setCode(otherAdmin, 'ONCE-ONLY'));
    const events = await countEvents(server);
    const unknown = await setCode(teamAdmin, 'NO-SUCH-CODE');
    expect(codeOf(unknown)).toBe('PROMOTION_CODE_UNKNOWN');
    expect(unknown.errors?.[0]?.message).toBe('This promotion code does not exist.');
    expect(codeOf(await setCode(teamAdmin, 'old-code'))).toBe('PROMOTION_CODE_EXPIRED');
    expect(codeOf(await setCode(teamAdmin, 'ONCE-ONLY'))).toBe('PROMOTION_CODE_USED');
    expect(codeOf(await setCode(member, 'SPRING-CREDIT'))).toBe('PERMISSION_DENIED');
    expect(await countEvents(server)).toBe(events);
    expect(await billingOf(teamAdmin)).toMatchObject({ credit: 0, codes: [] });
  });

  it('gives a credit code’s credit once per team; a second try is already used', async () => {
    const redeemed = expectData(await setCode(teamAdmin, ' spring-credit ')).setCode;
    expect([redeemed.credit, redeemed.creditCurrency]).toEqual([2500, 'eur']);
    expect(redeemed.codes).toEqual([{ code: 'SPRING-CREDIT', kind: 'credit', amount: 2500, currency: 'eur', plan: null }]);
    expect(codeOf(await setCode(teamAdmin, 'SPRING-CREDIT'))).toBe('PROMOTION_CODE_USED');
    expect((await billingOf(teamAdmin)).credit).toBe(2500);
  });

  it('gives a plan for some days, and a lifetime deal the team then holds', async () => {
    expectData(await setPromotionCode({ code: 'BUSINESS-30', kind: 'plan', plan: 'business', days: 30 }));
    expectData(await setPromotionCode({ code: 'FOREVER', kind: 'lifetime', plan: 'unlimited' }));
    expect(expectData(await setCode(otherAdmin, 'BUSINESS-30')).setCode.type).toBe('business');
    const lifetime = expectData(await setCode(otherAdmin, 'FOREVER')).setCode;
    expect([lifetime.type, lifetime.period, lifetime.lifetimes]).toEqual(['unlimited', 'lifetime', 1]);
    const team = expectData(
      await otherAdmin.client.execute<{ getTeam: { subscription: string; lifetimes: number } }>('{ getTeam { subscription lifetimes } }'),
    ).getTeam;
    expect(team).toEqual({ subscription: 'unlimited', lifetimes: 1 });
  });

  it('refuses a plan-for-some-days code to a team holding a paid or lifetime plan, changing nothing and keeping the code', async () => {
    expectData(await setPromotionCode({ code: 'BASIC-14', kind: 'plan', plan: 'basic', days: 14 }));
    const refusedTo = async (someone: Person, code: string) => {
      const events = await countEvents(server);
      const refused = await setCode(someone, code);
      expect(codeOf(refused)).toBe('PROMOTION_CODE_PAID_PLAN');
      expect(refused.errors?.[0]?.message).toBe(
        'This code gives a plan for some days, and your team already has a paid or lifetime plan. Keep the code for when that plan ends.',
      );
      expect(await countEvents(server)).toBe(events);
    };
    // The lifetime deal redeemed above would be replaced by 14 days, then free.
    await refusedTo(otherAdmin, 'BASIC-14');
    expect(await billingOf(otherAdmin)).toMatchObject({ type: 'unlimited', period: 'lifetime', lifetimes: 1 });

    // A paid period the instance administrator set: the same plan's days would stop its renewal and the credit of
    // its unused part; another plan's days would replace it. Cancelled, it still runs to its end.
    const team = teamAdmin.teamId;
    const planState = async () =>
      expectData(
        await teamAdmin.client.execute<{ getBilling: { type: string; state: string; period: string } }>(
          'query ($team: ID!) { getBilling(team: $team) { type state period } }',
          { team },
        ),
      ).getBilling;
    expectData(
      await administrator.client.execute(
        'mutation ($team: ID!) { setTeamPlan(team: $team, plan: "basic", period: "monthly", seats: 2, currency: "usd") { type } }',
        { team },
      ),
    );
    await refusedTo(teamAdmin, 'BASIC-14');
    await refusedTo(teamAdmin, 'BUSINESS-30');
    expectData(await teamAdmin.client.execute('mutation ($team: ID!) { cancelSubscription(team: $team) { state } }', { team }));
    await refusedTo(teamAdmin, 'BASIC-14');
    expect(await planState()).toEqual({ type: 'basic', state: 'cancelled', period: 'monthly' });

    // Back on free, the kept code gives its days.
    expectData(
      await administrator.client.execute(
        'mutation ($team: ID!) { setTeamPlan(team: $team, plan: "free", period: "monthly", seats: 1) { type } }',
        { team },
      ),
    );
    expect(expectData(await setCode(teamAdmin, 'BASIC-14')).setCode.type).toBe('basic');
    expect(await planState()).toEqual({ type: 'basic', state: 'active', period: 'monthly' });
  });

  it('credits the unused part of a running paid period, to the cent, when a lifetime code replaces it', async () => {
    expectData(await setPromotionCode({ code: 'BUSINESS-FOR-GOOD', kind: 'lifetime', plan: 'business' }));
    const buyer = await person(server, 'Lia');
    const team = buyer.teamId;
    const day = 24 * 60 * 60 * 1000;
    const redeemedAt = Date.now();
    const periodStart = redeemedAt - 9 * day - 12_345;
    const billingNow = async () =>
      expectData(
        await buyer.client.execute<{
          getBilling: { type: string; currentPeriodEnd: string | null; credit: number; invoices: { amount: number; createdAt: string }[] };
        }>('query ($team: ID!) { getBilling(team: $team) { type currentPeriodEnd credit invoices { amount createdAt } } }', { team }),
      ).getBilling;
    // A basic month for 2 seats, paid 9 days ago (the clock moved back for it; tokens are checked at the real time).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(periodStart);
      await server.app.services.store.run(
        { actorId: administrator.id },
        async (unit) =>
          await decideAdministratorPlan(unit, server.app.services, {
            teamId: team,
            plan: 'basic',
            period: 'monthly',
            seats: 2,
            currency: 'eur',
          }),
      );
    } finally {
      vi.useRealTimers();
    }
    const paid = await billingNow();
    expect(paid.invoices).toEqual([{ amount: 2 * seatPrices.basic.monthly.eur, createdAt: new Date(periodStart).toISOString() }]);
    const expectedCredit = prorationCredit({
      paidAmount: 2 * seatPrices.basic.monthly.eur,
      periodStart: new Date(periodStart),
      periodEnd: paid.currentPeriodEnd!,
      changedAt: new Date(redeemedAt),
    });
    expect(expectedCredit).toBeGreaterThan(0);
    expect(expectedCredit).toBeLessThan(2 * seatPrices.basic.monthly.eur);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(redeemedAt);
      const lifetime = expectData(await setCode(buyer, 'BUSINESS-FOR-GOOD')).setCode;
      expect(lifetime).toMatchObject({ type: 'business', period: 'lifetime', lifetimes: 1, credit: expectedCredit, creditCurrency: 'eur' });
    } finally {
      vi.useRealTimers();
    }
    // A code makes no invoice.
    expect((await billingNow()).invoices).toHaveLength(1);
  });

  it('refuses a code that would move the team down from the plan it holds, changing nothing and keeping the code', async () => {
    expectData(await setPromotionCode({ code: 'UNLIMITED-20', kind: 'plan', plan: 'unlimited', days: 20 }));
    expectData(await setPromotionCode({ code: 'BASIC-10', kind: 'plan', plan: 'basic', days: 10 }));
    expectData(await setPromotionCode({ code: 'BASIC-FOR-GOOD', kind: 'lifetime', plan: 'basic' }));
    expectData(await setPromotionCode({ code: 'UNLIMITED-FOR-GOOD', kind: 'lifetime', plan: 'unlimited' }));
    const holder = await person(server, 'Lou');
    const refusedLower = async (code: string) => {
      const events = await countEvents(server);
      const refused = await setCode(holder, code);
      expect(codeOf(refused)).toBe('PROMOTION_CODE_LOWER_PLAN');
      expect(refused.errors?.[0]?.message).toBe('This code gives a lower plan than the one your team has now, so it was not used.');
      expect(refused.errors?.[0]?.extensions.field).toBe('code');
      expect(await countEvents(server)).toBe(events);
    };
    expect(expectData(await setCode(holder, 'UNLIMITED-20')).setCode.type).toBe('unlimited');
    // Basic for 10 days would replace the unlimited days an earlier code gave.
    await refusedLower('BASIC-10');
    expect(await billingOf(holder)).toMatchObject({ type: 'unlimited', period: 'monthly', codes: [{ code: 'UNLIMITED-20' }] });
    // Unlimited for good replaces the days; a basic lifetime deal would then replace it for good.
    expect(expectData(await setCode(holder, 'UNLIMITED-FOR-GOOD')).setCode).toMatchObject({ type: 'unlimited', period: 'lifetime' });
    await refusedLower('BASIC-FOR-GOOD');
    expect(await billingOf(holder)).toMatchObject({ type: 'unlimited', period: 'lifetime', lifetimes: 1 });

    // Back on free, both kept codes still work.
    expectData(
      await administrator.client.execute(
        'mutation ($team: ID!) { setTeamPlan(team: $team, plan: "free", period: "monthly", seats: 1) { type } }',
        { team: holder.teamId },
      ),
    );
    expect(expectData(await setCode(holder, 'BASIC-10')).setCode).toMatchObject({ type: 'basic', period: 'monthly' });
    expect(expectData(await setCode(holder, 'BASIC-FOR-GOOD')).setCode).toMatchObject({ type: 'basic', period: 'lifetime' });
  });

  it('grants 100 pounds and a PROMOTION notification to a sign-up through a promotion link, and nothing without one', async () => {
    const client = new GraphqlTestClient(server);
    const email = `promoted-${Date.now()}@example.com`;
    expectData(
      await client.execute(
        'mutation ($email: String!) { setUserBasic(firstname: "Pia", lastname: "Promo", email: $email, password: "analytical1", promotion: "spring") { email } }',
        { email },
      ),
    );
    const link = await linkFromOutbox(server, email, '/signup/verify');
    const verified = expectData(
      await client.execute<{ verifyAccount: { user: { id: string }; team: { id: string } } }>(
        'query ($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { user { id } team { id } } }',
        { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
      ),
    ).verifyAccount;
    const promoted = { client, id: verified.user.id, email, teamId: verified.team.id, token: '' };
    expect(await billingOf(promoted)).toMatchObject({ credit: 10000, creditCurrency: 'gbp' });
    const notifications = expectData(
      await client.execute<{ getNotifications: { notifications: { type: string; author: unknown }[] } }>(
        '{ getNotifications(first: 10) { notifications { type author { id } } } }',
      ),
    ).getNotifications.notifications;
    expect(notifications.filter((notification) => notification.type === 'PROMOTION')).toEqual([{ type: 'PROMOTION', author: null }]);
    expect((await billingOf(teamAdmin)).creditCurrency).not.toBe('gbp');
  });

  it('refuses an empty contact-sales message with SPEC’s text, keeps and mails a real one, and names the sales address when mail fails', async () => {
    const requests = async () =>
      (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM sales_requests`))!.count;
    const sendEmail = (message: string) =>
      member.client.execute<{ sendEmail: { ok: boolean } }>(
        'mutation ($message: String!) { sendEmail(message: $message, name: "Mel", company: "Acme", seats: 40) { ok } }',
        { message },
      );
    for (const empty of ['', '   \n ']) {
      const refused = await sendEmail(empty);
      expect(codeOf(refused)).toBe('CONTACT_SALES_MESSAGE_REQUIRED');
      expect(refused.errors?.[0]?.message).toBe(contactSalesTexts.emptyMessage);
    }
    expect(await requests()).toBe(0);

    await withMailer(createSmtpMailer(smtp.url, 'workspace@example.com'), async () => {
      expect(expectData(await sendEmail('We need 40 seats and SSO.')).sendEmail).toEqual({ ok: true });
    });
    const mail = smtp.received.find((received) => received.to === salesEmail);
    expect(mail?.subject).toBe('Contact sales: Acme');
    expect(mail?.text).toContain('We need 40 seats and SSO.');
    expect(mail?.text).toContain(member.email);
    expect(await requests()).toBe(1);

    // Nothing listens on port 9: the mail fails, the request is still kept.
    await withMailer(createSmtpMailer('smtp://127.0.0.1:9', 'workspace@example.com'), async () => {
      const failed = await sendEmail('Please call us.');
      expect(codeOf(failed)).toBe('CONTACT_SALES_FAILED');
      expect(failed.errors?.[0]?.message).toBe(contactSalesFailureMessage(salesEmail));
    });
    expect(await requests()).toBe(2);
  });

  it('limits contact-sales requests per person', async () => {
    const services = server.app.services;
    const unlimited = services.rateLimits;
    services.rateLimits = new RateLimits(true);
    try {
      await withMailer(createSmtpMailer(smtp.url, 'workspace@example.com'), async () => {
        const send = () => otherAdmin.client.execute('mutation { sendEmail(message: "Tell me more.") { ok } }');
        for (let attempt = 0; attempt < 5; attempt += 1) expectData(await send());
        expect(codeOf(await send())).toBe('RATE_LIMITED');
        // Another person still may.
        expectData(await teamAdmin.client.execute('mutation { sendEmail(message: "Tell me more.") { ok } }'));
      });
    } finally {
      services.rateLimits = unlimited;
    }
  });

  it('refuses a contact-sales request with seats out of range or an overlong message on the server, keeping and mailing nothing', async () => {
    const requests = async () =>
      (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM sales_requests`))!.count;
    const sendEmail = (variables: { message: string; seats?: unknown }) =>
      member.client.execute<{ sendEmail: { ok: boolean } }>(
        'mutation ($message: String!, $seats: Int) { sendEmail(message: $message, company: "Acme", seats: $seats) { ok } }',
        variables,
      );
    const kept = await requests();
    const events = await countEvents(server);
    const mailed = smtp.received.length;
    await withMailer(createSmtpMailer(smtp.url, 'workspace@example.com'), async () => {
      for (const seats of [-1, 0, 10001]) {
        const refused = await sendEmail({ message: 'We need seats.', seats });
        expect(codeOf(refused)).toBe('SEATS_OUT_OF_RANGE');
        expect(refused.errors?.[0]?.message).toBe('Seats must be a whole number from 1 to 10000.');
        expect(refused.errors?.[0]?.extensions.field).toBe('seats');
      }
      expect(codeOf(await sendEmail({ message: 'We need seats.', seats: 2.5 }))).toBe('BAD_USER_INPUT');
      expect(codeOf(await sendEmail({ message: 'x'.repeat(5001), seats: 40 }))).toBe('TEXT_TOO_LONG');
      expect([await requests(), await countEvents(server), smtp.received.length]).toEqual([kept, events, mailed]);
      // The bounds themselves are allowed.
      for (const seats of [1, 10000])
        expect(expectData(await sendEmail({ message: 'We need seats.', seats })).sendEmail).toEqual({ ok: true });
    });
    expect(await requests()).toBe(kept + 2);
  });

  it('rebuilds the same billing rows and team plans from the log as the live run made', async () => {
    // Runs after the flows above: codes made and redeemed, plans, a lifetime deal, the promotion grant, sales requests.
    const projections = domains.flatMap((module) => module.projections);
    const compared = projections.filter((projection) => projection.name === 'billing' || projection.name === 'teams');
    const { live, rebuilt } = await replayedBesideLive(server, projections, compared);
    for (const table of [
      'billing_subscriptions',
      'billing_credits',
      'promotion_codes',
      'promotion_redemptions',
      'promotion_grants',
      'sales_requests',
    ])
      expect(live[table]!.length).toBeGreaterThan(0);
    expect(rebuilt).toEqual(live);
  });
});
