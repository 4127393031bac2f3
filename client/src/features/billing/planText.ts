/**
 * The names and texts of plans, states and periods in the interface language. SPEC §1: the interface names the basic
 * plan "Starter" and the lifetime period's deal "Lifetime"; a plan or state this client does not know shows as the
 * server names it.
 */
import type { TFunction } from 'i18next';
import { isPlanName, type PlanName } from '#shared/plans';

export function planName(t: TFunction, plan: string, fallback = plan): string {
  return isPlanName(plan) ? t(`billing.planNames.${plan}`) : fallback;
}

export function planDescription(t: TFunction, plan: string, fallback: string): string {
  return isPlanName(plan) ? t(`billing.planDescriptions.${plan}`) : fallback;
}

const states = ['active', 'trialing', 'cancelled', 'stopped', 'past_due'] as const;
type BillingState = (typeof states)[number];

export function stateName(t: TFunction, state: string): string {
  return states.includes(state as BillingState) ? t(`billing.states.${state as BillingState}`) : state;
}

export function featureLabel(t: TFunction, feature: string): string {
  return t(`billing.features.${feature as 'analytics'}`, { defaultValue: feature });
}

/** The plans an instance administrator may set (SPEC §1, §4). */
export const settablePlans: readonly PlanName[] = ['free', 'trial', 'basic', 'unlimited', 'business'];
