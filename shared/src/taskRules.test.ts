import { describe, expect, it } from 'vitest';
import { defaultSectionsFor, isTaskLengthUnit, normalizeDeadline, sectionNameLength } from './taskRules';
import { dueDateGroup } from './tasks';

describe('deadlines', () => {
  it('keeps a calendar date as it is and stores a date-time with its zone in UTC', () => {
    expect(normalizeDeadline('2025-06-15')).toBe('2025-06-15');
    expect(normalizeDeadline(' 2024-02-29 ')).toBe('2024-02-29');
    expect(normalizeDeadline('2025-06-15T17:00:00+02:00')).toBe('2025-06-15T15:00:00.000Z');
    expect(normalizeDeadline('2025-06-15T17:00Z')).toBe('2025-06-15T17:00:00.000Z');
    expect(normalizeDeadline('2025-06-15T17:00:00.123456Z')).toBe('2025-06-15T17:00:00.123Z');
  });

  it('refuses dates that do not exist, free text, and date-times without a zone', () => {
    for (const value of [
      '2025-02-29',
      '2025-13-01',
      '2025-06-31',
      'tomorrow',
      '',
      '2025-06-15T17:00',
      '2025-06-15 17:00Z',
      '2025-06-15T24:00Z',
      '15/06/2025',
    ]) {
      expect(normalizeDeadline(value), value).toBeNull();
    }
  });

  it('refuses a date or date-time with anything before or after it, signed years included', () => {
    for (const value of [
      'abc2025-06-15',
      '2025-06-15abc',
      '12025-06-15',
      'due 2025-06-15T17:00Z',
      '2025-06-15T17:00Z!',
      '2025-06-15T17:00+02:00+01:00',
      '+002025-06-15',
      '-002025-06-15T17:00Z',
      '+012025-06-15T17:00Z',
    ]) {
      expect(normalizeDeadline(value), value).toBeNull();
    }
  });

  it('refuses the years 0000 to 0099, which JavaScript dates would read as 1900 to 1999', () => {
    for (const value of ['0000-01-01', '0025-06-15', '0099-12-31', '0025-06-15T17:00Z', '0099-12-31T23:59:59+01:00']) {
      expect(normalizeDeadline(value), value).toBeNull();
    }
    expect(normalizeDeadline('0100-01-01')).toBe('0100-01-01');
  });

  it('reads every zone from -23:59 to +23:59, including +20:00 to +23:59', () => {
    expect(normalizeDeadline('2025-06-15T17:00+20:00')).toBe('2025-06-14T21:00:00.000Z');
    expect(normalizeDeadline('2025-06-15T17:00:00+23:59')).toBe('2025-06-14T17:01:00.000Z');
    expect(normalizeDeadline('2025-06-15T17:00+19:30')).toBe('2025-06-14T21:30:00.000Z');
    expect(normalizeDeadline('2025-06-15T17:00-23:00')).toBe('2025-06-16T16:00:00.000Z');
    expect(normalizeDeadline('2025-06-15T17:00-09:59')).toBe('2025-06-16T02:59:00.000Z');
    for (const value of [
      '2025-06-15T17:00+24:00',
      '2025-06-15T17:00+23:60',
      '2025-06-15T17:00+2:00',
      '2025-06-15T17:00+0200',
      '2025-06-15T17:00 +02:00',
    ]) {
      expect(normalizeDeadline(value), value).toBeNull();
    }
  });

  it('reads hours 00 to 23, minutes and seconds 00 to 59, and fractions of up to nine digits', () => {
    expect(normalizeDeadline('2025-06-15T00:00Z')).toBe('2025-06-15T00:00:00.000Z');
    expect(normalizeDeadline('2025-06-15T09:09:09Z')).toBe('2025-06-15T09:09:09.000Z');
    expect(normalizeDeadline('2025-06-15T19:59:59Z')).toBe('2025-06-15T19:59:59.000Z');
    expect(normalizeDeadline('2025-06-15T23:59:59.5Z')).toBe('2025-06-15T23:59:59.500Z');
    expect(normalizeDeadline('2025-06-15T20:30:00.987654321Z')).toBe('2025-06-15T20:30:00.987Z');
    for (const value of [
      '2025-06-15T23:60Z',
      '2025-06-15T23:59:60Z',
      '2025-06-15T7:00Z',
      '2025-06-15T17:0Z',
      '2025-06-15T17:00:0Z',
      '2025-06-15T17:00.5Z',
      '2025-06-15T17:00:00.Z',
      '2025-06-15T17:00:00.1234567891Z',
    ]) {
      expect(normalizeDeadline(value), value).toBeNull();
    }
  });

  it('groups stored deadlines by SPEC §4 due-date group', () => {
    const now = new Date('2025-06-15T09:00:00Z');
    const stored = (value: string) => normalizeDeadline(value);
    expect(dueDateGroup(stored('2025-06-15'), now, 'UTC')).toBe('today');
    expect(dueDateGroup(stored('2025-06-14T23:00:00Z'), now, 'UTC')).toBe('overdue');
    expect(dueDateGroup(stored('2025-06-22'), now, 'UTC')).toBe('next7Days');
    expect(dueDateGroup(stored('2025-06-23'), now, 'UTC')).toBe('later');
    // Stored in UTC, read in the viewer's zone: 23:30 UTC is already tomorrow in Berlin.
    expect(dueDateGroup(stored('2025-06-15T23:30:00Z'), now, 'Europe/Berlin')).toBe('next7Days');
    expect(dueDateGroup(null, now, 'UTC')).toBe('noDueDate');
  });
});

describe('task rules', () => {
  it('knows the four estimate units', () => {
    expect(['minutes', 'hours', 'days', 'weeks'].every(isTaskLengthUnit)).toBe(true);
    expect(isTaskLengthUnit('months')).toBe(false);
  });

  it('names default sections in the six languages, English otherwise', () => {
    expect(defaultSectionsFor('fr')).toEqual(['À faire', 'En cours', 'Terminé']);
    expect(defaultSectionsFor('xx')).toEqual(['To do', 'In progress', 'Done']);
  });

  it('gives each language three different section names that a person could have typed', () => {
    for (const language of ['en', 'es', 'fr', 'it', 'pt', 'de']) {
      const names = defaultSectionsFor(language);
      expect(new Set(names).size, language).toBe(3);
      for (const name of names) {
        expect(name.trim(), language).toBe(name);
        expect(name.length, language).toBeGreaterThanOrEqual(sectionNameLength.minimum);
        expect(name.length, language).toBeLessThanOrEqual(sectionNameLength.maximum);
      }
      if (language !== 'en') expect(names, language).not.toEqual(defaultSectionsFor('en'));
    }
  });
});
