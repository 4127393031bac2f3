/**
 * The billing area's state: the preferred currency (kept on the device, SPEC §7), the plans as the pricing query
 * answered them (the start-up preload fills the yearly, per-seat list), and the current team's billing.
 */
import { normalizeCurrency, type Currency } from '#shared/currency';
import type { BillingPeriod } from '#shared/plans';
import { readStored, writeStored } from '../../lib/browser';
import type { GraphQLClient } from '../../lib/graphql';
import { atom, type AppStore } from '../../lib/store';
import { currentTeamAtom } from '../auth/session';
import { getTeamSubscriptionsDocument, type Billing, type SubscriptionPlan } from './operations';

/** The preferred currency is kept on the device (SPEC §7). */
export const currencyStorageKey = 'currency';

/** The stored currency, or usd when none or an invalid one is stored (SPEC §5). */
export function readPreferredCurrency(): Currency {
  return normalizeCurrency(readStored(currencyStorageKey));
}

export const preferredCurrencyAtom = atom<Currency>(readPreferredCurrency());

/** Chooses the currency for this device: the plans page shows it, and the next visit starts with it. */
export function choosePreferredCurrency(store: AppStore, currency: Currency): void {
  writeStored(currencyStorageKey, currency);
  store.set(preferredCurrencyAtom, currency);
}

/** The pricing query's frequency for a billing period (the server takes month, year or lifetime). */
export function frequencyOf(period: BillingPeriod): 'month' | 'year' | 'lifetime' {
  if (period === 'monthly') return 'month';
  if (period === 'yearly') return 'year';
  return 'lifetime';
}

/** SPEC §7: the plans are priced per seat ("user"). */
export const seatPayment = 'user';

export function plansKey(team: string, currency: Currency, period: BillingPeriod): string {
  return `${team}:${currency}:${period}`;
}

/** Plans by team, currency and period, as last answered. */
export const plansAtom = atom<ReadonlyMap<string, readonly SubscriptionPlan[]>>(new Map());

type Request = GraphQLClient['request'];

/** Reads the plans of a team in a currency and period, keeps them, and returns them in the server's order. */
export async function loadPlans(
  request: Request,
  store: AppStore,
  team: string,
  currency: Currency,
  period: BillingPeriod,
  options: { silent?: boolean; handledByCaller?: boolean } = {},
): Promise<readonly SubscriptionPlan[]> {
  const { getTeamSubscriptions } = await request(
    getTeamSubscriptionsDocument,
    { team, currency, frequency: frequencyOf(period), payment: seatPayment },
    options,
  );
  const plans = [...getTeamSubscriptions].sort((first, second) => first.order - second.order);
  store.set(plansAtom, (kept) => new Map(kept).set(plansKey(team, currency, period), plans));
  return plans;
}

/** SPEC §7 delayed preload: the pricing query with the team, the preferred currency, frequency year and payment user. */
export async function preloadPlans(request: Request, store: AppStore): Promise<void> {
  const team = store.get(currentTeamAtom)?.id;
  if (!team) return;
  await loadPlans(request, store, team, store.get(preferredCurrencyAtom), 'yearly', { silent: true });
}

/** The current team's billing, as last read or changed here. */
export const billingAtom = atom<Billing | null>(null);
