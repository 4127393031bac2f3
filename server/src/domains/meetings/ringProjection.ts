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
  apply(transaction: Transaction, stored: StoredEvent) {
    if (stored.type === 'videocall.rung') {
      const ring = stored.payload as VideocallRung;
      transaction
        .insert(videocallRings)
        .values({
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
        })
        .run();
    } else if (stored.type === 'videocall.ringEnded') {
      const ended = stored.payload as VideocallRingEnded;
      transaction
        .update(videocallRings)
        .set({ state: ended.outcome, endedAt: stored.createdAt })
        .where(and(eq(videocallRings.id, ended.ringId), eq(videocallRings.state, 'ringing')))
        .run();
    } else if (stored.type === 'project.deleted') {
      // Runs before or after the rooms' projection: the rings go by the space they were rung in.
      transaction
        .delete(videocallRings)
        .where(eq(videocallRings.projectId, (stored.payload as ProjectDeleted).projectId))
        .run();
    }
  },
};
