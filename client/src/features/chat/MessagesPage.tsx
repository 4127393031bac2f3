import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { DashboardLocation } from '../shell/areas';
import { ChatTabs } from './ChatTabs';
import styles from './Chat.module.css';

/** The dashboard's messages area (SPEC §2): private, recent, spaces and invitations; an entry opens in /chats. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const location = useOutletContext<DashboardLocation | undefined>();
  const inSpace = location?.kind === 'area' && location.scope !== 'overview';
  return (
    <div className={styles.messagesPage}>
      <h2 className={styles.chatsTitle}>{t('areas.messages.title')}</h2>
      <ChatTabs tabs={['private', 'recent', 'spaces', 'invitations']} initial={inSpace ? 'spaces' : 'recent'} selectedId={inSpace ? location.scope : undefined} />
    </div>
  );
}
