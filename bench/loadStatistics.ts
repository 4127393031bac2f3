// The load test's arithmetic: a seeded random source (the same run acts the same way), and latency histograms
// small enough to send between processes (buckets 2% wide, so percentiles are within 2%) that merge by adding.
import { readFileSync } from 'node:fs';

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const bucketGrowth = 1.02;
const smallestMs = 0.01;
const bucketOf = (ms: number) => Math.max(0, Math.floor(Math.log(Math.max(ms, smallestMs) / smallestMs) / Math.log(bucketGrowth)));
const bucketValue = (bucket: number) => smallestMs * bucketGrowth ** (bucket + 0.5);

/** Counts per bucket as a plain object, so it survives a process message. */
export interface HistogramData {
  counts: Record<number, number>;
  count: number;
  sum: number;
}

export const emptyHistogram = (): HistogramData => ({ counts: {}, count: 0, sum: 0 });

export function record(histogram: HistogramData, ms: number): void {
  const bucket = bucketOf(ms);
  histogram.counts[bucket] = (histogram.counts[bucket] ?? 0) + 1;
  histogram.count += 1;
  histogram.sum += ms;
}

export function merge(into: HistogramData, from: HistogramData): void {
  for (const [bucket, count] of Object.entries(from.counts)) into.counts[Number(bucket)] = (into.counts[Number(bucket)] ?? 0) + count;
  into.count += from.count;
  into.sum += from.sum;
}

export function quantile(histogram: HistogramData, fraction: number): number {
  if (histogram.count === 0) return Number.NaN;
  const wanted = Math.ceil(histogram.count * fraction);
  let seen = 0;
  for (const bucket of Object.keys(histogram.counts)
    .map(Number)
    .sort((left, right) => left - right)) {
    seen += histogram.counts[bucket]!;
    if (seen >= wanted) return bucketValue(bucket);
  }
  return Number.NaN;
}

export const average = (histogram: HistogramData) => (histogram.count === 0 ? Number.NaN : histogram.sum / histogram.count);

/** A process's user + system CPU time in seconds, from /proc (the server's, measured from outside). */
export function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After the command name: state is field 3, utime 14 and stime 15 (1-based), in clock ticks of 100 per second.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** What one client process measured during a step. */
export interface ClientReport {
  requests: Record<string, HistogramData>;
  errors: Record<string, number>;
  deliveries: HistogramData;
  deliveriesBySubscription: Record<string, number>;
  cpuSeconds: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMeanMs: number;
  users: number;
}
