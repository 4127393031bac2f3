import type { MercuriusContext } from 'mercurius';
import { isCurrency, type Currency } from '#shared/currency';
import { isPaidPlan, type PlanName } from '#shared/plans';
import { isPromotionCodeKind, normalizePromotionCode, planOrder, type PromotionCodeKind } from '#shared/billing';
import { promotionCreditPounds } from '#shared/notifications';
import type { Reaction, UnitOfWork } from '../../core/commands';
import type { StoredEvent } from '../../core/events';
import { newId } from '../../core/ids';
import { runCommand } from '../../core/runCommand';
import { billingStream, notificationStream, promotionCodeStream, userStream } from '../../core/streams';
import { DomainError, codedError } from '../../errors';
import { requireActor } from '../../graphql/context';
import type { MutationResolvers } from '../../graphql/schemaTypes';
import type { UserPromotionClaimed } from '../accounts';
import type { NotificationCreated } from '../notifications';
import { findTeam, requireCurrentTeam } from '../teams';
import {
  changeCredit,
  creditUnusedPeriod,
  lockTeamBilling,
  runningPaidPeriod,
  stripeBillsSubscription,
  writeSubscription,
} from './commands';
import type { PromotionCodeSet } from './events';
import { billingPolicy } from './policies';
import { presentBilling } from './present';
import { parsePlan, parseSeats, requireInstanceAdministrator } from './resolvers';
import { billingSource, findPromotionCode, hasRedeemed, loadSubscription, promotionGranted, type Subscription } from './state';

const codePattern = /^[A-Z0-9_-]{3,40}$/;

/** The terms of a code, checked as a whole: each kind needs its own fields and no others make sense. */
function promotionTerms(args: {
  kind: string;
  amount?: number | null;
  currency?: string | null;
  plan?: string | null;
  days?: number | null;
}): Pick<PromotionCodeSet, 'kind' | 'amount' | 'currency' | 'plan' | 'days'> {
  const terms = () => codedError('PROMOTION_CODE_TERMS', { field: 'kind' });
  const kind = args.kind.trim().toLowerCase();
  if (!isPromotionCodeKind(kind)) throw terms();
  if (kind === 'credit') {
    const currency = args.currency?.trim().toLowerCase();
    const amount = args.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > 100_000_00 || !isCurrency(currency))
      throw terms();
    return { kind, amount, currency, plan: null, days: null };
  }
  const plan = args.plan ? parsePlan(args.plan) : null;
  if (!plan || !isPaidPlan(plan)) throw terms();
  if (kind === 'lifetime') return { kind, amount: null, currency: null, plan, days: null };
  const days = args.days;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > 3660) throw terms();
  return { kind, amount: null, currency: null, plan, days };
}

function optionalDate(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const time = Date.parse(value);
  if (!Number.isFinite(time)) throw codedError('PROMOTION_CODE_TERMS', { field });
  return new Date(time).toISOString();
}

/**
 * Why a code that gives a plan may not be redeemed over what the team holds now, or null when it may. Checked
 * before anything is written, so a refused code stays unused for later:
 * - while Stripe bills the subscription (a trial included), its next webhook would undo the code's plan;
 * - a plan for some days would replace a paid period (its renewal lost) or a lifetime deal (lost for good);
 * - a plan for some days does not replace a higher plan's days from an earlier code, nor a lifetime deal a
 *   higher lifetime deal: the team would move down for no gain.
 * A lifetime deal may replace some days of a higher plan (for good is worth more), and a paid period, whose
 * unused part becomes credit.
 */
export function planCodeRefusal(
  current: Subscription,
  code: { kind: PromotionCodeKind; plan: PlanName | null },
  now: Date,
): 'PROMOTION_CODE_STRIPE_PLAN' | 'PROMOTION_CODE_PAID_PLAN' | 'PROMOTION_CODE_LOWER_PLAN' | null {
  if (code.kind === 'credit' || code.plan === null) return null;
  if (stripeBillsSubscription(current)) return 'PROMOTION_CODE_STRIPE_PLAN';
  const lower = planOrder[code.plan] < planOrder[current.plan];
  const lifetimeHeld = isPaidPlan(current.plan) && current.period === 'lifetime' && current.state === 'active';
  if (code.kind === 'lifetime') return lifetimeHeld && lower ? 'PROMOTION_CODE_LOWER_PLAN' : null;
  if (lifetimeHeld || runningPaidPeriod(current, now, { activePastEnd: true })) return 'PROMOTION_CODE_PAID_PLAN';
  const earlierCodeDaysHeld =
    isPaidPlan(current.plan) &&
    current.state !== 'stopped' &&
    current.currentPeriodEnd !== null &&
    Date.parse(current.currentPeriodEnd) > now.getTime();
  return earlierCodeDaysHeld && lower ? 'PROMOTION_CODE_LOWER_PLAN' : null;
}

/** What a redeemed code gives the team, as events; the code's use is recorded with it. */
async function redeem(
  unit: UnitOfWork,
  teamId: string,
  userId: string,
  code: NonNullable<Awaited<ReturnType<typeof findPromotionCode>>>,
  source: 'stripe' | 'administrator',
) {
  const kind = code.kind as PromotionCodeKind;
  const plan = (code.plan as PlanName | null) ?? null;
  const currency = (code.currency as Currency | null) ?? null;
  const current = await loadSubscription(unit.transaction, teamId, source);
  const refusal = planCodeRefusal(current, { kind, plan }, unit.now);
  if (refusal) throw codedError(refusal, { field: 'code' });
  await unit.append(
    billingStream(teamId),
    [{ type: 'billing.code_redeemed', payload: { teamId, code: code.code, userId, kind, amount: code.amount, currency, plan } }],
    { teamId },
  );
  if (kind === 'credit') {
    await changeCredit(unit, {
      teamId,
      currency: currency!,
      amount: code.amount!,
      reason: 'code',
      userId,
      code: code.code,
      invoiceId: null,
    });
    return;
  }
  if (kind === 'lifetime') {
    // The lifetime deal replaces a running paid period for good: its unused part is credited, as on an upgrade.
    await creditUnusedPeriod(unit, current, code.code);
    await writeSubscription(
      unit,
      {
        ...current,
        plan: plan!,
        state: 'active',
        period: 'lifetime',
        periodStart: unit.now.toISOString(),
        currentPeriodEnd: null,
        paidAmount: 0,
        lifetimes: current.lifetimes + 1,
      },
      'code',
    );
    return;
  }
  // A plan for some days: from now, or after the same plan's days an earlier code gave, when they are still running.
  const samePlanRunning =
    current.plan === plan && current.currentPeriodEnd !== null && Date.parse(current.currentPeriodEnd) > unit.now.getTime();
  const start = samePlanRunning ? new Date(current.currentPeriodEnd!) : unit.now;
  const end = new Date(start.getTime() + code.days! * 24 * 60 * 60 * 1000);
  await writeSubscription(
    unit,
    {
      ...current,
      plan: plan!,
      state: 'active',
      period: 'monthly',
      periodStart: start.toISOString(),
      currentPeriodEnd: end.toISOString(),
      paidAmount: 0,
    },
    'code',
  );
}

/**
 * Redeems `code` (normalized) for the team inside the unit: refused when unknown, expired, already redeemed by the team
 * or used up, or when what it gives may not replace the team's plan (`planCodeRefusal`).
 */
export async function redeemCodeIn(
  unit: UnitOfWork,
  teamId: string,
  userId: string,
  code: string,
  source: 'stripe' | 'administrator',
): Promise<void> {
  // The code's uses change with every team's redemption, all of which lock the code's stream as here, so the last use
  // is taken once; the team's billing decides what the code may replace.
  await lockTeamBilling(unit, teamId, promotionCodeStream(code));
  const found = codePattern.test(code) ? await findPromotionCode(unit.transaction, code) : undefined;
  if (!found) throw codedError('PROMOTION_CODE_UNKNOWN', { field: 'code' });
  if (found.expiresAt !== null && Date.parse(found.expiresAt) <= unit.now.getTime())
    throw codedError('PROMOTION_CODE_EXPIRED', { field: 'code' });
  if ((await hasRedeemed(unit.transaction, code, teamId)) || (found.maxUses !== null && found.uses >= found.maxUses))
    throw codedError('PROMOTION_CODE_USED', { field: 'code' });
  await redeem(unit, teamId, userId, found, source);
}

export const promotionMutations = {
  setCode: async (_root, args, context: MercuriusContext) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const { team, seat } = await requireCurrentTeam(db, actor.userId);
    if (!billingPolicy.manage(seat)) throw new DomainError('PERMISSION_DENIED');
    const code = normalizePromotionCode(args.code);
    await runCommand(context, actor.userId, async (unit) => {
      await redeemCodeIn(unit, team.id, actor.userId, code, billingSource(context.services));
    });
    return await presentBilling(db, context.services, team.id, actor.userId);
  },
  setPromotionCode: async (_root, args, context: MercuriusContext) => {
    const actorId = await requireInstanceAdministrator(context);
    const code = normalizePromotionCode(args.code);
    if (!codePattern.test(code)) throw codedError('PROMOTION_CODE_FORMAT', { field: 'code' });
    const terms = promotionTerms(args);
    const maxUses = args.maxUses === null || args.maxUses === undefined ? null : parseSeats(args.maxUses);
    const payload: PromotionCodeSet = { code, ...terms, expiresAt: optionalDate(args.expiresAt, 'expiresAt'), maxUses };
    const createdAt = await runCommand(context, actorId, async (unit) => {
      await unit.append(promotionCodeStream(code), [{ type: 'billing.promotion_code_set', payload }], { teamId: null });
      return unit.now.toISOString();
    });
    return { code, kind: terms.kind, amount: terms.amount, currency: terms.currency, plan: terms.plan, redeemedAt: createdAt };
  },
} satisfies MutationResolvers;

/**
 * SPEC §3 and §9: a sign-up through a promotion link gives the new account's team £100 of credit and a
 * PROMOTION notification, once per person (a person signs up once; the grant row makes sure).
 */
export const promotionCredit: Reaction = {
  name: 'billing: a promotion sign-up grants its credit',
  on: ['user.promotion_claimed'],
  async react(unit: UnitOfWork, event: StoredEvent) {
    const { userId, teamId } = event.payload as UserPromotionClaimed;
    // Granted once per person: the claim is on the person's stream, whose lock this unit already holds by appending it.
    await unit.lock(userStream(userId));
    if ((await promotionGranted(unit.transaction, userId)) || !(await findTeam(unit.transaction, teamId))) return;
    const amount = promotionCreditPounds * 100;
    await unit.append(
      billingStream(teamId),
      [{ type: 'billing.promotion_granted', payload: { teamId, userId, amount, currency: 'gbp' } }],
      {
        teamId,
      },
    );
    await changeCredit(unit, { teamId, currency: 'gbp', amount, reason: 'promotion', userId, code: null, invoiceId: null });
    const notice: NotificationCreated = {
      notificationId: newId(),
      userId,
      type: 'PROMOTION',
      teamId,
      description: `You received £${promotionCreditPounds} of credit for your team's plan.`,
      authorId: null,
    };
    await unit.append(notificationStream(userId), [{ type: 'notification.created', payload: notice }], { teamId });
  },
};
