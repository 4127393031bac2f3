import { describe, it, expect } from 'vitest';
import {
  defaultLanguage,
  fallbackLanguage,
  isSupportedLanguage,
  preload,
  profilePhoto,
  queryCache,
  supportedLanguages,
  toastDurationMs,
  tooltipDelayMs,
  translationLoading,
  translationRetryDelay,
  websocketKeepAliveMs,
  websocketRetryDelay,
} from './constants';

describe('SPEC §9 timing constants', () => {
  it('shows toasts for 5000 ms and tooltips after 300 ms', () => {
    expect(toastDurationMs).toBe(5000);
    expect(tooltipDelayMs).toBe(300);
  });

  it('pings the websocket every 10 s', () => {
    expect(websocketKeepAliveMs).toBe(10_000);
  });

  it('persists at most 5 MB of query cache, schema version 2, debounced 1 s', () => {
    expect(queryCache).toEqual({ maximumBytes: 5 * 1024 * 1024, schemaVersion: 2, writeDebounceMs: 1000 });
  });

  it('preloads on idle within 3000 ms, else after 2000 ms, then at 0, 100 and 200 ms', () => {
    expect(preload.idleTimeoutMs).toBe(3000);
    expect(preload.fallbackTimeoutMs).toBe(2000);
    expect(preload.delayedPreloadOffsetsMs).toEqual([0, 100, 200]);
  });

  it('loads translations with 5 retries from 350 ms doubling, 10 reads in parallel', () => {
    expect(translationLoading).toEqual({ maximumRetries: 5, initialRetryDelayMs: 350, parallelReads: 10 });
    expect([0, 1, 2, 3, 4].map(translationRetryDelay)).toEqual([350, 700, 1400, 2800, 5600]);
  });
});

describe('SPEC §9 websocket retry delay', () => {
  const noJitter = () => 0;

  it('starts at 1 s and doubles', () => {
    expect([0, 1, 2, 3, 4].map((attempt) => websocketRetryDelay(attempt, noJitter))).toEqual([1000, 2000, 4000, 8000, 16_000]);
  });

  it('stops growing at 30 s, however many attempts', () => {
    expect(websocketRetryDelay(5, noJitter)).toBe(30_000);
    expect(websocketRetryDelay(50, noJitter)).toBe(30_000);
    expect(websocketRetryDelay(5000, noJitter)).toBe(30_000);
  });

  it('adds jitter of up to 20% of the delay', () => {
    expect(websocketRetryDelay(0, () => 0.5)).toBe(1100);
    expect(websocketRetryDelay(1, () => 0.999)).toBeCloseTo(2399.6);
    expect(websocketRetryDelay(10, () => 0.999)).toBeLessThan(36_000);
  });

  it('treats a negative attempt as the first', () => {
    expect(websocketRetryDelay(-3, noJitter)).toBe(1000);
  });

  it('uses Math.random by default, staying within the jitter bounds', () => {
    const delay = websocketRetryDelay(2);
    expect(delay).toBeGreaterThanOrEqual(4000);
    expect(delay).toBeLessThan(4800);
  });
});

describe('SPEC §1 and §9 languages', () => {
  it('supports en, es, fr, it, pt and de, with English as default and fallback', () => {
    expect(supportedLanguages).toEqual(['en', 'es', 'fr', 'it', 'pt', 'de']);
    expect(defaultLanguage).toBe('en');
    expect(fallbackLanguage).toBe('en');
  });

  it('recognises only the supported codes', () => {
    expect(isSupportedLanguage('pt')).toBe(true);
    expect(isSupportedLanguage('nl')).toBe(false);
    expect(isSupportedLanguage('EN')).toBe(false);
  });
});

describe('SPEC §9 profile photo', () => {
  it('allows PNG or JPG up to 1 MB, cropped to 150x150', () => {
    expect(profilePhoto).toEqual({
      maximumBytes: 1024 * 1024,
      mimeTypes: ['image/png', 'image/jpeg'],
      cropWidthPx: 150,
      cropHeightPx: 150,
    });
  });
});
