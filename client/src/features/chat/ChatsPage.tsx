import { useState } from 'react';
import { ArrowLeft, MessagesSquare, Plus, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAtomValue } from '../../lib/store';
import { Avatar, Button, EmptyState, Notice, Spinner } from '../../ui';
import { currentUserAtom } from '../auth/session';
import { spaceIdsAtom, spacesAtom } from '../spaces/atoms';
import { privatsAtom } from './atoms';
import { ChatSettingsDialog } from './ChatSettingsDialog';
import { privatItem } from './chatLists';
import { ChatTabs } from './ChatTabs';
import { Conversation } from './Conversation';
import { NewChatDialog } from './NewChatDialog';
import { PresenceAvatar } from './PresenceAvatar';
import styles from './Chat.module.css';

/** /chats/:chatid? — the chat lists on the left; on the right the chosen private chat or space channel. */
export default function ChatsPage() {
  const { t } = useTranslation();
  const { chatid } = useParams();
  const [newChatOpen, setNewChatOpen] = useState(false);
  // Opened on a space's channel, the list starts on the spaces tab, where that channel is (chosen again
  // once the spaces have loaded).
  const spaceIds = useAtomValue(spaceIdsAtom);

  return (
    <div className={styles.chatsPage} data-open={chatid ? 'conversation' : 'lists'}>
      <aside className={styles.chatsSide} aria-label={t('chat.page.lists')}>
        <div className={styles.chatsHeader}>
          <h2 className={styles.chatsTitle}>{t('areas.chats.title')}</h2>
          <Button size="sm" variant="primary" icon={<Plus size={14} />} onClick={() => setNewChatOpen(true)}>{t('chat.newChat.open')}</Button>
        </div>
        <ChatTabs key={spaceIds === null ? 'loading' : 'ready'} tabs={['private', 'recent', 'spaces']} selectedId={chatid} initial={chatid && spaceIds?.includes(chatid) ? 'spaces' : undefined} />
      </aside>
      <div className={styles.chatsMain}>
        {chatid ? <ChatPane id={chatid} /> : <EmptyState icon={MessagesSquare} title={t('chat.page.pickTitle')} description={t('chat.page.pickDescription')} />}
      </div>
      <NewChatDialog open={newChatOpen} onOpenChange={setNewChatOpen} />
    </div>
  );
}

/** The chosen conversation: a private chat when the id is one, else a space's channel. */
function ChatPane({ id }: { id: string }) {
  const { t } = useTranslation();
  const me = useAtomValue(currentUserAtom)?.id ?? null;
  const privats = useAtomValue(privatsAtom);
  const space = useAtomValue(spacesAtom).get(id);
  const spacesLoaded = useAtomValue(spaceIdsAtom) !== null;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const privat = privats?.find((known) => known.id === id);

  if (privat) {
    const item = privatItem(privat, me, { you: t('chat.message.you'), unnamedGroup: t('chat.list.unnamed') });
    return (
      <>
        <header className={styles.paneHeader}>
          <Link to="/chats" className={styles.paneBack} aria-label={t('chat.page.back')}><ArrowLeft size={18} aria-hidden /></Link>
          {item.personId ? <PresenceAvatar userId={item.personId} name={item.title} src={item.image} /> : <Avatar name={item.title} src={item.image} colorKey={item.id} shape="square" />}
          <h2 className={styles.paneTitle}>{item.title}</h2>
          {privat.name && <span className={styles.paneMeta}>{t('chat.list.members', { count: privat.users.length })}</span>}
          {privat.name && <Button size="sm" variant="ghost" iconOnly icon={<Settings size={16} />} aria-label={t('chat.settings.open')} onClick={() => setSettingsOpen(true)} />}
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
          <Link to="/chats" className={styles.paneBack} aria-label={t('chat.page.back')}><ArrowLeft size={18} aria-hidden /></Link>
          <Avatar name={space.name} src={space.logo} colorKey={space.id} shape="square" />
          <h2 className={styles.paneTitle}>{space.name}</h2>
          <Link className={styles.paneMeta} to={`/${space.id}`}>{t('chat.page.openSpace')}</Link>
        </header>
        <Conversation key={space.id} project={space.id} placeholder={t('chat.composer.placeholderTo', { name: space.name })} />
      </>
    );
  }
  if (privats === null || !spacesLoaded) return <div className={styles.conversationState}><Spinner size={20} label={t('chat.list.loading')} /></div>;
  return (
    <div className={styles.conversationState}>
      <Notice tone="info" title={t('chat.page.notFound')} />
      <Link to="/chats">{t('chat.page.back')}</Link>
    </div>
  );
}
