import { sql } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, startOfDayInZone } from '#shared/reports';
import { parseStandupEntry, zonedMoment, type StandupEntryBody } from '#shared/standupChannel';
import { buildApp, type App } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { domains } from '../../server/src/domains';
import { postDueStandups } from '../../server/src/domains/reports/standupPosting';
import { appRows, jsonValue, replayedBesideLive } from '../support/appRows';
import { messagesOf, postMessage } from './chatFactories';
import {
  databaseEnvironment,
  startTestServer,
  subscriptionClient,
  watchSubscription,
  type GraphqlResponse,
  type TestServer,
} from './harness';
import { createTask, editTask, sectionsOf } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

interface StandupChannel {
  project: string;
  enabled: boolean;
  time: string;
  timeZone: string;
  weekdays: number[];
  language: string;
  setBy: string;
  lastPostedDate: string | null;
  canManage: boolean;
}

const channelFields = 'project enabled time timeZone weekdays language setBy lastPostedDate canManage';
const setDocument = `mutation ($project: ID!, $enabled: Boolean!, $time: String!, $timeZone: String!, $weekdays: [Int!]!) {
  setStandupChannel(project: $project, enabled: $enabled, time: $time, timeZone: $timeZone, weekdays: $weekdays) { ${channelFields} }
}`;
const getDocument = `query ($project: ID!) { getStandupChannel(project: $project) { ${channelFields} } }`;

const setChannel = (
  someone: Person,
  variables: { project: string; enabled?: boolean; time?: string; timeZone?: string; weekdays?: number[] },
): Promise<GraphqlResponse<{ setStandupChannel: StandupChannel }>> =>
  someone.client.execute(setDocument, { enabled: true, time: '09:00', timeZone: 'UTC', weekdays: [1, 2, 3, 4, 5], ...variables });
const channelOf = async (someone: Person, project: string) =>
  expectData(await someone.client.execute<{ getStandupChannel: StandupChannel | null }>(getDocument, { project })).getStandupChannel;
const codeOf = (result: GraphqlResponse<unknown>) => (result.errors?.[0]?.extensions as { code?: string } | undefined)?.code;
const fieldOf = (result: GraphqlResponse<unknown>) => (result.errors?.[0]?.extensions as { field?: string } | undefined)?.field;

/**
 * A zone whose local time is now before noon, so the real job (every minute, on the real clock) never finds today's
 * 20:00 standup due while these tests run: they drive the job with their own "now", the next local day.
 */
function morningZone(): string {
  const zones = [
    'Pacific/Pago_Pago',
    'America/Los_Angeles',
    'America/New_York',
    'UTC',
    'Europe/Madrid',
    'Asia/Kolkata',
    'Asia/Tokyo',
    'Pacific/Kiritimati',
  ];
  const zone = zones.find((candidate) => zonedMoment(new Date(), candidate).minutes < 12 * 60);
  if (!zone) throw new Error('no zone is in its morning now');
  return zone;
}

let server: TestServer;
let owner: Person;
let milo: Person;
let outsider: Person;
let harbour: string;
let quay: string;
let zone: string;
let today: string;
let tomorrow: string;
const tasks: Record<string, { id: string; idCode: string }> = {};
const sockets: Client[] = [];

/** An instant at a local time of a local date in the test's zone. */
const at = (date: string, time: string) =>
  new Date(startOfDayInZone(date, zone).getTime() + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000);
const weekdayOf = (date: string) => zonedMoment(new Date(`${date}T12:00:00Z`), 'UTC').weekday;

async function standupEntries(someone: Person, project: string): Promise<{ id: string; body: StandupEntryBody }[]> {
  const messages = await messagesOf(someone, { project });
  return messages
    .filter((message) => message.type === 'standup')
    .map((message) => ({ id: message.id, body: parseStandupEntry(message.body)! }));
}
const postedEvents = async (project: string) =>
  (
    await appRows<{ payload: unknown }>(
      server.app,
      sql`SELECT payload FROM events WHERE stream = ${`standup:${project}`} AND type = 'standup.posted' ORDER BY seq`,
    )
  ).map((row) => jsonValue<{ date: string; from: string; until: string; messageId: string | null }>(row.payload));

beforeAll(async () => {
  server = await startTestServer();
  owner = await person(server, 'Olga');
  milo = await joinTeam(owner, await person(server, 'Milo'));
  outsider = await person(server, 'Otto');
  harbour = await createSpace(owner, 'Harbour');
  quay = await createSpace(owner, 'Quay');
  for (const space of [harbour, quay])
    expectData(
      await owner.client.execute(
        'mutation ($user: ID!, $project: ID!) { setPermission(user: $user, project: $project, permission: "basic") { id } }',
        { user: milo.id, project: space },
      ),
    );
  zone = morningZone();
  today = zonedMoment(new Date(), zone).date;
  tomorrow = addCalendarDays(today, 1);
  const [toDo, inProgress, done] = await sectionsOf(owner, harbour);
  // The seeded day, in Harbour: Milo's work, a task assigned to him long overdue, and one finished late.
  tasks.pier = await createTask(milo, harbour, 'Fix the pier', { state: toDo!.id });
  await editTask(milo, tasks.pier.id, { state: inProgress!.id });
  await editTask(milo, tasks.pier.id, { name: 'Fix the old pier' });
  await postMessage(milo, { task: tasks.pier.id, body: 'Two planks are missing' });
  tasks.hull = await createTask(milo, harbour, 'Paint the hull');
  await editTask(milo, tasks.hull.id, { state: done!.id });
  tasks.chore = await createTask(owner, harbour, 'Old chore', { users: [milo.id], deadline: '2020-01-01' });
  tasks.finishedLate = await createTask(owner, harbour, 'Finished late', { users: [milo.id], deadline: '2020-01-02' });
  await editTask(owner, tasks.finishedLate.id, { state: done!.id });
  // Work in another space stays out of Harbour's channel.
  tasks.rope = await createTask(owner, quay, 'Coil the rope', { users: [milo.id], deadline: '2020-03-01' });
}, 90_000);

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server?.close();
});

describe('setStandupChannel', () => {
  it('refuses a bad time, an unknown zone and bad weekdays with their codes, and changes nothing', async () => {
    const before = (await postedEvents(harbour)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ time: '9:00' }, 'STANDUP_TIME_INVALID', 'time'],
      [{ time: '24:00' }, 'STANDUP_TIME_INVALID', 'time'],
      [{ time: '09:60' }, 'STANDUP_TIME_INVALID', 'time'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'REPORT_TIME_ZONE_INVALID', 'timeZone'],
      [{ weekdays: [] }, 'STANDUP_WEEKDAYS_INVALID', 'weekdays'],
      [{ weekdays: [0, 1] }, 'STANDUP_WEEKDAYS_INVALID', 'weekdays'],
      [{ weekdays: [8] }, 'STANDUP_WEEKDAYS_INVALID', 'weekdays'],
      [{ weekdays: [1, 1] }, 'STANDUP_WEEKDAYS_INVALID', 'weekdays'],
    ];
    for (const [variables, code, field] of cases) {
      const result = await setChannel(owner, { project: harbour, ...variables });
      expect([codeOf(result), fieldOf(result)], JSON.stringify(variables)).toEqual([code, field]);
    }
    expect(await channelOf(owner, harbour)).toBeNull();
    expect(await postedEvents(harbour)).toHaveLength(before);
  });

  it('is for those who manage the space: a basic member gets the permission message, another team does not find the space', async () => {
    const basic = await setChannel(milo, { project: harbour });
    expect(codeOf(basic)).toBe('PERMISSION_DENIED');
    expect(basic.errors?.[0]?.message).toBe("You don't have permission to manage this project. Ask the creator for permissions.");
    expect(codeOf(await setChannel(outsider, { project: harbour }))).toBe('NOT_FOUND');
    expect(codeOf(await outsider.client.execute(getDocument, { project: harbour }))).toBe('NOT_FOUND');
    expect(await channelOf(milo, harbour)).toBeNull();
  });

  it('keeps the schedule with the setter’s language, sorted weekdays, and shows members what they may do', async () => {
    expectData(await owner.client.execute('mutation ($id: ID!) { ediUserLanguage(id: $id, language: "de") { id } }', { id: owner.id }));
    const saved = expectData(
      await setChannel(owner, { project: harbour, time: '20:00', timeZone: zone, weekdays: [weekdayOf(tomorrow)] }),
    ).setStandupChannel;
    expect(saved).toEqual({
      project: harbour,
      enabled: true,
      time: '20:00',
      timeZone: zone,
      weekdays: [weekdayOf(tomorrow)],
      language: 'de',
      setBy: owner.id,
      lastPostedDate: null,
      canManage: true,
    });
    expect(await channelOf(milo, harbour)).toMatchObject({ time: '20:00', canManage: false });
    const quaySchedule = { project: quay, enabled: false, time: '20:00', timeZone: zone, weekdays: [7, 3, 1] };
    expect(expectData(await setChannel(owner, quaySchedule)).setStandupChannel.weekdays).toEqual([1, 3, 7]);
    expectData(await owner.client.execute('mutation ($id: ID!) { ediUserLanguage(id: $id, language: "en") { id } }', { id: owner.id }));
  });
});

describe('the standup job', () => {
  it('posts once at the time in the space’s zone, not before, not twice, live to the channel’s readers', async () => {
    const socket = subscriptionClient(server, { cookie: milo.client.cookieHeader() });
    sockets.push(socket);
    const live = watchSubscription<{ message: { type: string } | null }>(
      socket,
      'subscription ($project: ID) { subMessage(project: $project) { message { type } } }',
      { project: harbour },
    );
    await live.started;
    const heard = (type: string) => live.received.some((change) => change.message?.type === type);

    expect(await postDueStandups(server.app.services, at(tomorrow, '19:59'))).toBe(0);
    expect(await standupEntries(milo, harbour)).toEqual([]);
    expect(await postDueStandups(server.app.services, at(tomorrow, '20:00'))).toBe(1);
    expect(await postDueStandups(server.app.services, at(tomorrow, '20:05'))).toBe(0);
    expect(await postDueStandups(server.app.services, at(tomorrow, '23:59'))).toBe(0);
    // The day after is not a chosen weekday.
    expect(await postDueStandups(server.app.services, at(addCalendarDays(tomorrow, 1), '20:30'))).toBe(0);
    const entries = await standupEntries(milo, harbour);
    expect(entries).toHaveLength(1);
    await expect.poll(() => heard('standup')).toBe(true);
    expect(await channelOf(owner, harbour)).toMatchObject({ lastPostedDate: tomorrow });

    const entry = entries[0]!.body;
    expect(entry).toMatchObject({
      project: harbour,
      date: tomorrow,
      timeZone: zone,
      language: 'de',
      from: startOfDayInZone(today, zone).toISOString(),
      until: at(tomorrow, '20:00').toISOString(),
    });
    // Line by line for the seeded day: Harbour's work only, finished first, with the overdue tasks.
    expect(entry.members.map((member) => member.name)).toEqual(['Milo Lovelace', 'Olga Lovelace']);
    const milos = entry.members[0]!;
    expect(milos.lines.map((line) => [line.kind, line.name])).toEqual([
      ['finished', 'Paint the hull'],
      ['moved', 'Fix the old pier'],
      ['created', 'Fix the old pier'],
      ['created', 'Paint the hull'],
      ['commented', 'Fix the old pier'],
      ['edited', 'Fix the old pier'],
    ]);
    expect(milos.lines[1]).toEqual({
      kind: 'moved',
      task: tasks.pier!.id,
      idCode: tasks.pier!.idCode,
      name: 'Fix the old pier',
      link: `/${harbour}/tasks/d/${tasks.pier!.id}`,
    });
    expect(milos.overdue.map((task) => [task.name, task.deadline.slice(0, 10)])).toEqual([['Old chore', '2020-01-01']]);
    expect(entry.members[1]!.lines.map((line) => [line.kind, line.name])).toEqual([
      ['finished', 'Finished late'],
      ['created', 'Old chore'],
      ['created', 'Finished late'],
    ]);
    expect(entry.members[1]!.overdue).toEqual([]);
    expect(JSON.stringify(entry)).not.toContain('Coil the rope');
  });

  it('covers only what happened since the previous post the next time', async () => {
    expectData(await setChannel(owner, { project: harbour, time: '20:00', timeZone: zone, weekdays: [1, 2, 3, 4, 5, 6, 7] }));
    const dayAfter = addCalendarDays(tomorrow, 1);
    expect(await postDueStandups(server.app.services, at(dayAfter, '20:00'))).toBe(1);
    const latest = (await standupEntries(owner, harbour)).find((entry) => entry.body.date === dayAfter)!.body;
    expect(latest.from).toBe(at(tomorrow, '20:00').toISOString());
    // Nothing was done since; what is still overdue is said again.
    expect(latest.members.map((member) => [member.name, member.lines.length, member.overdue.map((task) => task.name)])).toEqual([
      ['Milo Lovelace', 0, ['Old chore']],
    ]);
    expectData(await setChannel(owner, { project: harbour, enabled: false, time: '20:00', timeZone: zone }));
  });

  it('posts a missed morning when back the same day, never a day that went by, and once from two apps on one database', async () => {
    expectData(await setChannel(owner, { project: quay, time: '20:00', timeZone: zone, weekdays: [1, 2, 3, 4, 5, 6, 7] }));
    // The 20:00 of the third day went by with the server down; on the fourth, just past midnight, it is not posted late.
    const missed = addCalendarDays(tomorrow, 2);
    const back = addCalendarDays(missed, 1);
    expect(await postDueStandups(server.app.services, at(back, '00:30'))).toBe(0);
    expect(await postedEvents(quay)).toEqual([]);

    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: server.dataDirectory,
      LOG_LEVEL: 'silent',
      RATE_LIMITS: 'false',
      ...(await databaseEnvironment(server.dataDirectory)),
    });
    const second: App = await buildApp(config, { logger: false });
    try {
      // Back at 21:00 that day, after its own 20:00: both processes find the standup due; it is posted once.
      const claims = await Promise.all([
        postDueStandups(server.app.services, at(back, '21:00')),
        postDueStandups(second.services, at(back, '21:00')),
      ]);
      expect(claims.reduce((total, claimed) => total + claimed, 0)).toBe(1);
    } finally {
      await second.server.close();
    }
    const posted = await postedEvents(quay);
    expect(posted.map((event) => [event.date, event.from])).toEqual([[back, startOfDayInZone(missed, zone).toISOString()]]);
    const entries = await standupEntries(milo, quay);
    expect(entries.map((entry) => entry.id)).toEqual([posted[0]!.messageId]);
    expect(entries[0]!.body.members.map((member) => [member.name, member.overdue.map((task) => task.name)])).toEqual([
      ['Milo Lovelace', ['Coil the rope']],
    ]);
    expectData(await setChannel(owner, { project: quay, enabled: false, time: '20:00', timeZone: zone }));
  });

  it('posts nothing for a space with nothing to report, but claims the day', async () => {
    const quiet = await createSpace(owner, 'Lighthouse');
    expectData(await setChannel(owner, { project: quiet, time: '20:00', timeZone: zone, weekdays: [1, 2, 3, 4, 5, 6, 7] }));
    expect(await postDueStandups(server.app.services, at(tomorrow, '20:00'))).toBe(1);
    expect(await standupEntries(owner, quiet)).toEqual([]);
    expect(await postedEvents(quiet)).toEqual([expect.objectContaining({ date: tomorrow, messageId: null })]);
    expect(await postDueStandups(server.app.services, at(tomorrow, '20:30'))).toBe(0);
    expectData(await setChannel(owner, { project: quiet, enabled: false, time: '20:00', timeZone: zone }));
  });

  it('posts nothing while turned off', async () => {
    const stopped = await createSpace(owner, 'Drydock');
    expectData(
      await setChannel(owner, { project: stopped, enabled: false, time: '20:00', timeZone: zone, weekdays: [1, 2, 3, 4, 5, 6, 7] }),
    );
    expect(await postDueStandups(server.app.services, at(tomorrow, '21:00'))).toBe(0);
    expect(await postedEvents(stopped)).toEqual([]);
  });
});

describe('replay', () => {
  it('rebuilds the same schedules, last posted days and standup entries from the log', async () => {
    // Runs after the flows above: schedules set, changed and turned off, days posted and passed over.
    const projections = domains.flatMap((module) => module.projections);
    const compared = projections.filter((projection) => projection.name === 'standupChannels' || projection.name === 'chat');
    const { live, rebuilt } = await replayedBesideLive(server, projections, compared);
    expect(live.standup_channels!.length).toBeGreaterThan(3);
    expect(rebuilt).toEqual(live);
  });
});

describe('getStats', () => {
  interface Stats {
    team: string;
    storage: number;
    duration: number;
    active: number;
    away: number;
  }
  const statsOf = async (someone: Person) =>
    expectData(await someone.client.execute<{ getStats: Stats }>('{ getStats { team storage duration active away } }')).getStats;

  /** A recorded video or sound of `seconds` in Harbour, written into the log as setFile records one. */
  async function recordedFile(fileId: string, seconds: number): Promise<void> {
    const payload = {
      fileId,
      teamId: owner.teamId,
      projectId: harbour,
      taskId: null,
      privatId: null,
      folderId: null,
      name: `${fileId}.webm`,
      mimeType: 'video/webm',
      kind: 'video',
      size: 1000,
      location: `${owner.teamId}/${fileId}`,
      thumbnail: null,
      preview: null,
      width: null,
      height: null,
      duration: seconds,
      text: null,
      story: false,
    };
    await server.app.services.store.run(
      { actorId: owner.id },
      async (unit) => await unit.append(`file:${fileId}`, [{ type: 'file.created', payload }], { teamId: owner.teamId }),
    );
  }

  it('sums the seconds of the team’s recordings and counts the members online and away now', async () => {
    expect(await statsOf(owner)).toMatchObject({ team: owner.teamId, duration: 0 });
    await recordedFile('d'.repeat(24), 90.5);
    await recordedFile('e'.repeat(24), 30);
    expect((await statsOf(milo)).duration).toBe(120.5);

    for (const someone of [milo, owner]) {
      const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
      sockets.push(socket);
      const connected = new Promise<void>((resolve) => socket.on('connected', () => resolve()));
      socket.subscribe(
        { query: 'subscription { subPresence { user state } }' },
        { next: () => undefined, error: () => undefined, complete: () => undefined },
      );
      await connected;
    }
    expectData(await owner.client.execute('mutation { setPresence(state: "away") }'));
    let stats = await statsOf(owner);
    for (const started = Date.now(); stats.active !== 1 || stats.away !== 1; stats = await statsOf(owner))
      if (Date.now() - started > 5000) throw new Error(`presence not counted: ${JSON.stringify(stats)}`);
    expect(stats).toMatchObject({ active: 1, away: 1 });
    // Another team's people are not counted, and it sees none of this team's numbers.
    expect(await statsOf(outsider)).toMatchObject({ team: outsider.teamId, duration: 0, active: 0, away: 0 });
    // A guest counts only the people they share a space with, as getPresence lists them.
    // In Attic with Olga (away) only: Milo, online, is in no space with this guest.
    const atticGuest = await joinTeam(owner, await person(server, 'Ada'), 'guest', await createSpace(owner, 'Attic', 'private'));
    expect(await statsOf(atticGuest)).toMatchObject({ team: owner.teamId, active: 0, away: 1 });
    const harbourGuest = await joinTeam(owner, await person(server, 'Hal'), 'guest', harbour);
    expect(await statsOf(harbourGuest)).toMatchObject({ team: owner.teamId, active: 1, away: 1 });
  });
});
