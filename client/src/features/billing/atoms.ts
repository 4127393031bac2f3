/** Plans offered to the team, preloaded after start-up for the upgrade screens (SPEC §7). */
import type { Currency } from '#shared/currency';
import { gql } from '../../lib/graphql';
import { atom } from '../../lib/store';

export interface TeamPlan {
  id: string;
  name: string;
  isCurrent: boolean | null;
}

export const teamPlansAtom = atom<readonly TeamPlan[] | null>(null);

export const getTeamSubscriptionsDocument = gql<
  { getTeamSubscriptions: TeamPlan[] | null },
  { team: string; currency: Currency; frequency: 'year'; payment: 'user' }
>(
  'query GetTeamSubscriptions($team: ID!, $currency: String!, $frequency: String!, $payment: String!) { getTeamSubscriptions(team: $team, currency: $currency, frequency: $frequency, payment: $payment) { id name isCurrent } }',
);

/** The preferred currency is kept on the device (SPEC §7). */
export const currencyStorageKey = 'currency';
