import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDialect } from '../../server/src/db/pickTable';
import { appRow, appRows, jsonValue } from '../support/appRows';
import { startMailCatcher } from './support/mailCatcher';
import { GraphqlTestClient, linkFromOutbox, startTestServer, type TestServer } from './harness';
import { countEvents, createSpace, expectData, joinTeam, person } from './teamFactories';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const invite =
  'mutation ($email: String!, $id: ID!, $text: String, $type: String, $project: ID) { addUserTeam(email: $email, id: $id, text: $text, type: $type, project: $project) { id users invited { id email role project state } } }';
const signUp = `mutation ($email: String!, $invited: ID) {
  setUserBasic(firstname: "Ivy", lastname: "Invited", email: $email, password: "invited123", invited: $invited) { email }
}`;

/** Two mails made in one millisecond: SQLite's rowid, PostgreSQL's ctid (outbox rows are inserted in order, never updated). */
const insertedLast = tableDialect === 'postgresql' ? sql.raw('ctid DESC') : sql.raw('rowid DESC');

function newestMail(to: string) {
  return appRow<{ subject: string; text: string; html: string }>(
    server.app,
    sql`SELECT subject, text, html FROM outbox WHERE "to" = ${to} ORDER BY created_at DESC, ${insertedLast} LIMIT 1`,
  );
}

/** The invitation id of the newest invitation mail to `to`, read from its link as a browser would. */
async function invitationFromMail(to: string): Promise<string> {
  const match = /\/signup\/user\/i\/([0-9a-f]{24})\?email=/.exec((await newestMail(to))?.text ?? '');
  if (!match) throw new Error(`no invitation link in the mail to ${to}`);
  return match[1]!;
}

/** Signs up from the invitation link, then follows the verification mail: a signed-in client. */
async function signUpFromInvitation(email: string, invitationId: string) {
  const client = new GraphqlTestClient(server);
  expectData(await client.execute(signUp, { email, invited: invitationId }));
  const link = await linkFromOutbox(server, email, '/signup/verify');
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
    const listed = expectData(
      await admin.client.execute<{ addUserTeam: { invited: { email: string; role: string; state: string }[] } }>(invite, {
        email: 'Newcomer@Example.com',
        id: admin.teamId,
        text: 'Join us <b>now</b>',
      }),
    );
    expect(listed.addUserTeam.invited).toEqual([
      expect.objectContaining({ email: 'newcomer@example.com', role: 'basic', state: 'pending' }),
    ]);
    const mail = (await newestMail('newcomer@example.com'))!;
    expect(mail.subject).toBe("Nora Lovelace invited you to Nora's team on Workspace");
    expect(mail.text).toContain('> Join us <b>now</b>');
    expect(mail.html).toContain('Join us &#60;b&#62;now&#60;/b&#62;');
    const invitationId = await invitationFromMail('newcomer@example.com');
    expect(mail.text).toContain(`/signup/user/i/${invitationId}?email=newcomer%40example.com`);

    const joined = await signUpFromInvitation('newcomer@example.com', invitationId);
    expect(joined.team).toEqual({ id: admin.teamId, role: 'basic' });
    const spaces = expectData(
      await joined.client.execute<{ getProjects: { isPersonal: boolean; isMember: boolean }[] }>('{ getProjects { isPersonal isMember } }'),
    );
    expect(spaces.getProjects).toEqual([{ isPersonal: true, isMember: true }]);
    const team = expectData(
      await admin.client.execute<{ getTeam: { users: string[]; invited: unknown[] } }>('{ getTeam { users invited { id } } }'),
    );
    expect(team.getTeam.users).toContain(joined.user.id);
    expect(team.getTeam.invited).toEqual([]);
  });

  it('refuses an invitation link used with another address, writing nothing', async () => {
    const admin = await person(server);
    expectData(await admin.client.execute(invite, { email: 'intended@example.com', id: admin.teamId }));
    const invitationId = await invitationFromMail('intended@example.com');
    const before = await countEvents(server);
    const result = await new GraphqlTestClient(server).execute(signUp, { email: 'someone-else@example.com', invited: invitationId });
    expect(result.errors?.[0]).toMatchObject({
      message: 'This invitation was sent to another e-mail address. Sign up with that address.',
      extensions: { code: 'INVITATION_OTHER_EMAIL', category: 'BAD_USER_INPUT', field: 'email' },
    });
    const forged = await new GraphqlTestClient(server).execute(signUp, {
      email: 'intended@example.com',
      invited: '0123456789abcdef01234567',
    });
    expect(forged.errors?.[0]?.message).toBe('This invitation is no longer valid. Ask for a new one.');
    expect(await countEvents(server)).toBe(before);
  });

  it('replaces a pending invitation when the same address is invited again: only the newest link works', async () => {
    const admin = await person(server);
    expectData(await admin.client.execute(invite, { email: 'twice-invited@example.com', id: admin.teamId }));
    const first = await invitationFromMail('twice-invited@example.com');
    const again = expectData(
      await admin.client.execute<{ addUserTeam: { invited: { role: string }[] } }>(invite, {
        email: 'twice-invited@example.com',
        id: admin.teamId,
        type: 'admin',
      }),
    );
    expect(again.addUserTeam.invited).toEqual([expect.objectContaining({ role: 'admin' })]);
    const stale = await new GraphqlTestClient(server).execute(signUp, { email: 'twice-invited@example.com', invited: first });
    expect(stale.errors?.[0]?.message).toBe('This invitation is no longer valid. Ask for a new one.');
  });

  it('adds an address with a verified account at once and mails them a notice', async () => {
    const admin = await person(server, 'Olga');
    const existing = await person(server, 'Eve');
    const result = expectData(
      await admin.client.execute<{ addUserTeam: { users: string[]; invited: unknown[] } }>(invite, {
        email: existing.email,
        id: admin.teamId,
      }),
    );
    expect(result.addUserTeam.users).toContain(existing.id);
    expect(result.addUserTeam.invited).toEqual([]);
    expect((await newestMail(existing.email))?.subject).toBe("You were added to Olga's team on Workspace");
    const teams = expectData(
      await existing.client.execute<{ getTeams: { id: string; isDefault: boolean; role: string }[] }>('{ getTeams { id isDefault role } }'),
    );
    expect(teams.getTeams).toContainEqual({ id: admin.teamId, isDefault: false, role: 'basic' });
    const twice = await admin.client.execute(invite, { email: existing.email, id: admin.teamId });
    expect(twice.errors?.[0]?.message).toBe('This person is already a member of this team.');
  });

  it('invites an address whose account was never verified instead of adding it', async () => {
    const admin = await person(server);
    await new GraphqlTestClient(server).execute(signUp, { email: 'unproven@example.com' });
    const result = expectData(
      await admin.client.execute<{ addUserTeam: { invited: { email: string }[] } }>(invite, {
        email: 'unproven@example.com',
        id: admin.teamId,
      }),
    );
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
    const guest = await signUpFromInvitation('guest@example.com', await invitationFromMail('guest@example.com'));
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
    const before = await countEvents(server);
    const result = await admin.client.execute(invite, { email: 'g2@example.com', id: admin.teamId, type: 'guest', project: foreignSpace });
    expect(result.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect(await countEvents(server)).toBe(before);
  });
});

/** The whole invitation link of the newest invitation mail to `to`, as the invitee's browser opens it. */
function invitationLinkFromMail(text: string | undefined, to: string): URL {
  const match = /https?:\/\/\S+\/signup\/user\/i\/[0-9a-f]{24}\?\S+/.exec(text ?? '');
  if (!match) throw new Error(`no invitation link in the mail to ${to}`);
  return new URL(match[0]);
}

const linkSignUp = `mutation ($email: String!, $invited: ID, $token: String) {
  setUserBasic(firstname: "Ivy", lastname: "Invited", email: $email, password: "invited123", invited: $invited, token: $token) {
    email verificationRequired session { user { id email } team { id role } }
  }
}`;

interface LinkSignUp {
  setUserBasic: {
    email: string;
    verificationRequired: boolean;
    session: { user: { id: string; email: string }; team: { id: string; role: string } } | null;
  };
}

const invitationParts = (link: URL) => ({
  email: link.searchParams.get('email'),
  invited: link.pathname.split('/').pop(),
  token: link.searchParams.get('token'),
});

const removeInvited =
  'mutation ($team: ID!, $invited: ID!) { removeInvitedTeam(team: $team, invited: $invited) { id invited { id email } } }';
const resendInvited =
  'mutation ($team: ID!, $invited: ID!) { resendInvitedTeam(team: $team, invited: $invited) { id invited { id email expiresAt link } } }';

const outboxCount = async (to: string) =>
  (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM outbox WHERE "to" = ${to}`))!.count;

describe('the invitation link proves the address', () => {
  it('signs up from the mailed link verified at once: signed in, in the team, with no second mail', async () => {
    const admin = await person(server, 'Vera');
    expectData(await admin.client.execute(invite, { email: 'proven@example.com', id: admin.teamId, type: 'admin' }));
    const link = invitationLinkFromMail((await newestMail('proven@example.com'))?.text, 'proven@example.com');
    expect(await outboxCount('proven@example.com')).toBe(1);

    const invitee = new GraphqlTestClient(server);
    const result = expectData(await invitee.execute<LinkSignUp>(linkSignUp, invitationParts(link)));
    expect(result.setUserBasic).toMatchObject({
      verificationRequired: false,
      session: { user: { email: 'proven@example.com' }, team: { id: admin.teamId, role: 'admin' } },
    });
    expect(await outboxCount('proven@example.com')).toBe(1);
    const me = expectData(await invitee.execute<{ getTeam: { id: string; role: string } }>('{ getTeam { id role } }'));
    expect(me.getTeam).toEqual({ id: admin.teamId, role: 'admin' });
    const signIn = await new GraphqlTestClient(server).execute(
      'mutation { login(email: "proven@example.com", password: "invited123") { user { id } } }',
    );
    expect(signIn.errors).toBeUndefined();
    const team = expectData(
      await admin.client.execute<{ getTeam: { users: string[]; invited: unknown[] } }>('{ getTeam { users invited { id } } }'),
    );
    expect(team.getTeam.users).toContain(result.setUserBasic.session!.user.id);
    expect(team.getTeam.invited).toEqual([]);
  });

  it('needs the mail again without the proof, or with a proof made for another invitation', async () => {
    const admin = await person(server);
    expectData(await admin.client.execute(invite, { email: 'first-proof@example.com', id: admin.teamId }));
    expectData(await admin.client.execute(invite, { email: 'second-proof@example.com', id: admin.teamId }));
    const first = invitationParts(invitationLinkFromMail((await newestMail('first-proof@example.com'))?.text, 'first-proof@example.com'));
    const second = invitationParts(
      invitationLinkFromMail((await newestMail('second-proof@example.com'))?.text, 'second-proof@example.com'),
    );
    for (const attempt of [
      { ...second, token: first.token },
      { ...second, token: null },
      { ...second, token: `${second.token!.slice(0, -2)}AA` },
    ]) {
      const result = expectData(await new GraphqlTestClient(server).execute<LinkSignUp>(linkSignUp, attempt));
      expect(result.setUserBasic).toEqual({ email: 'second-proof@example.com', verificationRequired: true, session: null });
    }
    // The account waits for its verification mail, like any sign-up.
    const mails = await appRows<{ text: string }>(server.app, sql`SELECT text FROM outbox WHERE "to" = 'second-proof@example.com'`);
    expect(mails.filter((mail) => mail.text.includes('/signup/verify?'))).toHaveLength(1);
    expect(await appRow(server.app, sql`SELECT email_verified FROM users WHERE email = 'second-proof@example.com'`)).toEqual({
      email_verified: 0,
    });
  });

  it('gives admins the link to pass on by hand only when no mail server is set', async () => {
    const admin = await person(server);
    const listed = expectData(
      await admin.client.execute<{ addUserTeam: { invited: { link: string | null }[] } }>(
        `mutation ($email: String!, $id: ID!) { addUserTeam(email: $email, id: $id) { invited { link } } }`,
        { email: 'by-hand@example.com', id: admin.teamId },
      ),
    );
    const link = new URL(listed.addUserTeam.invited[0]!.link!);
    expect(link.href).toBe(invitationLinkFromMail((await newestMail('by-hand@example.com'))?.text, 'by-hand@example.com').href);
    const result = expectData(await new GraphqlTestClient(server).execute<LinkSignUp>(linkSignUp, invitationParts(link)));
    expect(result.setUserBasic.verificationRequired).toBe(false);
  });
});

describe('withdrawing and resending invitations', () => {
  it('withdraws a pending invitation: its link answers that it was withdrawn, and the log records it', async () => {
    const admin = await person(server, 'Rita');
    expectData(await admin.client.execute(invite, { email: 'withdrawn@example.com', id: admin.teamId }));
    const link = invitationParts(invitationLinkFromMail((await newestMail('withdrawn@example.com'))?.text, 'withdrawn@example.com'));
    const revoked = expectData(
      await admin.client.execute<{ removeInvitedTeam: { invited: unknown[] } }>(removeInvited, {
        team: admin.teamId,
        invited: link.invited,
      }),
    );
    expect(revoked.removeInvitedTeam.invited).toEqual([]);
    const event = await appRow<{ payload: unknown }>(
      server.app,
      sql`SELECT payload FROM events WHERE type = 'team.invitation_revoked' AND stream = ${`team:${admin.teamId}`}`,
    );
    expect(jsonValue(event!.payload)).toEqual({ invitationId: link.invited, teamId: admin.teamId, email: 'withdrawn@example.com' });

    const before = await countEvents(server);
    const refused = await new GraphqlTestClient(server).execute(linkSignUp, link);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This invitation was withdrawn. Ask the team for a new one.',
      extensions: { code: 'INVITATION_WITHDRAWN' },
    });
    expect((await admin.client.execute(removeInvited, { team: admin.teamId, invited: link.invited })).errors?.[0]?.extensions.code).toBe(
      'NOT_FOUND',
    );
    expect((await admin.client.execute(resendInvited, { team: admin.teamId, invited: link.invited })).errors?.[0]?.extensions.code).toBe(
      'NOT_FOUND',
    );
    expect(await countEvents(server)).toBe(before);
  });

  it('refuses members who are not admins and admins of other teams, with a real invitation, writing nothing', async () => {
    const admin = await person(server);
    const member = await joinTeam(admin, await person(server, 'Basil'));
    const stranger = await person(server, 'Stella');
    expectData(await admin.client.execute(invite, { email: 'guarded@example.com', id: admin.teamId }));
    const { invited } = invitationParts(invitationLinkFromMail((await newestMail('guarded@example.com'))?.text, 'guarded@example.com'));
    const before = await countEvents(server);
    for (const operation of [removeInvited, resendInvited]) {
      expect((await member.client.execute(operation, { team: admin.teamId, invited })).errors?.[0]?.extensions.code).toBe(
        'PERMISSION_DENIED',
      );
      expect((await stranger.client.execute(operation, { team: admin.teamId, invited })).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      expect((await stranger.client.execute(operation, { team: stranger.teamId, invited })).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    }
    expect(await countEvents(server)).toBe(before);
    expect(await outboxCount('guarded@example.com')).toBe(1);
  });
});

describe('resending over SMTP', () => {
  it('mails a new link that spends the old one, keeps the role and message, and stays rate-limited', async () => {
    const smtp = await startMailCatcher();
    const received = smtp.received;
    const mailing = await startTestServer({
      SMTP_URL: smtp.url,
      RATE_LIMITS: 'true',
    });
    try {
      const admin = await verifiedOverSmtp(mailing, received);
      const invited = expectData(
        await admin.client.execute<{ addUserTeam: { invited: { id: string; link: string | null }[] } }>(
          'mutation ($id: ID!) { addUserTeam(email: "again@example.com", id: $id, type: "admin", text: "See you there") { invited { id link } } }',
          { id: admin.teamId },
        ),
      );
      // With a mail server, the link goes to the invitee's mailbox only.
      expect(invited.addUserTeam.invited).toEqual([{ id: expect.any(String), link: null }]);
      await expect.poll(() => received.filter((mail) => mail.to === 'again@example.com').length).toBe(1);
      const first = invitationParts(invitationLinkFromMail(received.at(-1)!.text, 'again@example.com'));

      const resent = expectData(
        await admin.client.execute<{ resendInvitedTeam: { invited: { id: string }[] } }>(resendInvited, {
          team: admin.teamId,
          invited: first.invited,
        }),
      );
      await expect.poll(() => received.filter((mail) => mail.to === 'again@example.com').length).toBe(2);
      const secondMail = received.filter((mail) => mail.to === 'again@example.com').at(-1)!;
      expect(secondMail.text).toContain('> See you there');
      const second = invitationParts(invitationLinkFromMail(secondMail.text, 'again@example.com'));
      expect(second.invited).not.toBe(first.invited);
      expect(resent.resendInvitedTeam.invited.map((entry) => entry.id)).toEqual([second.invited]);

      const stale = await new GraphqlTestClient(mailing).execute(linkSignUp, first);
      expect(stale.errors?.[0]?.message).toBe('This invitation is no longer valid. Ask for a new one.');
      // Three mails per address an hour: the invitation and two resends, then a resend is refused and sends nothing.
      expectData(await admin.client.execute(resendInvited, { team: admin.teamId, invited: second.invited }));
      await expect.poll(() => received.filter((mail) => mail.to === 'again@example.com').length).toBe(3);
      const current = invitationParts(invitationLinkFromMail(received.at(-1)!.text, 'again@example.com'));
      expect(
        (await admin.client.execute(resendInvited, { team: admin.teamId, invited: current.invited })).errors?.[0]?.extensions.code,
      ).toBe('RATE_LIMITED');
      expect(received.filter((mail) => mail.to === 'again@example.com')).toHaveLength(3);

      // A sign-up the link proves sends no mail, so that limit does not hold it back.
      const joined = expectData(await new GraphqlTestClient(mailing).execute<LinkSignUp>(linkSignUp, current));
      expect(joined.setUserBasic.session?.team).toEqual({ id: admin.teamId, role: 'admin' });
    } finally {
      await mailing.close();
      smtp.close();
    }
  });
});

/** A verified admin on a server that sends real mail: signs up and follows the link from the SMTP mailbox. */
async function verifiedOverSmtp(mailing: TestServer, received: { to: string; text: string }[]) {
  const client = new GraphqlTestClient(mailing);
  const email = `smtp-admin-${Date.now().toString(36)}@example.com`;
  expectData(
    await client.execute(
      'mutation ($email: String!) { setUserBasic(firstname: "Sam", lastname: "Mailer", email: $email, password: "mailer1234") { email } }',
      { email },
    ),
  );
  await expect.poll(() => received.some((mail) => mail.to === email)).toBe(true);
  const link = new URL(/https?:\/\/\S+\/signup\/verify\?\S+/.exec(received.find((mail) => mail.to === email)!.text)![0]);
  const verified = expectData(
    await client.execute<{ verifyAccount: { team: { id: string } } }>(
      'query ($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { team { id } } }',
      {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
      },
    ),
  );
  return { client, teamId: verified.verifyAccount.team.id };
}
