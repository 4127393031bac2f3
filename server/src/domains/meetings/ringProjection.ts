import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { Projection, StoredEvent } from '../../core/events';
import type { ProjectDeleted } from '../teams';
import type { VideocallRingEnded, VideocallRung } from './events';
import { videocallRings } from './tables';

/**
 * How rings become rows: a projection of its own beside the rooms' (rings come and go with calls; a space's
 * deleted room takes its rings along).
 */
export const ringsProjection: Projection = {
  name: 'meetingRings',
  tables: [videocallRings],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (stored.type === 'videocall.rung' || stored.type === 'videocall.ringEnded' || stored.type === 'project.deleted')
      return applyRingEvent(transaction, stored);
    return undefined;
  },
};

async function applyRingEvent(transaction: Transaction, stored: StoredEvent): Promise<void> {
  if (stored.type === 'videocall.rung') {
    const ring = stored.payload as VideocallRung;
    await transaction.insert(videocallRings).values({
      id: ring.ringId,
      videocallId: ring.videocallId,
      meetingroomId: ring.meetingroomId,
      privatId: ring.privatId ?? null,
      projectId: ring.projectId,
      teamId: ring.teamId,
      callerId: ring.callerId,
      calleeId: ring.calleeId,
      notificationType: ring.notificationType,
      state: 'ringing',
      createdAt: stored.createdAt,
    });
  } else if (stored.type === 'videocall.ringEnded') {
    const ended = stored.payload as VideocallRingEnded;
    await transaction
      .update(videocallRings)
      .set({ state: ended.outcome, endedAt: stored.createdAt })
      .where(and(eq(videocallRings.id, ended.ringId), eq(videocallRings.state, 'ringing')));
  } else if (stored.type === 'project.deleted') {
    // Runs before or after the rooms' projection: the rings go by the space they were rung in.
    await transaction.delete(videocallRings).where(eq(videocallRings.projectId, (stored.payload as ProjectDeleted).projectId));
  }
}
