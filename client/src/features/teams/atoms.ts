/** The caller's teams, the current team's detail (roles, invitations) and people. Names end in Atom (STYLE). */
import { atom } from '../../lib/store';
import { currentTeamAtom } from '../auth/session';
import type { TeamDetail, TeamPerson, TeamSummary } from './operations';

/** Every team the caller belongs to; null until loaded. */
export const teamsAtom = atom<readonly TeamSummary[] | null>(null);

/** The current team with its invitations; null until an admin screen loads it. */
export const teamDetailAtom = atom<TeamDetail | null>(null);

/** The current team's people; null until loaded. */
export const teamPeopleAtom = atom<readonly TeamPerson[] | null>(null);

/** The caller's role in the current team, from the server; undefined while unknown. */
export const currentTeamRoleAtom = atom((get) => get(currentTeamAtom)?.role);

/** Team administration (settings, people, invitations, activity) is for admins (SPEC §6). */
export const isTeamAdminAtom = atom((get) => get(currentTeamRoleAtom) === 'admin');
