import { describe, it, expect } from 'vitest';
import {
  dueDateGroup,
  dueDateGroups,
  isDoneSection,
  isTaskPriority,
  taskColors,
  taskPriorities,
  taskPriorityFromValue,
  taskPriorityValue,
} from './tasks';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red, green, blue] = channels.map((channel) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function distance(first: string, second: string): number {
  const channels = (hex: string) => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  const a = channels(first);
  const b = channels(second);
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

describe('SPEC §9 task colour palette', () => {
  it('has exactly 12 distinct hex colours', () => {
    expect(taskColors).toHaveLength(12);
    expect(new Set(taskColors.map((color) => color.toLowerCase())).size).toBe(12);
    for (const color of taskColors) expect(color).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('keeps every colour readable on light and dark themes (3:1)', () => {
    for (const color of taskColors) {
      expect(contrast(color, '#FFFFFF'), color).toBeGreaterThanOrEqual(3);
      expect(contrast(color, '#18181B'), color).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps colours apart from each other', () => {
    for (const [index, first] of taskColors.entries()) {
      for (const second of taskColors.slice(index + 1)) {
        expect(distance(first, second), `${first} ${second}`).toBeGreaterThan(40);
      }
    }
  });
});

describe('SPEC §4 task priority', () => {
  it('orders low, normal, high, urgent as 0 to 3', () => {
    expect(taskPriorities).toEqual(['low', 'normal', 'high', 'urgent']);
    expect(taskPriorities.map(taskPriorityValue)).toEqual([0, 1, 2, 3]);
    expect([0, 1, 2, 3].map(taskPriorityFromValue)).toEqual(['low', 'normal', 'high', 'urgent']);
  });

  it('reads an out-of-range stored value as normal', () => {
    expect(taskPriorityFromValue(7)).toBe('normal');
    expect(taskPriorityFromValue(-1)).toBe('normal');
    expect(taskPriorityFromValue(1.5)).toBe('normal');
  });

  it('recognises only the four names', () => {
    expect(isTaskPriority('urgent')).toBe(true);
    expect(isTaskPriority('critical')).toBe(false);
  });
});

describe('SPEC §4 due-date groups', () => {
  const utc = 'UTC';
  const noon = new Date('2025-06-15T12:00:00Z');

  it('lists the five groups in SPEC order', () => {
    expect(dueDateGroups).toEqual(['today', 'overdue', 'next7Days', 'later', 'noDueDate']);
  });

  it('puts a task without deadline in no due date', () => {
    expect(dueDateGroup(null, noon, utc)).toBe('noDueDate');
    expect(dueDateGroup('', noon, utc)).toBe('noDueDate');
    expect(dueDateGroup('not a date', noon, utc)).toBe('noDueDate');
  });

  it('keeps a deadline earlier today in today, not overdue', () => {
    expect(dueDateGroup('2025-06-15T08:00:00Z', noon, utc)).toBe('today');
    expect(dueDateGroup('2025-06-15', noon, utc)).toBe('today');
  });

  it('counts the first and last instants of the day as today', () => {
    expect(dueDateGroup('2025-06-15T00:00:00Z', noon, utc)).toBe('today');
    expect(dueDateGroup('2025-06-15T23:59:59.999Z', noon, utc)).toBe('today');
  });

  it('makes anything before today overdue, even one millisecond before midnight', () => {
    expect(dueDateGroup('2025-06-14T23:59:59.999Z', noon, utc)).toBe('overdue');
    expect(dueDateGroup('2025-06-14', noon, utc)).toBe('overdue');
    expect(dueDateGroup('2024-01-01', noon, utc)).toBe('overdue');
  });

  it('puts tomorrow up to exactly 7 days ahead in next 7 days', () => {
    expect(dueDateGroup('2025-06-16T00:00:00Z', noon, utc)).toBe('next7Days');
    expect(dueDateGroup('2025-06-22', noon, utc)).toBe('next7Days');
    expect(dueDateGroup('2025-06-22T23:59:59Z', noon, utc)).toBe('next7Days');
  });

  it('puts 8 days ahead and beyond in later', () => {
    expect(dueDateGroup('2025-06-23', noon, utc)).toBe('later');
    expect(dueDateGroup('2025-06-23T00:00:00Z', noon, utc)).toBe('later');
    expect(dueDateGroup('2026-01-01', noon, utc)).toBe('later');
  });

  it('compares calendar days in the given time zone, not elapsed hours', () => {
    const lateEvening = new Date('2025-06-15T23:30:00Z');
    // 23:30 UTC on the 15th is already 01:30 on the 16th in Berlin.
    expect(dueDateGroup('2025-06-16T00:30:00Z', lateEvening, 'UTC')).toBe('next7Days');
    expect(dueDateGroup('2025-06-16T00:30:00Z', lateEvening, 'Europe/Berlin')).toBe('today');
    expect(dueDateGroup('2025-06-15T20:00:00Z', lateEvening, 'Europe/Berlin')).toBe('overdue');
  });

  it('reads a date-only deadline as that day in every time zone', () => {
    const morningInLosAngeles = new Date('2025-06-15T15:00:00Z');
    expect(dueDateGroup('2025-06-15', morningInLosAngeles, 'America/Los_Angeles')).toBe('today');
    expect(dueDateGroup('2025-06-15', morningInLosAngeles, 'Pacific/Kiritimati')).toBe('overdue');
  });
});

describe('done sections', () => {
  it('counts the last section of a board with several as done, and nothing on a one-section board', () => {
    expect(isDoneSection('done', ['todo', 'doing', 'done'])).toBe(true);
    expect(isDoneSection('doing', ['todo', 'doing', 'done'])).toBe(false);
    expect(isDoneSection('only', ['only'])).toBe(false);
    expect(isDoneSection('gone', [])).toBe(false);
  });
});
