import { gigabyte, megabyte, terabyte } from './files';
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
 * The trial's length, the same in every language. SPEC §9's texts disagree (7 days in English and Portuguese,
 * 15 in French, Italian and German); one product cannot grant two lengths for the same offer, so every
 * locale promises and every trial grants 15 days, the longer reading: no text promises more than is granted.
 */
export const trialDays = 15;

/** Trial length for a user's language: the same for every language (see trialDays); kept for the screens that ask by language. */
export function trialLengthDays(_language: string): number {
  return trialDays;
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
export function isWithinMemberLimit(plan: string, seatNumber: number, seats: number | null = null): boolean {
  const limit = teamMemberLimit(plan, seats);
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

/**
 * What each plan allows, in one table the server, the client and the README read (`null` = no limit).
 * SPEC leaves the numbers open; the free plan's are those of comparable free tiers (Plane, Linear): enough
 * for a small team to work for real, with history kept for 90 days. Members on paid plans are the seats
 * bought (billing); storage is `storageQuotaBytes`.
 */
export interface PlanLimits {
  spaces: number | null;
  docs: number | null;
  tasksPerSpace: number | null;
  messageHistoryDays: number | null;
  searchHistoryDays: number | null;
  members: number | null;
}

export const planLimits: Readonly<Record<PlanName, Readonly<PlanLimits>>> = {
  free: { spaces: 5, docs: 50, tasksPerSpace: 250, messageHistoryDays: 90, searchHistoryDays: 90, members: memberLimitByPlan.free },
  trial: {
    spaces: null,
    docs: null,
    tasksPerSpace: null,
    messageHistoryDays: null,
    searchHistoryDays: null,
    members: memberLimitByPlan.trial,
  },
  basic: { spaces: 20, docs: 500, tasksPerSpace: null, messageHistoryDays: 365, searchHistoryDays: 365, members: memberLimitByPlan.basic },
  unlimited: {
    spaces: null,
    docs: null,
    tasksPerSpace: null,
    messageHistoryDays: null,
    searchHistoryDays: null,
    members: memberLimitByPlan.unlimited,
  },
  business: {
    spaces: null,
    docs: null,
    tasksPerSpace: null,
    messageHistoryDays: null,
    searchHistoryDays: null,
    members: memberLimitByPlan.business,
  },
};

/** The limits counted against what a team already has: its spaces and docs, and the tasks of one space. */
export const countedPlanLimits = ['spaces', 'docs', 'tasksPerSpace'] as const;
export type CountedPlanLimit = (typeof countedPlanLimits)[number];

/** A plan's limits; an unknown plan is treated as free, so a bad value never unlocks anything. */
export function limitsOfPlan(plan: string): Readonly<PlanLimits> {
  return planLimits[isPlanName(plan) ? plan : 'free'];
}

/**
 * Whether a team on `plan` that has `current` of a counted thing may add `adding` more: reaching the limit is
 * allowed, passing it is not. A team already past it (after a downgrade) keeps everything but may add nothing.
 */
export function planLimitAllows(plan: string, limit: CountedPlanLimit, current: number, adding = 1): boolean {
  const maximum = limitsOfPlan(plan)[limit];
  return maximum === null || current + adding <= maximum;
}

const dayMilliseconds = 24 * 60 * 60 * 1000;

/**
 * The oldest moment of chat history a team on `plan` sees at `now`, or null when it sees all of it. Older
 * messages are hidden, never deleted: on a plan with a longer history they show again.
 */
export function messageHistoryStart(plan: string, now: Date): Date | null {
  return historyStart(limitsOfPlan(plan).messageHistoryDays, now);
}

/** The oldest creation time search finds for a team on `plan` at `now`, or null when it finds all of it (hidden, never dropped). */
export function searchHistoryStart(plan: string, now: Date): Date | null {
  return historyStart(limitsOfPlan(plan).searchHistoryDays, now);
}

function historyStart(days: number | null, now: Date): Date | null {
  return days === null ? null : new Date(now.getTime() - days * dayMilliseconds);
}

/** The plans sold per seat (a number of seats bought), as opposed to free and trial. */
export const paidPlanNames = ['basic', 'unlimited', 'business'] as const;
export type PaidPlanName = (typeof paidPlanNames)[number];

export function isPaidPlan(value: unknown): value is PaidPlanName {
  return isOneOf(paidPlanNames, value);
}

/**
 * The member limit of a team: on a paid plan the seats bought (members beyond them get basic access, SPEC §6),
 * otherwise the plan's own limit. A paid plan without a seat count recorded has its plan's limit.
 */
export function teamMemberLimit(plan: string, seats: number | null): number | null {
  return isPaidPlan(plan) && seats !== null ? seats : memberLimit(plan);
}
