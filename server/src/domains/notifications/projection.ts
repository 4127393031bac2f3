import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Projection, StoredEvent } from '../../core/events';
import type { Transaction } from '../../db/connection';
import { preparedQuery } from '../../db/prepared';
import { notificationEventTypes, type NotificationEvent } from './events';
import { notifications } from './tables';

/** Built once per connection: a message mentioning many writes one row per person in one unit of work. */
type InsertedColumn =
  | 'id'
  | 'userId'
  | 'teamId'
  | 'type'
  | 'description'
  | 'authorId'
  | 'projectId'
  | 'taskId'
  | 'meetingroomId'
  | 'fileId'
  | 'docId'
  | 'eventId'
  | 'messageId'
  | 'privatId'
  | 'createdAt'
  | 'seq';
type InsertedRow = Record<InsertedColumn, string | number | null>;
const placeholder = (column: InsertedColumn) => sql.placeholder(column);
// read and marked take their defaults (false), as the 0015 migration's rows do.
const insertNotification = preparedQuery((transaction: Transaction) =>
  transaction
    .insert(notifications)
    .values({
      id: placeholder('id'),
      userId: placeholder('userId'),
      teamId: placeholder('teamId'),
      type: placeholder('type'),
      description: placeholder('description'),
      authorId: placeholder('authorId'),
      projectId: placeholder('projectId'),
      taskId: placeholder('taskId'),
      meetingroomId: placeholder('meetingroomId'),
      fileId: placeholder('fileId'),
      docId: placeholder('docId'),
      eventId: placeholder('eventId'),
      messageId: placeholder('messageId'),
      privatId: placeholder('privatId'),
      createdAt: placeholder('createdAt'),
      seq: placeholder('seq'),
    })
    .onConflictDoNothing()
    .prepare(),
);

/** Ids per statement when a mark-all-read names many: well under both databases' bound-parameter limits. */
const idsPerStatement = 500;

/**
 * How notification events become rows: one row per `notification.created` (its `seq` the event's log
 * position, the list's order and cursor), `read` and `marked` flags changed by the person's own events.
 * The same values the 0015 migration wrote for the events that came before the table.
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  tables: [notifications],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (!notificationEventTypes.has(stored.type)) return undefined;
    return projectNotification(transaction, stored);
  },
};

async function projectNotification(transaction: Transaction, stored: StoredEvent): Promise<void> {
  const event = { type: stored.type, payload: stored.payload } as NotificationEvent;
  switch (event.type) {
    case 'notification.created': {
      const notice = event.payload;
      const row: InsertedRow = {
        id: notice.notificationId,
        userId: notice.userId,
        teamId: notice.teamId,
        type: notice.type,
        description: notice.description,
        authorId: notice.authorId ?? null,
        projectId: notice.projectId ?? null,
        taskId: notice.taskId ?? null,
        meetingroomId: notice.meetingroomId ?? null,
        fileId: notice.fileId ?? null,
        docId: notice.docId ?? null,
        eventId: notice.eventId ?? null,
        messageId: notice.messageId ?? null,
        privatId: notice.privatId ?? null,
        createdAt: stored.createdAt,
        seq: stored.seq,
      };
      await insertNotification(transaction).execute(row);
      return;
    }
    case 'notification.read': {
      const { userId, notificationIds } = event.payload;
      for (let start = 0; start < notificationIds.length; start += idsPerStatement) {
        const ids = notificationIds.slice(start, start + idsPerStatement);
        await transaction
          .update(notifications)
          .set({ read: true })
          .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
      }
      return;
    }
    case 'notification.marked': {
      const { userId, notificationId, marked } = event.payload;
      await transaction
        .update(notifications)
        .set({ marked })
        .where(and(eq(notifications.userId, userId), eq(notifications.id, notificationId)));
      return;
    }
  }
}
