import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../server/src/domains';
import { notificationPreferences } from '../../server/src/domains/notifications/preferences';
import { GraphqlTestClient, startTestServer, type TestServer } from './harness';
import { countEvents, expectData, joinTeam, person, type Person } from './teamFactories';
import { sql } from 'drizzle-orm';
import { appRows, jsonValue, replayedBesideLive } from '../support/appRows';

interface SettingAnswer {
  name: string;
  type: string | null;
  active: boolean;
}

const setSetting = `mutation ($name: String, $id: ID, $active: Boolean!, $type: String, $team: ID) {
  setSetting(name: $name, id: $id, active: $active, type: $type, team: $team) { id name type active }
}`;

describe('notification settings: names checked, and the team defaults only admins set', () => {
  let server: TestServer;
  let admin: Person;
  let member: Person;
  let stranger: Person;

  const teamDefaults = async (someone: Person) =>
    expectData(
      await someone.client.execute<{ getTeam: { id: string; settings: SettingAnswer[] } }>(
        'query { getTeam { id settings { name type active } } }',
      ),
    ).getTeam.settings;
  const set = (someone: Person, variables: Record<string, unknown>) =>
    someone.client.execute<{ setSetting: SettingAnswer }>(setSetting, variables);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await person(server, 'Ada');
    member = await joinTeam(admin, await person(server, 'Bas'));
    stranger = await person(server, 'Cid');
  });

  afterAll(async () => {
    await server.close();
  });

  it('an admin sets a team default: a team.setting_changed event, read by the members, inherited until they choose', async () => {
    const answer = expectData(
      await set(admin, { name: 'notifications.email.TASK_STATE', active: false, type: 'email', team: admin.teamId }),
    );
    expect(answer.setSetting).toMatchObject({ name: 'notifications.email.TASK_STATE', type: 'email', active: false });
    const events = await appRows<{ stream: string; payload: unknown }>(
      server.app,
      sql`SELECT stream, payload FROM events WHERE type = 'team.setting_changed'`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.stream).toBe(`team:${admin.teamId}`);
    expect(jsonValue(events[0]!.payload)).toMatchObject({ teamId: admin.teamId, name: 'notifications.email.TASK_STATE', active: false });
    expect(await teamDefaults(member)).toEqual([{ name: 'notifications.email.TASK_STATE', type: 'email', active: false }]);

    // The same value again appends nothing.
    const before = await countEvents(server);
    expectData(await set(admin, { name: 'notifications.email.TASK_STATE', active: false, type: 'email', team: admin.teamId }));
    expect(await countEvents(server)).toBe(before);

    expectData(await set(admin, { name: 'notifications.digest', active: true, type: 'hourly', team: admin.teamId }));
    const db = server.app.services.database.db;
    const inherited = await notificationPreferences(db, member.id, admin.teamId);
    expect(inherited.allows('email', 'TASK_STATE')).toBe(false);
    expect(inherited.allows('email', 'TASK_MOVE')).toBe(true);
    expect(inherited.digest).toBe('hourly');

    // The member's own choice wins over the team's.
    expectData(await set(member, { name: 'notifications.email.TASK_STATE', active: true, type: 'email' }));
    expectData(await set(member, { name: 'notifications.digest', active: true, type: 'never' }));
    const own = await notificationPreferences(db, member.id, admin.teamId);
    expect(own.allows('email', 'TASK_STATE')).toBe(true);
    expect(own.digest).toBe('never');
    // A member's own setting is not a team default.
    expect((await teamDefaults(admin)).map((setting) => setting.name)).toEqual(['notifications.digest', 'notifications.email.TASK_STATE']);
  });

  it('a member cannot set the team defaults, nor anyone those of a team they are not in; nothing changes', async () => {
    const before = await countEvents(server);
    const denied = await set(member, { name: 'notifications.app.TASK_MOVE', active: false, type: 'app', team: admin.teamId });
    expect(denied.errors?.[0]).toMatchObject({
      message: "Only the team's admins set its notification defaults.",
      extensions: { code: 'PERMISSION_DENIED', reason: 'TEAM_DEFAULTS_ADMINS_ONLY' },
    });
    const elsewhere = await set(stranger, { name: 'notifications.app.TASK_MOVE', active: false, type: 'app', team: admin.teamId });
    expect(elsewhere.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'TEAM_NOT_FOUND' });
    const anonymous = await new GraphqlTestClient(server).execute(setSetting, {
      name: 'notifications.app.TASK_MOVE',
      active: false,
      team: admin.teamId,
    });
    expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect(await countEvents(server)).toBe(before);
    expect((await teamDefaults(member)).some((setting) => setting.name === 'notifications.app.TASK_MOVE')).toBe(false);
  });

  it('refuses unknown notification names and the wrong type clearly, changing nothing', async () => {
    const before = await countEvents(server);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'notifications.sms.TASK_STATE', active: true }, 'NOTIFICATION_SETTING_UNKNOWN', 'name'],
      [{ name: 'notifications.app.TASK_EXPLODED', active: true }, 'NOTIFICATION_SETTING_UNKNOWN', 'name'],
      [{ name: 'notifications.app.TASK_STATE.extra', active: true }, 'NOTIFICATION_SETTING_UNKNOWN', 'name'],
      [{ name: 'notifications.app.TASK_STATE', active: true, type: 'email' }, 'NOTIFICATION_SETTING_TYPE', 'type'],
      [{ name: 'notifications.digest', active: true, type: 'weekly' }, 'NOTIFICATION_DIGEST_FREQUENCY', 'type'],
      [{ name: 'notifications.digest', active: true }, 'NOTIFICATION_DIGEST_FREQUENCY', 'type'],
      [{ name: 'emailDigest', active: true, team: admin.teamId }, 'TEAM_SETTING_NOT_NOTIFICATION', 'name'],
      [{ name: 'notifications.digest', active: true, type: 'monthly', team: admin.teamId }, 'NOTIFICATION_DIGEST_FREQUENCY', 'type'],
    ];
    for (const [variables, code, field] of cases) {
      const result = await set(admin, variables);
      expect(result.errors?.[0]?.extensions, JSON.stringify(variables)).toMatchObject({ code, field });
    }
    const typeError = await set(admin, { name: 'notifications.browser.NEW_FILE', active: true, type: 'app' });
    expect(typeError.errors?.[0]?.message).toBe('The type of this notification setting is its channel: browser.');
    expect(await countEvents(server)).toBe(before);
  });

  it('fills in the channel as the type when it is left out, and keeps other settings free-form', async () => {
    const filled = expectData(await set(member, { name: 'notifications.browser.NEW_FILE', active: false }));
    expect(filled.setSetting).toMatchObject({ type: 'browser', active: false });
    const free = expectData(await set(member, { name: 'someClientSwitch', active: true, type: 'anything' }));
    expect(free.setSetting).toMatchObject({ name: 'someClientSwitch', type: 'anything', active: true });
  });

  it('rebuilds the team defaults and people’s own settings exactly from the log', async () => {
    const { live, rebuilt } = await replayedBesideLive(
      server,
      domains.flatMap((module) => module.projections),
    );
    expect(live['team_settings']).toHaveLength(2);
    expect(rebuilt).toEqual(live);
  });
});
