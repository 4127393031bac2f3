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
import { spaceRequestsAtom, spacesAtom, storeSpacesAtom, type SpaceSummary } from '../spaces/atoms';
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

/**
 * Per store, the versions of spaces its list reads stored. A space whose version changed while a read was on its way, to
 * one no read stored, was heard meanwhile (a live change, an answer).
 */
const storedByReadsOf = new WeakMap<AppStore, WeakSet<SpaceSummary>>();

function storedByReadsIn(store: AppStore): WeakSet<SpaceSummary> {
  let stored = storedByReadsOf.get(store);
  if (!stored) storedByReadsOf.set(store, (stored = new WeakSet()));
  return stored;
}

/** The fields of `current` that differ from `previous`: what was heard of a known space. */
function changedFields(previous: SpaceSummary, current: SpaceSummary): Partial<SpaceSummary> {
  return Object.fromEntries(
    Object.entries(current).filter(([field, value]) => previous[field as keyof SpaceSummary] !== value),
  ) as Partial<SpaceSummary>;
}

/**
 * Reads the spaces list again and replaces it, keeping what was heard while the read was on its way, which the read
 * may predate: a space that became known meanwhile stays, a field changed meanwhile keeps its heard value, and a space
 * that left the lists meanwhile (the caller lost sight of it) stays out. Deleted spaces are left out by storeSpacesAtom.
 */
export async function loadSpaces(store: AppStore = appStore): Promise<void> {
  const before = store.get(spacesAtom);
  const { getProjects } = await request(getProjectsDocument, {}, { silent: true });
  const now = store.get(spacesAtom);
  const storedByReads = storedByReadsIn(store);
  const heardMeanwhile = (space: SpaceSummary) => before.get(space.id) !== space && !storedByReads.has(space);
  const read = (getProjects ?? [])
    .filter((space) => !before.has(space.id) || now.has(space.id))
    .map((space) => {
      const known = now.get(space.id);
      if (!known || !heardMeanwhile(known)) return space;
      const previous = before.get(space.id);
      return previous ? { ...space, ...changedFields(previous, known) } : known;
    });
  const readIds = new Set(read.map((space) => space.id));
  const becameKnown = [...now.values()].filter((space) => !readIds.has(space.id) && !before.has(space.id) && heardMeanwhile(space));
  store.set(storeSpacesAtom, [...read, ...becameKnown], { replaceList: true });
  for (const space of store.get(spacesAtom).values()) storedByReads.add(space);
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
