import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors';
import { estimateTokens, promptBytes, promptLimitKilobytes } from './completion';
import { reachedLimit, startOfUtcDay, startOfUtcMonth, validateAiLimits } from './limits';

describe('team AI limits', () => {
  const limits = { requestsPerMinute: 3, tokensPerDay: 1000 };

  it('is reached at the limit, requests per minute first', () => {
    expect(reachedLimit(limits, { requestsLastMinute: 2, tokensToday: 999 })).toBeNull();
    expect(reachedLimit(limits, { requestsLastMinute: 3, tokensToday: 0 })).toBe('requestsPerMinute');
    expect(reachedLimit(limits, { requestsLastMinute: 0, tokensToday: 1000 })).toBe('tokensPerDay');
    expect(reachedLimit(limits, { requestsLastMinute: 5, tokensToday: 5000 })).toBe('requestsPerMinute');
  });

  it('counts days and months in UTC', () => {
    expect(startOfUtcDay(new Date('2026-03-09T23:59:59.999-05:00'))).toBe('2026-03-10T00:00:00.000Z');
    expect(startOfUtcMonth(new Date('2026-03-01T00:30:00+02:00'))).toBe('2026-02-01T00:00:00.000Z');
  });

  it('accepts whole numbers within the bounds only', () => {
    expect(validateAiLimits({ requestsPerMinute: 1, tokensPerDay: 1000 })).toEqual({ requestsPerMinute: 1, tokensPerDay: 1000 });
    expect(validateAiLimits({ requestsPerMinute: 100_000, tokensPerDay: 1e9 })).toEqual({ requestsPerMinute: 100_000, tokensPerDay: 1e9 });
    const codeOf = (value: { requestsPerMinute: number; tokensPerDay: number }) => {
      try {
        validateAiLimits(value);
        return null;
      } catch (error) {
        return error instanceof DomainError ? `${error.code} ${error.field}` : 'other';
      }
    };
    expect(codeOf({ requestsPerMinute: 0, tokensPerDay: 1000 })).toBe('NUMBER_TOO_SMALL requestsPerMinute');
    expect(codeOf({ requestsPerMinute: 2.5, tokensPerDay: 1000 })).toBe('NUMBER_NOT_WHOLE requestsPerMinute');
    expect(codeOf({ requestsPerMinute: 10, tokensPerDay: 1e9 + 1 })).toBe('NUMBER_TOO_LARGE tokensPerDay');
  });
});

describe('prompt size and estimates', () => {
  it('counts UTF-8 bytes of every message', () => {
    expect(
      promptBytes([
        { role: 'system', content: 'abc' },
        { role: 'user', content: 'é€' },
      ]),
    ).toBe(3 + 2 + 3);
    expect(promptLimitKilobytes(200_000)).toBe(200);
  });

  it('estimates a token per four characters, rounded up', () => {
    expect(estimateTokens(0)).toBe(0);
    expect(estimateTokens(1)).toBe(1);
    expect(estimateTokens(8)).toBe(2);
    expect(estimateTokens(9)).toBe(3);
  });
});
