import { Pin, PinOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRelativeTime } from '#shared/time';
import { Avatar } from '../../ui';
import { notificationPath } from './model';
import type { AppNotification } from './operations';
import { authorName, notificationTitle } from './texts';
import styles from './Notifications.module.css';

export interface NotificationItemProps {
  notification: AppNotification;
  now: number;
  onOpen: (notification: AppNotification) => void;
  onPin: (notification: AppNotification, marked: boolean) => void;
}

/** One notification: who did what, about what, how long ago; opening it goes to its place and marks it read. */
export function NotificationItem({ notification, now, onOpen, onPin }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const path = notificationPath(notification);
  const when = Date.parse(notification.createdAt);
  const body = (
    <>
      <span className={styles.avatar} aria-hidden>
        <Avatar
          name={authorName(notification, t)}
          src={notification.author?.profileImg ?? null}
          colorKey={notification.author?.id}
          size={32}
        />
      </span>
      <span className={styles.itemText}>
        <span className={styles.itemTitle}>
          {!notification.read && <span className="visually-hidden">{t('notifications.unreadLabel')} </span>}
          {notificationTitle(notification, t)}
        </span>
        {notification.description && <span className={styles.itemDescription}>{notification.description}</span>}
        <time className={styles.itemTime} dateTime={notification.createdAt} title={new Date(when).toLocaleString(i18n.language)}>
          {formatRelativeTime(when, now, i18n.language, t('notifications.justNow'))}
        </time>
      </span>
      {!notification.read && <span className={styles.unreadDot} aria-hidden />}
    </>
  );
  return (
    <li className={styles.item} data-read={notification.read || undefined}>
      {path ? (
        <Link to={path} className={styles.itemLink} data-notification-link onClick={() => onOpen(notification)}>
          {body}
        </Link>
      ) : (
        <button type="button" className={styles.itemLink} data-notification-link onClick={() => onOpen(notification)}>
          {body}
        </button>
      )}
      <button
        type="button"
        className={styles.pin}
        aria-pressed={notification.marked}
        aria-label={t('notifications.pin')}
        title={notification.marked ? t('notifications.unpin') : t('notifications.pin')}
        onClick={() => onPin(notification, !notification.marked)}
      >
        {notification.marked ? <PinOff size={15} aria-hidden /> : <Pin size={15} aria-hidden />}
      </button>
    </li>
  );
}
