import type { BillingPeriod, PlanName } from '#shared/plans';
import type { Currency } from '#shared/currency';
import type { PromotionCodeKind, SubscriptionState } from '#shared/billing';
import type { DomainEvent } from '../../core/events';

/** Why a subscription changed, as the log tells it. */
export type SubscriptionChangeReason = 'trial' | 'administrator' | 'stripe' | 'cancelled' | 'reactivated' | 'ended' | 'renewed' | 'code';

/**
 * The whole subscription after a change (not a difference), so the plan as of any date is the latest such
 * event before it. `paidAmount` is what the current period cost, the base of an upgrade's proration.
 */
export interface SubscriptionChanged {
  teamId: string;
  plan: PlanName;
  state: SubscriptionState;
  period: BillingPeriod;
  currency: Currency;
  seats: number;
  periodStart: string | null;
  currentPeriodEnd: string | null;
  paidAmount: number;
  trialEnd: string | null;
  trialUsed: boolean;
  lifetimes: number;
  source: 'stripe' | 'administrator';
  stripe: { customerId: string; subscriptionId: string } | null;
  reason: SubscriptionChangeReason;
  /** What caused it outside the app (a Stripe event id), when anything did. */
  cause: string | null;
}

/** Credit added (positive) or spent (negative), in cents of one currency. */
export interface CreditChanged {
  teamId: string;
  currency: Currency;
  amount: number;
  reason: 'promotion' | 'code' | 'proration' | 'invoice';
  userId: string | null;
  code: string | null;
  invoiceId: string | null;
}

/** An invoice of a paid period, or its new state (Stripe: paid, failed); the same id replaces the row. */
export interface InvoiceRecorded {
  teamId: string;
  invoiceId: string;
  number: string;
  amount: number;
  currency: string;
  state: string;
  ticket: string | null;
  createdAt: string;
}

export interface CodeRedeemed {
  teamId: string;
  code: string;
  userId: string;
  kind: PromotionCodeKind;
  amount: number | null;
  currency: Currency | null;
  plan: PlanName | null;
}

/** A person's sign-up PROMOTION credit went to their team (once per person). */
export interface PromotionGranted {
  teamId: string;
  userId: string;
  amount: number;
  currency: Currency;
}

export interface PromotionCodeSet {
  code: string;
  kind: PromotionCodeKind;
  amount: number | null;
  currency: Currency | null;
  plan: PlanName | null;
  days: number | null;
  expiresAt: string | null;
  maxUses: number | null;
}

export interface SalesRequested {
  requestId: string;
  userId: string;
  teamId: string | null;
  message: string;
  name: string | null;
  email: string | null;
  company: string | null;
  seats: number | null;
}

/** Billing's events; `type` strings are stored in the log forever, never renamed. */
export type BillingEvent =
  | DomainEvent<'billing.subscription_changed', SubscriptionChanged>
  | DomainEvent<'billing.credit_changed', CreditChanged>
  | DomainEvent<'billing.invoice_recorded', InvoiceRecorded>
  | DomainEvent<'billing.code_redeemed', CodeRedeemed>
  | DomainEvent<'billing.promotion_granted', PromotionGranted>
  | DomainEvent<'billing.promotion_code_set', PromotionCodeSet>
  | DomainEvent<'billing.sales_requested', SalesRequested>;
