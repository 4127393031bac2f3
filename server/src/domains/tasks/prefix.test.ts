import { describe, expect, it } from 'vitest';
import { derivePrefix } from './prefix';

const none = new Set<string>();

describe('idCode prefix', () => {
  it('reads 3 letters from a one-word name and initials from several words', () => {
    expect(derivePrefix('Engineering', none)).toBe('ENG');
    expect(derivePrefix('Customer Success Team', none)).toBe('CST');
    expect(derivePrefix('Marketing ops', none)).toBe('MO');
    expect(derivePrefix('a b c d e f', none)).toBe('ABCD');
  });

  it('drops accents, digits and symbols', () => {
    expect(derivePrefix('Équipe Café', none)).toBe('EC');
    expect(derivePrefix('🚀 Launch 2025', none)).toBe('LAU');
    expect(derivePrefix('Q3', none)).toBe('QA');
  });

  it('falls back to TAS when the name has no Latin letter', () => {
    expect(derivePrefix('開発', none)).toBe('TAS');
    expect(derivePrefix('2025', none)).toBe('TAS');
  });

  it('finds the next readable prefix when one is taken in the team', () => {
    expect(derivePrefix('Engineering', new Set(['ENG']))).toBe('ENGI');
    expect(derivePrefix('Engineering', new Set(['ENG', 'ENGI']))).toBe('EN');
    expect(derivePrefix('Engineering', new Set(['ENG', 'ENGI', 'EN']))).toBe('ENI');
    expect(derivePrefix('Ada', new Set(['ADA', 'AD']))).toBe('AA');
  });

  it('always finds a free prefix of 2 to 4 capital letters', () => {
    const taken = new Set<string>();
    for (let index = 0; index < 300; index += 1) {
      const prefix = derivePrefix('Design', taken);
      expect(prefix).toMatch(/^[A-Z]{2,4}$/);
      expect(taken.has(prefix)).toBe(false);
      taken.add(prefix);
    }
  });
});
