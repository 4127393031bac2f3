import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, Notice, Spinner, openDialog, showToast } from '../../ui';
import { currentUserAtom, displayName } from '../auth/session';
import { useDropTarget } from '../files/useDropTarget';
import { AttachmentViewerProvider, PendingUpload } from './Attachment';
import { attachFiles, attachmentsAtom, cancelAttachment, retryAttachment, uploadTargetOf } from './attachments';
import { privatsAtom } from './atoms';
import { Composer } from './Composer';
import { deleteMessage, editMessage, loadNewest, loadOlder, sendTypingSignal, toggleReaction } from './conversationActions';
import { readDraft, writeDraft } from './drafts';
import { formatNames, personName } from './format';
import { PendingMessage } from './MessageItem';
import { MessageList } from './MessageList';
import { useChatViewer } from './chatViewer';
import { useDirectSend } from './directSend';
import { conversationKey, isOwnMessage } from './messages';
import { discardMessage, outboxAtom, retryMessage, sendMessage } from './outbox';
import type { ConversationTarget, Message } from './operations';
import { HiddenHistoryNotice } from './HiddenHistoryNotice';
import { useConversation } from './useConversation';
import { TypingSignal } from './typingSignal';
import { useConversationPeople } from './useConversationPeople';
import styles from './Chat.module.css';

type Only<K extends keyof ConversationIds> = { [P in K]: string } & { [P in Exclude<keyof ConversationIds, K>]?: never };
interface ConversationIds {
  project: string;
  privat: string;
  task: string;
  meetingroom: string;
}

export type ConversationProps = (Only<'project'> | Only<'privat'> | Only<'task'> | Only<'meetingroom'>) & {
  /** The caller's unread count when the view opens, for the divider; read from the chat lists when omitted (spaces, private chats). */
  unread?: number;
  /** Placeholder of the composer, e.g. "Message #design". */
  placeholder?: string;
};

/** How many older pages a link to a message reads to find it (50 messages each) before saying it is gone. */
const linkedMessagePages = 20;

function targetOf({ project, privat, task, meetingroom }: Partial<ConversationIds>): ConversationTarget {
  if (project) return { project };
  if (privat) return { privat };
  if (task) return { task };
  return { meetingroom: meetingroom ?? '' };
}

function quoteOf(message: Message) {
  return { id: message.id, body: message.body.slice(0, 300), author: message.author, authorGuest: message.authorGuest };
}

/** Typing indicators expire on their own: re-render when the earliest one runs out. */
function useNow(nextChange: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (nextChange === undefined) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, nextChange - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [nextChange]);
  return now;
}

/**
 * One conversation (a space's channel, a private chat, a task's thread or a meeting room's chat):
 * the message list, who is typing, and the composer. Embed it with exactly one id. On the meeting room
 * page a signed-out viewer is the room's guest (chatViewer.ts): they read, write, and edit or delete
 * their own messages, and nothing here asks the server for what only members may have.
 */
export function Conversation(props: ConversationProps) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const { project, privat, task, meetingroom } = props;
  const target = useMemo(() => targetOf({ project, privat, task, meetingroom }), [project, privat, task, meetingroom]);
  const key = conversationKey(target);
  const viewer = useChatViewer(target);
  const guest = viewer.guest;
  const state = useConversation(target, props.unread, { guest });
  const user = useAtomValue(currentUserAtom);
  const me = viewer.id;
  const { candidates, nameOf } = useConversationPeople(target, t('chat.message.unknownAuthor'), { guest });
  const direct = useDirectSend(target);
  const inactive = useAtomValue(privatsAtom)?.find((privat) => 'privat' in target && privat.id === target.privat)?.inactive ?? false;
  const outbox = useAtomValue(outboxAtom);
  const attachments = useAtomValue(attachmentsAtom);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [bottomSignal, setBottomSignal] = useState(0);
  // One typing signal per conversation: its throttle must not carry over to the next one.
  const typingSignal = useMemo(() => new TypingSignal(sendTypingSignal(target)), [target]);
  // Leaving the conversation mid-sentence ends the indicator the others see.
  useEffect(() => () => typingSignal.stopped(), [typingSignal]);
  // The draft is read when the conversation opens; the composer reports every change after that.
  // Drafts are kept per user: a guest has none.
  const draftOwner = guest ? null : me;
  const initialDraft = useMemo(() => readDraft(draftOwner, key), [draftOwner, key]);

  // A link to one message (`?message=`, from a notification or a search result): older pages are read until it is
  // there (at most `linkedMessagePages`), then the list shows it; a message no longer there is said once.
  const [searchParams] = useSearchParams();
  const linkedMessage = searchParams.get('message');
  const linkedPages = useRef<{ id: string | null; pages: number }>({ id: null, pages: 0 });
  useEffect(() => {
    if (!linkedMessage || state.status !== 'ready' || state.loadingOlder) return;
    if (linkedPages.current.id !== linkedMessage) linkedPages.current = { id: linkedMessage, pages: 0 };
    if (state.messages.some((message) => message.id === linkedMessage) || linkedPages.current.pages < 0) return;
    if (state.hasOlder && linkedPages.current.pages < linkedMessagePages) {
      linkedPages.current.pages += 1;
      void loadOlder(store, target);
      return;
    }
    linkedPages.current.pages = -1;
    showToast({ message: t('chat.conversation.linkedMessageMissing'), icon: 'info' });
  }, [linkedMessage, state.status, state.loadingOlder, state.hasOlder, state.messages, store, target, t]);

  const acknowledged = useMemo(() => new Set(state.messages.map((message) => message.clientId).filter(Boolean)), [state.messages]);
  const pending = [
    ...outbox.filter((item) => item.conversation === key && item.userId === me && !acknowledged.has(item.clientId)),
    ...direct.items.filter((item) => !acknowledged.has(item.clientId)),
  ];
  const uploads = attachments.filter((item) => item.conversation === key && item.userId === me);
  // Files go to the conversation's owner (space, task or private chat); a meeting room has none, and an inactive chat takes nothing.
  const canAttach = uploadTargetOf(target) !== null && !inactive;
  const attach = (files: File[]) => {
    if (!canAttach || files.length === 0) return;
    attachFiles(store, target, files, replyTo ? quoteOf(replyTo) : null);
    setReplyTo(null);
    setBottomSignal((signal) => signal + 1);
  };
  const drop = useDropTarget(attach);

  const onReply = useCallback((message: Message) => {
    setEditing(null);
    setReplyTo(message);
  }, []);
  const onEdit = useCallback((message: Message) => {
    setReplyTo(null);
    setEditing(message);
  }, []);
  const onDelete = useCallback(
    (message: Message) => {
      void openDialog(
        {
          title: t('chat.message.deleteTitle'),
          description: t('chat.message.deleteDescription'),
          primaryLabel: t('chat.message.delete'),
          tone: 'danger',
        },
        store,
      ).then(({ confirmed }) => (confirmed ? deleteMessage(store, message) : false));
    },
    [store, t],
  );
  const react = useCallback((message: Message, emoji: string) => void toggleReaction(store, message, emoji), [store]);
  // Reactions are members': a guest is not offered them.
  const onReact = guest ? null : react;
  const onEditLast = () => {
    const last = state.messages.findLast((message) => isOwnMessage(message, me) && message.canEdit);
    if (last) onEdit(last);
  };
  const cancel = () => {
    setEditing(null);
    setReplyTo(null);
  };

  const now = useNow(
    state.typing.reduce<number | undefined>(
      (earliest, person) => (earliest === undefined ? person.until : Math.min(earliest, person.until)),
      undefined,
    ),
  );
  const typingNames = state.typing
    .filter((person) => person.until > now)
    .map((person) => personName(person.user, t('chat.message.unknownAuthor')));
  const typing =
    typingNames.length === 0
      ? ''
      : typingNames.length > 3
        ? t('chat.conversation.typingMany')
        : t('chat.conversation.typing', { count: typingNames.length, names: formatNames(typingNames, i18n.language) });

  if (state.status === 'loading') {
    return (
      <div className={styles.conversationState}>
        <Spinner size={20} label={t('chat.conversation.loading')} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className={styles.conversationState}>
        <Notice tone="error" title={t('chat.conversation.loadError')} />
        <Button onClick={() => void loadNewest(store, target)}>{t('chat.conversation.retry')}</Button>
      </div>
    );
  }

  const ownGuestName = guest ? state.messages.find((message) => isOwnMessage(message, me))?.authorGuest?.name : undefined;
  const author = {
    id: me ?? '',
    name: user ? displayName(user) : (ownGuestName ?? t('chat.message.you')),
    profileImg: user?.profileImg ?? null,
    guest,
  };
  const retryPending = (clientId: string) =>
    direct.items.some((item) => item.clientId === clientId) ? direct.retry(clientId) : void retryMessage(store, clientId);
  const discardPending = (clientId: string) =>
    direct.items.some((item) => item.clientId === clientId) ? direct.discard(clientId) : discardMessage(store, clientId);
  return (
    <section className={styles.conversation} aria-label={t('chat.conversation.label')} {...(canAttach ? drop.handlers : {})}>
      <AttachmentViewerProvider>
        {canAttach && drop.over && (
          <div className={styles.dropOverlay} role="status">
            {t('chat.attachment.drop')}
          </div>
        )}
        {state.messages.length === 0 && pending.length === 0 && uploads.length === 0 && (
          <p className={styles.emptyConversation}>{t('chat.conversation.empty')}</p>
        )}
        <MessageList
          label={t('chat.conversation.messages')}
          messages={state.messages}
          dividerId={state.dividerId}
          hasOlder={state.hasOlder}
          loadingOlder={state.loadingOlder}
          onLoadOlder={() => void loadOlder(store, target)}
          me={me}
          editingId={editing?.id ?? null}
          bottomSignal={bottomSignal}
          focusId={linkedMessage}
          beginningNotice={guest || state.status !== 'ready' ? null : <HiddenHistoryNotice target={target} />}
          onReply={onReply}
          onEdit={onEdit}
          onDelete={onDelete}
          onReact={onReact}
          nameOf={nameOf}
          pending={[
            ...pending.map((item) => (
              <PendingMessage key={item.clientId} item={item} author={author} onRetry={retryPending} onDiscard={discardPending} />
            )),
            ...uploads.map((item) => (
              <PendingUpload
                key={item.id}
                item={item}
                author={author}
                onCancel={(id) => cancelAttachment(store, id)}
                onRetry={(id) => retryAttachment(store, id)}
              />
            )),
          ]}
        />
        <p className={styles.typing} aria-live="polite">
          {typing}
        </p>
        {inactive && <Notice tone="info">{t('chat.composer.inactive')}</Notice>}
        <Composer
          key={`${me ?? ''}:${key}`}
          placeholder={props.placeholder ?? t('chat.composer.placeholder')}
          initialText={initialDraft}
          onTextChange={(body) => writeDraft(draftOwner, key, body)}
          editing={editing}
          replyTo={replyTo}
          candidates={candidates}
          mentions={!guest}
          disabled={inactive}
          onSend={(body) => {
            const quote = replyTo ? quoteOf(replyTo) : null;
            if (viewer.sessionLoaded) sendMessage(store, { target, body, replyTo: quote });
            else direct.send(body, quote);
            setReplyTo(null);
            setBottomSignal((signal) => signal + 1);
          }}
          onSaveEdit={(message, body) => void editMessage(store, message, body)}
          onCancel={cancel}
          onEditLast={onEditLast}
          onTyping={() => typingSignal.typed()}
          onStopTyping={() => typingSignal.stopped()}
          onAttach={canAttach ? attach : undefined}
        />
      </AttachmentViewerProvider>
    </section>
  );
}
