import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { replayLog, type EventLogPort } from './eventLogPort';
import type { StoredEvent } from './events';
import { idempotencyKeyLifetimeMs } from './idempotencyKeys';

/**
 * The rules every adapter of the event log port keeps, run on SQLite (`sqlite/sqliteEventLog.test.ts`) and on
 * PostgreSQL (`tests/integration/postgres-eventLog.test.ts`). One log per file: each case uses streams of its own.
 */
export interface EventLogUnderTest {
  log: EventLogPort;
  /** Runs a statement on the database behind the port's back: to try what the port never does. */
  execute(statement: string): Promise<unknown>;
  close(): Promise<void>;
}

export function describeEventLogConformance(adapter: string, open: (clock: ManualClock) => Promise<EventLogUnderTest>): void {
  describe(`the event log port on ${adapter}`, () => {
    const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
    let underTest: EventLogUnderTest;
    let log: EventLogPort;

    beforeAll(async () => {
      underTest = await open(clock);
      log = underTest.log;
    });
    afterAll(async () => {
      await underTest?.close();
    });

    const conflict = expect.objectContaining({ code: 'CONFLICT' }) as unknown as Error;
    const reused = expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED' }) as unknown as Error;
    const noteCreated = (title: string) => ({ type: 'note.created', payload: { title, tags: ['a', 'b'], size: 3 } });

    it('appends events with versions and increasing positions, and reads them back', async () => {
      const stored = await log.append('note:read-back', [noteCreated('one'), noteCreated('two')], {
        teamId: 'team-1',
        actorId: 'user-1',
        expectedVersion: 0,
      });
      expect(stored.map((event) => [event.version, event.type, event.teamId, event.actorId, event.mutationId])).toEqual([
        [1, 'note.created', 'team-1', 'user-1', null],
        [2, 'note.created', 'team-1', 'user-1', null],
      ]);
      expect(stored[1]!.seq).toBeGreaterThan(stored[0]!.seq);
      expect(stored[0]!.createdAt).toBe(clock.now().toISOString());
      expect(await log.readStream('note:read-back')).toEqual(stored);
      expect(await log.readStream('note:read-back', 1)).toEqual([stored[1]]);
      expect(await log.streamVersion('note:read-back')).toBe(2);
      expect(await log.streamVersion('note:never-written')).toBe(0);
      expect(await log.headPosition()).toBeGreaterThanOrEqual(stored[1]!.seq);
    });

    it('refuses an append whose expected version is stale, and writes nothing', async () => {
      await log.append('note:stale', [noteCreated('first')], { teamId: 'team-1', actorId: 'user-1', expectedVersion: 0 });
      await expect(
        log.append('note:stale', [noteCreated('second')], { teamId: 'team-1', actorId: 'user-2', expectedVersion: 0 }),
      ).rejects.toThrowError(conflict);
      await expect(
        log.append('note:stale', [noteCreated('ahead')], { teamId: 'team-1', actorId: 'user-2', expectedVersion: 5 }),
      ).rejects.toThrowError(conflict);
      expect((await log.readStream('note:stale')).map((event) => event.payload)).toEqual([noteCreated('first').payload]);
    });

    it('gives exactly one of two concurrent appenders from the same version a conflict', async () => {
      const outcomes = await Promise.allSettled(
        ['user-1', 'user-2'].map((actorId) =>
          log.append('note:race', [noteCreated(actorId)], { teamId: 'team-1', actorId, expectedVersion: 0 }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect(refused[0]!.reason).toEqual(conflict);
      expect(await log.streamVersion('note:race')).toBe(1);
    });

    it('gives appenders without an expected version one version each, however many append at once', async () => {
      const appended = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          log.append('note:busy', [noteCreated(`n${index}`)], { teamId: 'team-1', actorId: `user-${index}` }),
        ),
      );
      const versions = appended.map(([event]) => event!.version).sort((left, right) => left - right);
      expect(versions).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
      const positions = (await log.readStream('note:busy')).map((event) => event.seq);
      expect(positions).toEqual([...positions].sort((left, right) => left - right));
    });

    it('lets a reader polling after its last position see every event of concurrent appenders once, in order', async () => {
      const start = await log.headPosition();
      const appended: number[] = [];
      // The last position appended, known once every appender is done: the reader stops when it gets there.
      let target = Number.POSITIVE_INFINITY;
      const read: number[] = [];
      const reader = (async () => {
        let position = start;
        // Polls while the appenders run; a read that stops short of the target (an append in flight) is retried.
        while (position < target) {
          const batch = await log.readFrom(position, 10);
          for (const event of batch) read.push(event.seq);
          if (batch.length > 0) position = batch.at(-1)!.seq;
          else await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      await Promise.all(
        Array.from({ length: 8 }, async (_, appender) => {
          for (let index = 0; index < 6; index += 1) {
            const stored = await log.append(`note:polled-${appender}`, [noteCreated(`${appender}-${index}`)], {
              teamId: 'team-1',
              actorId: `user-${appender}`,
            });
            appended.push(...stored.map((event) => event.seq));
          }
        }),
      );
      target = Math.max(start, ...appended);
      await reader;
      expect(read).toEqual([...appended].sort((left, right) => left - right));
    });

    it('answers a retry of a mutation with its first result, once, even when both arrive at once', async () => {
      const context = { teamId: 'team-1', actorId: 'user-1', mutationId: 'mutation-retry', request: { title: 'one', size: 3 } };
      const first = await log.append('note:retry', [noteCreated('one')], context);
      // Key order in the request does not make it another request.
      const retried = await log.append('note:retry', [noteCreated('one')], { ...context, request: { size: 3, title: 'one' } });
      expect(retried).toEqual(first);
      expect(first[0]!.mutationId).toBe('mutation-retry');

      const together = { ...context, mutationId: 'mutation-together' };
      const [left, right] = await Promise.all([
        log.append('note:retry', [noteCreated('two')], together),
        log.append('note:retry', [noteCreated('two')], together),
      ]);
      expect(left).toEqual(right);
      expect(await log.readStream('note:retry')).toHaveLength(2);
    });

    it('answers two copies of one mutation id with expectedVersion 0 at once both with the first result', async () => {
      // A client resending a request whose answer was slow: the copy that comes second must find the first's result,
      // not a stream already at version 1 (which would be a CONFLICT).
      const context = {
        teamId: 'team-1',
        actorId: 'user-1',
        mutationId: 'mutation-expected-together',
        request: { title: 'one' },
        expectedVersion: 0,
      };
      const [left, right] = await Promise.all([
        log.append('note:retry-expected', [noteCreated('one')], context),
        log.append('note:retry-expected', [noteCreated('one')], context),
      ]);
      expect(left).toEqual(right);
      expect(left.map((event) => [event.version, event.mutationId])).toEqual([[1, 'mutation-expected-together']]);
      expect(await log.readStream('note:retry-expected')).toEqual(left);
    });

    it('refuses the same mutation id with a different request, but not from another actor', async () => {
      const context = { teamId: 'team-1', actorId: 'user-1', mutationId: 'mutation-reused', request: { title: 'one' } };
      await log.append('note:reused', [noteCreated('one')], context);
      await expect(log.append('note:reused', [noteCreated('two')], { ...context, request: { title: 'two' } })).rejects.toThrowError(reused);
      await log.append('note:reused', [noteCreated('two')], { ...context, actorId: 'user-2', request: { title: 'two' } });
      expect(await log.streamVersion('note:reused')).toBe(2);
      await expect(log.append('note:reused', [noteCreated('x')], { ...context, mutationId: '' })).rejects.toThrowError(
        expect.objectContaining({ code: 'IDEMPOTENCY_KEY_INVALID' }) as unknown as Error,
      );
    });

    it('treats a mutation id as new once its lifetime is over, and forgets expired results', async () => {
      const context = { teamId: 'team-1', actorId: 'user-1', mutationId: 'mutation-expiring', request: { title: 'one' } };
      await log.append('note:expiring', [noteCreated('one')], context);
      clock.advance(idempotencyKeyLifetimeMs + 1000);
      const again = await log.append('note:expiring', [noteCreated('two')], { ...context, request: { title: 'two' } });
      expect(again[0]!.version).toBe(2);
      clock.advance(idempotencyKeyLifetimeMs + 1000);
      expect(await log.forgetMutationResultsBefore(new Date(clock.now().getTime() - idempotencyKeyLifetimeMs))).toBeGreaterThanOrEqual(1);
      // Forgotten: the same id with yet another request is a new mutation.
      const third = await log.append('note:expiring', [noteCreated('three')], { ...context, request: { title: 'three' } });
      expect(third[0]!.version).toBe(3);
    });

    it('replays the log from a position in batches, everything in order, and tells listeners the new head', async () => {
      const from = await log.headPosition();
      const heard: number[] = [];
      let heardEnough: () => void = () => undefined;
      const lastHeard = new Promise<void>((resolve) => (heardEnough = resolve));
      let expectedHead = Number.POSITIVE_INFINITY;
      const stopListening = await log.onAppended((position) => {
        heard.push(position);
        if (position >= expectedHead) heardEnough();
      });
      const appended: StoredEvent[] = [];
      for (const stream of ['note:replay-a', 'note:replay-b', 'note:replay-a', 'note:replay-c', 'note:replay-b']) {
        appended.push(...(await log.append(stream, [noteCreated(stream)], { teamId: 'team-2', actorId: 'user-1' })));
      }
      expectedHead = appended.at(-1)!.seq;
      if (heard.includes(expectedHead)) heardEnough();
      await lastHeard;
      await stopListening();

      const batches: StoredEvent[][] = [];
      for await (const batch of replayLog(log, from, 2)) batches.push(batch);
      expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
      expect(batches.flat()).toEqual(appended);
      expect(await log.headPosition()).toBe(expectedHead);
      expect(heard).toEqual([...heard].sort((left, right) => left - right));
    });

    it('refuses UPDATE and DELETE of events in the database itself', async () => {
      const [event] = await log.append('note:append-only', [noteCreated('kept')], { teamId: 'team-1', actorId: 'user-1' });
      await expect(underTest.execute(`UPDATE events SET type = 'note.changed' WHERE stream = 'note:append-only'`)).rejects.toThrow(
        /append-only/,
      );
      await expect(underTest.execute(`DELETE FROM events WHERE stream = 'note:append-only'`)).rejects.toThrow(/append-only/);
      expect(await log.readStream('note:append-only')).toEqual([event]);
    });
  });
}
