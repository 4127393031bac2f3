import type { NotificationType } from '#shared/notifications';
import type { DomainEvent } from '../../core/events';

/**
 * A notification one person received (stream `notifications:<userId>`). Every area that notifies appends
 * it in the same unit of work as its cause; the references it does not carry are absent (null).
 */
export interface NotificationCreated {
  notificationId: string;
  userId: string;
  type: NotificationType;
  teamId: string;
  description: string;
  authorId: string | null;
  projectId?: string | null;
  taskId?: string | null;
  meetingroomId?: string | null;
  fileId?: string | null;
  docId?: string | null;
  eventId?: string | null;
  messageId?: string | null;
  privatId?: string | null;
}

/** Notifications a person read: only the ids that were unread. */
export interface NotificationRead {
  userId: string;
  teamId: string;
  notificationIds: string[];
}

/** A notification pinned (marked) or unpinned by its person. */
export interface NotificationMarked {
  userId: string;
  teamId: string;
  notificationId: string;
  marked: boolean;
}

/** Events of the stream `notifications:<userId>`; `type` strings are stored in the log forever, never renamed. */
export type NotificationEvent =
  | DomainEvent<'notification.created', NotificationCreated>
  | DomainEvent<'notification.read', NotificationRead>
  | DomainEvent<'notification.marked', NotificationMarked>;

export const notificationEventTypes: ReadonlySet<string> = new Set(['notification.created', 'notification.read', 'notification.marked']);
