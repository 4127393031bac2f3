/**
 * Keeps the caller's teams live (SPEC §7 subTeam): renames, members joining or leaving, role
 * changes and invitations refresh what is on screen; being taken out of the current team, or
 * switching team in another tab, reloads the team-scoped data. After a reconnection the
 * subscription catches up from the last change it saw (the changes missed arrive one after the
 * other, and share their reads); what is on screen is read again only when it could not.
 */
import { useEffect } from 'react';
import { i18n } from '../../lib/i18n';
import { navigateTo } from '../../lib/navigation';
import { teamRoleOf } from '../../lib/roles';
import { subscribe } from '../../lib/subscriptions';
import { useAtomValue, useStore, type AppStore } from '../../lib/store';
import { showToast } from '../../ui';
import { currentTeamAtom, currentUserAtom } from '../auth/session';
import { loadStorageStats, storageStatsAtom } from '../files/stats';
import { coalesceReloads } from '../../lib/coalescedReload';
import { teamDetailAtom, teamPeopleAtom, teamsAtom } from './atoms';
import { subTeamDocument } from './operations';
import { loadTeamDetail, loadTeamPeople, loadTeams, refreshOwnAccess, reloadTeamData } from './teamData';

const ignore = () => undefined;

/** Reads again whatever the screens already hold for the current team. */
function refreshLoaded(store: AppStore): Promise<unknown> {
  return Promise.all([
    store.get(teamDetailAtom) ? loadTeamDetail(store).catch(ignore) : undefined,
    store.get(teamPeopleAtom) ? loadTeamPeople(store).catch(ignore) : undefined,
    store.get(teamsAtom) ? loadTeams(store).catch(ignore) : undefined,
  ]);
}

export function useTeamLive(): void {
  const store = useStore();
  const userId = useAtomValue(currentUserAtom)?.id;

  useEffect(() => {
    if (!userId) return undefined;
    // One read for a run of changes (a catch-up replays them back to back), and for a gap.
    const refresh = coalesceReloads(() => refreshLoaded(store));
    const refreshTeams = coalesceReloads(() => loadTeams(store).catch(ignore));
    const unsubscribe = subscribe(
      subTeamDocument,
      { user: userId },
      ({ subTeam: change }) => {
        const current = store.get(currentTeamAtom);
        const aboutMe = change.userId === userId;
        if (change.type === 'user.default_team_changed') {
          if (change.teamId && change.teamId !== current?.id) {
            void reloadTeamData(store).catch(ignore);
            if (window.location.pathname.split('/')[1] !== 'overview') navigateTo('/overview');
          }
          return;
        }
        if (change.type === 'team.member_removed' && aboutMe) {
          refreshTeams.request();
          if (change.teamId === current?.id)
            showToast({ message: i18n.t('teams.live.removed', { name: current.name ?? '' }), icon: 'info' });
          return;
        }
        if (change.teamId === current?.id && aboutMe && change.type === 'team.member_role_changed') {
          void refreshOwnAccess(store).catch(ignore);
          if (change.team?.role)
            showToast({
              message: i18n.t('teams.live.roleChanged', { role: i18n.t(`teams.roles.${teamRoleOf(change.team.role)}`) }),
              icon: 'info',
            });
        }
        // A new plan brings a new storage quota: a storage bar on screen shows it at once.
        if (change.type === 'team.plan_changed' && change.teamId === current?.id && store.get(storageStatsAtom))
          void loadStorageStats(store);
        if (change.teamId === current?.id) refresh.request();
        else refreshTeams.request();
      },
      undefined,
      refresh.request,
    );
    return () => {
      unsubscribe();
      refresh.cancel();
      refreshTeams.cancel();
    };
  }, [userId, store]);
}
