import { describe, expect, it } from 'vitest';
import {
  compareKeyValues,
  compareOrderedRows,
  comparisonPlans,
  describeDifference,
  normalisedValue,
  type ComparedRow,
} from './projectionComparison';

async function* rows(list: ComparedRow[]): AsyncGenerator<ComparedRow> {
  yield* list;
}

describe('normalisedValue', () => {
  it('reads instants, big integers, bytes and nested JSON alike on both sides', () => {
    expect(normalisedValue(new Date('2026-11-27T10:00:00.000Z'))).toBe('2026-11-27T10:00:00.000Z');
    expect(normalisedValue(42n)).toBe(42);
    expect(normalisedValue(2n ** 64n)).toBe('18446744073709551616');
    expect(normalisedValue(Buffer.from([1, 255]))).toBe('\\x01ff');
    expect(normalisedValue(undefined)).toBeNull();
    expect(normalisedValue(-0)).toBe(0);
    expect(normalisedValue({ at: new Date(0), list: [1n, null] })).toEqual({ at: '1970-01-01T00:00:00.000Z', list: [1, null] });
  });
});

describe('compareKeyValues', () => {
  it('orders text by its UTF-8 bytes, as SQLite and a C-collated PostgreSQL do', () => {
    const texts = ['b', 'Z', 'a', 'é', 'ß', 'A'];
    expect([...texts].sort(compareKeyValues)).toEqual(['A', 'Z', 'a', 'b', 'ß', 'é']);
    expect(compareKeyValues(2, 10)).toBeLessThan(0);
    expect(compareKeyValues(null, 'a')).toBeLessThan(0);
  });
});

describe('compareOrderedRows', () => {
  const columns = ['id', 'name', 'done', 'data'];

  it('finds equal rows equal, whatever JSON key order or instant form each side reads', async () => {
    const comparison = await compareOrderedRows(
      'tasks',
      rows([{ id: 'a', name: 'Plan', done: false, data: { x: 1, y: [1] } }]),
      rows([{ id: 'a', name: 'Plan', done: false, data: { y: [1], x: 1 } }]),
      ['id'],
      columns,
    );
    expect(comparison).toEqual({ table: 'tasks', rows: 1, differenceCount: 0, differences: [] });
  });

  it('tells a missing row, an extra row and differing columns apart, by key', async () => {
    const comparison = await compareOrderedRows(
      'tasks',
      rows([
        { id: 'a', name: 'Plan', done: false, data: null },
        { id: 'b', name: 'Ship', done: true, data: null },
        { id: 'd', name: 'Party', done: false, data: null },
      ]),
      rows([
        { id: 'b', name: 'Shipped', done: false, data: null },
        { id: 'c', name: 'Extra', done: false, data: null },
        { id: 'd', name: 'Party', done: false, data: null },
      ]),
      ['id'],
      columns,
    );
    expect(comparison.rows).toBe(3);
    expect(comparison.differenceCount).toBe(3);
    expect(comparison.differences).toEqual([
      { key: { id: 'a' }, kind: 'missing on PostgreSQL' },
      {
        key: { id: 'b' },
        kind: 'columns differ',
        columns: [
          { column: 'name', sqlite: 'Ship', postgres: 'Shipped' },
          { column: 'done', sqlite: true, postgres: false },
        ],
      },
      { key: { id: 'c' }, kind: 'only on PostgreSQL' },
    ]);
    expect(comparison.differences.map((difference) => describeDifference('tasks', difference))).toEqual([
      'tasks (id="a"): missing on PostgreSQL',
      'tasks (id="b"): name: "Ship" on SQLite, "Shipped" on PostgreSQL; done: true on SQLite, false on PostgreSQL',
      'tasks (id="c"): only on PostgreSQL',
    ]);
  });

  it('keeps the first differences and counts them all', async () => {
    const sqlite = Array.from({ length: 30 }, (_, index) => ({ id: String(index).padStart(2, '0'), name: 'x' }));
    const comparison = await compareOrderedRows('tags', rows(sqlite), rows([]), ['id'], ['id', 'name'], 5);
    expect(comparison.differenceCount).toBe(30);
    expect(comparison.differences).toHaveLength(5);
  });
});

describe('comparisonPlans', () => {
  it("walks the search index by its item, not by PostgreSQL's identity, and reads SQLite's FTS5 text beside it", () => {
    const [plan] = comparisonPlans(['search_items']);
    expect(plan!.key).toEqual(['kind', 'item_id']);
    expect(plan!.columns).toContain('title');
    expect(plan!.columns).not.toContain('id');
    expect(plan!.columns).not.toContain('document');
    expect(Object.keys(plan!.sqliteExtras)).toEqual(['title', 'body']);
  });

  it('walks other tables by their primary key, with every column', () => {
    const [plan] = comparisonPlans(['task_assignees']);
    expect(plan!.key).toEqual(['task_id', 'user_id']);
    expect(comparisonPlans(['tasks'])[0]!.columns).toEqual(expect.arrayContaining(['id', 'name', 'project_id']));
  });

  it('refuses a table without a twin', () => {
    expect(() => comparisonPlans(['no_such_table'])).toThrow(/no SQLite twin/);
  });
});
