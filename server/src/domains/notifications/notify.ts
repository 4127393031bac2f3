import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../core/commands';
import { newId } from '../../core/ids';
import { notificationStream } from '../../core/streams';
import { users } from '../accounts';
import type { NotificationCreated } from './events';
import type { Reader } from './state';

/** What every recipient of one cause is told: the notification without its id and person. */
export type Notice = Omit<NotificationCreated, 'notificationId' | 'userId'>;

/**
 * Appends one `notification.created` per recipient, in the cause's unit of work, to each person's stream:
 * never to the author, never twice to one person, never to someone `canSee` refuses (who could not open it).
 * Appending to a person's stream takes its lock (on PostgreSQL) until the cause's unit commits.
 */
export async function notify(
  unit: UnitOfWork,
  recipients: Iterable<string>,
  notice: Notice,
  canSee: (userId: string) => boolean | Promise<boolean>,
): Promise<string[]> {
  const told: string[] = [];
  for (const userId of new Set(recipients)) {
    if (userId === notice.authorId || !(await canSee(userId))) continue;
    await unit.append(
      notificationStream(userId),
      [{ type: 'notification.created', payload: { ...notice, notificationId: newId(), userId } }],
      {
        teamId: notice.teamId,
      },
    );
    told.push(userId);
  }
  return told;
}

/** "Ada Lovelace", or null for an id that is no account (a guest, a gone account). */
export async function fullNameOf(db: Reader, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [person] = await db
    .select({ firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return person ? `${person.firstname} ${person.lastname}`.trim() : null;
}

/** A notification's line: whitespace folded, cut to 140 characters (as a mention's excerpt). */
export function line(text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length > 140 ? `${plain.slice(0, 139)}…` : plain;
}
