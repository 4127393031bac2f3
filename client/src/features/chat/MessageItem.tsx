import { memo, type ReactNode } from 'react';
import { Check, CircleAlert, Clock, Ellipsis, Pencil, Reply, SmilePlus, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Avatar, Button, Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui';
import type { OutboxItem } from './atoms';
import { MessageAttachment } from './Attachment';
import { CallEntry } from './CallEntry';
import { EmojiPicker } from './EmojiPicker';
import { formatDateTime, formatTime, personName } from './format';
import { markdownToText, renderMarkdown } from './markdown';
import { isOwnMessage } from './messages';
import type { Message, MessageQuote } from './operations';
import { PresenceAvatar } from './PresenceAvatar';
import { Reactions } from './Reactions';
import { StandupEntry } from './StandupEntry';
import styles from './Chat.module.css';
import guestStyles from './GuestAuthor.module.css';

export function ReplyQuote({ quote }: { quote: MessageQuote }) {
  const { t } = useTranslation();
  return (
    <blockquote className={styles.replyQuote}>
      <span className={styles.replyAuthor}>{authorNameOf(quote, t('chat.message.unknownAuthor'))}</span>
      <span className={styles.replyBody}>{quote.body === null ? t('chat.message.deleted') : markdownToText(quote.body)}</span>
    </blockquote>
  );
}

/** A message's or a quote's author as shown: a member's name, or the name a meeting room's guest gave. */
export function authorNameOf(message: Pick<Message, 'author' | 'authorGuest'>, unknown: string): string {
  return message.authorGuest ? message.authorGuest.name : personName(message.author, unknown);
}

/** A meeting room's guest: their initials on a colour of their id (no photo, no presence: they have no account). */
function GuestAvatar({ id, name }: { id: string; name: string }) {
  return (
    <span className={styles.presenceAvatar}>
      <Avatar name={name} src={null} colorKey={id} size={32} />
    </span>
  );
}

/** The "Guest" mark beside a meeting room guest's name. */
export function GuestBadge() {
  const { t } = useTranslation();
  return <span className={guestStyles.badge}>{t('chat.message.guest')}</span>;
}

export interface MessageActions {
  onReply: (message: Message) => void;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
  /** Null for a viewer who may not react (a meeting room's guest): reactions are then not offered. */
  onReact: ((message: Message, emoji: string) => void) | null;
  nameOf: (id: string) => string;
}

export interface MessageItemProps extends MessageActions {
  message: Message;
  grouped: boolean;
  me: string | null;
  editing: boolean;
  /** The message a link pointed at: marked for a moment. */
  focused?: boolean;
}

/** One message: author header (unless it continues a group), quote, body, "edited", reactions, and its actions on hover or focus. */
export const MessageItem = memo(function MessageItem({
  message,
  grouped,
  me,
  editing,
  focused = false,
  onReply,
  onEdit,
  onDelete,
  onReact,
  nameOf,
}: MessageItemProps) {
  const { t, i18n } = useTranslation();
  const name = authorNameOf(message, t('chat.message.unknownAuthor'));
  const guest = message.authorGuest;
  const own = isOwnMessage(message, me);
  const time = formatTime(message.createdAt, i18n.language);
  const full = formatDateTime(message.createdAt, i18n.language);
  if (message.type === 'call') return <CallEntry message={message} me={me} nameOf={nameOf} />;
  if (message.type === 'standup') return <StandupEntry message={message} />;
  if (message.type === 'system') {
    return (
      <p className={styles.system} data-row={message.id}>
        {markdownToText(message.body)}
      </p>
    );
  }
  return (
    <article
      className={clsx(styles.message, grouped && styles.grouped, editing && styles.editing, focused && styles.focused)}
      data-row={message.id}
      aria-label={t('chat.message.label', { name, time })}
    >
      <div className={styles.gutter}>
        {grouped ? (
          <time className={styles.gutterTime} dateTime={message.createdAt} title={full}>
            {time}
          </time>
        ) : guest ? (
          <GuestAvatar id={guest.id} name={name} />
        ) : (
          <PresenceAvatar userId={message.author?.id ?? message.id} name={name} src={message.author?.profileImg ?? null} />
        )}
      </div>
      <div className={styles.content}>
        {!grouped && (
          <header className={styles.messageHeader}>
            <span className={styles.author}>
              {name}
              {guest && <GuestBadge />}
            </span>
            <time dateTime={message.createdAt} title={full} className={styles.time}>
              {time}
            </time>
          </header>
        )}
        {message.replyTo && <ReplyQuote quote={message.replyTo} />}
        {(message.body !== '' || message.editedAt) && (
          <div className={styles.body}>
            {renderMarkdown(message.body, { me })}
            {message.editedAt && (
              <span className={styles.edited} title={formatDateTime(message.editedAt, i18n.language)}>
                {t('chat.message.edited')}
              </span>
            )}
          </div>
        )}
        {(message.type === 'file' || message.file) && <MessageAttachment file={message.file} />}
        {onReact && <Reactions reactions={message.reactions} me={me} nameOf={nameOf} onToggle={(emoji) => onReact(message, emoji)} />}
      </div>
      {own && <Check className={styles.sent} size={14} role="img" aria-label={t('chat.message.sent')} />}
      <div className={styles.actions} role="toolbar" aria-label={t('chat.message.actions')}>
        {onReact && (
          <EmojiPicker label={t('chat.message.react')} onPick={(emoji) => onReact(message, emoji)}>
            <Button size="sm" variant="ghost" iconOnly icon={<SmilePlus size={14} />} aria-label={t('chat.message.react')} />
          </EmojiPicker>
        )}
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          icon={<Reply size={14} />}
          aria-label={t('chat.message.reply')}
          onClick={() => onReply(message)}
        />
        {(message.canEdit || message.canDelete) && (
          <Menu modal={false}>
            <MenuTrigger asChild>
              <Button size="sm" variant="ghost" iconOnly icon={<Ellipsis size={14} />} aria-label={t('chat.message.more')} />
            </MenuTrigger>
            <MenuContent align="end">
              {message.canEdit && (
                <MenuItem icon={<Pencil size={14} />} onSelect={() => onEdit(message)}>
                  {t('chat.message.edit')}
                </MenuItem>
              )}
              {message.canDelete && (
                <MenuItem icon={<Trash2 size={14} />} tone="danger" onSelect={() => onDelete(message)}>
                  {t('chat.message.delete')}
                </MenuItem>
              )}
            </MenuContent>
          </Menu>
        )}
      </div>
    </article>
  );
});

export interface PendingMessageProps {
  item: Pick<OutboxItem, 'clientId' | 'body' | 'replyTo' | 'file' | 'state' | 'error'>;
  /** `guest`: the viewer is a meeting room's guest, shown as their messages will be. */
  author: { id: string; name: string; profileImg: string | null; guest?: boolean };
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}

/** A message the server has not acknowledged: a clock while queued or sending, or "not sent" with retry and discard. */
export function PendingMessage({ item, author, onRetry, onDiscard }: PendingMessageProps) {
  const { t } = useTranslation();
  const failed = item.state === 'failed';
  let status: ReactNode;
  if (failed) {
    status = (
      <span className={styles.failed} role="alert">
        <CircleAlert size={14} aria-hidden />
        {item.error ? t('chat.message.failedWithReason', { reason: item.error }) : t('chat.message.failed')}
        <Button size="sm" variant="ghost" onClick={() => onRetry(item.clientId)}>
          {t('chat.message.retry')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDiscard(item.clientId)}>
          {t('chat.message.discard')}
        </Button>
      </span>
    );
  } else {
    status = (
      <Clock
        className={styles.sent}
        size={14}
        role="img"
        aria-label={item.state === 'sending' ? t('chat.message.sending') : t('chat.message.queued')}
      />
    );
  }
  return (
    <article
      className={clsx(styles.message, styles.pending, failed && styles.failedMessage)}
      data-row={item.clientId}
      aria-label={t('chat.message.pendingLabel', { name: author.name })}
    >
      <div className={styles.gutter}>
        {author.guest ? (
          <GuestAvatar id={author.id} name={author.name} />
        ) : (
          <PresenceAvatar userId={author.id} name={author.name} src={author.profileImg} />
        )}
      </div>
      <div className={styles.content}>
        <header className={styles.messageHeader}>
          <span className={styles.author}>
            {author.name}
            {author.guest && <GuestBadge />}
          </span>
        </header>
        {item.replyTo && <ReplyQuote quote={item.replyTo} />}
        {item.body !== '' && <div className={styles.body}>{renderMarkdown(item.body, { me: author.id })}</div>}
        {item.file && <MessageAttachment file={item.file} />}
      </div>
      {status}
    </article>
  );
}
