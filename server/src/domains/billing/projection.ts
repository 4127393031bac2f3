import { eq, sql } from 'drizzle-orm';
import type { Projection, StoredEvent } from '../../core/events';
import type { Transaction } from '../../db/connection';
import {
  billingCredits,
  billingInvoices,
  billingSubscriptions,
  promotionCodes,
  promotionGrants,
  promotionRedemptions,
  salesRequests,
} from './tables';
import type { BillingEvent } from './events';

/** How billing's events become rows; the teams area applies the team's plan from its own `team.plan_changed`. */
export const billingProjection: Projection = {
  name: 'billing',
  tables: [billingSubscriptions, billingCredits, billingInvoices, promotionCodes, promotionRedemptions, promotionGrants, salesRequests],
  /**
   * Answers a promise for billing's own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (!stored.type.startsWith('billing.')) return undefined;
    return projectBillingEvent(transaction, { type: stored.type, payload: stored.payload } as BillingEvent, stored.createdAt);
  },
};

async function projectBillingEvent(transaction: Transaction, event: BillingEvent, at: string): Promise<void> {
  switch (event.type) {
    case 'billing.subscription_changed': {
      const { reason: _reason, cause: _cause, stripe, ...subscription } = event.payload;
      const row = {
        ...subscription,
        stripeCustomerId: stripe?.customerId ?? null,
        stripeSubscriptionId: stripe?.subscriptionId ?? null,
        updatedAt: at,
      };
      await transaction.insert(billingSubscriptions).values(row).onConflictDoUpdate({ target: billingSubscriptions.teamId, set: row });
      return;
    }
    case 'billing.credit_changed': {
      const { teamId, currency, amount } = event.payload;
      await transaction
        .insert(billingCredits)
        .values({ teamId, currency, amount })
        .onConflictDoUpdate({
          target: [billingCredits.teamId, billingCredits.currency],
          set: { amount: sql`${billingCredits.amount} + ${amount}` },
        });
      return;
    }
    case 'billing.invoice_recorded': {
      const { invoiceId, ...invoice } = event.payload;
      const row = { id: invoiceId, ...invoice };
      await transaction
        .insert(billingInvoices)
        .values(row)
        .onConflictDoUpdate({ target: billingInvoices.id, set: { state: row.state, ticket: row.ticket, amount: row.amount } });
      return;
    }
    case 'billing.code_redeemed': {
      const { code, teamId, userId, kind, amount, currency, plan } = event.payload;
      await transaction.insert(promotionRedemptions).values({ code, teamId, userId, kind, amount, currency, plan, redeemedAt: at });
      await transaction
        .update(promotionCodes)
        .set({ uses: sql`${promotionCodes.uses} + 1` })
        .where(eq(promotionCodes.code, code));
      return;
    }
    case 'billing.promotion_granted': {
      const { userId, teamId } = event.payload;
      await transaction.insert(promotionGrants).values({ userId, teamId, grantedAt: at }).onConflictDoNothing();
      return;
    }
    case 'billing.promotion_code_set': {
      const row = { ...event.payload, createdAt: at };
      const { code: _code, createdAt: _createdAt, ...changes } = row;
      await transaction.insert(promotionCodes).values(row).onConflictDoUpdate({ target: promotionCodes.code, set: changes });
      return;
    }
    case 'billing.sales_requested': {
      const { requestId, ...request } = event.payload;
      await transaction.insert(salesRequests).values({ id: requestId, ...request, createdAt: at });
      return;
    }
    default:
      return;
  }
}
