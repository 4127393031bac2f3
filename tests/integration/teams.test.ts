import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors';
import { teamMessages } from '#shared/teams';
import { domains } from '../../server/src/domains';
import { appRow, appRows, replayedBesideLive } from '../support/appRows';
import { startTestServer, type TestServer } from './harness';
import { countEvents, createSpace, expectData, joinTeam, person } from './teamFactories';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const teamFields = 'id name logo url isDefault role users memberLimit subscription';
const updateTeam = `mutation ($team: ID!, $name: String, $url: String, $logo: String, $user: ID, $type: String, $kick: ID) {
  updateTeam(team: $team, name: $name, url: $url, logo: $logo, user: $user, type: $type, kick: $kick) { signInRequired team { ${teamFields} } }
}`;
const memberRole = async (teamId: string, userId: string) =>
  (await appRow<{ role: string }>(server.app, sql`SELECT role FROM team_members WHERE team_id = ${teamId} AND user_id = ${userId}`))?.role;

describe('teams', () => {
  it('creates a team with setTeam: the creator is admin, has a personal space there, and it becomes current', async () => {
    const ada = await person(server);
    const created = expectData(
      await ada.client.execute<{ setTeam: { id: string; name: string; role: string; isDefault: boolean } }>(
        `mutation { setTeam(name: "Acme") { ${teamFields} } }`,
      ),
    );
    expect(created.setTeam).toMatchObject({ name: 'Acme', role: 'admin', isDefault: true });
    const teams = expectData(
      await ada.client.execute<{ getTeams: { id: string; isDefault: boolean }[]; getTeam: { id: string } }>(
        '{ getTeams { id isDefault } getTeam { id } }',
      ),
    );
    expect(teams.getTeams.map((team) => [team.id, team.isDefault])).toEqual([
      [ada.teamId, false],
      [created.setTeam.id, true],
    ]);
    expect(teams.getTeam.id).toBe(created.setTeam.id);
    const spaces = await appRows<{ is_personal: number }>(
      server.app,
      sql`SELECT is_personal FROM projects WHERE team_id = ${created.setTeam.id} AND owner_id = ${ada.id}`,
    );
    expect(spaces.filter((space) => space.is_personal === 1)).toHaveLength(1);
  });

  it('switches the current team with switchTeam, and refuses a team the caller is not in', async () => {
    const ada = await person(server);
    const other = await person(server, 'Bob');
    expectData(await ada.client.execute('mutation { setTeam(name: "Second") { id } }'));
    const back = expectData(
      await ada.client.execute<{ switchTeam: { id: string; isDefault: boolean } }>(
        'mutation ($team: ID!) { switchTeam(team: $team) { id isDefault } }',
        { team: ada.teamId },
      ),
    );
    expect(back.switchTeam).toEqual({ id: ada.teamId, isDefault: true });
    const foreign = await ada.client.execute('mutation ($team: ID!) { switchTeam(team: $team) { id } }', { team: other.teamId });
    expect(foreign.errors?.[0]).toMatchObject({ message: teamMessages.teamNotFound, extensions: { code: 'NOT_FOUND' } });
  });

  it('renames, sets a logo and changes roles with updateTeam', async () => {
    const admin = await person(server);
    const member = await joinTeam(admin, await person(server, 'Bea'));
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#4f46e5' } })
      .png()
      .toBuffer();
    const updated = expectData(
      await admin.client.execute<{ updateTeam: { signInRequired: boolean; team: { name: string; logo: string } } }>(updateTeam, {
        team: admin.teamId,
        name: 'Renamed',
        logo: `data:image/png;base64,${png.toString('base64')}`,
        user: member.id,
        type: 'admin',
      }),
    );
    expect(updated.updateTeam.signInRequired).toBe(false);
    expect(updated.updateTeam.team.name).toBe('Renamed');
    expect(updated.updateTeam.team.logo).toMatch(/^\/media\/avatars\/[0-9a-f]{24}-[0-9a-f]{16}\.png$/);
    expect(await memberRole(admin.teamId, member.id)).toBe('admin');
    const notImage = await admin.client.execute(updateTeam, { team: admin.teamId, logo: 'https://tracker.example/logo.png' });
    expect(notImage.errors?.[0]).toMatchObject({
      message: 'Use a PNG or JPG image.',
      extensions: { code: 'IMAGE_TYPE_INVALID', category: 'BAD_USER_INPUT', field: 'logo' },
    });
  });

  it('sets a unique custom URL and ends the caller’s session, so the next request must sign in again (SPEC §4)', async () => {
    const admin = await person(server);
    const result = expectData(
      await admin.client.execute<{ updateTeam: { signInRequired: boolean; team: { url: string } } }>(updateTeam, {
        team: admin.teamId,
        url: '  Acme-Labs ',
      }),
    );
    expect(result.updateTeam).toMatchObject({ signInRequired: true, team: { url: 'acme-labs' } });
    expect(admin.client.cookies.has('token')).toBe(false);
    const withOldToken = await admin.client.execute('{ getUser { id } }', {}, { authorization: `Bearer ${admin.token}` });
    expect(withOldToken.errors?.[0]?.message).toBe('Token expired or invalid');
  });

  it('kicks a member with updateTeam and takes them out with removeUserTeam; their current team moves back to their own', async () => {
    const admin = await person(server);
    const kicked = await joinTeam(admin, await person(server, 'Kim'));
    const removed = await joinTeam(admin, await person(server, 'Rae'));
    expectData(await admin.client.execute(updateTeam, { team: admin.teamId, kick: kicked.id }));
    expectData(
      await admin.client.execute('mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }', {
        user: removed.id,
        team: admin.teamId,
      }),
    );
    expect(await memberRole(admin.teamId, kicked.id)).toBeUndefined();
    expect(await memberRole(admin.teamId, removed.id)).toBeUndefined();
    const now = expectData(await kicked.client.execute<{ getTeam: { id: string } }>('{ getTeam { id } }'));
    expect(now.getTeam.id).not.toBe(admin.teamId);
    const lost = expectData(
      await removed.client.execute<{ getTeams: { id: string }[]; getProjects: { team: string }[] }>(
        '{ getTeams { id } getProjects { team } }',
      ),
    );
    expect(lost.getTeams).toHaveLength(1);
    expect(lost.getTeams[0]!.id).not.toBe(admin.teamId);
    expect(lost.getProjects.map((space) => space.team)).not.toContain(admin.teamId);
  });

  it('lets a member leave with leaveTeam', async () => {
    const admin = await person(server);
    const member = await joinTeam(admin, await person(server, 'Lou'));
    expect(expectData(await member.client.execute('mutation ($team: ID!) { leaveTeam(team: $team) }', { team: admin.teamId }))).toEqual({
      leaveTeam: true,
    });
    expect(await memberRole(admin.teamId, member.id)).toBeUndefined();
  });

  // Eleven sign-ups and ten joins, each several requests: on a busy machine longer than a test's usual twenty seconds.
  it('gives members beyond the free plan limit of 10 basic access, whatever role they hold (SPEC §6)', async () => {
    const admin = await person(server);
    const joined = [];
    for (let index = 0; index < 10; index += 1) joined.push(await joinTeam(admin, await person(server, `M${index}`), 'admin'));
    const tenth = joined[8]!;
    const eleventh = joined[9]!;
    expect(expectData(await tenth.client.execute<{ getTeam: { role: string } }>('{ getTeam { role } }')).getTeam.role).toBe('admin');
    expect(
      expectData(await eleventh.client.execute<{ getTeam: { role: string; memberLimit: number } }>('{ getTeam { role memberLimit } }'))
        .getTeam,
    ).toEqual({ role: 'basic', memberLimit: 10 });
    const attempt = await eleventh.client.execute(updateTeam, { team: admin.teamId, name: 'Mine now' });
    expect(attempt.errors?.[0]).toMatchObject({ message: errorMessages.PERMISSION_DENIED, extensions: { code: 'PERMISSION_DENIED' } });
  }, 60_000);
});

describe('bad input changes nothing', () => {
  it('refuses a custom URL another team has, and malformed ones, with clear messages', async () => {
    const first = await person(server);
    const second = await person(server, 'Sam');
    expectData(await first.client.execute(updateTeam, { team: first.teamId, url: 'taken-url' }));
    const before = await countEvents(server);
    const duplicate = await second.client.execute(updateTeam, { team: second.teamId, url: 'TAKEN-URL', name: 'Changed too' });
    expect(duplicate.errors?.[0]).toMatchObject({ message: teamMessages.customUrlTaken, extensions: { code: 'TEAM_URL_TAKEN' } });
    const malformed = await second.client.execute(updateTeam, { team: second.teamId, url: 'no spaces' });
    expect(malformed.errors?.[0]?.message).toBe(
      'Use only lowercase letters, digits and hyphens in the team URL, without a hyphen at either end.',
    );
    expect(await countEvents(server)).toBe(before);
    expect(second.client.cookies.has('token')).toBe(true);
  });

  it('refuses an invalid e-mail in an invitation', async () => {
    const admin = await person(server);
    const before = await countEvents(server);
    const result = await admin.client.execute('mutation ($id: ID!) { addUserTeam(email: "not-an-email", id: $id) { id } }', {
      id: admin.teamId,
    });
    expect(result.errors?.[0]).toMatchObject({
      message: 'Enter a valid e-mail address.',
      extensions: { code: 'EMAIL_INVALID', category: 'BAD_USER_INPUT', params: {}, field: 'email' },
    });
    expect(await countEvents(server)).toBe(before);
  });

  it('refuses kicking or demoting the last admin, and the last admin leaving', async () => {
    const admin = await person(server);
    await joinTeam(admin, await person(server, 'Pat'));
    const before = await countEvents(server);
    const kick = await admin.client.execute(updateTeam, { team: admin.teamId, kick: admin.id, name: 'Not applied' });
    expect(kick.errors?.[0]).toMatchObject({ message: teamMessages.lastAdmin, extensions: { code: 'LAST_TEAM_ADMIN' } });
    const demote = await admin.client.execute(updateTeam, { team: admin.teamId, user: admin.id, type: 'basic' });
    expect(demote.errors?.[0]?.message).toBe(teamMessages.lastAdmin);
    const leave = await admin.client.execute('mutation ($team: ID!) { leaveTeam(team: $team) }', { team: admin.teamId });
    expect(leave.errors?.[0]?.message).toBe('You are the last admin of this team. Make someone else admin first.');
    expect(await countEvents(server)).toBe(before);
    expect(await memberRole(admin.teamId, admin.id)).toBe('admin');
  });

  it('refuses leaving a team you are alone in', async () => {
    const alone = await person(server);
    const before = await countEvents(server);
    const result = await alone.client.execute('mutation ($team: ID!) { leaveTeam(team: $team) }', { team: alone.teamId });
    expect(result.errors?.[0]).toMatchObject({ message: teamMessages.aloneInTeam, extensions: { code: 'ALONE_IN_TEAM' } });
    expect(await countEvents(server)).toBe(before);
  });

  it('answers a forged team id exactly like a team the caller is not in', async () => {
    const admin = await person(server);
    const before = await countEvents(server);
    for (const team of ['0123456789abcdef01234567', 'forged', admin.teamId.replace(/.$/, (last) => (last === '0' ? '1' : '0'))]) {
      const result = await admin.client.execute(updateTeam, { team, name: 'Forged' });
      expect(result.errors?.[0], team).toMatchObject({ message: teamMessages.teamNotFound, extensions: { code: 'NOT_FOUND' } });
    }
    expect(await countEvents(server)).toBe(before);
  });
});

describe('getTeamData and the activity report', () => {
  it('answers getTeamData with NOT_FOUND while no file, doc or meeting room exists', async () => {
    const anonymous = (await person(server)).client;
    const result = await anonymous.execute('{ getTeamData(doc: "0123456789abcdef01234567") { name logo } }');
    expect(result.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect((await anonymous.execute('{ getTeamData { name } }')).errors?.[0]?.extensions.code).toBe('SHARED_ITEM_REQUIRED');
  });

  it('lists the team’s events newest first with who did them, page by page, keeping secrets out', async () => {
    const admin = await person(server, 'Ana');
    await createSpace(admin, 'Roadmap');
    expectData(await admin.client.execute(updateTeam, { team: admin.teamId, name: 'Audited' }));
    const query =
      'query ($team: ID!, $after: String) { getTeamActivity(team: $team, first: 2, after: $after) { nextCursor entries { type subject details actor { firstname } } } }';
    type Page = {
      getTeamActivity: {
        nextCursor: string | null;
        entries: { type: string; subject: string; details: Record<string, unknown>; actor: { firstname: string } | null }[];
      };
    };
    const first = expectData(await admin.client.execute<Page>(query, { team: admin.teamId }));
    // Sign-up's last events are its personal space's board (the tasks area's reaction, right after the space).
    expect(first.getTeamActivity.entries.map((entry) => entry.type)).toEqual(['team.updated', 'state.created']);
    expect(first.getTeamActivity.entries[0]).toMatchObject({
      subject: `team:${admin.teamId}`,
      actor: { firstname: 'Ana' },
      details: { changes: { name: 'Audited' } },
    });
    const all = [...first.getTeamActivity.entries];
    let cursor = first.getTeamActivity.nextCursor;
    while (cursor) {
      const page = expectData(await admin.client.execute<Page>(query, { team: admin.teamId, after: cursor }));
      all.push(...page.getTeamActivity.entries);
      cursor = page.getTeamActivity.nextCursor;
    }
    expect(all.at(-1)!.type).toBe('team.created');
    expect(all.map((entry) => entry.type)).toContain('user.signed_in');
    expect(JSON.stringify(all)).not.toContain('sessionId');
  });
});

describe('replay', () => {
  it('rebuilds teams, members, spaces, requests, invitations and settings exactly from the log', async () => {
    const admin = await person(server);
    const member = await joinTeam(admin, await person(server, 'Rex'));
    const privateSpace = await createSpace(admin, 'Secret', 'private');
    const publicSpace = await createSpace(admin, 'Open');
    expectData(
      await member.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: privateSpace }),
    );
    expectData(await member.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: publicSpace }));
    expectData(
      await admin.client.execute('mutation ($id: ID!) { ediProject(id: $id, name: "Open space", type: "private") { id } }', {
        id: publicSpace,
      }),
    );
    expectData(
      await admin.client.execute('mutation ($id: ID!) { addUserTeam(email: "pending@example.com", id: $id, text: "Welcome") { id } }', {
        id: admin.teamId,
      }),
    );
    expectData(await admin.client.execute(updateTeam, { team: admin.teamId, name: 'Replayed', user: member.id, type: 'admin' }));
    expectData(await member.client.execute('mutation { setSetting(name: "notifications.email", active: false, type: "email") { id } }'));
    const doomed = await createSpace(admin, 'Doomed');
    expectData(await admin.client.execute('mutation ($id: ID!) { delProject(id: $id) }', { id: doomed }));
    expectData(await member.client.execute('mutation ($team: ID!) { leaveTeam(team: $team) }', { team: admin.teamId }));
    const { live, rebuilt } = await replayedBesideLive(
      server,
      domains.flatMap((module) => module.projections),
    );
    expect(rebuilt).toEqual(live);
  });
});
