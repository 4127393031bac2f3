import { and, eq } from 'drizzle-orm';
import type { Reaction } from '../../core/commands';
import { canSeeEvent, findEvent, type CalendarEventCreated, type CalendarEventEdited } from '../calendar';
import { line, notify } from './notify';
import type { Reader } from './state';
import { notifications } from './tables';

/** Whether the person was told of this event's invitation already (an edit re-sends the whole list). */
async function toldOf(db: Reader, userId: string, eventId: string): Promise<boolean> {
  const told = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.eventId, eventId), eq(notifications.type, 'INVITATION_EVENT')))
    .limit(1);
  return told.length > 0;
}

/**
 * INVITATION_EVENT: a member invited to a calendar event made here (a new event, or one whose list gains them),
 * once per event, with its title and, for a meeting, its room. Events pulled from a synced CalDAV calendar
 * tell nobody: their invitations were sent by the calendar they came from.
 */
export const eventInvitationNotifications: Reaction = {
  name: 'notifications: invited to a calendar event',
  on: ['calendarEvent.created', 'calendarEvent.edited'],
  async react(unit, event) {
    const change = event.payload as CalendarEventCreated | CalendarEventEdited;
    if (change.origin !== 'local' || !change.people) return;
    const db = unit.transaction;
    const row = await findEvent(db, change.eventId);
    if (!row) return;
    const invited = change.people.flatMap((person) => (person.userId && person.response === 'invited' ? [person.userId] : []));
    const untold: string[] = [];
    for (const userId of invited) if (!(await toldOf(db, userId, row.id))) untold.push(userId);
    await notify(
      unit,
      untold,
      {
        type: 'INVITATION_EVENT',
        teamId: change.teamId,
        authorId: event.actorId ?? row.authorId,
        description: line(row.title),
        eventId: row.id,
        meetingroomId: row.meetingroomId,
      },
      (userId) => canSeeEvent(db, row, userId),
    );
  },
};
