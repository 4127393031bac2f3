import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMessage } from './chatFactories';
import { startTestServer, type GraphqlResponse, type TestServer } from './harness';
import { createTask, editTask, sectionsOf } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { sql } from 'drizzle-orm';
import { appRun } from '../support/appRows';

interface Line {
  kind: string;
  task: string;
  idCode: string;
  name: string;
  link: string;
}
interface Day {
  date: string;
  spaces: { project: string; name: string; lines: Line[] }[];
}
interface Member {
  user: { id: string; firstname: string };
  days: Day[];
  overdue: { task: string; name: string; deadline: string; link: string }[];
}
interface Standup {
  date: string;
  team: string;
  members: Member[];
}
interface Count {
  user: { id: string };
  project: string;
  projectName: string;
  created: number;
  finished: number;
  moved: number;
  comments: number;
}

const standupDocument = `query ($date: String!, $project: ID, $team: ID, $timeZone: String) {
  getReports(date: $date, project: $project, team: $team, timeZone: $timeZone) {
    date team
    members { user { id firstname } days { date spaces { project name lines { kind task idCode name link } } } overdue { task name deadline link } }
  }
}`;

const reportDocument = `query ($projects: [ID!], $startdate: String!, $enddate: String!, $team: ID) {
  getReport(projects: $projects, startdate: $startdate, enddate: $enddate, team: $team) {
    startdate enddate teamTasks { user { id } project projectName created finished moved comments }
  }
}`;

const standupOf = (someone: Person, variables: Record<string, unknown>): Promise<GraphqlResponse<{ getReports: Standup }>> =>
  someone.client.execute(standupDocument, variables);
const reportOf = (someone: Person, variables: Record<string, unknown>): Promise<GraphqlResponse<{ getReport: { teamTasks: Count[] } }>> =>
  someone.client.execute(reportDocument, variables);
const codeOf = (result: GraphqlResponse<unknown>) => (result.errors?.[0]?.extensions as { code?: string } | undefined)?.code;
const messageOf = (result: GraphqlResponse<unknown>) => result.errors?.[0]?.message;
const member = (standup: Standup, person: Person) => standup.members.find((entry) => entry.user.id === person.id)!;
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

let server: TestServer;
let owner: Person;
let milo: Person;
let outsider: Person;
let harbour: string;
let vault: string;
let today: string;
const tasks: Record<string, { id: string; idCode: string }> = {};

beforeAll(async () => {
  server = await startTestServer();
  owner = await person(server, 'Olga');
  milo = await joinTeam(owner, await person(server, 'Milo'));
  outsider = await person(server, 'Otto');
  harbour = await createSpace(owner, 'Harbour');
  vault = await createSpace(owner, 'Vault', 'private');
  expectData(
    await owner.client.execute(
      'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "basic") { id } }',
      { user: milo.id, project: harbour },
    ),
  );
  const [toDo, inProgress, done] = await sectionsOf(owner, harbour);
  const [, , vaultDone] = await sectionsOf(owner, vault);
  // The seeded day: Milo's work in Harbour, Olga's in Harbour and in the private Vault.
  tasks.pier = await createTask(milo, harbour, 'Fix the pier', { state: toDo!.id });
  today = new Date().toISOString().slice(0, 10);
  await editTask(milo, tasks.pier.id, { state: inProgress!.id });
  await editTask(milo, tasks.pier.id, { name: 'Fix the old pier' });
  await postMessage(milo, { task: tasks.pier.id, body: 'Two planks are missing' });
  tasks.hull = await createTask(milo, harbour, 'Paint the hull');
  await editTask(milo, tasks.hull.id, { state: done!.id });
  tasks.chore = await createTask(owner, harbour, 'Old chore', { users: [milo.id], deadline: '2020-01-01' });
  tasks.finishedLate = await createTask(owner, harbour, 'Finished late', { users: [milo.id], deadline: '2020-01-02' });
  await editTask(owner, tasks.finishedLate.id, { state: done!.id });
  tasks.secret = await createTask(owner, vault, 'Secret plan');
  await editTask(owner, tasks.secret.id, { state: vaultDone!.id });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('getReports (standup)', () => {
  it('lists what each member did on the chosen day, by space, line by line', async () => {
    const standup = expectData(await standupOf(milo, { date: today })).getReports;
    expect(standup.date).toBe(today);
    expect(standup.team).toBe(owner.teamId);
    expect(standup.members.map((entry) => entry.user.firstname)).toEqual(['Milo', 'Olga']);
    const milosDays = member(standup, milo).days;
    expect(milosDays.map((day) => day.date)).toEqual([new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10), today]);
    expect(milosDays[0]!.spaces).toEqual([]);
    expect(milosDays[1]!.spaces.map((space) => space.name)).toEqual(['Harbour']);
    expect(milosDays[1]!.spaces[0]!.lines.map((line) => [line.kind, line.name])).toEqual([
      ['finished', 'Paint the hull'],
      ['moved', 'Fix the old pier'],
      ['created', 'Fix the old pier'],
      ['created', 'Paint the hull'],
      ['commented', 'Fix the old pier'],
      ['edited', 'Fix the old pier'],
    ]);
    const line = milosDays[1]!.spaces[0]!.lines[1]!;
    expect(line).toMatchObject({ task: tasks.pier!.id, idCode: tasks.pier!.idCode, link: `/${harbour}/tasks/d/${tasks.pier!.id}` });
  });

  it('never shows a space the viewer cannot read, which its members see', async () => {
    const seenByMilo = member(expectData(await standupOf(milo, { date: today })).getReports, owner).days[1]!;
    expect(seenByMilo.spaces.map((space) => space.name)).toEqual(['Harbour']);
    expect(seenByMilo.spaces[0]!.lines.map((line) => [line.kind, line.name])).toEqual([
      ['finished', 'Finished late'],
      ['created', 'Old chore'],
      ['created', 'Finished late'],
    ]);
    const seenByOwner = member(expectData(await standupOf(owner, { date: today })).getReports, owner).days[1]!;
    expect(seenByOwner.spaces.map((space) => space.name)).toEqual(['Harbour', 'Vault']);
    expect(seenByOwner.spaces[1]!.lines.map((line) => [line.kind, line.name])).toEqual([
      ['finished', 'Secret plan'],
      ['created', 'Secret plan'],
    ]);
    const vaultAsked = await standupOf(milo, { date: today, project: vault });
    expect(codeOf(vaultAsked)).toBe('NOT_FOUND');
    expect(JSON.stringify(vaultAsked.data ?? null)).not.toContain('Secret plan');
  });

  it('lists overdue tasks that are not done, and shows the day as the day before of the next one', async () => {
    const standup = expectData(await standupOf(milo, { date: today })).getReports;
    expect(member(standup, milo).overdue.map((task) => [task.name, task.deadline])).toEqual([['Old chore', '2020-01-01']]);
    expect(member(standup, owner).overdue).toEqual([]);
    const tomorrow = expectData(await standupOf(milo, { date: nextDay(today) })).getReports;
    expect(member(tomorrow, milo).days[0]!.spaces[0]!.lines).toHaveLength(6);
    expect(member(tomorrow, milo).days[1]!.spaces).toEqual([]);
  });

  it('a space’s standup lists its members and only its lines', async () => {
    const standup = expectData(await standupOf(owner, { date: today, project: vault })).getReports;
    expect(standup.members.map((entry) => entry.user.firstname)).toEqual(['Olga']);
    expect(standup.members[0]!.days[1]!.spaces.map((space) => space.name)).toEqual(['Vault']);
  });

  it('refuses a team one is not in, another team’s space, and bad dates, with clear errors', async () => {
    const otherTeam = await standupOf(outsider, { date: today, team: owner.teamId });
    expect(codeOf(otherTeam)).toBe('NOT_FOUND');
    expect(messageOf(otherTeam)).toBe('This team does not exist or you are not a member of it.');
    expect(codeOf(await standupOf(outsider, { date: today, project: harbour }))).toBe('NOT_FOUND');
    const badDate = await standupOf(milo, { date: '2026-02-30' });
    expect(codeOf(badDate)).toBe('REPORT_DATE_INVALID');
    expect(codeOf(await standupOf(milo, { date: today, timeZone: 'Mars/Olympus' }))).toBe('REPORT_TIME_ZONE_INVALID');
    const outsidersOwn = expectData(await standupOf(outsider, { date: today })).getReports;
    expect(outsidersOwn.members.map((entry) => entry.user.id)).toEqual([outsider.id]);
    expect(outsidersOwn.members[0]!.days.every((day) => day.spaces.length === 0)).toBe(true);
  });
});

describe('getReport (team reports)', () => {
  const window = () => ({
    startdate: new Date(Date.now() - 86_400_000).toISOString(),
    enddate: new Date(Date.now() + 60_000).toISOString(),
  });

  it('counts created, finished, moved and comments per member and space', async () => {
    const rows = expectData(await reportOf(milo, window())).getReport.teamTasks;
    expect(
      rows.map((row) => [row.user.id === milo.id ? 'Milo' : 'Olga', row.projectName, row.created, row.finished, row.moved, row.comments]),
    ).toEqual([
      ['Milo', 'Harbour', 2, 1, 1, 1],
      ['Olga', 'Harbour', 2, 1, 0, 0],
    ]);
    const ownersRows = expectData(await reportOf(owner, window())).getReport.teamTasks;
    expect(ownersRows.map((row) => row.projectName)).toEqual(['Harbour', 'Harbour', 'Vault']);
    const onlyVault = expectData(await reportOf(owner, { ...window(), projects: [vault] })).getReport.teamTasks;
    expect(onlyVault.map((row) => [row.projectName, row.created, row.finished])).toEqual([['Vault', 1, 1]]);
  });

  it('counts nothing outside its range', async () => {
    const rows = expectData(await reportOf(milo, { startdate: '2020-01-01', enddate: '2020-06-01' })).getReport.teamTasks;
    expect(rows).toEqual([]);
  });

  it('refuses an end before the start, a space one cannot read and another team', async () => {
    const reversed = await reportOf(milo, { startdate: '2026-03-02', enddate: '2026-03-01' });
    expect(codeOf(reversed)).toBe('REPORT_DATES_REVERSED');
    expect(messageOf(reversed)).toBe('The end of a report is before its start.');
    expect(codeOf(await reportOf(milo, { ...window(), projects: [vault] }))).toBe('NOT_FOUND');
    expect(codeOf(await reportOf(outsider, { ...window(), team: owner.teamId }))).toBe('NOT_FOUND');
    expect(codeOf(await reportOf(milo, { startdate: '2020-01-01', enddate: '2026-01-01' }))).toBe('REPORT_RANGE_TOO_LONG');
    expect(codeOf(await reportOf(milo, { startdate: 'yesterday', enddate: '2026-01-01' }))).toBe('REPORT_DATE_INVALID');
  });
});

describe('project analytics (getReport.analytics)', () => {
  const analyticsDocument = `query ($projects: [ID!], $startdate: String!, $enddate: String!) {
    getReport(projects: $projects, startdate: $startdate, enddate: $enddate) {
      analytics { weeks { week created finished medianCycleHours } load { user { id } open overdue } }
    }
  }`;
  interface Analytics {
    weeks: { week: string; created: number; finished: number; medianCycleHours: number | null }[];
    load: { user: { id: string }; open: number; overdue: number }[];
  }
  const analyticsOf = (someone: Person, variables: Record<string, unknown> = {}) =>
    someone.client.execute<{ getReport: { analytics: Analytics } }>(analyticsDocument, {
      startdate: new Date(Date.now() - 14 * 86_400_000).toISOString(),
      enddate: new Date(Date.now() + 60_000).toISOString(),
      ...variables,
    });
  const setPlan = (plan: string) => appRun(server.app, sql`UPDATE teams SET plan = ${plan} WHERE id = ${owner.teamId}`);

  it('is refused, with the plan named, to a team that is not on the business plan', async () => {
    await setPlan('unlimited');
    const refused = await analyticsOf(milo);
    expect(codeOf(refused)).toBe('PERMISSION_DENIED');
    expect(messageOf(refused)).toBe('Project analytics are part of the business plan. Upgrade the team to see them.');
  });

  it('gives a business team weekly throughput, created against closed, cycle time and open load', async () => {
    await setPlan('business');
    try {
      const { weeks, load } = expectData(await analyticsOf(milo)).getReport.analytics;
      expect(weeks.length).toBeGreaterThanOrEqual(3);
      const thisWeek = weeks.at(-1)!;
      expect([thisWeek.created, thisWeek.finished]).toEqual([4, 2]);
      expect(thisWeek.medianCycleHours).toBeGreaterThanOrEqual(0);
      expect(thisWeek.medianCycleHours).toBeLessThan(1);
      expect(weeks.slice(0, -1).every((week) => week.created === 0 && week.finished === 0 && week.medianCycleHours === null)).toBe(true);
      expect(load.map((row) => [row.user.id === milo.id ? 'Milo' : 'Olga', row.open, row.overdue])).toEqual([
        ['Milo', 1, 1],
        ['Olga', 0, 0],
      ]);
      const ownersWeek = expectData(await analyticsOf(owner)).getReport.analytics.weeks.at(-1)!;
      expect([ownersWeek.created, ownersWeek.finished]).toEqual([5, 3]);
      const vaultOnly = expectData(await analyticsOf(owner, { projects: [vault] })).getReport.analytics.weeks.at(-1)!;
      expect([vaultOnly.created, vaultOnly.finished]).toEqual([1, 1]);
    } finally {
      await setPlan('free');
    }
  });
});
