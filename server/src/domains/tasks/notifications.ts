import type { NotificationType } from '#shared/notifications';
import type { NotificationEvent, TaskFieldName } from './events';
import { notificationStream } from '../../core/streams';

/** Changes that only reorder a list: nobody is told about a card being dragged within its column. */
const orderingFields: ReadonlySet<TaskFieldName> = new Set(['positionSection', 'positionDuedate', 'positionAsignee']);

export type TaskHappening =
  { kind: 'created' } | { kind: 'updated'; changedFields: readonly TaskFieldName[] } | { kind: 'moved' } | { kind: 'deleted' };

export interface NotificationInput {
  happening: TaskHappening;
  task: { id: string; projectId: string; teamId: string; idCode: string; name: string };
  actorId: string;
  /** Who followed the task before this change. */
  followerIds: readonly string[];
  /** People assigned by this change. */
  newAssigneeIds: readonly string[];
  /** Whether someone may still see the task's space: nobody hears about a space they left. */
  canSee: (userId: string) => boolean;
  newId: () => string;
}

function followerNotice(happening: TaskHappening): NotificationType | null {
  switch (happening.kind) {
    case 'created':
      return null;
    case 'moved':
      return 'TASK_MOVE';
    case 'deleted':
      return 'TASK_REMOVED';
    case 'updated':
      if (happening.changedFields.includes('stateId')) return 'TASK_STATE';
      return happening.changedFields.some((field) => !orderingFields.has(field)) ? 'TASK_UPDATED' : null;
  }
}

/** The stream of one person's notifications; every area that notifies appends there. */

/**
 * Notifications a task change triggers, one per recipient and never to the person who made it:
 * people just assigned get INVITATION_TASK; the other followers get TASK_STATE (section changed),
 * TASK_UPDATED (any other field except ordering), TASK_MOVE (another space) or TASK_REMOVED.
 * Returned by recipient, each for the stream `notifications:<userId>`.
 */
export function decideTaskNotifications(input: NotificationInput): Map<string, NotificationEvent[]> {
  const decided = new Map<string, NotificationEvent[]>();
  const notify = (userId: string, type: NotificationType) => {
    if (userId === input.actorId || decided.has(userId) || !input.canSee(userId)) return;
    const { task } = input;
    decided.set(userId, [
      {
        type: 'notification.created',
        payload: {
          notificationId: input.newId(),
          userId,
          type,
          teamId: task.teamId,
          projectId: task.projectId,
          taskId: task.id,
          authorId: input.actorId,
          description: `${task.idCode} ${task.name}`,
        },
      },
    ]);
  };
  if (input.happening.kind !== 'deleted') for (const userId of input.newAssigneeIds) notify(userId, 'INVITATION_TASK');
  const notice = followerNotice(input.happening);
  if (notice) for (const userId of input.followerIds) notify(userId, notice);
  return decided;
}

export { notificationStream };
