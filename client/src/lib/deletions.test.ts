import { describe, expect, it } from 'vitest';
import { deletedIn, deletionsAtom, deletionsOf } from './deletions';
import { createAppStore } from './store';

describe('deletionsOf', () => {
  it('keeps a deletion sent until refused, and one heard for good', () => {
    const store = createAppStore();
    const messages = deletionsOf(store, 'chat.message');
    messages.begin('m1');
    expect(messages.has('m1')).toBe(true);
    expect(messages.refuse('m1')).toBe(false);
    expect(messages.has('m1')).toBe(false);

    messages.begin('m2');
    deletionsOf(store, 'chat.message').confirm('m2');
    expect(messages.refuse('m2')).toBe(true);
    expect(messages.has('m2')).toBe(true);
  });

  it('keeps kinds and stores apart', () => {
    const store = createAppStore();
    deletionsOf(store, 'task').confirm('a');
    expect(deletionsOf(store, 'tag').has('a')).toBe(false);
    expect(deletionsOf(createAppStore(), 'task').has('a')).toBe(false);
    expect(deletionsOf(store, 'task').has('a')).toBe(true);
    expect(deletedIn(store.get(deletionsAtom), 'task').has('a')).toBe(true);
  });

  it('leaves out deleted items, and answers the same list when none is', () => {
    const tasks = deletionsOf(createAppStore(), 'task');
    const items = [{ id: 'a' }, { id: 'b' }];
    expect(tasks.without(items)).toBe(items);
    tasks.confirm('a');
    expect(tasks.without(items)).toEqual([{ id: 'b' }]);
  });

  it('drops the oldest ids past its bound', () => {
    const tags = deletionsOf(createAppStore(), 'tag');
    for (let index = 0; index <= 1000; index += 1) tags.confirm(`t${index}`);
    expect(tags.has('t0')).toBe(false);
    expect(tags.has('t1')).toBe(true);
    expect(tags.has('t1000')).toBe(true);
  });
});
