import { describe, it, expect } from 'vitest';
import {
  billingPeriods,
  isBillingPeriod,
  isPlanName,
  isWithinMemberLimit,
  memberLimit,
  isUploadAllowed,
  limitsOfPlan,
  messageHistoryStart,
  planLimitAllows,
  planAllows,
  planNames,
  storageQuotaBytes,
  textOnlyPlanNames,
  planLimits,
  teamMemberLimit,
  trialDays,
  trialLengthDays,
  uploadSizeLimitBytes,
  wouldExceedQuota,
} from './plans';

const megabyte = 1024 * 1024;
const gigabyte = 1024 * megabyte;
const terabyte = 1024 * gigabyte;

describe('SPEC §4 plans and billing periods', () => {
  it('names the five plans, the two text-only names and three billing periods', () => {
    expect(planNames).toEqual(['free', 'trial', 'basic', 'unlimited', 'business']);
    expect(textOnlyPlanNames).toEqual(['starter', 'lifetime']);
    expect(billingPeriods).toEqual(['monthly', 'yearly', 'lifetime']);
  });

  it('does not treat text-only names as plans a team can be on', () => {
    expect(isPlanName('business')).toBe(true);
    expect(isPlanName('starter')).toBe(false);
    expect(isPlanName('lifetime')).toBe(false);
  });

  it('knows the billing periods', () => {
    expect(isBillingPeriod('yearly')).toBe(true);
    expect(isBillingPeriod('lifetime')).toBe(true);
    expect(isBillingPeriod('weekly')).toBe(false);
  });
});

describe('SPEC §9 storage quota', () => {
  it('gives free 100 MB, basic and trial 100 GB, business 2 TB and unlimited no quota', () => {
    expect(storageQuotaBytes).toEqual({
      free: 100 * megabyte,
      trial: 100 * gigabyte,
      basic: 100 * gigabyte,
      business: 2 * terabyte,
      unlimited: null,
    });
  });

  it('allows an upload that fills the quota exactly', () => {
    expect(wouldExceedQuota('free', 60 * megabyte, 40 * megabyte)).toBe(false);
  });

  it('refuses an upload one byte past the quota', () => {
    expect(wouldExceedQuota('free', 60 * megabyte, 40 * megabyte + 1)).toBe(true);
    expect(wouldExceedQuota('business', 2 * terabyte, 1)).toBe(true);
  });

  it('never exceeds the unlimited plan', () => {
    expect(wouldExceedQuota('unlimited', 500 * terabyte, 900 * gigabyte)).toBe(false);
  });
});

describe('SPEC §9 upload-allowed helper', () => {
  it.each(['business', 'unlimited', 'trial', 'basic'] as const)('%s allows files under 1 GB', (plan) => {
    expect(uploadSizeLimitBytes(plan)).toBe(gigabyte);
    expect(isUploadAllowed(plan, gigabyte - 1)).toBe(true);
    expect(isUploadAllowed(plan, gigabyte)).toBe(false);
  });

  it('free requires files under 100 MB', () => {
    expect(uploadSizeLimitBytes('free')).toBe(100 * megabyte);
    expect(isUploadAllowed('free', 100 * megabyte - 1)).toBe(true);
    expect(isUploadAllowed('free', 100 * megabyte)).toBe(false);
  });

  it('allows an empty file', () => {
    expect(isUploadAllowed('free', 0)).toBe(true);
  });
});

describe('SPEC §9 trial length: one length for every language', () => {
  it('grants and promises 15 days whatever the language', () => {
    expect(trialDays).toBe(15);
    for (const language of ['en', 'es', 'fr', 'it', 'pt', 'de', 'nl']) expect(trialLengthDays(language)).toBe(15);
  });
});

describe('plan limits table', () => {
  it('limits the free plan like a real free tier and lifts limits on unlimited and business', () => {
    expect(planLimits.free).toEqual({
      spaces: 5,
      docs: 50,
      tasksPerSpace: 250,
      messageHistoryDays: 90,
      searchHistoryDays: 90,
      members: 10,
    });
    expect(Object.values(planLimits.unlimited).every((limit) => limit === null)).toBe(true);
    expect(Object.values(planLimits.business).every((limit) => limit === null)).toBe(true);
  });

  it('keeps members per plan the same as the member limit rule', () => {
    for (const plan of ['free', 'trial', 'basic', 'unlimited', 'business'] as const)
      expect(planLimits[plan].members).toBe(memberLimit(plan));
  });
});

describe('member limit of a team', () => {
  it('is the seats bought on a paid plan and the plan limit otherwise', () => {
    expect(teamMemberLimit('business', 3)).toBe(3);
    expect(teamMemberLimit('basic', null)).toBeNull();
    expect(teamMemberLimit('free', 3)).toBe(10);
    expect(teamMemberLimit('trial', 3)).toBeNull();
  });

  it('gives the member beyond the seats basic access', () => {
    expect(isWithinMemberLimit('unlimited', 3, 3)).toBe(true);
    expect(isWithinMemberLimit('unlimited', 4, 3)).toBe(false);
    expect(isWithinMemberLimit('free', 10, 500)).toBe(true);
    expect(isWithinMemberLimit('free', 11, 500)).toBe(false);
  });
});

describe('SPEC §6 member limit per plan', () => {
  it('counts 10 members on the free plan and has no limit elsewhere', () => {
    expect(memberLimit('free')).toBe(10);
    expect(memberLimit('business')).toBeNull();
    expect(memberLimit('not-a-plan')).toBe(10);
  });

  it('puts the 11th member of a free team beyond the limit', () => {
    expect(isWithinMemberLimit('free', 10)).toBe(true);
    expect(isWithinMemberLimit('free', 11)).toBe(false);
    expect(isWithinMemberLimit('unlimited', 500)).toBe(true);
  });
});

describe('planAllows', () => {
  it('gives project analytics to the business plan only (SPEC §6)', () => {
    expect(planNames.filter((plan) => planAllows(plan, 'analytics'))).toEqual(['business']);
  });

  it('treats an unknown plan as free', () => {
    expect(planAllows('enterprise', 'analytics')).toBe(false);
    expect(planAllows('', 'analytics')).toBe(false);
  });
});

describe('planLimitAllows: spaces, docs and tasks per space', () => {
  it('allows reaching each free limit and refuses passing it', () => {
    expect(planLimitAllows('free', 'spaces', 4)).toBe(true);
    expect(planLimitAllows('free', 'spaces', 5)).toBe(false);
    expect(planLimitAllows('free', 'docs', 49)).toBe(true);
    expect(planLimitAllows('free', 'docs', 50)).toBe(false);
    expect(planLimitAllows('free', 'tasksPerSpace', 249)).toBe(true);
    expect(planLimitAllows('free', 'tasksPerSpace', 250)).toBe(false);
  });

  it('counts everything added at once (a task moved with its subtasks)', () => {
    expect(planLimitAllows('free', 'tasksPerSpace', 246, 4)).toBe(true);
    expect(planLimitAllows('free', 'tasksPerSpace', 247, 4)).toBe(false);
  });

  it('refuses any addition to a team already past a limit after a downgrade', () => {
    expect(planLimitAllows('free', 'spaces', 12)).toBe(false);
    expect(planLimitAllows('basic', 'spaces', 12)).toBe(true);
  });

  it('has the basic limits of its table and none on trial, unlimited and business', () => {
    expect(planLimitAllows('basic', 'spaces', 19)).toBe(true);
    expect(planLimitAllows('basic', 'spaces', 20)).toBe(false);
    expect(planLimitAllows('basic', 'docs', 500)).toBe(false);
    expect(planLimitAllows('basic', 'tasksPerSpace', 100_000)).toBe(true);
    for (const plan of ['trial', 'unlimited', 'business'])
      for (const limit of ['spaces', 'docs', 'tasksPerSpace'] as const) expect(planLimitAllows(plan, limit, 1_000_000, 10)).toBe(true);
  });

  it('treats an unknown plan as free', () => {
    expect(limitsOfPlan('enterprise')).toBe(planLimits.free);
    expect(planLimitAllows('enterprise', 'spaces', 5)).toBe(false);
  });
});

describe('messageHistoryStart', () => {
  const now = new Date('2026-06-30T12:00:00.000Z');

  it('starts 90 days back on free and 365 on basic', () => {
    expect(messageHistoryStart('free', now)?.toISOString()).toBe('2026-04-01T12:00:00.000Z');
    expect(messageHistoryStart('basic', now)?.toISOString()).toBe('2025-06-30T12:00:00.000Z');
  });

  it('hides nothing on trial, unlimited and business', () => {
    expect(messageHistoryStart('trial', now)).toBeNull();
    expect(messageHistoryStart('unlimited', now)).toBeNull();
    expect(messageHistoryStart('business', now)).toBeNull();
  });

  it('treats an unknown plan as free', () => {
    expect(messageHistoryStart('', now)?.toISOString()).toBe('2026-04-01T12:00:00.000Z');
  });
});
