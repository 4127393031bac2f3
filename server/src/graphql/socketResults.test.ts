import type { ExecutionResult } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { LiveCursor } from '../core/live';
import { releasing } from './socketResults';

/** A result stream the test feeds by hand, like a subscription waiting for its next event. */
function stream() {
  const waiting: ((result: IteratorResult<ExecutionResult>) => void)[] = [];
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    next: () => new Promise((resolve) => waiting.push(resolve)),
    return: async () => ({ value: undefined, done: true }),
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return { iterator, give: (result: IteratorResult<ExecutionResult>) => waiting.shift()!(result) };
}

describe('releasing: the results a socket sends for one subscription', () => {
  it('sends a notice as soon as the feed gives one, then the result that was waiting, with its position', async () => {
    const source = stream();
    const cursor = new LiveCursor(7);
    const results = releasing(source.iterator, () => undefined, cursor);
    const first = results.next();
    cursor.notify({ seq: 9, resume: 'gap' });
    expect(await first).toEqual({ value: { extensions: { seq: 9, resume: 'gap' } }, done: false });
    const second = results.next();
    cursor.delivering = 10;
    source.give({ value: { data: { subTask: { seq: 10 } } }, done: false });
    expect(await second).toEqual({ value: { data: { subTask: { seq: 10 } }, extensions: { seq: 10 } }, done: false });
  });

  it('sends results as they are without a cursor, and releases the topics once when the stream ends', async () => {
    const source = stream();
    const release = vi.fn();
    const results = releasing(source.iterator, release);
    const first = results.next();
    source.give({ value: { data: { ticks: 1 } }, done: false });
    expect(await first).toEqual({ value: { data: { ticks: 1 } }, done: false });
    const end = results.next();
    source.give({ value: undefined, done: true });
    expect(await end).toEqual({ value: undefined, done: true });
    await results.return(undefined);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('gives no position to a result about something outside the log (a typing notice)', async () => {
    const source = stream();
    const cursor = new LiveCursor(null);
    const results = releasing(source.iterator, () => undefined, cursor);
    const next = results.next();
    cursor.delivering = null;
    source.give({ value: { data: { subMessage: { type: 'typing' } } }, done: false });
    expect(await next).toEqual({ value: { data: { subMessage: { type: 'typing' } } }, done: false });
  });
});
