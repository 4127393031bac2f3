import type { NotificationType } from '#shared/notifications';
import type { DigestGroup } from '../../mail/digestMail';

/**
 * The kind of each type, as the preferences screen groups them (client/src/features/settings/notificationGroups.ts
 * lists the same): the digest's sections. Types this product does not produce, and any type added later
 * without a group here, fall under "other".
 */
const groupOfType: Partial<Record<string, DigestGroup>> = {
  INVITATION_TASK: 'tasks',
  TASK_UPDATED: 'tasks',
  TASK_STATE: 'tasks',
  TASK_MOVE: 'tasks',
  TASK_REMOVED: 'tasks',
  MESSAGE_MENTION: 'mentions',
  INVITATION_PROJECT: 'spaces',
  INVITATION_INQUIRY: 'spaces',
  NEW_FILE: 'filesStories',
  NEW_STORY: 'filesStories',
  ANSWER_CREATED: 'filesStories',
  USEFUL_CREATED: 'filesStories',
  INVITATION_MEETINGROOM: 'meetingsCalls',
  INVITATION_PVIDEOCALL: 'meetingsCalls',
  INVITATION_TVIDEOCALL: 'meetingsCalls',
  INVITATION_EVENT: 'calendar',
  CONSULT_CREATED: 'other',
  OFFER_CREATED: 'other',
  OFFER_UPDATED: 'other',
  DEAL_UPDATE: 'other',
  PROMOTION: 'other',
};

export function notificationGroupOf(type: NotificationType, eventId?: string | null): DigestGroup {
  // A calendar event's notification (an invitation to it) is the calendar's, whatever SPEC type it carries.
  if (eventId && groupOfType[type] !== 'meetingsCalls') return 'calendar';
  return groupOfType[type] ?? 'other';
}

interface Place {
  projectId: string | null;
  taskId: string | null;
  meetingroomId: string | null;
  fileId: string | null;
  docId: string | null;
  eventId: string | null;
  messageId: string | null;
  privatId: string | null;
}

/**
 * Where the app opens a notification, the same rule as the client's notificationPath (SPEC §2 routes): a message
 * its conversation, a task its panel, a doc, file or event its area's detail, a room its page; else the space.
 */
export function notificationLink(publicUrl: string, place: Place): string {
  const encoded = (id: string) => encodeURIComponent(id);
  const { projectId: project, taskId: task, meetingroomId: meetingroom, fileId: file, docId: doc, eventId: event } = place;
  const { messageId: message, privatId: privat } = place;
  const path = (() => {
    if (message) {
      const conversation = privat ?? task ?? project;
      if (conversation) return `/chats/${encoded(conversation)}?message=${encoded(message)}`;
      if (meetingroom) return `/meetingroom/${encoded(meetingroom)}`;
    }
    if (task && project) return `/${encoded(project)}/tasks/d/${encoded(task)}`;
    if (doc && project) return `/${encoded(project)}/docs/d/${encoded(doc)}`;
    if (file && project) return `/${encoded(project)}/files/d/${encoded(file)}`;
    if (event) return `/${encoded(project ?? 'overview')}/calendar/d/${encoded(event)}`;
    if (meetingroom) return `/meetingroom/${encoded(meetingroom)}`;
    if (privat) return `/chats/${encoded(privat)}`;
    if (project) return `/${encoded(project)}`;
    return '/overview';
  })();
  return `${publicUrl}${path}`;
}
