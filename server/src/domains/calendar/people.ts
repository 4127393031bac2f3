import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { TeamSeat } from '../../core/access';
import type { UnitOfWork } from '../../core/commands';
import { newId } from '../../core/ids';
import { meetingroomStream } from '../../core/streams';
import { codedError, refusal } from '../../errors';
import { users } from '../accounts';
import {
  decideCreateMeetingroom,
  findMeetingroom,
  meetingGuestLinkFrom,
  meetingLimits,
  meetingsPolicy,
  memberMayUseMeetingroom,
} from '../meetings';
import { teamMembers } from '../teams';
import { eventLimits } from './commands';
import type { EventPersonEntry } from './events';
import type { Reader } from './state';

/** A member's address and name, as an event's people list keeps them. */
export async function memberEntry(db: Reader, userId: string): Promise<{ userId: string; email: string; name: string | null } | null> {
  const user = (
    await db
      .select({ email: users.email, firstname: users.firstname, lastname: users.lastname })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
  )[0];
  if (!user) return null;
  return { userId, email: user.email.toLowerCase(), name: `${user.firstname} ${user.lastname}`.trim() || null };
}

/**
 * The new people list from the author's invited members and guests: members must be of the event's team
 * (EVENT_INVITED_NOT_MEMBER otherwise); the author is never on their own list; those already invited keep
 * their answer; absent arguments keep that part of the list as it was.
 */
export async function peopleAfter(
  db: Reader,
  teamId: string,
  authorId: string,
  current: readonly EventPersonEntry[],
  invited: readonly string[] | null | undefined,
  guests: readonly string[] | null | undefined,
): Promise<EventPersonEntry[]> {
  const byEmail = new Map(current.map((person) => [person.email, person]));
  let members = current.filter((person) => person.userId !== null);
  if (invited) {
    const wanted = invited.filter((userId) => userId !== authorId);
    const inTeam =
      wanted.length === 0
        ? new Set<string>()
        : new Set(
            (
              await db
                .select({ userId: teamMembers.userId })
                .from(teamMembers)
                .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, wanted)))
            ).map((row) => row.userId),
          );
    if (wanted.some((userId) => !inTeam.has(userId))) throw codedError('EVENT_INVITED_NOT_MEMBER', { field: 'invited' });
    const chosen: EventPersonEntry[] = [];
    for (const userId of wanted) {
      const known = current.find((person) => person.userId === userId);
      chosen.push(known ?? { ...(await memberEntry(db, userId))!, response: 'invited' as const });
    }
    members = chosen;
  }
  let guestList = current.filter((person) => person.userId === null);
  if (guests) {
    const memberEmails = new Set(members.map((person) => person.email));
    guestList = guests
      .filter((email) => !memberEmails.has(email))
      .map((email) => {
        const known = byEmail.get(email);
        return known && known.userId === null ? known : { userId: null, email, name: null, response: 'invited' as const };
      });
  }
  const people = [...members, ...guestList];
  if (people.length > eventLimits.people)
    throw codedError('EVENT_TOO_MANY_PEOPLE', { params: { maximum: eventLimits.people }, field: 'invited' });
  return people;
}

/**
 * A meeting event's room: the given one if the caller may use it, else a new ad hoc room of the team made
 * in the same unit (the team's external guests make none, as in the meetings area).
 */
export async function meetingRoomFor(
  unit: UnitOfWork,
  teamId: string,
  seat: TeamSeat,
  userId: string,
  title: string,
  meeting: string | null | undefined,
): Promise<string> {
  const db = unit.transaction;
  if (meeting) {
    const room = await findMeetingroom(db, meeting);
    if (!room || room.teamId !== teamId || !(await memberMayUseMeetingroom(db, room, userId)))
      throw refusal('NOT_FOUND', 'MEETINGROOM_NOT_FOUND', { field: 'meeting' });
    return room.id;
  }
  if (!meetingsPolicy.useAdHocRoom(seat)) throw codedError('EVENT_MEETING_GUEST_REFUSED', { field: 'type' });
  const room = { id: newId(), teamId, projectId: null };
  const name = [...title].slice(0, meetingLimits.roomName).join('');
  await unit.append(
    meetingroomStream(room.id),
    decideCreateMeetingroom(room, name, meetingGuestLinkFrom(randomBytes(32).toString('base64url'), unit.now)),
    {
      teamId,
      expectedVersion: 0,
    },
  );
  return room.id;
}
