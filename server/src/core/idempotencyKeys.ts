import { createHash } from 'node:crypto';
import type { Clock } from './clock';
import type { MutationResultRetention } from './commands';
import type { Cancel, JobRunner } from './jobs';

/**
 * How long the command door honours an Idempotency-Key: for this many days after its first result a
 * retry with the same key gets that result. Clients retry within seconds (a lost answer, a reload with
 * an unsaved edit), so a week is ample; after it the key is treated as new and its result is deleted,
 * so `mutation_results` holds about a week of mutations instead of growing without bound.
 */
export const idempotencyKeyLifetimeDays = 7;

const dayMs = 24 * 60 * 60 * 1000;
export const idempotencyKeyLifetimeMs = idempotencyKeyLifetimeDays * dayMs;

/** How often expired results are deleted; a key past its lifetime is treated as new even before they are. */
export const idempotencyKeySweepEveryMs = 60 * 60 * 1000;

/** The first moment still honoured at `now`: results stored before it have expired. */
export function idempotencyKeysExpireBefore(now: Date): Date {
  return new Date(now.getTime() - idempotencyKeyLifetimeMs);
}

/**
 * Deletes expired mutation results every `idempotencyKeySweepEveryMs` through the app's job runner.
 * Every process of a cluster may run it: each run is one DELETE with a cut-off, so runs that overlap
 * delete the same rows once and never anything still honoured.
 */
export function scheduleIdempotencyKeyExpiry(jobs: JobRunner, store: MutationResultRetention & { readonly clock: Clock }): Cancel {
  return jobs.every('core: expire idempotency keys', idempotencyKeySweepEveryMs, async () => {
    await store.forgetMutationResultsBefore(idempotencyKeysExpireBefore(store.clock.now()));
  });
}

/** A stable hash of a request: key order in objects does not change it. */
export function hashRequest(request: unknown): string {
  return createHash('sha256')
    .update(stableStringify(request ?? null))
    .digest('hex');
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Keys are unique, so the default sort (by UTF-16 code unit, the same everywhere) orders them fully.
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
