import type { MercuriusContext } from 'mercurius';
import { isCurrency, normalizeCurrency } from '#shared/currency';
import { isBillingPeriod, isPaidPlan, isPlanName, planNames, trialDays, type BillingPeriod, type PlanName } from '#shared/plans';
import { isValidSeatCount, maximumSeats, minimumSeats, periodOfFrequency, trialEndOf } from '#shared/billing';
import { DomainError, codedError, refusal } from '../../errors';
import { requireActor } from '../../graphql/context';
import { runCommand } from '../../core/runCommand';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';
import { isInstanceAdministrator } from '../accounts';
import { findTeam, requireCurrentTeam, requireTeamMember } from '../teams';
import { decideAdministratorPlan, lockTeamBilling, writeSubscription } from './commands';
import { billingPolicy } from './policies';
import { presentBilling, presentPlans } from './present';
import { billingSource, loadSubscription } from './state';

/** The team's member seat, or NOT_FOUND as for a team that does not exist; PERMISSION_DENIED for a member who may not manage. */
async function requireBillingAdmin(context: MercuriusContext, teamId: string) {
  const actor = requireActor(context);
  const { team, seat } = await requireTeamMember(context.services.database.db, teamId, actor.userId);
  if (!billingPolicy.manage(seat)) throw new DomainError('PERMISSION_DENIED');
  return { actor, team };
}

export async function requireInstanceAdministrator(context: MercuriusContext): Promise<string> {
  const actor = requireActor(context);
  if (!(await isInstanceAdministrator(context.services, actor.userId))) throw refusal('PERMISSION_DENIED', 'INSTANCE_ADMINISTRATOR_ONLY');
  return actor.userId;
}

async function billingOf(context: MercuriusContext, teamId: string) {
  return await presentBilling(context.services.database.db, context.services, teamId, requireActor(context).userId);
}

export function parsePlan(value: string): PlanName {
  const plan = value.trim().toLowerCase();
  if (!isPlanName(plan)) throw codedError('PLAN_UNKNOWN', { params: { plans: planNames.join(', ') }, field: 'plan' });
  return plan;
}

export function parsePeriod(value: string): BillingPeriod {
  const period = value.trim().toLowerCase();
  if (isBillingPeriod(period)) return period;
  // The plans page's frequencies (month, year) name the same periods.
  if (period === 'month' || period === 'year') return periodOfFrequency(period);
  throw codedError('BILLING_PERIOD_UNKNOWN', { field: 'period' });
}

export function parseSeats(value: unknown): number {
  if (!isValidSeatCount(value))
    throw codedError('SEATS_OUT_OF_RANGE', { params: { minimum: minimumSeats, maximum: maximumSeats }, field: 'seats' });
  return value;
}

export const billingQueries = {
  getTeamSubscriptions: async (_root, args, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const { team } = args.team ? await requireTeamMember(db, args.team, actor.userId) : await requireCurrentTeam(db, actor.userId);
    return await presentPlans(db, context.services, team.id, {
      currency: args.currency,
      period: periodOfFrequency(args.frequency),
      payment: args.payment === 'team' ? 'team' : 'user',
    });
  },
  getBilling: async (_root, args, context) => {
    const actor = requireActor(context);
    const { team } = await requireTeamMember(context.services.database.db, args.team, actor.userId);
    return await billingOf(context, team.id);
  },
} satisfies QueryResolvers;

export const billingLifecycleMutations = {
  startTrial: async (_root, args, context) => {
    const { actor, team } = await requireBillingAdmin(context, args.team);
    await runCommand(context, actor.userId, async (unit) => {
      await lockTeamBilling(unit, team.id);
      const current = await loadSubscription(unit.transaction, team.id, billingSource(context.services));
      if (current.trialUsed || current.plan !== 'free') throw codedError('TRIAL_UNAVAILABLE');
      const trialEnd = trialEndOf(unit.now, trialDays).toISOString();
      await writeSubscription(
        unit,
        {
          ...current,
          plan: 'trial',
          state: 'trialing',
          period: 'monthly',
          periodStart: unit.now.toISOString(),
          currentPeriodEnd: trialEnd,
          trialEnd,
          trialUsed: true,
          paidAmount: 0,
        },
        'trial',
      );
    });
    return await billingOf(context, team.id);
  },
  cancelSubscription: async (_root, args, context) => {
    const { actor, team } = await requireBillingAdmin(context, args.team);
    await runCommand(context, actor.userId, async (unit) => {
      await lockTeamBilling(unit, team.id);
      const current = await loadSubscription(unit.transaction, team.id, billingSource(context.services));
      const cancellable =
        (isPaidPlan(current.plan) || current.plan === 'trial') &&
        ['active', 'trialing', 'past_due'].includes(current.state) &&
        current.currentPeriodEnd !== null;
      if (!cancellable) throw codedError('SUBSCRIPTION_NOT_CANCELLABLE');
      // Stripe's subscriptions are cancelled at Stripe (the customer portal), which tells billing by webhook.
      if (current.source === 'stripe' && current.plan !== 'trial') throw codedError('BILLING_MANAGED_BY_STRIPE');
      await writeSubscription(unit, { ...current, state: 'cancelled' }, 'cancelled');
    });
    return await billingOf(context, team.id);
  },
  reactivateSubscription: async (_root, args, context) => {
    const { actor, team } = await requireBillingAdmin(context, args.team);
    await runCommand(context, actor.userId, async (unit) => {
      await lockTeamBilling(unit, team.id);
      const current = await loadSubscription(unit.transaction, team.id, billingSource(context.services));
      const running = current.currentPeriodEnd !== null && Date.parse(current.currentPeriodEnd) > unit.now.getTime();
      if (current.state !== 'cancelled' || !running) throw codedError('SUBSCRIPTION_NOT_REACTIVABLE');
      if (current.source === 'stripe' && current.plan !== 'trial') throw codedError('BILLING_MANAGED_BY_STRIPE');
      await writeSubscription(unit, { ...current, state: current.plan === 'trial' ? 'trialing' : 'active' }, 'reactivated');
    });
    return await billingOf(context, team.id);
  },
  setTeamPlan: async (_root, args, context) => {
    const actorId = await requireInstanceAdministrator(context);
    const db = context.services.database.db;
    // The instance's administrator sets any team's plan, member or not; an id that is no team is NOT_FOUND.
    const team = await findTeam(db, args.team);
    if (!team) throw refusal('NOT_FOUND', 'TEAM_NOT_FOUND');
    if (billingSource(context.services) === 'stripe') throw codedError('BILLING_MANAGED_BY_STRIPE');
    const plan = parsePlan(args.plan);
    const period = parsePeriod(args.period);
    const seats = parseSeats(args.seats);
    const currency = normalizeCurrency(args.currency);
    if (args.currency != null && !isCurrency(args.currency.trim().toLowerCase())) {
      // SPEC §5: a currency outside usd, eur and gbp falls back to usd rather than being refused.
      context.reply?.log.info({ currency: args.currency }, 'setTeamPlan: currency outside usd, eur, gbp; using usd');
    }
    await runCommand(
      context,
      actorId,
      async (unit) => await decideAdministratorPlan(unit, context.services, { teamId: team.id, plan, period, seats, currency }),
    );
    return await presentBilling(db, context.services, team.id, actorId);
  },
} satisfies MutationResolvers;
