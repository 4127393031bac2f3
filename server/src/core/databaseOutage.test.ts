import { describe, expect, it } from 'vitest';
import { isDatabaseOutage } from './databaseOutage';

const withCode = (code: string, cause?: unknown) => Object.assign(new Error(code), { code, ...(cause ? { cause } : {}) });

describe('isDatabaseOutage', () => {
  it('knows a refused or dropped connection, wrapped or not', () => {
    expect(isDatabaseOutage(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseOutage(new Error('Failed query: select 1', { cause: withCode('CONNECTION_CLOSED') }))).toBe(true);
    expect(isDatabaseOutage(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('knows a server shutting down or refusing connections', () => {
    expect(isDatabaseOutage(withCode('57P01'))).toBe(true);
    expect(isDatabaseOutage(withCode('08006'))).toBe(true);
    expect(isDatabaseOutage(withCode('53300'))).toBe(true);
  });

  it('leaves every other failure an internal error', () => {
    expect(isDatabaseOutage(withCode('23505'))).toBe(false);
    expect(isDatabaseOutage(withCode('57014'))).toBe(false);
    expect(isDatabaseOutage(withCode('SQLITE_CONSTRAINT'))).toBe(false);
    expect(isDatabaseOutage(new Error('boom'))).toBe(false);
    expect(isDatabaseOutage(null)).toBe(false);
  });
});
