/** What a notification says, in the interface language: who did what (per type), and the thing it is about. */
import type { TFunction } from 'i18next';
import { isNotificationType, type NotificationType } from '#shared/notifications';
import type { AppNotification } from './operations';

export function authorName(notification: Pick<AppNotification, 'author'>, t: TFunction): string {
  const name = [notification.author?.firstname, notification.author?.lastname]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return name || t('notifications.someone');
}

/** "Ada Lovelace mentioned you"; a type this client does not know yet still reads as a notification. */
export function notificationTitle(notification: Pick<AppNotification, 'author' | 'type'>, t: TFunction): string {
  const name = authorName(notification, t);
  const type: NotificationType | 'other' = isNotificationType(notification.type) ? notification.type : 'other';
  return t(`notifications.types.${type}`, { name });
}
