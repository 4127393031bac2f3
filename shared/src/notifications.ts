import { isOneOf } from './guards';

/** SPEC §3 notification types, spelled as SPEC spells them (they are stored and sent as is). */
export const notificationTypes = [
  'INVITATION_PROJECT',
  'INVITATION_TASK',
  'INVITATION_INQUIRY',
  'NEW_FILE',
  'TASK_UPDATED',
  'NEW_STORY',
  'CONSULT_CREATED',
  'ANSWER_CREATED',
  'USEFUL_CREATED',
  'OFFER_CREATED',
  'OFFER_UPDATED',
  'DEAL_UPDATE',
  'TASK_STATE',
  'TASK_MOVE',
  'TASK_REMOVED',
  'PROMOTION',
  'INVITATION_MEETINGROOM',
  'INVITATION_PVIDEOCALL',
  'INVITATION_TVIDEOCALL',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export function isNotificationType(value: unknown): value is NotificationType {
  return isOneOf(notificationTypes, value);
}

/** SPEC §3 and §9: a PROMOTION notification grants this much credit, in pounds sterling (gbp). */
export const promotionCreditPounds = 100;
