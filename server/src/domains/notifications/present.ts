import { inArray } from 'drizzle-orm';
import { users } from '../accounts';
import type { NotificationRow, Reader } from './state';

interface Person {
  id: string;
  firstname: string;
  lastname: string;
  profileImg: string | null;
}

function peopleById(db: Reader, ids: readonly (string | null)[]): Map<string, Person> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null && id !== ''))];
  if (unique.length === 0) return new Map();
  const rows = db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg })
    .from(users)
    .where(inArray(users.id, unique))
    .all();
  return new Map(rows.map((person) => [person.id, person]));
}

/** Notifications as the API gives them, authors read in one query; an author whose account is gone is null. */
export function presentNotifications(db: Reader, rows: readonly NotificationRow[]) {
  const people = peopleById(
    db,
    rows.map((row) => row.authorId),
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    description: row.description,
    read: row.read,
    marked: row.marked,
    author: row.authorId ? (people.get(row.authorId) ?? null) : null,
    project: row.projectId,
    task: row.taskId,
    meetingroom: row.meetingroomId,
    file: row.fileId,
    doc: row.docId,
    event: row.eventId,
    message: row.messageId,
    privat: row.privatId,
    createdAt: row.createdAt,
  }));
}

export type PresentedNotification = ReturnType<typeof presentNotifications>[number];
