import type { ExecutionResult } from 'graphql';
import type { LiveCursor, LiveNotice } from '../core/live';

/**
 * The operation's result stream, releasing its topic listeners as soon as it ends, is completed by
 * the client, or the socket goes. Without this a completed subscription would wait for its next
 * event before noticing, keeping its listeners (and timers of its resolvers) until then.
 *
 * With a live cursor (a client that follows log positions, see core/liveResume.ts), each result
 * carries `extensions.seq`, the position of the event it is about, and the cursor's notices are
 * sent between results, as results without data, as soon as the feed gives one: a gap is told at
 * once, not when the next event happens to arrive.
 */
export function releasing(
  stream: AsyncIterable<ExecutionResult>,
  release: () => void,
  cursor?: LiveCursor,
): AsyncGenerator<ExecutionResult> {
  const iterator = stream[Symbol.asyncIterator]();
  let released = false;
  const releaseOnce = () => {
    if (released) return;
    released = true;
    release();
  };
  /** A result asked of the stream that lost the race to a notice: the next call takes it. */
  let pending: Promise<IteratorResult<ExecutionResult>> | undefined;

  const noticeResult = (notice: LiveNotice): IteratorResult<ExecutionResult> => ({ value: { extensions: { ...notice } }, done: false });
  const positioned = (result: IteratorResult<ExecutionResult>): IteratorResult<ExecutionResult> => {
    if (result.done || !cursor || cursor.delivering === null) return result;
    return { value: { ...result.value, extensions: { ...result.value.extensions, seq: cursor.delivering } }, done: false };
  };

  async function nextResult(): Promise<IteratorResult<ExecutionResult>> {
    if (!cursor) return iterator.next();
    const waiting = cursor.takeNotice();
    if (waiting) return noticeResult(waiting);
    const asked = (pending ??= iterator.next());
    const first = await Promise.race([asked.then((result) => ({ result })), cursor.noticeWaiting().then(() => null)]);
    if (first === null) {
      const notice = cursor.takeNotice();
      if (notice) return noticeResult(notice);
    }
    pending = undefined;
    return positioned(await asked);
  }

  const wrapped: AsyncGenerator<ExecutionResult> = {
    async next() {
      try {
        const result = await nextResult();
        if (result.done) releaseOnce();
        return result;
      } catch (error) {
        releaseOnce();
        throw error;
      }
    },
    async return(value) {
      releaseOnce();
      return iterator.return ? iterator.return(value) : { value, done: true };
    },
    async throw(error) {
      releaseOnce();
      if (iterator.throw) return iterator.throw(error);
      throw error;
    },
    [Symbol.asyncIterator]() {
      return wrapped;
    },
  };
  return wrapped;
}
