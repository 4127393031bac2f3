import { describe, expect, it } from 'vitest';
import { diffFields } from './fields';

interface Fields {
  name: string;
  folderId: string | null;
  tagIds: string[];
}

const current: Fields = { name: 'Plan', folderId: null, tagIds: ['a', 'b'] };

describe('diffFields', () => {
  it('records only the fields that differ, with the values they replace', () => {
    expect(diffFields(current, { name: 'Plan', folderId: 'f1' })).toEqual({ changes: { folderId: 'f1' }, previous: { folderId: null } });
    expect(diffFields(current, { name: 'Roadmap', folderId: null })).toEqual({ changes: { name: 'Roadmap' }, previous: { name: 'Plan' } });
  });

  it('ignores fields left undefined but records a change to null', () => {
    expect(diffFields<Fields>({ ...current, folderId: 'f1' }, { name: undefined, folderId: null })).toEqual({
      changes: { folderId: null },
      previous: { folderId: 'f1' },
    });
  });

  it('returns empty changes when nothing differs', () => {
    expect(diffFields(current, {})).toEqual({ changes: {}, previous: {} });
    expect(diffFields(current, { name: 'Plan' })).toEqual({ changes: {}, previous: {} });
  });

  it('keeps the order of the requested fields', () => {
    const { changes, previous } = diffFields(current, { folderId: 'f1', name: 'Roadmap' });
    expect(Object.keys(changes)).toEqual(['folderId', 'name']);
    expect(Object.keys(previous)).toEqual(['folderId', 'name']);
  });

  it('uses strict equality unless told how to compare', () => {
    expect(diffFields(current, { tagIds: ['b', 'a'] }).changes).toEqual({ tagIds: ['b', 'a'] });
    const sameSet = (left: unknown, right: unknown) =>
      Array.isArray(left) && Array.isArray(right) ? [...left].sort().join() === [...right].sort().join() : left === right;
    expect(diffFields(current, { tagIds: ['b', 'a'] }, (_field, left, right) => sameSet(left, right))).toEqual({
      changes: {},
      previous: {},
    });
  });
});
