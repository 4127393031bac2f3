import type { PlanName } from '#shared/plans';
import { billingStream } from '../../core/streams';
import type { Services } from '../../graphql/context';
import type { SubscriptionChanged } from './events';

/** Whether a subscription goes on by itself after its period (an administrator's paid plan renews; Stripe's active one is Stripe's to end). */
function continuesAfterPeriod(subscription: SubscriptionChanged): boolean {
  if (subscription.state !== 'active' || subscription.plan === 'free') return false;
  return subscription.source === 'stripe' || subscription.paidAmount > 0;
}

/**
 * The team's plan as of `isoDate`, from the log alone: the last (in log order) `billing.subscription_changed` at or before
 * that moment, and free once a period that does not go on by itself (a trial, a cancelled plan, a promotion's
 * days) had ended by then, even if the job that records the end ran later. Free before any billing event.
 */
export async function planAt(services: Pick<Services, 'store'>, teamId: string, isoDate: string): Promise<PlanName> {
  const moment = Date.parse(isoDate);
  if (!Number.isFinite(moment)) throw new RangeError(`planAt: not a date: ${isoDate}`);
  let latest: SubscriptionChanged | null = null;
  let afterSeq = 0;
  for (;;) {
    const page = await services.store.read({ stream: billingStream(teamId), afterSeq, limit: 500 });
    for (const event of page) {
      // Read to the end rather than stop at the first later event: processes' clocks may disagree a little.
      if (event.type === 'billing.subscription_changed' && Date.parse(event.createdAt) <= moment)
        latest = event.payload as SubscriptionChanged;
    }
    if (page.length < 500) return planOf(latest, moment);
    afterSeq = page[page.length - 1]!.seq;
  }
}

function planOf(latest: SubscriptionChanged | null, moment: number): PlanName {
  if (!latest) return 'free';
  const ended = latest.currentPeriodEnd !== null && Date.parse(latest.currentPeriodEnd) <= moment && !continuesAfterPeriod(latest);
  return ended ? 'free' : latest.plan;
}
