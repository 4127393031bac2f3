import { useRef, useState, type KeyboardEvent } from 'react';
import { CalendarClock, MessagesSquare, Shapes, Users } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../lib/store';
import { EmptyState, Spinner } from '../../ui';
import { currentUserAtom } from '../auth/session';
import { spaceListAtom } from '../spaces/atoms';
import { privatsAtom } from './atoms';
import { ChatList } from './ChatList';
import { privatItem, recentItems, spaceItem } from './chatLists';
import styles from './Chat.module.css';

export type ChatTab = 'private' | 'recent' | 'spaces' | 'invitations';

export interface ChatTabsProps {
  tabs: readonly ChatTab[];
  selectedId?: string;
  initial?: ChatTab;
  onNavigate?: () => void;
}

/** The chat lists under tabs (private, recent, spaces, invitations), following the ARIA tabs pattern. */
export function ChatTabs({ tabs, selectedId, initial, onNavigate }: ChatTabsProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ChatTab>(initial ?? tabs[0] ?? 'private');
  const refs = useRef(new Map<ChatTab, HTMLButtonElement>());
  const me = useAtomValue(currentUserAtom)?.id ?? null;
  const privats = useAtomValue(privatsAtom);
  const spaces = useAtomValue(spaceListAtom);
  const labels = { you: t('chat.message.you'), unnamedGroup: t('chat.list.unnamed') };
  const privateItems = (privats ?? []).map((privat) => privatItem(privat, me, labels));
  const spaceItems = spaces.map((space) => spaceItem(space, me, labels));

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length] ?? tab;
    setTab(next);
    refs.current.get(next)?.focus();
  };

  const panel = () => {
    if (tab === 'invitations') return <EmptyState icon={CalendarClock} title={t('chat.tabs.invitationsTitle')} description={t('chat.tabs.invitationsEmpty')} />;
    if (privats === null && tab !== 'spaces') return <Spinner size={18} label={t('chat.list.loading')} />;
    const items = tab === 'private' ? privateItems : tab === 'spaces' ? spaceItems : recentItems([...privateItems, ...spaceItems]);
    if (items.length === 0) {
      const icon = tab === 'private' ? Users : tab === 'spaces' ? Shapes : MessagesSquare;
      return <EmptyState icon={icon} title={t(`chat.tabs.${tab}Title`)} description={t(`chat.tabs.${tab}Empty`)} />;
    }
    return <ChatList items={items} selectedId={selectedId} label={t(`chat.tabs.${tab}`)} onNavigate={onNavigate} />;
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={t('chat.tabs.label')} className={styles.tabList} onKeyDown={onKeyDown}>
        {tabs.map((key) => (
          <button
            key={key}
            ref={(element) => {
              if (element) refs.current.set(key, element);
            }}
            type="button"
            role="tab"
            id={`chat-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="chat-tab-panel"
            tabIndex={tab === key ? 0 : -1}
            className={clsx(styles.tab, tab === key && styles.tabActive)}
            onClick={() => setTab(key)}
          >
            {t(`chat.tabs.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="chat-tab-panel" aria-labelledby={`chat-tab-${tab}`} className={styles.tabPanel}>
        {panel()}
      </div>
    </div>
  );
}
