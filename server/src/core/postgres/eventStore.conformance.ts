import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import type { CommandDoor, EventLog, UnitOfWork } from '../commands';
import type { StoredEvent } from '../events';
import { idempotencyKeyLifetimeMs } from '../idempotencyKeys';

/**
 * The rules every command door keeps (the event store port's `run` and its unit of work), run on SQLite and on
 * PostgreSQL (`tests/integration/postgres-eventStore.test.ts`), with a tiny projection and a tiny reaction of its own.
 * Both doors are typed by the core ports (`UnitOfWork`, `CommandDoor`, `EventLog`) with their own transaction; every
 * call into a unit is awaited. One door per suite: each case uses streams of its own.
 */

/**
 * A unit of work as both doors hand it over: the core's, with the adapter's drizzle database as its transaction
 * (unknown here; the adapter's `query` and `execute` use it).
 */
export type UnitUnderTest = UnitOfWork<unknown>;

/** The door as the core ports say (`CommandDoor` and `EventLog`), over units of any transaction. */
export interface DoorUnderTest extends CommandDoor<unknown>, Pick<EventLog, 'read' | 'streamVersion' | 'onCommitted'> {
  whenDurable(): Promise<void>;
}

/** The suite's projection: inserts a row per note, through the unit's transaction. */
export interface ProjectionUnderTest {
  name: string;
  apply(transaction: unknown, event: StoredEvent): Promise<void>;
}

/** The suite's reaction: appends a tally event for each note, in the same unit. */
export interface ReactionUnderTest {
  name: string;
  on: readonly string[];
  react(unit: UnitUnderTest, event: StoredEvent): Promise<void>;
}

export interface CommandDoorUnderTest {
  door: DoorUnderTest;
  /** Runs a statement that answers rows in a unit's transaction, or on the database outside any unit (null). */
  query(transaction: unknown, statement: SQL): Promise<Record<string, unknown>[]>;
  /** Runs a statement that answers no rows (a write, a table made), like `query`. */
  execute(transaction: unknown, statement: SQL): Promise<void>;
  /** Whether units run at the same time (PostgreSQL) or one after the other (SQLite's one writer). */
  concurrentUnits: boolean;
  /**
   * Whether a failed statement fails its whole unit even when the work caught its error (PostgreSQL aborts the
   * transaction) or only that statement (SQLite).
   */
  failedStatementFailsUnit: boolean;
  /**
   * Opens a transaction elsewhere on the database that holds a transaction id until the function it answers is
   * called (what holds back PostgreSQL's readers by position); null where no such thing holds readers back.
   */
  holdOlderTransaction: (() => Promise<() => Promise<void>>) | null;
  /**
   * Resolves once some unit waits for a lock another holds (or when `stop` is aborted); null where units run one at
   * a time.
   */
  untilUnitWaitsForLock: ((stop: AbortSignal) => Promise<void>) | null;
  /** A second door on the same database, as another process would open it; null where one process writes. */
  openPeer: (() => Promise<DoorUnderTest & { close(): Promise<void> }>) | null;
  close(): Promise<void>;
}

export interface DoorSetup {
  projections: readonly ProjectionUnderTest[];
  reactions: readonly ReactionUnderTest[];
  clock: ManualClock;
}

/** The projection's table, the same SQL on both dialects. */
const notesTable = 'CREATE TABLE door_notes (event_id text PRIMARY KEY, stream text NOT NULL, title text NOT NULL)';

/** A promise and the function that settles it: one unit waits for another to reach a point. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** What an adapter can show at all, known before its door opens: cases it cannot show are not declared. */
export interface DoorCapabilities {
  /** Whether a second door may open the same database, as another process would. */
  peers: boolean;
}

export function describeCommandDoorConformance(
  adapter: string,
  capabilities: DoorCapabilities,
  open: (setup: DoorSetup) => Promise<CommandDoorUnderTest>,
): void {
  describe(`the command door on ${adapter}`, () => {
    const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
    let underTest: CommandDoorUnderTest;
    let door: DoorUnderTest;

    const notes: ProjectionUnderTest = {
      name: 'door notes',
      async apply(transaction, event) {
        if (event.type === 'note.removed') {
          const removed = event.payload as { stream: string; title: string };
          await underTest.execute(transaction, sql`DELETE FROM door_notes WHERE stream = ${removed.stream} AND title = ${removed.title}`);
          return;
        }
        if (event.type !== 'note.created') return;
        const { title } = event.payload as { title: string };
        await underTest.execute(
          transaction,
          sql`INSERT INTO door_notes (event_id, stream, title) VALUES (${event.id}, ${event.stream}, ${title})`,
        );
      },
    };
    const tally: ReactionUnderTest = {
      name: 'door notes: every note is tallied',
      on: ['note.created'],
      async react(unit, event) {
        await unit.append(`tally:${event.stream}`, [{ type: 'note.tallied', payload: { noteId: event.id } }], { teamId: event.teamId });
      },
    };

    beforeAll(async () => {
      underTest = await open({ projections: [notes], reactions: [tally], clock });
      door = underTest.door;
      await underTest.execute(null, sql.raw(notesTable));
    });
    afterAll(async () => {
      await underTest?.close();
    });

    const conflict = expect.objectContaining({ code: 'CONFLICT' }) as unknown as Error;
    const reused = expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED' }) as unknown as Error;
    const noteCreated = (title: string) => ({ type: 'note.created', payload: { title } });
    const context = { teamId: 'team-1', actorId: 'user-1' };
    const notesOf = async (stream: string, transaction: unknown = null) =>
      (await underTest.query(transaction, sql`SELECT title FROM door_notes WHERE stream = ${stream} ORDER BY title`)).map(
        (row) => row['title'],
      );
    const typesOf = async (stream: string) => (await door.read({ stream })).map((event) => event.type);

    it('appends events, applies the projection and runs the reaction in the unit, and reads them back', async () => {
      const stored = await door.append('note:read-back', [noteCreated('one'), noteCreated('two')], { ...context, expectedVersion: 0 });
      expect(stored.map((event) => [event.stream, event.version, event.type, event.teamId, event.actorId, event.mutationId])).toEqual([
        ['note:read-back', 1, 'note.created', 'team-1', 'user-1', null],
        ['note:read-back', 2, 'note.created', 'team-1', 'user-1', null],
      ]);
      expect(stored[0]!.createdAt).toBe(clock.now().toISOString());
      expect(await door.read({ stream: 'note:read-back' })).toEqual(stored);
      expect(await door.streamVersion('note:read-back')).toBe(2);
      expect(await notesOf('note:read-back')).toEqual(['one', 'two']);
      const tallies = await door.read({ stream: 'tally:note:read-back' });
      expect(tallies.map((event) => [event.type, event.version, event.actorId, (event.payload as { noteId: string }).noteId])).toEqual([
        ['note.tallied', 1, 'user-1', stored[0]!.id],
        ['note.tallied', 2, 'user-1', stored[1]!.id],
      ]);
      // The reaction's events follow the ones it answered.
      expect(tallies[0]!.seq).toBeGreaterThan(stored[1]!.seq);
      const fromPosition = await door.read({ afterSeq: stored[0]!.seq, kind: 'note', teamId: 'team-1', limit: 1 });
      expect(fromPosition).toEqual([stored[1]]);
    });

    it("shows the projection's rows inside the unit that wrote them, and after its commit", async () => {
      const seenInside = await door.run(context, async (unit) => {
        expect(await unit.streamVersion('note:inside')).toBe(0);
        await unit.append('note:inside', [noteCreated('inside')], { teamId: 'team-1', expectedVersion: 0 });
        expect(await unit.streamVersion('note:inside')).toBe(1);
        return notesOf('note:inside', unit.transaction);
      });
      expect(seenInside).toEqual(['inside']);
      expect(await notesOf('note:inside')).toEqual(['inside']);
    });

    it('rolls back every event and row of a unit that throws', async () => {
      await expect(
        door.run(context, async (unit) => {
          await unit.append('note:rolled-back', [noteCreated('gone')], { teamId: 'team-1' });
          await unit.append('note:rolled-back-too', [noteCreated('gone too')], { teamId: 'team-1' });
          throw new Error('changed its mind');
        }),
      ).rejects.toThrow('changed its mind');
      for (const stream of ['note:rolled-back', 'note:rolled-back-too', 'tally:note:rolled-back']) {
        expect(await door.read({ stream })).toEqual([]);
        expect(await door.streamVersion(stream)).toBe(0);
      }
      expect(await notesOf('note:rolled-back')).toEqual([]);
      expect(await notesOf('note:rolled-back-too')).toEqual([]);
    });

    it('gives exactly one of two concurrent units from the same expected version a conflict', async () => {
      const outcomes = await Promise.allSettled(
        ['first', 'second'].map((title) =>
          door.run(context, async (unit) => {
            await unit.append('note:race', [noteCreated(title)], { teamId: 'team-1', expectedVersion: 0 });
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect(refused[0]!.reason).toEqual(conflict);
      expect(await door.streamVersion('note:race')).toBe(1);
      expect(await notesOf('note:race')).toHaveLength(1);
      expect(await typesOf('tally:note:race')).toEqual(['note.tallied']);
    });

    it('finishes two units that append to two streams in opposite orders (a deadlock is run again)', async () => {
      const [leftLocked, rightLocked] = [gate(), gate()];
      let runs = 0;
      const unitAppending = (streams: [string, string], locked: ReturnType<typeof gate>, other: ReturnType<typeof gate>) =>
        door.run(context, async (unit) => {
          runs += 1;
          await unit.append(streams[0], [noteCreated(`${streams[0]} first`)], { teamId: 'team-1' });
          // Where units run at once, each holds its first stream while it asks for the other's: a deadlock.
          if (underTest.concurrentUnits) {
            locked.open();
            await other.opened;
          }
          await unit.append(streams[1], [noteCreated(`${streams[1]} second`)], { teamId: 'team-1' });
        });
      const left = unitAppending(['note:deadlock-a', 'note:deadlock-b'], leftLocked, rightLocked);
      // The right unit starts once the left one holds its first stream, so both hold one.
      if (underTest.concurrentUnits) await leftLocked.opened;
      const right = unitAppending(['note:deadlock-b', 'note:deadlock-a'], rightLocked, leftLocked);
      await Promise.all([left, right]);
      expect(await door.streamVersion('note:deadlock-a')).toBe(2);
      expect(await door.streamVersion('note:deadlock-b')).toBe(2);
      expect(await notesOf('note:deadlock-a')).toHaveLength(2);
      // One unit ran twice where they deadlocked: its first run was rolled back whole.
      expect(runs).toBe(underTest.concurrentUnits ? 3 : 2);
    });

    it('answers a retried mutation with the first result without running it again, and refuses the id with another request', async () => {
      let runs = 0;
      const mutation = { ...context, mutationId: 'mutation-note', request: { title: 'once', tags: ['a'] } };
      const work = async (unit: UnitUnderTest) => {
        runs += 1;
        const [event] = await unit.append('note:idempotent', [noteCreated('once')], { teamId: 'team-1' });
        return { noteId: event!.id, version: event!.version };
      };
      const first = await door.run(mutation, work);
      // Key order in the request does not make it another request.
      const retried = await door.run({ ...mutation, request: { tags: ['a'], title: 'once' } }, work);
      expect(retried).toEqual(first);
      expect(runs).toBe(1);
      const events = await door.read({ stream: 'note:idempotent' });
      expect(events.map((event) => event.mutationId)).toEqual(['mutation-note']);
      // Events a reaction appended in the unit carry its mutation id too.
      expect((await door.read({ stream: 'tally:note:idempotent' })).map((event) => event.mutationId)).toEqual(['mutation-note']);

      await expect(door.run({ ...mutation, request: { title: 'other' } }, work)).rejects.toThrowError(reused);
      expect(runs).toBe(1);
      // Another actor's id of the same name is its own.
      await door.run({ ...mutation, actorId: 'user-2' }, work);
      expect(runs).toBe(2);
      expect(await door.streamVersion('note:idempotent')).toBe(2);
      await expect(door.run({ ...mutation, mutationId: '' }, work)).rejects.toThrowError(
        expect.objectContaining({ code: 'IDEMPOTENCY_KEY_INVALID' }) as unknown as Error,
      );
    });

    it('runs two copies of one mutation sent at once once, and answers both with its result', async () => {
      let runs = 0;
      const mutation = { ...context, mutationId: 'mutation-together', request: { title: 'together' } };
      const work = async (unit: UnitUnderTest) => {
        runs += 1;
        const [event] = await unit.append('note:together', [noteCreated('together')], { teamId: 'team-1', expectedVersion: 0 });
        return event!.seq;
      };
      const [left, right] = await Promise.all([door.run(mutation, work), door.run(mutation, work)]);
      expect(left).toBe(right);
      expect(runs).toBe(1);
      expect(await notesOf('note:together')).toEqual(['together']);
    });

    it('treats a mutation id as new once its lifetime is over', async () => {
      const mutation = { ...context, mutationId: 'mutation-expiring', request: { title: 'one' } };
      const work = async (unit: UnitUnderTest) =>
        (await unit.append('note:expiring', [noteCreated('one')], { teamId: 'team-1' }))[0]!.version;
      expect(await door.run(mutation, work)).toBe(1);
      clock.advance(idempotencyKeyLifetimeMs + 1000);
      expect(await door.run({ ...mutation, request: { title: 'two' } }, work)).toBe(2);
      expect(await door.run({ ...mutation, request: { title: 'two' } }, work)).toBe(2);
    });

    it('tells listeners committed events only, each once, in position order', async () => {
      const heard: StoredEvent[] = [];
      let allHeard: () => void = () => undefined;
      const heardLast = new Promise<void>((resolve) => (allHeard = resolve));
      let last = Number.POSITIVE_INFINITY;
      const stop = door.onCommitted((events) => {
        heard.push(...events.filter((event) => event.stream.includes('note:heard')));
        if (heard.some((event) => event.seq === last)) allHeard();
      });
      const committedFirst = await door.append('note:heard-1', [noteCreated('first')], context);
      await expect(
        door.run(context, async (unit) => {
          await unit.append('note:heard-2', [noteCreated('rolled back')], { teamId: 'team-1' });
          throw new Error('rolled back on purpose');
        }),
      ).rejects.toThrow('rolled back on purpose');
      const committedLast = await door.append('note:heard-3', [noteCreated('last')], context);
      const expected = (await door.read({ afterSeq: committedFirst[0]!.seq - 1 })).filter((event) => event.stream.includes('note:heard'));
      // The last note's tally, appended in its unit, is the last event to hear.
      last = expected.at(-1)!.seq;
      expect(last).toBeGreaterThan(committedLast[0]!.seq);
      if (heard.some((event) => event.seq === last)) allHeard();
      await heardLast;
      // A duplicate could come after the last event: listening goes on until a later commit is heard.
      let sentinelHeard: () => void = () => undefined;
      const heardSentinel = new Promise<void>((resolve) => (sentinelHeard = resolve));
      let sentinel = Number.POSITIVE_INFINITY;
      let newestHeard = 0;
      const stopSentinel = door.onCommitted((events) => {
        newestHeard = Math.max(newestHeard, ...events.map((event) => event.seq));
        if (newestHeard >= sentinel) sentinelHeard();
      });
      sentinel = (await door.append('sentinel:heard', [{ type: 'sentinel.appended', payload: {} }], context))[0]!.seq;
      if (newestHeard >= sentinel) sentinelHeard();
      await heardSentinel;
      stopSentinel();
      stop();
      expect(heard).toEqual(expected);
      expect(heard.map((event) => event.stream)).toEqual(['note:heard-1', 'tally:note:heard-1', 'note:heard-3', 'tally:note:heard-3']);
      expect(heard.map((event) => event.seq)).toEqual([...heard.map((event) => event.seq)].sort((left, right) => left - right));
      await expect(door.whenDurable()).resolves.toBeUndefined();
    });

    it('lets only one of two units that each remove an admin while more than one remains do it', async () => {
      // Each unit decides on what it read and appends to a stream of its own: no expected version protects the
      // decision, the lock on the admins' stream does. On SQLite units run one at a time; where they run at once,
      // the first reads and waits, and the second either waits for the first's lock or, unprotected, reads the same
      // two admins, removes its own and commits.
      await door.append('note:admins', [noteCreated('ada'), noteCreated('bob')], context);
      let runs = 0;
      const removing = (title: string, afterReading: () => Promise<void> = async () => undefined) =>
        door.run(context, async (unit) => {
          runs += 1;
          await unit.lock('note:admins', `admin:${title}`);
          const admins = await notesOf('note:admins', unit.transaction);
          await afterReading();
          if (admins.length <= 1) throw new Error('LAST_TEAM_ADMIN');
          await unit.append(`admin:${title}`, [{ type: 'note.removed', payload: { stream: 'note:admins', title } }], {
            teamId: 'team-1',
          });
        });
      let outcomes: PromiseSettledResult<void>[];
      if (underTest.untilUnitWaitsForLock) {
        const [firstRead, secondRead, release] = [gate(), gate(), gate()];
        const first = removing('ada', async () => {
          firstRead.open();
          await release.opened;
        });
        await firstRead.opened;
        const second = removing('bob', async () => secondRead.open());
        const stopWaiting = new AbortController();
        await Promise.race([secondRead.opened, underTest.untilUnitWaitsForLock(stopWaiting.signal)]);
        stopWaiting.abort();
        release.open();
        outcomes = await Promise.allSettled([first, second]);
      } else {
        outcomes = await Promise.allSettled([removing('ada'), removing('bob')]);
      }
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refused.map((outcome) => (outcome.reason as Error).message)).toEqual(['LAST_TEAM_ADMIN']);
      expect(await notesOf('note:admins')).toHaveLength(1);
      expect(runs).toBe(2);
    });

    it("reads a unit's events back right after its commit, while an older transaction runs elsewhere", async () => {
      const release = await underTest.holdOlderTransaction?.();
      try {
        const stored = await door.append('note:read-own', [noteCreated('mine')], context);
        expect(await door.read({ stream: 'note:read-own' })).toEqual(stored);
        expect(await door.read({ afterSeq: stored[0]!.seq - 1, limit: 1 })).toEqual(stored);
        expect(await door.streamVersion('note:read-own')).toBe(1);
      } finally {
        await release?.();
      }
    });

    it('goes on after a failed statement the work caught on SQLite, and refuses the whole unit on PostgreSQL', async () => {
      const outcome = door.run(context, async (unit) => {
        const [event] = await unit.append('note:caught', [noteCreated('first')], { teamId: 'team-1' });
        try {
          // The projection already inserted this row: a duplicate key.
          await underTest.execute(
            unit.transaction,
            sql`INSERT INTO door_notes (event_id, stream, title) VALUES (${event!.id}, 'note:caught', 'again')`,
          );
        } catch {
          // The work goes on, as it may on SQLite.
        }
        return 'went on';
      });
      if (underTest.failedStatementFailsUnit) {
        const error = (await outcome.catch((refusal: unknown) => refusal)) as Error & { cause?: Error };
        expect(`${error.message} ${error.cause?.message ?? ''}`).toContain('duplicate key');
        expect(await door.read({ stream: 'note:caught' })).toEqual([]);
        expect(await notesOf('note:caught')).toEqual([]);
      } else {
        expect(await outcome).toBe('went on');
        expect(await notesOf('note:caught')).toEqual(['first']);
      }
    });

    // One process writes an SQLite file, so only adapters with peers declare this case (nothing is skipped).
    if (capabilities.peers)
      it("lets a second door on the same database hear the first one's commits", async () => {
        if (!underTest.openPeer) throw new Error(`${adapter} declares peers but opened no way to open one`);
        const peer = await underTest.openPeer();
        try {
          const heard: StoredEvent[] = [];
          let heardIt: () => void = () => undefined;
          const heardAll = new Promise<void>((resolve) => (heardIt = resolve));
          let expectedCount = Number.POSITIVE_INFINITY;
          peer.onCommitted((events) => {
            heard.push(...events.filter((event) => event.stream.endsWith('note:peer')));
            if (heard.length >= expectedCount) heardIt();
          });
          const stored = await door.append('note:peer', [noteCreated('from the first')], { teamId: 'team-1', actorId: 'user-1' });
          expectedCount = 2;
          if (heard.length >= expectedCount) heardIt();
          await heardAll;
          const committed = await door.read({ afterSeq: stored[0]!.seq - 1, teamId: 'team-1' });
          expect(heard).toEqual(committed.filter((event) => event.stream.endsWith('note:peer')));
          expect(heard.map((event) => event.type)).toEqual(['note.created', 'note.tallied']);
        } finally {
          await peer.close();
        }
      });
  });
}
