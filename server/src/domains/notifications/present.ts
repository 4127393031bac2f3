import { peopleById } from '../chat';
import type { NotificationRow } from './state';

/** Notifications as the API gives them, authors read in one query; an author whose account is gone is null. */
export async function presentNotifications(db: Parameters<typeof peopleById>[0], rows: readonly NotificationRow[]) {
  const people = await peopleById(
    db,
    rows.flatMap((row) => (row.authorId ? [row.authorId] : [])),
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

export type PresentedNotification = Awaited<ReturnType<typeof presentNotifications>>[number];
