import { eq } from 'drizzle-orm';
import type { Projection, StoredEvent } from '../../core/events';
import type { Transaction } from '../../db/connection';
import type { ProjectDeleted } from '../teams';
import type { StandupChannelEvent } from './standupChannelEvents';
import { standupChannels } from './tables';

/** standup.schedule_set keeps a space's schedule, standup.posted its last run; a deleted space forgets both. */
export const standupChannelProjection: Projection = {
  name: 'standupChannels',
  tables: [standupChannels],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (stored.type === 'project.deleted') return forgetSpace(transaction, (stored.payload as ProjectDeleted).projectId);
    const event = { type: stored.type, payload: stored.payload } as StandupChannelEvent;
    if (event.type === 'standup.schedule_set' || event.type === 'standup.posted') return projectStandup(transaction, event, stored);
    return undefined;
  },
};

async function forgetSpace(transaction: Transaction, projectId: string): Promise<void> {
  await transaction.delete(standupChannels).where(eq(standupChannels.projectId, projectId));
}

async function projectStandup(transaction: Transaction, event: StandupChannelEvent, stored: StoredEvent): Promise<void> {
  switch (event.type) {
    case 'standup.schedule_set': {
      const { projectId, teamId, enabled, time, timeZone, weekdays, language } = event.payload;
      const schedule = { enabled, time, timeZone, weekdays, language, setBy: stored.actorId!, setAt: stored.createdAt };
      await transaction
        .insert(standupChannels)
        .values({ projectId, teamId, ...schedule })
        .onConflictDoUpdate({ target: standupChannels.projectId, set: schedule });
      return;
    }
    case 'standup.posted': {
      const { projectId, date, until, messageId } = event.payload;
      await transaction
        .update(standupChannels)
        .set({ lastDate: date, lastUntil: until, lastMessageId: messageId })
        .where(eq(standupChannels.projectId, projectId));
      return;
    }
  }
}
