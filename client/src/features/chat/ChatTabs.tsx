import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CalendarClock, MessagesSquare, Shapes, SquareCheckBig, Users } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { useListLabels } from './useListLabels';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, EmptyState, Notice, Spinner } from '../../ui';
import { currentUserAtom } from '../auth/session';
import { spaceIdsAtom, spaceListAtom, spacesAtom } from '../spaces/atoms';
import { privatsAtom, taskChatsAtom } from './atoms';
import { ChatList } from './ChatList';
import { loadTaskChats, privatItem, recentItems, spaceItem, taskItem } from './chatLists';
import styles from './Chat.module.css';

export type ChatTab = 'private' | 'recent' | 'spaces' | 'tasks' | 'invitations';

/** Which lists the chats page is still trying to read after a failure, and the way to try at once. */
export interface ListsLoad {
  failed: { privats: boolean; spaces: boolean; taskChats: boolean };
  retry: () => void;
}

export interface ChatTabsProps {
  tabs: readonly ChatTab[];
  lists: ListsLoad;
  selectedId?: string;
  /** The tab of the open conversation: shown first, or once it is known, unless the person picked a tab. */
  initial?: ChatTab | undefined;
  onNavigate?: () => void;
}

/** The chat lists under tabs (private, recent, spaces, task threads, invitations), following the ARIA tabs pattern. */
/** A list could not be read (it keeps being retried): says so, with Try again. */
export function ListsFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice tone="error" title={t('chat.list.failed')}>
      <Button size="sm" onClick={onRetry}>
        {t('chat.conversation.retry')}
      </Button>
    </Notice>
  );
}

export function ChatTabs({ tabs, selectedId, initial, onNavigate, lists }: ChatTabsProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ChatTab>(initial ?? tabs[0] ?? 'private');
  const refs = useRef(new Map<ChatTab, HTMLButtonElement>());
  // The tab of the open conversation is known once the lists have loaded; a tab the person chose stays.
  const chosen = useRef(false);
  const choose = (next: ChatTab) => {
    chosen.current = true;
    setTab(next);
  };
  useEffect(() => {
    if (initial && !chosen.current) setTab(initial);
  }, [initial]);
  const me = useAtomValue(currentUserAtom)?.id ?? null;
  const store = useStore();
  const privats = useAtomValue(privatsAtom);
  const spaces = useAtomValue(spaceListAtom);
  const spacesLoaded = useAtomValue(spaceIdsAtom) !== null;
  const spacesById = useAtomValue(spacesAtom);
  const taskChats = useAtomValue(taskChatsAtom);
  const labels = useListLabels();
  const privateItems = (privats ?? []).map((privat) => privatItem(privat, me, labels));
  const spaceItems = spaces.map((space) => spaceItem(space, me, labels));
  const taskItems = (taskChats ?? []).map((task) => taskItem(task, spacesById.get(task.project), me, labels));

  // No feed announces a new task thread: the list is read again each time its tab (or Recent) is shown.
  // (Until the first read got through, the page's loader is on it.)
  useEffect(() => {
    if ((tab === 'tasks' || tab === 'recent') && store.get(taskChatsAtom) !== null) void loadTaskChats(store).catch(() => undefined);
  }, [tab, store]);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length] ?? tab;
    choose(next);
    refs.current.get(next)?.focus();
  };

  const panel = () => {
    if (tab === 'invitations')
      return <EmptyState icon={CalendarClock} title={t('chat.tabs.invitationsTitle')} description={t('chat.tabs.invitationsEmpty')} />;
    // Each tab waits for the lists it shows: private chats, spaces, task threads, or all three for Recent.
    const waiting = [
      { missing: privats === null && (tab === 'private' || tab === 'recent'), failed: lists.failed.privats },
      { missing: !spacesLoaded && (tab === 'spaces' || tab === 'recent'), failed: lists.failed.spaces },
      { missing: taskChats === null && (tab === 'tasks' || tab === 'recent'), failed: lists.failed.taskChats },
    ].filter((list) => list.missing);
    if (waiting.some((list) => list.failed)) return <ListsFailed onRetry={lists.retry} />;
    if (waiting.length > 0) return <Spinner size={18} label={t('chat.list.loading')} />;
    const items =
      tab === 'private'
        ? privateItems
        : tab === 'spaces'
          ? spaceItems
          : tab === 'tasks'
            ? taskItems
            : recentItems([...privateItems, ...spaceItems, ...taskItems]);
    if (items.length === 0) {
      const icon = tab === 'private' ? Users : tab === 'spaces' ? Shapes : tab === 'tasks' ? SquareCheckBig : MessagesSquare;
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
            onClick={() => choose(key)}
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
