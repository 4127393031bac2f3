import { gigabyte, megabyte, terabyte } from './files';
import { fallbackLanguage, isSupportedLanguage, type Language } from './constants';
import { isOneOf } from './guards';

/** SPEC §1 and §4: the plans a team can be on. */
export const planNames = ['free', 'trial', 'basic', 'unlimited', 'business'] as const;
export type PlanName = (typeof planNames)[number];

/** Names that appear only in interface texts (marketing copy); no team is ever on them. */
export const textOnlyPlanNames = ['starter', 'lifetime'] as const;
export type TextOnlyPlanName = (typeof textOnlyPlanNames)[number];

export const billingPeriods = ['monthly', 'yearly', 'lifetime'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

export function isPlanName(value: unknown): value is PlanName {
  return isOneOf(planNames, value);
}

export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return isOneOf(billingPeriods, value);
}

/**
 * SPEC §9 storage quota per plan, in bytes. `null` means no quota (unlimited): unlike
 * Infinity it survives JSON and GraphQL, so server and client read the same value.
 */
export const storageQuotaBytes: Readonly<Record<PlanName, number | null>> = {
  free: 100 * megabyte,
  trial: 100 * gigabyte,
  basic: 100 * gigabyte,
  business: 2 * terabyte,
  unlimited: null,
};

/** Whether adding `addedBytes` to `usedBytes` would take the team past its plan quota; reaching it exactly is allowed. */
export function wouldExceedQuota(plan: PlanName, usedBytes: number, addedBytes: number): boolean {
  const quota = storageQuotaBytes[plan];
  return quota !== null && usedBytes + addedBytes > quota;
}

const largeUploadPlans: ReadonlySet<PlanName> = new Set(['business', 'unlimited', 'trial', 'basic']);

/**
 * SPEC §9: the largest single file a plan may upload is strictly under this many bytes
 * (1 GB for business, unlimited, trial and basic; 100 MB otherwise). The same number is the
 * "up to" size shown in the account upload-limit message.
 */
export function uploadSizeLimitBytes(plan: PlanName): number {
  return largeUploadPlans.has(plan) ? gigabyte : 100 * megabyte;
}

/** SPEC §9 upload-allowed helper: the file must be under the plan's size limit. */
export function isUploadAllowed(plan: PlanName, fileSizeBytes: number): boolean {
  return fileSizeBytes < uploadSizeLimitBytes(plan);
}

/**
 * SPEC §9 trial length as promised by each language's text: English and Portuguese say 7 days,
 * French, Italian and German say 15. SPEC gives no Spanish reading; Spanish gets 7, the
 * reading of English (the source text and fallback) and of Portuguese, so no text promises
 * more than the source does. A trial grants the length the user was promised in their language.
 */
export const trialLengthDaysByLanguage: Readonly<Record<Language, number>> = {
  en: 7,
  es: 7,
  fr: 15,
  it: 15,
  pt: 7,
  de: 15,
};

/** Trial length for a user's language; unknown languages get the fallback (English) reading. */
export function trialLengthDays(language: string): number {
  return trialLengthDaysByLanguage[isSupportedLanguage(language) ? language : fallbackLanguage];
}

/**
 * Members per plan whose roles count in full (SPEC §6: members beyond the plan's user limit get
 * basic access). SPEC gives no numbers; the free plan counts 10 members, the other plans have no
 * limit until billing assigns seats. Guests never count: they see only the spaces they are in.
 * `null` means no limit, as for storage.
 */
export const memberLimitByPlan: Readonly<Record<PlanName, number | null>> = {
  free: 10,
  trial: null,
  basic: null,
  unlimited: null,
  business: null,
};

/** The member limit of a plan; an unknown plan is treated as free. */
export function memberLimit(plan: string): number | null {
  return memberLimitByPlan[isPlanName(plan) ? plan : 'free'];
}

/** Whether the member with this 1-based seat number (members counted by joining order) is within the limit. */
export function isWithinMemberLimit(plan: string, seatNumber: number): boolean {
  const limit = memberLimit(plan);
  return limit === null || seatNumber <= limit;
}

/** Features some plans do not include (SPEC §6: project analytics require a business plan). */
export const planFeatures = ['analytics'] as const;
export type PlanFeature = (typeof planFeatures)[number];

const plansWithFeature: Readonly<Record<PlanFeature, ReadonlySet<PlanName>>> = {
  analytics: new Set(['business']),
};

/**
 * The one plan rule every check goes through (server and client): whether a team on `plan` has `feature`.
 * An unknown plan is treated as free, so a bad value never unlocks anything.
 */
export function planAllows(plan: string, feature: PlanFeature): boolean {
  return plansWithFeature[feature].has(isPlanName(plan) ? plan : 'free');
}
