import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphqlTestClient, linkFromOutbox, startTestServer, type TestServer } from './harness';
import { countEvents, createSpace, expectData, joinTeam, person } from './teamFactories';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const invite = 'mutation ($email: String!, $id: ID!, $text: String, $type: String, $project: ID) { addUserTeam(email: $email, id: $id, text: $text, type: $type, project: $project) { id users invited { id email role project state } } }';
const signUp = `mutation ($email: String!, $invited: ID) {
  setUserBasic(firstname: "Ivy", lastname: "Invited", email: $email, password: "invited123", invited: $invited) { email }
}`;

function newestMail(to: string) {
  return server.app.services.database.sqlite.prepare('SELECT subject, text, html FROM outbox WHERE "to" = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(to) as
    | { subject: string; text: string; html: string }
    | undefined;
}

/** The invitation id of the newest invitation mail to `to`, read from its link as a browser would. */
function invitationFromMail(to: string): string {
  const match = /\/signup\/user\/i\/([0-9a-f]{24})\?email=/.exec(newestMail(to)?.text ?? '');
  if (!match) throw new Error(`no invitation link in the mail to ${to}`);
  return match[1]!;
}

/** Signs up from the invitation link, then follows the verification mail: a signed-in client. */
async function signUpFromInvitation(email: string, invitationId: string) {
  const client = new GraphqlTestClient(server);
  expectData(await client.execute(signUp, { email, invited: invitationId }));
  const link = linkFromOutbox(server, email, '/signup/verify');
  const verified = expectData(
    await client.execute<{ verifyAccount: { user: { id: string }; team: { id: string; role: string } } }>(
      'query ($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { user { id } team { id role } } }',
      { email, token: link.searchParams.get('token') },
    ),
  );
  return { client, ...verified.verifyAccount };
}

describe('inviting by e-mail', () => {
  it('mails an invitation link with the message; signing up from it and verifying joins the team', async () => {
    const admin = await person(server, 'Nora');
    const listed = expectData(await admin.client.execute<{ addUserTeam: { invited: { email: string; role: string; state: string }[] } }>(invite, { email: 'Newcomer@Example.com', id: admin.teamId, text: 'Join us <b>now</b>' }));
    expect(listed.addUserTeam.invited).toEqual([expect.objectContaining({ email: 'newcomer@example.com', role: 'basic', state: 'pending' })]);
    const mail = newestMail('newcomer@example.com')!;
    expect(mail.subject).toBe("Nora Lovelace invited you to Nora's team on Workspace");
    expect(mail.text).toContain('> Join us <b>now</b>');
    expect(mail.html).toContain('Join us &#60;b&#62;now&#60;/b&#62;');
    const invitationId = invitationFromMail('newcomer@example.com');
    expect(mail.text).toContain(`/signup/user/i/${invitationId}?email=newcomer%40example.com`);

    const joined = await signUpFromInvitation('newcomer@example.com', invitationId);
    expect(joined.team).toEqual({ id: admin.teamId, role: 'basic' });
    const spaces = expectData(await joined.client.execute<{ getProjects: { isPersonal: boolean; isMember: boolean }[] }>('{ getProjects { isPersonal isMember } }'));
    expect(spaces.getProjects).toEqual([{ isPersonal: true, isMember: true }]);
    const team = expectData(await admin.client.execute<{ getTeam: { users: string[]; invited: unknown[] } }>('{ getTeam { users invited { id } } }'));
    expect(team.getTeam.users).toContain(joined.user.id);
    expect(team.getTeam.invited).toEqual([]);
  });

  it('refuses an invitation link used with another address, writing nothing', async () => {
    const admin = await person(server);
    expectData(await admin.client.execute(invite, { email: 'intended@example.com', id: admin.teamId }));
    const invitationId = invitationFromMail('intended@example.com');
    const before = countEvents(server);
    const result = await new GraphqlTestClient(server).execute(signUp, { email: 'someone-else@example.com', invited: invitationId });
    expect(result.errors?.[0]).toMatchObject({ message: 'This invitation was sent to another e-mail address. Sign up with that address.', extensions: { code: 'BAD_USER_INPUT' } });
    const forged = await new GraphqlTestClient(server).execute(signUp, { email: 'intended@example.com', invited: '0123456789abcdef01234567' });
    expect(forged.errors?.[0]?.message).toBe('This invitation is no longer valid. Ask for a new one.');
    expect(countEvents(server)).toBe(before);
  });

  it('replaces a pending invitation when the same address is invited again: only the newest link works', async () => {
    const admin = await person(server);
    expectData(await admin.client.execute(invite, { email: 'twice-invited@example.com', id: admin.teamId }));
    const first = invitationFromMail('twice-invited@example.com');
    const again = expectData(await admin.client.execute<{ addUserTeam: { invited: { role: string }[] } }>(invite, { email: 'twice-invited@example.com', id: admin.teamId, type: 'admin' }));
    expect(again.addUserTeam.invited).toEqual([expect.objectContaining({ role: 'admin' })]);
    const stale = await new GraphqlTestClient(server).execute(signUp, { email: 'twice-invited@example.com', invited: first });
    expect(stale.errors?.[0]?.message).toBe('This invitation is no longer valid. Ask for a new one.');
  });

  it('adds an address with a verified account at once and mails them a notice', async () => {
    const admin = await person(server, 'Olga');
    const existing = await person(server, 'Eve');
    const result = expectData(await admin.client.execute<{ addUserTeam: { users: string[]; invited: unknown[] } }>(invite, { email: existing.email, id: admin.teamId }));
    expect(result.addUserTeam.users).toContain(existing.id);
    expect(result.addUserTeam.invited).toEqual([]);
    expect(newestMail(existing.email)?.subject).toBe("You were added to Olga's team on Workspace");
    const teams = expectData(await existing.client.execute<{ getTeams: { id: string; isDefault: boolean; role: string }[] }>('{ getTeams { id isDefault role } }'));
    expect(teams.getTeams).toContainEqual({ id: admin.teamId, isDefault: false, role: 'basic' });
    const twice = await admin.client.execute(invite, { email: existing.email, id: admin.teamId });
    expect(twice.errors?.[0]?.message).toBe('This person is already a member of this team.');
  });

  it('invites an address whose account was never verified instead of adding it', async () => {
    const admin = await person(server);
    await new GraphqlTestClient(server).execute(signUp, { email: 'unproven@example.com' });
    const result = expectData(await admin.client.execute<{ addUserTeam: { invited: { email: string }[] } }>(invite, { email: 'unproven@example.com', id: admin.teamId }));
    expect(result.addUserTeam.invited.map((entry) => entry.email)).toEqual(['unproven@example.com']);
  });

  it('shows invitations to admins only', async () => {
    const admin = await person(server);
    const member = await joinTeam(admin, await person(server, 'Max'));
    expectData(await admin.client.execute(invite, { email: 'hidden@example.com', id: admin.teamId }));
    const seen = expectData(await member.client.execute<{ getTeam: { invited: unknown[] } }>('{ getTeam { invited { email } } }'));
    expect(seen.getTeam.invited).toEqual([]);
  });
});

describe('guests', () => {
  it('a guest invited into one space sees only that space and the people in it', async () => {
    const admin = await person(server, 'Gia');
    const member = await joinTeam(admin, await person(server, 'Mo'));
    const shared = await createSpace(admin, 'Client project', 'private');
    const other = await createSpace(admin, 'Internal', 'public');
    const missing = await admin.client.execute(invite, { email: 'guest@example.com', id: admin.teamId, type: 'guest' });
    expect(missing.errors?.[0]?.message).toBe('Choose the space a guest is invited to.');
    expectData(await admin.client.execute(invite, { email: 'guest@example.com', id: admin.teamId, type: 'guest', project: shared }));
    const guest = await signUpFromInvitation('guest@example.com', invitationFromMail('guest@example.com'));
    expect(guest.team).toEqual({ id: admin.teamId, role: 'guest' });
    const spaces = expectData(await guest.client.execute<{ getProjects: { id: string }[] }>('{ getProjects { id } }'));
    expect(spaces.getProjects.map((space) => space.id)).toEqual([shared]);
    const people = expectData(await guest.client.execute<{ getUsers: { id: string }[] }>('{ getUsers { id } }'));
    expect(people.getUsers.map((entry) => entry.id).sort()).toEqual([admin.id, guest.user.id].sort());
    expect(people.getUsers.map((entry) => entry.id)).not.toContain(member.id);
    const peek = await guest.client.execute('query ($id: ID!) { getProjectBasic(id: $id) { name } }', { id: other });
    expect(peek.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    const join = await guest.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: other });
    expect(join.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    const roster = expectData(await guest.client.execute<{ getTeam: { users: string[] } }>('{ getTeam { users } }'));
    expect(roster.getTeam.users).toEqual([guest.user.id]);
  });

  it('refuses to invite into a space of another team', async () => {
    const admin = await person(server);
    const stranger = await person(server, 'Stan');
    const foreignSpace = await createSpace(stranger, 'Theirs');
    const before = countEvents(server);
    const result = await admin.client.execute(invite, { email: 'g2@example.com', id: admin.teamId, type: 'guest', project: foreignSpace });
    expect(result.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect(countEvents(server)).toBe(before);
  });
});
