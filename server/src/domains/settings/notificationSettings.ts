import {
  digestSettingName,
  isDigestFrequency,
  isNotificationType,
  notificationChannels,
  type DigestFrequency,
  type NotificationChannel,
} from '#shared/notifications';
import { isOneOf } from '#shared/guards';
import { codedError } from '../../errors';

/**
 * Notification settings are named `notifications.<channel>.<TYPE>` and `notifications.digest`: those names, and
 * any other of three parts or more under `notifications.`, are checked. A two-part name such as
 * `notifications.email` names no channel of a type; clients have used such names as switches of their own, so
 * they stay free-form like every other name.
 */
export const notificationSettingPrefix = 'notifications.';

export function isNotificationSettingName(name: string): boolean {
  return name === digestSettingName || (name.startsWith(notificationSettingPrefix) && name.split('.').length >= 3);
}

export type NotificationSetting =
  { kind: 'channel'; channel: NotificationChannel; type: NotificationChannel } | { kind: 'digest'; type: DigestFrequency };

/**
 * Checks a `notifications.…` setting the way shared/notifications names them: a channel's switch for a known
 * type (its `type` is the channel, filled in when absent), or the digest (its `type` the frequency). Anything
 * else is refused with what to send instead, so a typo never becomes a switch nothing reads.
 */
export function checkNotificationSetting(name: string, type: string | null | undefined): NotificationSetting {
  if (name === digestSettingName) {
    if (!isDigestFrequency(type)) throw codedError('NOTIFICATION_DIGEST_FREQUENCY', { field: 'type' });
    return { kind: 'digest', type };
  }
  const [prefix, channel, notificationType, ...rest] = name.split('.');
  if (
    `${prefix}.` !== notificationSettingPrefix ||
    !isOneOf(notificationChannels, channel) ||
    !isNotificationType(notificationType) ||
    rest.length > 0
  ) {
    throw codedError('NOTIFICATION_SETTING_UNKNOWN', { field: 'name' });
  }
  if (type !== null && type !== undefined && type !== channel) {
    throw codedError('NOTIFICATION_SETTING_TYPE', { params: { channel }, field: 'type' });
  }
  return { kind: 'channel', channel, type: channel };
}
