import { isOneOf } from './guards';
import { megabyte } from './files';

/** SPEC §1 and §9: interface languages, English being the default and the fallback. */
export const supportedLanguages = ['en', 'es', 'fr', 'it', 'pt', 'de'] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = 'en';
export const fallbackLanguage: Language = 'en';

export function isSupportedLanguage(value: unknown): value is Language {
  return isOneOf(supportedLanguages, value);
}

/** SPEC §2 and §9: toasts close after this unless persistent. */
export const toastDurationMs = 5000;
export const tooltipDelayMs = 300;

/** SPEC §7 and §9: keep-alive ping of the subscription websocket. */
export const websocketKeepAliveMs = 10_000;

/**
 * Response header of `POST /graphql`: the event log's position before the request read anything. The
 * client starts a view's subscription from a position no later than the view's read (live resume).
 */
export const logPositionHeader = 'log-position';

/**
 * SPEC §9: websocket reconnection backs off from 1 s, doubling up to 30 s, with up to 20%
 * random extra so that clients cut off together do not all return in the same instant.
 * There is no retry limit: the client keeps trying for as long as the page is open.
 */
export const websocketRetry = {
  initialDelayMs: 1000,
  maximumDelayMs: 30_000,
  maximumJitterRatio: 0.2,
} as const;

/**
 * Wait before reconnection attempt number `attempt` (0 for the first retry):
 * min(1000 * 2^attempt, 30000) plus up to 20% of that. `random` returns a number in [0, 1).
 */
export function websocketRetryDelay(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.floor(attempt));
  const baseDelay = Math.min(websocketRetry.initialDelayMs * 2 ** exponent, websocketRetry.maximumDelayMs);
  return baseDelay + baseDelay * websocketRetry.maximumJitterRatio * random();
}

/**
 * SPEC §9: the query cache is persisted only when the app runs installed (standalone).
 * Bumping `schemaVersion` discards caches written by an older shape of the data.
 */
export const queryCache = {
  maximumBytes: 5 * megabyte,
  schemaVersion: 2,
  writeDebounceMs: 1000,
} as const;

/**
 * SPEC §9 start-up preloading: `idleTimeoutMs` is the requestIdleCallback timeout; where the
 * browser has no requestIdleCallback a plain timer of `fallbackTimeoutMs` is used instead.
 * Delayed preload groups start at these offsets to spread requests after the first render.
 */
export const preload = {
  idleTimeoutMs: 3000,
  fallbackTimeoutMs: 2000,
  delayedPreloadOffsetsMs: [0, 100, 200],
} as const;

/** SPEC §9: locale files are fetched with retries, doubling the delay each time. */
export const translationLoading = {
  maximumRetries: 5,
  initialRetryDelayMs: 350,
  parallelReads: 10,
} as const;

/** Wait before translation retry number `attempt` (0 for the first retry): 350, 700, 1400, ... ms. */
export function translationRetryDelay(attempt: number): number {
  return translationLoading.initialRetryDelayMs * 2 ** Math.max(0, Math.floor(attempt));
}

/** SPEC §5 and §9: profile photos are PNG or JPG, at most 1 MB, cropped to a 150x150 avatar. */
export const profilePhoto = {
  maximumBytes: megabyte,
  mimeTypes: ['image/png', 'image/jpeg'],
  cropWidthPx: 150,
  cropHeightPx: 150,
} as const;

/**
 * SPEC §9 monitoring configuration, kept for whichever error-reporting and replay tools the
 * deployment wires in. Sampling values are fractions of sessions or traces (1 = all).
 */
export const monitoring = {
  traceSampleRate: 0.1,
  replaySessionSampleRate: 0.1,
  replayOnErrorSampleRate: 1,
  replayMaskAllText: false,
  replayBlockAllMedia: false,
  replayMaximumDurationMs: 4 * 60 * 60 * 1000,
  replayWindowCheckIntervalMs: 30_000,
  replayBatchBytes: 10 * 1024,
  replayMaximumEventBytes: 10 * megabyte,
  replaySliceBytes: megabyte,
  replayMaximumLogsPerSession: 10_000,
  recorderSamplingMs: { mouse: 50, scroll: 100, resize: 200, media: 500 },
} as const;
