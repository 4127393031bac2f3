import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../ui';
import type { ChatListItem } from './chatLists';
import { formatListTime } from './format';
import { PresenceAvatar } from './PresenceAvatar';
import styles from './Chat.module.css';

export interface ChatListProps {
  items: readonly ChatListItem[];
  selectedId?: string;
  label: string;
  onNavigate?: () => void;
}

/** Conversations as links to /chats/:id, with the last message, its time and the unread count. */
export function ChatList({ items, selectedId, label, onNavigate }: ChatListProps) {
  const { t, i18n } = useTranslation();
  return (
    <ul className={styles.chatList} aria-label={label}>
      {items.map((item) => {
        const current = item.id === selectedId;
        return (
          <li key={`${item.kind}-${item.id}`}>
            <Link to={`/chats/${item.id}`} className={clsx(styles.chatItem, current && styles.chatItemActive, item.unread > 0 && styles.chatItemUnread)} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
              {item.personId ? (
                <PresenceAvatar userId={item.personId} name={item.title} src={item.image} size={32} />
              ) : (
                <span className={styles.chatLogo} style={item.color ? { backgroundColor: item.color } : undefined}>
                  <Avatar name={item.title} src={item.image} colorKey={item.id} size={32} shape="square" />
                </span>
              )}
              <span className={styles.chatText}>
                <span className={styles.chatTitleRow}>
                  <span className={styles.chatTitle}>{item.title}</span>
                  {item.time && <time className={styles.chatTime} dateTime={item.time}>{formatListTime(item.time, i18n.language)}</time>}
                </span>
                <span className={styles.chatPreview}>{item.inactive ? t('chat.list.inactive') : (item.preview ?? t('chat.list.noMessages'))}</span>
              </span>
              {item.unread > 0 && <span className={styles.badge} aria-label={t('chat.list.unread', { count: item.unread })}>{item.unread > 99 ? '99+' : item.unread}</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
