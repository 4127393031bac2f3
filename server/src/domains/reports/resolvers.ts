import { DomainError, refusal } from '../../errors';
import { requireReadableSpaceContent, type Reader } from '../../core/spaceContent';
import { requireActor } from '../../graphql/context';
import type { QueryResolvers, TeamReportResolvers } from '../../graphql/schemaTypes';
import { requireCurrentTeam, requireTeamMember } from '../teams';
import { parseStandupArguments, parseTeamReportArguments, type StandupArguments, type TeamReportArguments } from './input';
import { reportPolicy } from './policies';
import { reportMembers } from './scope';
import { buildAnalytics } from './analytics';
import { buildStandup } from './standup';
import { buildTeamReport } from './teamReport';

/**
 * The team a report is about: the one named, else the space's, else the caller's current team. A team the
 * caller is not in is TEAM_NOT_FOUND; a space they may not read (or of another team) SPACE_NOT_FOUND.
 */
async function reportTeam(db: Reader, userId: string, team: string | null, projects: readonly string[]) {
  const spaces = [];
  for (const projectId of projects) spaces.push(await requireReadableSpaceContent(db, projectId, userId));
  const teamId = team ?? spaces[0]?.teamId ?? null;
  const membership = teamId === null ? await requireCurrentTeam(db, userId) : await requireTeamMember(db, teamId, userId);
  if (spaces.some((space) => space.teamId !== membership.team.id)) throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND');
  if (spaces.length === 0 ? !reportPolicy.readTeamWide(membership.seat) : !reportPolicy.readSpace(membership.seat))
    throw new DomainError('PERMISSION_DENIED');
  return membership;
}

export const reportsQueries = {
  /** SPEC getReports(project, date): the standup of the chosen day and the day before. */
  getReports: async (_root, args: StandupArguments, context) => {
    const actor = requireActor(context);
    const input = parseStandupArguments(args);
    const { db } = context.services.database;
    const { team } = await reportTeam(db, actor.userId, input.team, input.project === null ? [] : [input.project]);
    const members = await reportMembers(db, team.id, input.project);
    const standup = await buildStandup(db, { teamId: team.id, viewerId: actor.userId, project: input.project, members }, input);
    return {
      date: input.days[1]!.date,
      timeZone: input.timeZone,
      team: team.id,
      project: input.project,
      members: standup.map(({ days, overdue, ...user }) => ({ user, days, overdue })),
    };
  },
  /** SPEC getReport(projects, startdate, enddate) -> teamTasks. */
  getReport: async (_root, args: TeamReportArguments, context) => {
    const actor = requireActor(context);
    const input = parseTeamReportArguments(args);
    const { db } = context.services.database;
    const { team } = await reportTeam(db, actor.userId, input.team, input.projects ?? []);
    const members = await reportMembers(db, team.id, null);
    const projects = input.projects === null ? null : new Set(input.projects);
    return {
      team: team.id,
      projects: input.projects,
      startdate: input.from,
      enddate: input.until,
      teamTasks: await buildTeamReport(db, { teamId: team.id, viewerId: actor.userId, projects, members }, input),
    };
  },
} satisfies QueryResolvers;

export const teamReportFields = {
  /** SPEC §6: project analytics require a business plan, judged by the one plan rule (shared planAllows). */
  analytics: async (parent, _args: Record<string, never>, context) => {
    const actor = requireActor(context);
    const { db } = context.services.database;
    const { startdate, enddate } = parent;
    // getReport, the only producer of a TeamReport, always sets its team and range.
    if (parent.team === undefined || startdate === undefined || enddate === undefined) throw new Error('A team report without its range.');
    const projects = parent.projects ?? [];
    const { team } = await reportTeam(db, actor.userId, parent.team, projects);
    if (!reportPolicy.readAnalytics(team.plan)) throw refusal('PERMISSION_DENIED', 'ANALYTICS_PLAN_REQUIRED');
    const members = await reportMembers(db, team.id, null);
    const scope = { teamId: team.id, viewerId: actor.userId, projects: projects.length === 0 ? null : new Set(projects), members };
    return await buildAnalytics(db, scope, { from: startdate, until: enddate }, new Date());
  },
} satisfies TeamReportResolvers;
