import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../ui';
import { initialsSquareStyle } from '../../ui/contrast';
import { SpaceIcon } from '../spaces/SpaceIcon';
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

/**
 * A conversation's picture: the other person with their presence, a space's logo or initial on its
 * colour (as everywhere else spaces show), a task's badge, or a group chat's logo.
 */
export function ChatAvatar({ item, size = 32 }: { item: ChatListItem; size?: number }) {
  if (item.personId) return <PresenceAvatar userId={item.personId} name={item.title} src={item.image} size={size} />;
  if (item.kind === 'space')
    return <SpaceIcon space={{ id: item.id, name: item.title, logo: item.image, color: item.color }} size={size} />;
  if (item.kind === 'task') {
    return (
      <span className={styles.taskBadge} style={initialsSquareStyle(size, item.color)} aria-hidden>
        {item.letter}
      </span>
    );
  }
  return <Avatar name={item.title} src={item.image} colorKey={item.id} size={size} shape="square" />;
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
            <Link
              to={`/chats/${item.id}`}
              className={clsx(styles.chatItem, current && styles.chatItemActive, item.unread > 0 && styles.chatItemUnread)}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
            >
              <ChatAvatar item={item} />
              <span className={styles.chatText}>
                <span className={styles.chatTitleRow}>
                  <span className={styles.chatTitle}>{item.title}</span>
                  {item.time && (
                    <time className={styles.chatTime} dateTime={item.time}>
                      {formatListTime(item.time, i18n.language)}
                    </time>
                  )}
                </span>
                {item.context && <span className={styles.chatContext}>{item.context}</span>}
                <span className={styles.chatPreview}>
                  {item.inactive ? t('chat.list.inactive') : (item.preview ?? t('chat.list.noMessages'))}
                </span>
              </span>
              {item.unread > 0 && (
                <span className={styles.badge} aria-label={t('chat.list.unread', { count: item.unread })}>
                  {item.unread > 99 ? '99+' : item.unread}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
