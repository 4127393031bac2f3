/**
 * The bell's live half: subNotification keeps the count and the list current, and a notification arriving while the
 * tab is hidden may show a system notification (browserNotification.ts). Mounted once, in the top bar, per team.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../lib/graphql';
import { useStore } from '../../lib/store';
import { subscribe } from '../../lib/subscriptions';
import { currentTeamAtom } from '../auth/session';
import { loadSettings, loadTeamSettings, settingsAtom, teamSettingsAtom } from '../settings/atoms';
import { loadFirstPage, notificationFeedAtom, readNotification, receiveChange } from './atoms';
import { showSystemNotification } from './browserNotification';
import { notificationPath } from './model';
import { subNotificationDocument, type AppNotification } from './operations';
import { notificationTitle } from './texts';

export function useNotificationsLive(): void {
  const store = useStore();
  const navigate = useNavigate();
  const { t } = useTranslation();

  async function tellSystem(notification: AppNotification): Promise<void> {
    const teamId = store.get(currentTeamAtom)?.id;
    const teamKnown = () => store.get(teamSettingsAtom)?.teamId === teamId;
    await Promise.all([
      store.get(settingsAtom) === null ? loadSettings(store).catch(() => undefined) : undefined,
      teamKnown() ? undefined : loadTeamSettings(store).catch(() => undefined),
    ]);
    const path = notificationPath(notification);
    showSystemNotification(
      notification,
      { title: notificationTitle(notification, t), body: notification.description },
      { own: store.get(settingsAtom), team: teamKnown() ? (store.get(teamSettingsAtom)?.settings ?? null) : null },
      () => {
        void readNotification(request, store, notification).catch(() => undefined);
        if (path) void navigate(path);
      },
    );
  }

  function reload(): void {
    const teamId = store.get(currentTeamAtom)?.id;
    if (!teamId) return;
    const filter = store.get(notificationFeedAtom)?.filter ?? 'all';
    loadFirstPage(request, store, teamId, filter, { silent: true }).catch(() => undefined);
  }

  const handlers = useRef({ tellSystem, reload });
  useEffect(() => {
    handlers.current = { tellSystem, reload };
  });
  useEffect(
    () =>
      subscribe(
        subNotificationDocument,
        {},
        ({ subNotification }) => {
          receiveChange(store, subNotification);
          const { notification } = subNotification;
          if (subNotification.type === 'notification.created' && notification && document.visibilityState === 'hidden') {
            void handlers.current.tellSystem(notification);
          }
        },
        undefined,
        () => handlers.current.reload(),
      ),
    [store],
  );
}
