import { describe, it, expect } from 'vitest';
import { isValidEmail, maximumEmailLength } from './email';

describe('SPEC §5 e-mail validation', () => {
  it.each(['ana@example.com', 'ana.maria+work@mail.example.co.uk', "o'brien@example.ie", 'x_1-2@sub-domain.example.io'])(
    'accepts a standard address: %s',
    (address) => {
      expect(isValidEmail(address)).toBe(true);
    },
  );

  it('accepts domain labels of one character', () => {
    expect(isValidEmail('ana@x.example.com')).toBe(true);
    expect(isValidEmail('a@b.io')).toBe(true);
  });

  it('ignores letter case in both the local part and the domain', () => {
    expect(isValidEmail('Ana.Maria@Example.COM')).toBe(true);
  });

  it.each([
    '',
    'plainaddress',
    '@example.com',
    'ana@',
    'ana@example',
    'ana@@example.com',
    'ana @example.com',
    'ana@exa mple.com',
    '.ana@example.com',
    'ana.@example.com',
    'ana..maria@example.com',
    'ana@-example.com',
    'ana@example-.com',
    'ana@example..com',
    'ana@example.c0m',
    'ana@[127.0.0.1]',
  ])('refuses a malformed address: %j', (address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it('does not trim surrounding whitespace silently', () => {
    expect(isValidEmail(' ana@example.com')).toBe(false);
    expect(isValidEmail('ana@example.com\n')).toBe(false);
  });

  it('accepts 254 characters and refuses 255', () => {
    const domain = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.com`;
    const atLimit = `${'x'.repeat(maximumEmailLength - domain.length - 1)}@${domain}`;
    expect(atLimit).toHaveLength(254);
    expect(isValidEmail(atLimit)).toBe(true);
    expect(isValidEmail(`x${atLimit}`)).toBe(false);
  });
});
