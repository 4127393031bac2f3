import { useEffect, useState } from 'react';
import { ArrowLeft, MessagesSquare, Plus, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useListLabels } from './useListLabels';
import { Link, useParams } from 'react-router';
import { usePageTitleDetail } from '../../lib/documentTitle';
import { useAtomValue, useStore } from '../../lib/store';
import { useOnReconnect } from '../../lib/subscriptions';
import { Button, EmptyState, Notice, Spinner } from '../../ui';
import { currentTeamAtom, currentUserAtom } from '../auth/session';
import { loadSpaces } from '../teams/teamData';
import { spaceIdsAtom, spacesAtom } from '../spaces/atoms';
import { privatsAtom, taskChatsAtom } from './atoms';
import { ChatAvatar } from './ChatList';
import { ChatSettingsDialog } from './ChatSettingsDialog';
import { loadTaskChats, privatItem, spaceItem, taskItem } from './chatLists';
import { ChatTabs, ListsFailed, type ChatTab, type ListsLoad } from './ChatTabs';
import { Conversation } from './Conversation';
import { privatsFailedAtom, useKeptLoading } from './listLoading';
import { PrivateCallButton } from '../meetings/privateCall/PrivateCallButton';
import { NewChatDialog } from './NewChatDialog';
import { SpaceCallButton } from './SpaceCallButton';
import styles from './Chat.module.css';

/** The chats page's tabs: the SPEC's private, recent, spaces and invitations, and task threads. */
export const chatPageTabs: readonly ChatTab[] = ['private', 'recent', 'spaces', 'tasks', 'invitations'];

/**
 * /chats/:chatid? — the one place for conversations: the chat lists on the left; on the right the
 * chosen private chat, space channel or task thread. A space's "messages" address comes here too.
 */
export default function ChatsPage() {
  const { t } = useTranslation();
  const store = useStore();
  const { chatid } = useParams();
  const teamId = useAtomValue(currentTeamAtom)?.id;
  const [newChatOpen, setNewChatOpen] = useState(false);
  // Opened on a space's channel or a task's thread, the list starts on the tab where it is (chosen
  // again once the lists have loaded).
  const spaceIds = useAtomValue(spaceIdsAtom);
  const taskChats = useAtomValue(taskChatsAtom);
  const initial: ChatTab | undefined =
    chatid && spaceIds?.includes(chatid) ? 'spaces' : chatid && taskChats?.some((task) => task.id === chatid) ? 'tasks' : undefined;

  // What the lists need is read here until it arrives (the spaces list otherwise waits for the
  // dashboard's delayed preload); task threads, once read, are read again each time the page opens.
  const privatsFailed = useAtomValue(privatsFailedAtom);
  const spaces = useKeptLoading(() => loadSpaces(store), spaceIds === null);
  const tasks = useKeptLoading(() => loadTaskChats(store), taskChats === null);
  const lists: ListsLoad = { failed: { privats: privatsFailed, spaces: spaces.failed, taskChats: tasks.failed }, retry: spaces.retry };
  useEffect(() => {
    if (teamId && store.get(taskChatsAtom) !== null) void loadTaskChats(store).catch(() => undefined);
  }, [teamId, store]);
  useOnReconnect(() => void loadTaskChats(store).catch(() => undefined));

  return (
    <div className={styles.chatsPage} data-open={chatid ? 'conversation' : 'lists'}>
      <aside className={styles.chatsSide} aria-label={t('chat.page.lists')}>
        <div className={styles.chatsHeader}>
          <h2 className={styles.chatsTitle}>{t('areas.chats.title')}</h2>
          <Button size="sm" variant="primary" icon={<Plus size={14} />} onClick={() => setNewChatOpen(true)}>
            {t('chat.newChat.open')}
          </Button>
        </div>
        <ChatTabs tabs={chatPageTabs} selectedId={chatid} initial={initial} lists={lists} />
      </aside>
      <div className={styles.chatsMain}>
        {chatid ? (
          <ChatPane id={chatid} lists={lists} />
        ) : (
          <EmptyState icon={MessagesSquare} title={t('chat.page.pickTitle')} description={t('chat.page.pickDescription')} />
        )}
      </div>
      <NewChatDialog open={newChatOpen} onOpenChange={setNewChatOpen} />
    </div>
  );
}

/** The chosen conversation: a private chat, a space's channel or a task's thread, whichever the id is. */
function ChatPane({ id, lists }: { id: string; lists: ListsLoad }) {
  const { t } = useTranslation();
  const me = useAtomValue(currentUserAtom)?.id ?? null;
  const privats = useAtomValue(privatsAtom);
  const spaces = useAtomValue(spacesAtom);
  const space = spaces.get(id);
  const spacesLoaded = useAtomValue(spaceIdsAtom) !== null;
  const taskChats = useAtomValue(taskChatsAtom);
  const task = taskChats?.find((known) => known.id === id);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const privat = privats?.find((known) => known.id === id);
  const labels = useListLabels();
  usePageTitleDetail(privat ? privatItem(privat, me, labels).title : (space?.name ?? task?.name));

  if (privat) {
    const item = privatItem(privat, me, labels);
    return (
      <>
        <header className={styles.paneHeader}>
          <Link to="/chats" className={styles.paneBack} aria-label={t('chat.page.back')}>
            <ArrowLeft size={18} aria-hidden />
          </Link>
          <ChatAvatar item={item} size={28} />
          <h2 className={styles.paneTitle}>{item.title}</h2>
          {privat.name && <span className={styles.paneMeta}>{t('chat.list.members', { count: privat.users.length })}</span>}
          {privat.name && (
            <Button
              size="sm"
              variant="ghost"
              iconOnly
              icon={<Settings size={16} />}
              aria-label={t('chat.settings.open')}
              onClick={() => setSettingsOpen(true)}
            />
          )}
          {!privat.inactive && <PrivateCallButton privat={privat.id} />}
        </header>
        <Conversation key={privat.id} privat={privat.id} placeholder={t('chat.composer.placeholderTo', { name: item.title })} />
        {settingsOpen && <ChatSettingsDialog privat={privat} open onOpenChange={setSettingsOpen} />}
      </>
    );
  }
  if (space) {
    return (
      <>
        <header className={styles.paneHeader}>
          <Link to="/chats" className={styles.paneBack} aria-label={t('chat.page.back')}>
            <ArrowLeft size={18} aria-hidden />
          </Link>
          <ChatAvatar item={spaceItem(space, me, labels)} size={28} />
          <h2 className={styles.paneTitle}>{space.name}</h2>
          <Link className={styles.paneMeta} to={`/${space.id}`}>
            {t('chat.page.openSpace')}
          </Link>
          <SpaceCallButton space={space.id} />
        </header>
        <Conversation key={space.id} project={space.id} placeholder={t('chat.composer.placeholderTo', { name: space.name })} />
      </>
    );
  }
  if (task) {
    const item = taskItem(task, spaces.get(task.project), me, labels);
    return (
      <>
        <header className={styles.paneHeader}>
          <Link to="/chats" className={styles.paneBack} aria-label={t('chat.page.back')}>
            <ArrowLeft size={18} aria-hidden />
          </Link>
          <ChatAvatar item={item} size={28} />
          <h2 className={styles.paneTitle}>{task.name}</h2>
          <Link className={styles.paneMeta} to={`/${task.project}/tasks/d/${task.id}`}>
            {t('chat.page.openTask', { code: task.idCode })}
          </Link>
        </header>
        <Conversation
          key={task.id}
          task={task.id}
          unread={task.unread}
          placeholder={t('chat.composer.placeholderTo', { name: task.name })}
        />
      </>
    );
  }
  if (privats === null || !spacesLoaded || taskChats === null) {
    const failed =
      (privats === null && lists.failed.privats) ||
      (!spacesLoaded && lists.failed.spaces) ||
      (taskChats === null && lists.failed.taskChats);
    return (
      <div className={styles.conversationState}>
        {failed ? <ListsFailed onRetry={lists.retry} /> : <Spinner size={20} label={t('chat.list.loading')} />}
      </div>
    );
  }
  return (
    <div className={styles.conversationState}>
      <Notice tone="info" title={t('chat.page.notFound')} />
      <Link to="/chats">{t('chat.page.back')}</Link>
    </div>
  );
}
