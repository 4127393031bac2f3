import { ManualClock } from '../../server/src/core/clock';
import type { UnitOfWork } from '../../server/src/core/commands';
import type { DomainEvent, Projection } from '../../server/src/core/events';
import { newId } from '../../server/src/core/ids';
import { billingStream, promotionCodeStream, salesStream } from '../../server/src/core/streams';
import { type DrizzleDatabase } from '../../server/src/db/connection';
import { tableDialect } from '../../server/src/db/pickTable';
import { changeCredit, writeInvoice } from '../../server/src/domains/billing/commands';
import type { PromotionCodeSet, SubscriptionChanged } from '../../server/src/domains/billing/events';
import { planAt } from '../../server/src/domains/billing/planAt';
import { billingProjection } from '../../server/src/domains/billing/projection';
import { redeemCodeIn } from '../../server/src/domains/billing/promotion';
import {
  creditsOf,
  findPromotionCode,
  hasRedeemed,
  invoiceCount,
  invoicesOf,
  loadSubscription,
  memberCount,
  promotionGranted,
  redemptionsOf,
  stripeCustomerIdOf,
  teamsDue,
} from '../../server/src/domains/billing/state';
import { teamOf } from '../../server/src/domains/billing/stripeChanges';
import { stripeWebhookStream } from '../../server/src/domains/billing/stripeEvents';
import { stripeProjection } from '../../server/src/domains/billing/stripeProjection';
import {
  billingCredits,
  billingInvoices,
  billingSubscriptions,
  promotionCodes,
  promotionGrants,
  promotionRedemptions,
  salesRequests,
  stripeWebhookEvents,
} from '../../server/src/domains/billing/tables';
import { DomainError } from '../../server/src/errors';
import { idLabels, openAreaDoor, outcomesOn, tableRowsOf } from './areaDoor';

/**
 * Runs the billing area's commands and reads on the door of this process's dialect (DATABASE_URL: PostgreSQL when
 * set, else a SQLite file of its own) and prints what they answered and what the tables hold, live and after a replay,
 * as one JSON line after `billing-on-door:`. tests/integration/billing-postgres.test.ts runs it once per dialect and
 * compares: the tables are picked once per process (db/pickTable.ts), so each dialect needs a process of its own.
 *
 * The commands that change a plan (writeSubscription) read the team through the teams area, which is not converted yet
 * (its prepared .get() exists on SQLite only), so subscriptions are appended here as writeSubscription appends them;
 * promotion codes of credit, credits and invoices go through billing's own unit functions.
 */

const projections: Projection[] = [billingProjection, stripeProjection];
const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
const ada = '77000000-0000-4000-8000-00000000000a';
const bob = '77000000-0000-4000-8000-00000000000b';
const teamA = '77000000-0000-4000-8000-0000000000a1';
const teamB = '77000000-0000-4000-8000-0000000000b1';
/** The two teams that race for a code's last use: which one wins may differ from run to run, so they are labelled after. */
const teamC = '77000000-0000-4000-8000-0000000000c1';
const teamD = '77000000-0000-4000-8000-0000000000d1';

const { label, labelled, labelledText, name } = idLabels();
const outcomeOf = outcomesOn(clock, labelled);
const tableRows = (db: DrizzleDatabase) =>
  tableRowsOf(
    db,
    [
      billingSubscriptions,
      billingCredits,
      billingInvoices,
      promotionCodes,
      promotionRedemptions,
      promotionGrants,
      salesRequests,
      stripeWebhookEvents,
    ],
    labelled,
  );

const door = await openAreaDoor('billing', projections, clock);
try {
  const { store, db } = door;
  const inUnit = (actorId: string | null, work: (unit: UnitOfWork) => Promise<unknown>) =>
    outcomeOf(() => store.run({ actorId }, async (unit) => await work(unit)));
  const append = (actorId: string | null, stream: string, event: DomainEvent, teamId: string | null) =>
    inUnit(actorId, async (unit) => void (await unit.append(stream, [event], { teamId })));
  const setCode = (code: PromotionCodeSet) =>
    append(null, promotionCodeStream(code.code), { type: 'billing.promotion_code_set', payload: code }, null);
  const creditCode = { kind: 'credit' as const, plan: null, days: null, expiresAt: null };
  const outcomes: Record<string, unknown> = {};

  outcomes['the administrator makes SPRING'] = await setCode({ ...creditCode, code: 'SPRING', amount: 500, currency: 'eur', maxUses: 5 });
  outcomes['the administrator makes SPRING last two uses'] = await setCode({
    ...creditCode,
    code: 'SPRING',
    amount: 500,
    currency: 'eur',
    maxUses: 2,
  });
  outcomes['the administrator makes LAST'] = await setCode({ ...creditCode, code: 'LAST', amount: 300, currency: 'gbp', maxUses: 1 });
  outcomes['the administrator makes PAST'] = await setCode({
    ...creditCode,
    code: 'PAST',
    amount: 100,
    currency: 'usd',
    expiresAt: '2026-02-01T00:00:00.000Z',
    maxUses: null,
  });
  const redeem = (teamId: string, userId: string, code: string) =>
    inUnit(userId, (unit) => redeemCodeIn(unit, teamId, userId, code, 'administrator'));
  outcomes['ada redeems SPRING for team A'] = await redeem(teamA, ada, 'SPRING');
  outcomes['ada redeems SPRING again'] = await redeem(teamA, ada, 'SPRING');
  outcomes['ada redeems a code nobody made'] = await redeem(teamA, ada, 'NOBODY');
  outcomes['ada redeems PAST'] = await redeem(teamA, ada, 'PAST');
  // Two teams take the last use of LAST at once: the code's stream is locked before its uses are read, so the second
  // reads the first's use and is refused (on PostgreSQL both would otherwise read no use and both redeem it).
  clock.advance(1000);
  const racers = [teamC, teamD];
  const together = await Promise.allSettled(
    racers.map((teamId) => store.run({ actorId: bob }, (unit) => redeemCodeIn(unit, teamId, bob, 'LAST', 'administrator'))),
  );
  const winner = together.findIndex((outcome) => outcome.status === 'fulfilled');
  racers.forEach((teamId, index) => name(teamId, index === winner ? 'the winning team' : 'the other team'));
  outcomes['two teams redeem LAST at once'] = together
    .map((outcome) =>
      outcome.status === 'fulfilled'
        ? 'answered'
        : outcome.reason instanceof DomainError
          ? `refused ${outcome.reason.code}`
          : `failed ${String(outcome.reason)}`,
    )
    .sort();

  // A subscription as writeSubscription appends it (see above), then changed: the row is replaced.
  const subscription: SubscriptionChanged = {
    teamId: teamA,
    plan: 'basic',
    state: 'active',
    period: 'monthly',
    currency: 'eur',
    seats: 3,
    periodStart: '2026-03-01T09:00:00.000Z',
    currentPeriodEnd: '2026-03-01T10:00:00.000Z',
    paidAmount: 3600,
    trialEnd: '2026-02-28T09:00:00.000Z',
    trialUsed: true,
    lifetimes: 0,
    source: 'stripe',
    stripe: { customerId: 'cus_a', subscriptionId: 'sub_a' },
    reason: 'stripe',
    cause: 'evt_1',
  };
  const subscribe = (changed: SubscriptionChanged) =>
    append(null, billingStream(changed.teamId), { type: 'billing.subscription_changed', payload: changed }, changed.teamId);
  outcomes['Stripe starts team A’s basic plan'] = await subscribe(subscription);
  outcomes['Stripe says team A’s payment failed'] = await subscribe({ ...subscription, state: 'past_due', cause: 'evt_2' });

  const credit = (teamId: string, currency: 'eur' | 'gbp', amount: number, invoiceId: string | null) =>
    inUnit(null, (unit) =>
      changeCredit(unit, { teamId, currency, amount, reason: invoiceId ? 'invoice' : 'proration', userId: null, code: null, invoiceId }),
    );
  outcomes['team A spends 200 of its euros'] = await credit(teamA, 'eur', -200, 'in_1');
  outcomes['team A gets 150 euros back'] = await credit(teamA, 'eur', 150, null);
  const invoice = (invoiceId: string, state: string, number: string, amount: number) =>
    inUnit(null, (unit) =>
      writeInvoice(unit, {
        teamId: teamA,
        invoiceId,
        number,
        amount,
        currency: 'eur',
        state,
        ticket: `https://invoice.example/${invoiceId}`,
        createdAt: unit.now.toISOString(),
      }),
    );
  outcomes['team A’s first invoice is issued'] = await invoice('in_1', 'issued', '2026-0001', 3400);
  outcomes['team A’s first invoice is paid'] = await invoice('in_1', 'paid', '2026-0001', 3400);
  outcomes['team A’s second invoice is issued'] = await invoice('in_2', 'issued', '2026-0002', 3600);

  // The sign-up credit as promotionCredit appends it; a second grant of the same person leaves its row as it was.
  const grant = { teamId: teamB, userId: bob, amount: 10_000, currency: 'gbp' as const };
  outcomes['bob’s sign-up credit'] = await append(bob, billingStream(teamB), { type: 'billing.promotion_granted', payload: grant }, teamB);
  outcomes['bob’s sign-up credit again'] = await append(
    bob,
    billingStream(teamB),
    { type: 'billing.promotion_granted', payload: grant },
    teamB,
  );
  const requestId = newId();
  label(requestId);
  const request = { requestId, userId: bob, teamId: teamB, message: 'Fifty seats?', name: 'Bob', email: null, company: 'B', seats: 50 };
  outcomes['bob asks sales'] = await append(bob, salesStream(bob), { type: 'billing.sales_requested', payload: request }, teamB);
  outcomes['a Stripe webhook is applied'] = await append(
    null,
    stripeWebhookStream,
    { type: 'stripe.webhook_applied', payload: { eventId: 'evt_2', type: 'invoice.payment_failed', teamId: teamA } },
    teamA,
  );

  clock.set(new Date('2026-03-01T11:00:00.000Z'));
  const reads = {
    'team A’s subscription': await loadSubscription(db, teamA, 'stripe'),
    'team B’s subscription': await loadSubscription(db, teamB, 'administrator'),
    'team A’s Stripe customer': await stripeCustomerIdOf(db, teamA),
    'the team of customer cus_a': await teamOf(db, null, 'cus_a'),
    'the team of an unknown customer': await teamOf(db, null, 'cus_unknown'),
    'team A’s credits': [...(await creditsOf(db, teamA))],
    'team B’s credits': [...(await creditsOf(db, teamB))],
    'the winning team’s credits': [...(await creditsOf(db, racers[winner]!))],
    'team A’s invoices': await invoicesOf(db, teamA),
    'team A’s invoice count': await invoiceCount(db, teamA),
    'team B’s invoice count': await invoiceCount(db, teamB),
    'team A’s codes': await redemptionsOf(db, teamA),
    SPRING: await findPromotionCode(db, 'SPRING'),
    LAST: await findPromotionCode(db, 'LAST'),
    'team A redeemed SPRING': await hasRedeemed(db, 'SPRING', teamA),
    'team B redeemed SPRING': await hasRedeemed(db, 'SPRING', teamB),
    'bob’s credit was granted': await promotionGranted(db, bob),
    'ada’s credit was granted': await promotionGranted(db, ada),
    'teams due at 11:00': await teamsDue(db, clock.now()),
    'teams due at 09:30': await teamsDue(db, new Date('2026-03-01T09:30:00.000Z')),
    'team A’s members': await memberCount(db, teamA),
    'team A’s plan at 09:30': await planAt({ store }, teamA, '2026-03-01T09:30:00.000Z'),
    'team A’s plan at 11:00': await planAt({ store }, teamA, '2026-03-01T11:00:00.000Z'),
  };
  const live = await tableRows(db);
  const events = (await store.read()).map((event) => ({ stream: labelledText(event.stream), version: event.version, type: event.type }));
  await door.replay();
  const replayed = await tableRows(db);
  process.stdout.write(
    `billing-on-door:${JSON.stringify({ dialect: tableDialect, outcomes, reads: labelled(reads), live, replayed, events })}\n`,
  );
} finally {
  await door.close();
}
