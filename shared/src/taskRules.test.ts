import { describe, expect, it } from 'vitest';
import { defaultSectionsFor, isTaskLengthUnit, normalizeDeadline } from './taskRules';
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
    for (const language of ['en', 'es', 'fr', 'it', 'pt', 'de']) expect(defaultSectionsFor(language)).toHaveLength(3);
  });
});
