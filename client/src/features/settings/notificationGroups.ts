/**
 * The notification types this product produces, grouped as the preferences screens show them (the e-mail digest's
 * sections follow the same groups: server/src/domains/notifications/digestContent.ts). SPEC types whose cause does
 * not exist here (consults, offers, deals) have no switch.
 */
import {
  defaultDigestFrequency,
  digestSettingName,
  isDigestFrequency,
  isNotificationType,
  notificationSettingName,
  type DigestFrequency,
  type NotificationChannel,
  type NotificationType,
} from '#shared/notifications';

export const notificationGroups = [
  { key: 'tasks', types: ['INVITATION_TASK', 'TASK_UPDATED', 'TASK_STATE', 'TASK_MOVE', 'TASK_REMOVED'] },
  { key: 'mentions', types: ['MESSAGE_MENTION'] },
  { key: 'spaces', types: ['INVITATION_PROJECT', 'INVITATION_INQUIRY'] },
  { key: 'filesStories', types: ['NEW_FILE', 'NEW_STORY', 'ANSWER_CREATED', 'USEFUL_CREATED'] },
  { key: 'meetingsCalls', types: ['INVITATION_MEETINGROOM', 'INVITATION_PVIDEOCALL', 'INVITATION_TVIDEOCALL'] },
  { key: 'calendar', types: ['INVITATION_EVENT'] },
  { key: 'other', types: ['PROMOTION'] },
] as const satisfies readonly { key: string; types: readonly string[] }[];

/** A type some group lists, that shared/notifications knows. */
export type ListedType = (typeof notificationGroups)[number]['types'][number] & NotificationType;

/** A group's types that shared/notifications knows (a group whose types are not produced yet shows none). */
export function typesOf(group: (typeof notificationGroups)[number]): ListedType[] {
  return (group.types as readonly string[]).filter((type): type is ListedType => isNotificationType(type));
}

export type NotificationGroupKey = (typeof notificationGroups)[number]['key'];

/** What a settings screen knows of one setting. */
export interface SettingValue {
  type: string | null;
  active: boolean;
}
export type SettingsByName = ReadonlyMap<string, SettingValue> | null;

/** A channel of a type: the person's own choice, else the team's default, else on (as the server decides). */
export function channelOn(own: SettingsByName, team: SettingsByName, channel: NotificationChannel, type: NotificationType): boolean {
  const name = notificationSettingName(channel, type);
  return own?.get(name)?.active ?? team?.get(name)?.active ?? true;
}

function frequencyOf(setting: SettingValue | undefined): DigestFrequency | undefined {
  if (!setting || !isDigestFrequency(setting.type)) return undefined;
  return setting.active ? setting.type : 'never';
}

/** The digest's frequency: the person's own, else the team's default, else daily. */
export function digestFrequency(own: SettingsByName, team: SettingsByName): DigestFrequency {
  return frequencyOf(own?.get(digestSettingName)) ?? frequencyOf(team?.get(digestSettingName)) ?? defaultDigestFrequency;
}
