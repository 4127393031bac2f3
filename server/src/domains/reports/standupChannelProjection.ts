import { eq } from 'drizzle-orm';
import type { Projection } from '../../core/events';
import type { ProjectDeleted } from '../teams';
import type { StandupChannelEvent } from './standupChannelEvents';
import { standupChannels } from './tables';

/** standup.schedule_set keeps a space's schedule, standup.posted its last run; a deleted space forgets both. */
export const standupChannelProjection: Projection = {
  name: 'standupChannels',
  tables: [standupChannels],
  async apply(transaction, stored) {
    if (stored.type === 'project.deleted') {
      await transaction.delete(standupChannels).where(eq(standupChannels.projectId, (stored.payload as ProjectDeleted).projectId));
      return;
    }
    const event = { type: stored.type, payload: stored.payload } as StandupChannelEvent;
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
      default:
        return;
    }
  },
};
