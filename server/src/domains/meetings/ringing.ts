import type { UnitOfWork } from '../../core/commands';
import type { StoredEvent } from '../../core/events';
import type { Cancel } from '../../core/jobs';
import { ringStream } from '../../core/streams';
import { DomainError } from '../../errors';
import type { Services } from '../../graphql/context';
import type { RingOutcome } from './events';
import { callOutcome, decideRingEnd } from './ringRules';
import { allAttendees, findCallPlace, findRing, presentAttendees, ringsOf, type Reader, type RingRow } from './state';
import { videocallRings } from './tables';
import { eq } from 'drizzle-orm';

/**
 * The timers of this process's rings: each ring it committed ends as missed after `timeoutMs` unless it
 * ended before (MEETING_RING_SECONDS). One per services instance (the app owns it, like the call board); tests shorten timeoutMs.
 */
export class RingClock {
  timeoutMs: number;
  private readonly timers = new Map<string, Cancel>();

  constructor(private readonly services: Services) {
    this.timeoutMs = services.config.meetings.ringTimeoutMs;
  }

  /** Ends the ring as missed when its time is up (now, for a ring older than that: picked up at start). */
  schedule(ringId: string, createdAt: string): void {
    if (this.timers.has(ringId)) return;
    const delayMs = Math.max(0, Date.parse(createdAt) + this.timeoutMs - this.services.store.clock.now().getTime());
    this.timers.set(
      ringId,
      this.services.jobs.after(`meetings: ring ${ringId} times out`, delayMs, async () => {
        this.timers.delete(ringId);
        await endRing(this.services, ringId, 'missed', null);
      }),
    );
  }

  ended(ringId: string): void {
    this.timers.get(ringId)?.();
    this.timers.delete(ringId);
  }
}

const clocks = new WeakMap<Services, RingClock>();

export function ringClockOf(services: Services): RingClock {
  let clock = clocks.get(services);
  if (!clock) clocks.set(services, (clock = new RingClock(services)));
  return clock;
}

/**
 * Appends a ring's end inside a unit. The end goes on the ring's own stream at version 1 (its ring being
 * version 0..1): two processes ending one ring at once conflict, and only the first end is kept.
 */
export async function appendRingEnd(unit: UnitOfWork, ring: RingRow, outcome: RingOutcome): Promise<StoredEvent[]> {
  const place = await findCallPlace(unit.transaction, ring.meetingroomId);
  const events = decideRingEnd(
    { id: ring.meetingroomId, teamId: ring.teamId, projectId: ring.projectId, privatId: ring.privatId ?? place?.privatId ?? null },
    ring,
    outcome,
  );
  if (events.length === 0) return [];
  return await unit.append(ringStream(ring.id), events, { teamId: ring.teamId, expectedVersion: 1 });
}

/** Ends a ring once (answered, missed); a ring that already ended, here or in another process, changes nothing. */
export async function endRing(services: Services, ringId: string, outcome: RingOutcome, actorId: string | null): Promise<StoredEvent[]> {
  try {
    const committed = await services.store.run({ actorId }, async (unit) => {
      const ring = await findRing(unit.transaction, ringId);
      return ring ? await appendRingEnd(unit, ring, outcome) : [];
    });
    ringClockOf(services).ended(ringId);
    return committed;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'CONFLICT') return [];
    throw error;
  }
}

/**
 * Rings of a call that stop because their caller is gone: when the call finishes every ring still ringing,
 * otherwise those of callers who have no attendee left in it (they hung up before anyone answered).
 */
export async function appendCallerGoneRings(unit: UnitOfWork, videocallId: string, finishing: boolean): Promise<StoredEvent[]> {
  const db = unit.transaction;
  const stillIn = new Set((await presentAttendees(db, videocallId)).flatMap((attendee) => (attendee.userId ? [attendee.userId] : [])));
  const ended: StoredEvent[] = [];
  // One append after the other: a unit's statements never run side by side.
  for (const ring of await ringsOf(db, videocallId)) {
    if (ring.state === 'ringing' && (finishing || !stillIn.has(ring.callerId)))
      ended.push(...(await appendRingEnd(unit, ring, 'cancelled')));
  }
  return ended;
}

/** How the call ended, from who was in it and how its rings ended (read inside the finishing unit). */
export async function outcomeOf(db: Reader, videocallId: string, finishedAt: Date) {
  const attendances = await allAttendees(db, videocallId);
  const rings = await ringsOf(db, videocallId);
  return {
    startedBy: attendances[0]?.userId ?? null,
    ...callOutcome(
      attendances,
      rings.map((ring) => ring.state as RingOutcome | 'ringing'),
      finishedAt,
    ),
  };
}

/** At start: rings that were ringing when a process stopped get their timeout here (ended at once if overdue). */
export async function pickUpRinging(services: Services): Promise<void> {
  const clock = ringClockOf(services);
  for (const ring of await services.database.db.select().from(videocallRings).where(eq(videocallRings.state, 'ringing')))
    clock.schedule(ring.id, ring.createdAt);
}
