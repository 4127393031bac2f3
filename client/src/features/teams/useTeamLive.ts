/**
 * Keeps the caller's teams live (SPEC §7 subTeam): renames, members joining or leaving, role
 * changes and invitations refresh what is on screen; being taken out of the current team, or
 * switching team in another tab, reloads the team-scoped data.
 */
import { useEffect } from 'react';
import { i18n } from '../../lib/i18n';
import { navigateTo } from '../../lib/navigation';
import { teamRoleOf } from '../../lib/roles';
import { subscribe, useOnReconnect } from '../../lib/subscriptions';
import { useAtomValue, useStore, type AppStore } from '../../lib/store';
import { showToast } from '../../ui';
import { currentTeamAtom, currentUserAtom } from '../auth/session';
import { teamDetailAtom, teamPeopleAtom, teamsAtom } from './atoms';
import { subTeamDocument } from './operations';
import { loadTeamDetail, loadTeamPeople, loadTeams, refreshOwnAccess, reloadTeamData } from './teamData';

const ignore = () => undefined;

/** Reads again whatever the screens already hold for the current team. */
function refreshLoaded(store: AppStore): void {
  if (store.get(teamDetailAtom)) void loadTeamDetail(store).catch(ignore);
  if (store.get(teamPeopleAtom)) void loadTeamPeople(store).catch(ignore);
  if (store.get(teamsAtom)) void loadTeams(store).catch(ignore);
}

export function useTeamLive(): void {
  const store = useStore();
  const userId = useAtomValue(currentUserAtom)?.id;

  useEffect(() => {
    if (!userId) return undefined;
    return subscribe(subTeamDocument, { user: userId }, ({ subTeam: change }) => {
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
        void loadTeams(store).catch(ignore);
        if (change.teamId === current?.id) showToast({ message: i18n.t('teams.live.removed', { name: current.name ?? '' }), icon: 'info' });
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
      if (change.teamId === current?.id) refreshLoaded(store);
      else void loadTeams(store).catch(ignore);
    });
  }, [userId, store]);

  useOnReconnect(() => refreshLoaded(store));
}
