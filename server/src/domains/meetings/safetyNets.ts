import { eq, isNull } from 'drizzle-orm';
import type { Cancel } from '../../core/jobs';
import type { Services } from '../../graphql/context';
import { callBoardOf } from './board';
import { announceLeave, appendFinish } from './calls';
import { mediaServerOf } from './livekit';
import { endRing, ringClockOf } from './ringing';
import { presentAttendees } from './state';
import { videocallRings, videocalls } from './tables';

/** The leased job that ends rings past their time-out whose ringing process is gone. */
export const ringTimeoutsJob = 'meetings: ring time-outs';
const ringTimeoutsIntervalMs = 5_000;
/** The leased job that finishes calls nobody has been in for a while (their attendees' processes died). */
export const emptyCallsJob = 'meetings: calls nobody is in';
const emptyCallsIntervalMs = 30_000;
/**
 * How many of the job's intervals a call must be seen with nobody in it before it is finished: 2 minutes by default,
 * so someone reconnecting (a reloaded tab, a process restarting behind the load balancer) is not cut off. Tests
 * shorten it with the job's interval (JOB_INTERVALS_MS).
 */
const emptyCallGraceIntervals = 4;

/**
 * The safety nets of calls with several processes on one PostgreSQL database (issue 22): each process keeps its rings'
 * time-outs as its own timers and drops attendees whose feed it served, so a process killed while others live would
 * leave its rings ringing and its calls open until a process starts alone. Two leased jobs, each run by one process per
 * period, end those: rings past their time-out (the ringing process's timer is exact; this only catches what a dead
 * process left), and, with Redis (which knows every living process's open call feeds), calls nobody is in. Without
 * Redis no process can tell whether another serves an attendee's feed, so calls wait for a process starting alone, as
 * before. SQLite: one process, no jobs.
 */
export function startSafetyNets(services: Services): Cancel {
  if (services.cluster === null) return () => undefined;
  const cancels = [services.jobs.every(ringTimeoutsJob, ringTimeoutsIntervalMs, () => endOverdueRings(services))];
  if (services.redis !== null) {
    const intervalMs = services.config.cluster.jobIntervalsMs.get(emptyCallsJob) ?? emptyCallsIntervalMs;
    cancels.push(services.jobs.every(emptyCallsJob, emptyCallsIntervalMs, () => finishCallsNobodyIsIn(services, intervalMs)));
  }
  return () => {
    for (const cancel of cancels) cancel();
  };
}

/** Ends as missed every ring still ringing past its time-out (by this process's MEETING_RING_SECONDS). */
export async function endOverdueRings(services: Services): Promise<void> {
  const timeoutMs = ringClockOf(services).timeoutMs;
  const now = services.store.clock.now().getTime();
  const ringing = await services.database.db
    .select({ id: videocallRings.id, createdAt: videocallRings.createdAt })
    .from(videocallRings)
    .where(eq(videocallRings.state, 'ringing'));
  for (const ring of ringing) if (Date.parse(ring.createdAt) + timeoutMs <= now) await endRing(services, ring.id, 'missed', null);
}

/**
 * Finishes open calls that have had, for the grace period, no attendee whose call feed is open on a living process,
 * none LiveKit said joined lately, and (with LiveKit) no participant in their LiveKit room. Whenever Redis or LiveKit
 * cannot answer, the call is kept: a wrong finish ends someone's call, a missed one only leaves it listed longer.
 */
export async function finishCallsNobodyIsIn(services: Services, intervalMs: number): Promise<void> {
  const board = callBoardOf(services);
  const media = mediaServerOf(services);
  const graceMs = emptyCallGraceIntervals * intervalMs;
  const db = services.database.db;
  for (const call of await db.select({ id: videocalls.id }).from(videocalls).where(isNull(videocalls.finishedAt))) {
    const attendees = (await presentAttendees(db, call.id)).map((attendee) => attendee.id);
    const open = await board.attendeesWithOpenFeeds(attendees);
    if (open === null) return;
    if (open.size > 0 || (media !== null && (await livekitParticipants(media, call.id)) !== 0)) {
      board.somebodyIn(call.id);
      continue;
    }
    // The marker outlives the grace by a few runs: a run the lease skipped does not start the wait over.
    const emptyForMs = await board.nobodyInFor(call.id, graceMs + 3 * intervalMs);
    if (emptyForMs === null) return;
    if (emptyForMs < graceMs) continue;
    announceLeave(services, await services.store.run({ actorId: null }, async (unit) => await appendFinish(unit, call.id, 'dropped')));
  }
}

/** LiveKit's count of the call room's participants; null (someone may be in) when LiveKit cannot say. */
async function livekitParticipants(media: NonNullable<ReturnType<typeof mediaServerOf>>, roomName: string): Promise<number | null> {
  return await media.participantCount(roomName).catch(() => null);
}
