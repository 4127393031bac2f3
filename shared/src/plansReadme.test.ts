import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seatPrices } from './billing';
import type { Currency } from './currency';
import { formatBytes } from './files';
import {
  billingPeriods,
  isPaidPlan,
  paidPlanNames,
  planAllows,
  planLimits,
  planNames,
  storageQuotaBytes,
  trialDays,
  uploadSizeLimitBytes,
  type PaidPlanName,
  type PlanName,
} from './plans';

/**
 * The README's plan table and prices are written by hand for readers of the repository; the code's tables are
 * what the product enforces. This reads the README the way a person would and fails when the two differ.
 */
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

const planTitle = (plan: PlanName) => `${plan[0]!.toUpperCase()}${plan.slice(1)}${plan === 'trial' ? ` (${trialDays} days)` : ''}`;
const count = (value: number | null) => (value === null ? 'no limit' : String(value));
const days = (value: number | null) => (value === null ? 'no limit' : `${value} days`);

/** A row of the table as the code says it should read, cell by cell, in the README's column order. */
function expectedRow(plan: PlanName): string[] {
  const limits = planLimits[plan];
  const storage = storageQuotaBytes[plan];
  return [
    planTitle(plan),
    count(limits.spaces),
    count(limits.docs),
    count(limits.tasksPerSpace),
    days(limits.messageHistoryDays),
    days(limits.searchHistoryDays),
    // Paid plans' members are the seats billing sells, not a number of the plan.
    isPaidPlan(plan) ? 'seats bought' : count(limits.members),
    storage === null ? 'no limit' : formatBytes(storage),
    `under ${formatBytes(uploadSizeLimitBytes(plan))}`,
    planAllows(plan, 'analytics') ? 'yes' : 'no',
  ];
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

function readmeTable(): { header: string[]; rows: string[][] } {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => line.trim().startsWith('| Plan | Spaces |'));
  if (start < 0) throw new Error('README: the plan table (a row beginning "| Plan | Spaces |") is missing');
  const table: string[] = [];
  for (const line of lines.slice(start)) {
    if (!line.trim().startsWith('|')) break;
    table.push(line);
  }
  const [header, , ...rows] = table.map(cellsOf);
  return { header: header!, rows };
}

const symbols: Readonly<Record<Currency, string>> = { usd: '$', eur: '€', gbp: '£' };
const money = (cents: number, currency: Currency) =>
  `${symbols[currency]}${cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)}`;
const pricesOf = (plan: PaidPlanName, currency: Currency) =>
  billingPeriods.map((period) => money(seatPrices[plan][period][currency], currency)).join(' / ');

describe('the README’s plan table and prices match the code', () => {
  it('has one row per plan, in order, with each limit, quota, upload size and analytics as the code enforces them', () => {
    const { header, rows } = readmeTable();
    expect(header).toEqual([
      'Plan',
      'Spaces',
      'Docs',
      'Tasks per space',
      'Message history',
      'Search history',
      'Members',
      'Storage',
      'Largest file',
      'Project analytics',
    ]);
    expect(rows).toEqual(planNames.map(expectedRow));
  });

  it('prices each paid plan per seat, monthly / yearly / lifetime, in dollars, euros and pounds', () => {
    for (const plan of paidPlanNames) {
      const expected = `${planTitle(plan)} ${pricesOf(plan, 'usd')} (${pricesOf(plan, 'eur')}, ${pricesOf(plan, 'gbp')})`;
      expect(readme, `README prices of ${plan}`).toContain(expected);
    }
  });
});
