import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { BellOff, CheckCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { useNow } from '../../lib/useNow';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, EmptyState, Notice, Spinner } from '../../ui';
import { currentTeamAtom } from '../auth/session';
import { formatDay } from '../chat/format';
import {
  loadFirstPage,
  loadNextPage,
  notificationFeedAtom,
  pinNotification,
  readAllNotifications,
  readNotification,
  unreadNotificationsAtom,
} from './atoms';
import { groupByDay, notificationFilters, type NotificationFilter } from './model';
import type { AppNotification } from './operations';
import { NotificationItem } from './NotificationItem';
import styles from './Notifications.module.css';

type Load = 'loading' | 'ready' | 'failed';

/** Moves focus among the list's items with the arrow keys, Home and End. */
function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const links = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-notification-link]')];
  if (links.length === 0) return;
  event.preventDefault();
  const current = links.findIndex((link) => link.contains(document.activeElement));
  const last = links.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowDown'
          ? Math.min(last, current + 1)
          : Math.max(0, current - 1);
  links[next]?.focus();
}

/** The panel's content: filters, mark all read, the list by day with more as it scrolls. `onClose` after opening an item. */
export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const now = useNow(30_000);
  const teamId = useAtomValue(currentTeamAtom)?.id ?? null;
  const feedState = useAtomValue(notificationFeedAtom);
  const unread = useAtomValue(unreadNotificationsAtom);
  const [filter, setFilter] = useState<NotificationFilter>(() => (feedState?.teamId === teamId ? feedState.filter : 'all'));
  const [settled, setSettled] = useState<{ key: string; load: Exclude<Load, 'loading'> } | null>(null);
  const [more, setMore] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [markingAll, setMarkingAll] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const loadKey = `${teamId ?? ''}/${filter}/${attempt}`;
  const load: Load = settled?.key === loadKey ? settled.load : 'loading';
  const feed = feedState && feedState.teamId === teamId && feedState.filter === filter ? feedState : null;
  const unreadCount = unread?.teamId === teamId ? unread.count : 0;

  useEffect(() => {
    if (!teamId) return undefined;
    let current = true;
    loadFirstPage(request, store, teamId, filter, { choosesFilter: true, wanted: () => current })
      .then(() => {
        if (current) setSettled({ key: loadKey, load: 'ready' });
      })
      .catch(() => {
        if (current) setSettled({ key: loadKey, load: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [store, teamId, filter, loadKey]);

  const loadMore = useCallback(() => {
    const shown = store.get(notificationFeedAtom);
    const last = shown?.items.at(-1);
    if (!shown || !last || !shown.hasMore || more === 'loading') return;
    setMore('loading');
    loadNextPage(request, store, shown)
      .then(() => setMore('idle'))
      .catch(() => setMore('failed'));
  }, [store, more]);

  // More loads as the end of the list comes into view; the button does it for keyboards and where nothing observes.
  const moreRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = moreRef.current;
    if (!target || typeof IntersectionObserver === 'undefined' || more !== 'idle') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadMore, more, feed?.hasMore, feed?.items.length]);

  const open = (notification: AppNotification) => {
    void readNotification(request, store, notification).catch(() => undefined);
    onClose();
  };
  const pin = (notification: AppNotification, marked: boolean) =>
    void pinNotification(request, store, notification, marked).catch(() => undefined);
  const markAll = () => {
    setMarkingAll(true);
    readAllNotifications(request, store)
      .catch(() => undefined)
      .finally(() => setMarkingAll(false));
  };

  const items = feed?.items ?? [];
  const today = new Date(now);
  return (
    <>
      <header className={styles.panelHeader}>
        <RadixDialog.Title className={styles.panelTitle}>{t('notifications.title')}</RadixDialog.Title>
        <Button
          size="sm"
          variant="ghost"
          icon={<CheckCheck size={14} aria-hidden />}
          onClick={markAll}
          loading={markingAll}
          disabled={unreadCount === 0}
        >
          {t('notifications.markAllRead')}
        </Button>
        <RadixDialog.Close className={styles.close} aria-label={t('notifications.close')}>
          <X size={16} aria-hidden />
        </RadixDialog.Close>
      </header>
      <div className={styles.filters} role="group" aria-label={t('notifications.filterLabel')}>
        {notificationFilters.map((name) => (
          <button
            key={name}
            type="button"
            className={styles.filter}
            aria-pressed={filter === name}
            onClick={() => {
              setFilter(name);
              setMore('idle');
            }}
          >
            {t(`notifications.filters.${name}`)}
          </button>
        ))}
      </div>
      <div className={styles.scroller}>
        {load === 'loading' && !feed && (
          <div className={styles.centered}>
            <Spinner label={t('notifications.loading')} />
          </div>
        )}
        {load === 'failed' && !feed && (
          <div className={styles.centered}>
            <Notice tone="error">{t('notifications.loadFailed')}</Notice>
            <Button size="sm" onClick={() => setAttempt((count) => count + 1)}>
              {t('notifications.retry')}
            </Button>
          </div>
        )}
        {feed && items.length === 0 && (
          <EmptyState
            icon={BellOff}
            title={t(`notifications.empty.${filter}.title`)}
            description={t(`notifications.empty.${filter}.description`)}
          />
        )}
        {items.length > 0 && (
          <div onKeyDown={moveFocus}>
            {groupByDay(items).map((group) => (
              <section key={group.day}>
                <h3 className={styles.day}>{formatDay(group.first, i18n.language, today)}</h3>
                <ul className={styles.list}>
                  {group.items.map((notification) => (
                    <NotificationItem key={notification.id} notification={notification} now={now} onOpen={open} onPin={pin} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        {feed?.hasMore && (
          <div className={styles.more}>
            {more === 'failed' && <Notice tone="error">{t('notifications.moreFailed')}</Notice>}
            <Button ref={moreRef} size="sm" variant="ghost" loading={more === 'loading'} onClick={loadMore}>
              {t('notifications.loadMore')}
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
