/**
 * Loading and reloading the team data the screens read, switching and creating teams, and what
 * happens when a new custom URL ends the session (SPEC §4).
 */
import { clearUserCookie } from '../../lib/cookies';
import { request } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import { navigateTo } from '../../lib/navigation';
import { appStore, type AppStore } from '../../lib/store';
import { showToast } from '../../ui';
import { getTeamDocument } from '../auth/operations';
import { currentTeamAtom, currentUserAtom } from '../auth/session';
import { spaceRequestsAtom, storeSpacesAtom } from '../spaces/atoms';
import { getProjectsDocument } from '../spaces/operations';
import { teamDetailAtom, teamPeopleAtom, teamsAtom } from './atoms';
import {
  createTeamDocument,
  getTeamDetailDocument,
  getTeamPeopleDocument,
  getTeamsDocument,
  switchTeamDocument,
  type TeamDetail,
} from './operations';

export async function loadTeams(store: AppStore = appStore): Promise<void> {
  const { getTeams } = await request(getTeamsDocument, {}, { silent: true });
  store.set(teamsAtom, getTeams);
}

/** Keeps a team detail the server returned and its name, logo, URL and role in the current team. */
export function storeTeamDetail(store: AppStore, team: TeamDetail): void {
  const current = store.get(currentTeamAtom);
  if (current && current.id !== team.id) return;
  store.set(teamDetailAtom, team);
  store.set(currentTeamAtom, { id: team.id, name: team.name, logo: team.logo, url: team.url, role: team.role });
  store.set(
    teamsAtom,
    (teams) =>
      teams?.map((known) =>
        known.id === team.id ? { ...known, name: team.name, logo: team.logo, url: team.url, role: team.role } : known,
      ) ?? teams,
  );
}

export async function loadTeamDetail(store: AppStore = appStore, options: { handledByCaller?: boolean } = {}): Promise<TeamDetail> {
  const { getTeam } = await request(getTeamDetailDocument, {}, options.handledByCaller ? { handledByCaller: true } : { silent: true });
  if (!getTeam) throw new Error('The server sent no team.');
  storeTeamDetail(store, getTeam);
  return getTeam;
}

export async function loadTeamPeople(store: AppStore = appStore): Promise<void> {
  const { getUsers } = await request(getTeamPeopleDocument, {}, { silent: true });
  store.set(teamPeopleAtom, getUsers);
}

export async function loadSpaces(store: AppStore = appStore): Promise<void> {
  const { getProjects } = await request(getProjectsDocument, {}, { silent: true });
  store.set(storeSpacesAtom, getProjects ?? [], { replaceList: true });
}

/** The current team changed (switched here or elsewhere, created, left): every team-scoped atom is reloaded. */
export async function reloadTeamData(store: AppStore = appStore): Promise<void> {
  store.set(teamDetailAtom, null);
  store.set(teamPeopleAtom, null);
  store.set(spaceRequestsAtom, new Map());
  const { getTeam } = await request(getTeamDocument, {}, { silent: true });
  store.set(currentTeamAtom, getTeam);
  await Promise.all([loadSpaces(store), loadTeams(store)]);
}

/** The caller's own role may have changed: the team and the spaces' abilities are read again. */
export async function refreshOwnAccess(store: AppStore = appStore): Promise<void> {
  const { getTeam } = await request(getTeamDocument, {}, { silent: true });
  store.set(currentTeamAtom, getTeam);
  await loadSpaces(store);
}

/** switchTeam, then every team-scoped screen starts again from the new team's overview. */
export async function switchToTeam(teamId: string, store: AppStore = appStore): Promise<void> {
  const { switchTeam } = await request(switchTeamDocument, { team: teamId });
  await reloadTeamData(store);
  navigateTo('/overview');
  showToast({ message: i18n.t('teams.switcher.switched', { name: switchTeam.name }), icon: 'success' });
}

/** setTeam makes the new team the current one: the data follows, and the user lands on its overview. */
export async function createTeam(name: string, logo: string | null, store: AppStore = appStore) {
  const { setTeam } = await request(createTeamDocument, { name, ...(logo ? { logo } : {}) }, { handledByCaller: true });
  await reloadTeamData(store);
  navigateTo('/overview');
  return setTeam;
}

/** After a custom URL change the server ended the session (SPEC §4): forget it here, explain, and go to sign-in. */
export function endSessionAfterUrlChange(store: AppStore = appStore): void {
  clearUserCookie();
  store.set(currentUserAtom, null);
  store.set(currentTeamAtom, null);
  store.set(teamDetailAtom, null);
  store.set(teamPeopleAtom, null);
  navigateTo('/signin');
  showToast({
    title: i18n.t('teams.settings.urlChangedTitle'),
    message: i18n.t('teams.settings.urlChangedSignIn'),
    icon: 'info',
    persistent: true,
  });
}
