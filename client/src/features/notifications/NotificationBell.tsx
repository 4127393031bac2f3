import { useEffect, useState } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { currentTeamAtom } from '../auth/session';
import { loadFirstPage, notificationFeedAtom, unreadNotificationsAtom } from './atoms';
import { badgeText } from './model';
import { NotificationPanel } from './NotificationPanel';
import { useNotificationsLive } from './useNotificationsLive';
import styles from './Notifications.module.css';

/** The live half, keyed by team: a team switch subscribes again in the new team. */
function NotificationsLive() {
  useNotificationsLive();
  return null;
}

/**
 * The top bar's bell: the live unread count, opening the notifications panel (a popover on wide screens, a
 * full-screen sheet on phones). Escape or the close button dismiss it and focus goes back to the bell.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const store = useStore();
  const teamId = useAtomValue(currentTeamAtom)?.id ?? null;
  const unread = useAtomValue(unreadNotificationsAtom);
  const [open, setOpen] = useState(false);
  const count = unread && unread.teamId === teamId ? unread.count : 0;

  // After a team switch the count and list are the previous team's: read the new team's (start-up has the preload).
  useEffect(() => {
    const known = store.get(unreadNotificationsAtom);
    if (!teamId || !known || known.teamId === teamId) return;
    store.set(notificationFeedAtom, null);
    loadFirstPage(request, store, teamId, 'all', { silent: true }).catch(() => undefined);
  }, [store, teamId]);

  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger
        className={styles.bell}
        aria-label={count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell')}
        data-unread={count > 0 || undefined}
      >
        <Bell size={18} aria-hidden />
        {count > 0 && (
          <span className={styles.badge} aria-hidden>
            {badgeText(count)}
          </span>
        )}
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={styles.panel} aria-describedby={undefined}>
          <NotificationPanel onClose={() => setOpen(false)} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
      {teamId && <NotificationsLive key={teamId} />}
    </RadixDialog.Root>
  );
}
