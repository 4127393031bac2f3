import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../server/src/mail/mailer';
import { sendDueDigests } from '../../server/src/domains/notifications/digest';
import { unsubscribeToken } from '../../server/src/domains/notifications/unsubscribe';
import { postMessage } from './chatFactories';
import { startTestServer, type TestServer } from './harness';
import { joinSpace } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';
import { startMailCatcher, type CaughtMail, type MailCatcher } from './support/mailCatcher';

const hours = (count: number) => count * 3_600_000;

describe('e-mail digest of unread notifications, and its unsubscribe link', () => {
  let server: TestServer;
  let smtp: MailCatcher;
  let received: CaughtMail[] = [];
  let ada: Person;
  let bas: Person;
  let cid: Person;
  let space: string;
  let clock = Date.now();

  const mailsTo = (to: string) => received.filter((mail) => mail.to === to);
  /** Runs the digest job as the runner would, `after` milliseconds later than the previous run. */
  const runDigest = (after: number) => {
    clock += after;
    return sendDueDigests(server.app.services, new Date(clock));
  };
  const mention = (text: string) => postMessage(ada, { project: space, body: `${text} @[Bas](${bas.id})` });
  const notificationIds = async (someone: Person) =>
    expectData(
      await someone.client.execute<{ getNotifications: { notifications: { id: string; description: string }[] } }>(
        'query { getNotifications(first: 100) { notifications { id description } } }',
      ),
    ).getNotifications.notifications;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    received = smtp.received;
    // Sign-up reads its verification links from the outbox; the digests then go over SMTP to the test server.
    server = await startTestServer();
    ada = await person(server, 'Ada');
    bas = await joinTeam(ada, await person(server, 'Bas'));
    expectData(await bas.client.execute('mutation ($id: ID!) { ediUserLanguage(id: $id, language: "fr") { id } }', { id: bas.id }));
    cid = await person(server, 'Cid');
    space = await createSpace(ada, 'Launch');
    await joinSpace(bas, space);
    server.app.services.mailer = createSmtpMailer(smtp.url, 'workspace@example.com');
  });

  afterAll(async () => {
    await server.close();
    smtp.close();
  });

  it('mails only what is still unread, in the person’s language, with a link to each item', async () => {
    await mention('Read this one');
    await mention('Still waiting for you');
    const [waiting, read] = await notificationIds(bas);
    expect(waiting!.description).toContain('Still waiting');
    expectData(await bas.client.execute('mutation ($ids: [ID!]) { readNotifications(ids: $ids) }', { ids: [read!.id] }));

    expect(await runDigest(0)).toBe(1);
    await expect.poll(() => mailsTo(bas.email).length).toBe(1);
    const mail = mailsTo(bas.email)[0]!;
    expect(mail.subject).toBe('Notifications non lues : 1');
    expect(mail.text).toContain('Bonjour Bas,');
    expect(mail.text).toContain('Mentions');
    expect(mail.text).toContain('Still waiting for you');
    expect(mail.text).toContain('par Ada Lovelace');
    expect(mail.text).not.toContain('Read this one');
    expect(mail.text).toMatch(new RegExp(`/chats/${space}\\?message=\\S+`));
    expect(mail.html).toContain('Still waiting for you');
    // Ada has nothing unread: no mail for her.
    expect(mailsTo(ada.email)).toEqual([]);
  });

  it('sends nothing before the next one is due, and nothing twice when two runs race', async () => {
    await mention('A newer one');
    expect(await runDigest(hours(1))).toBe(0);
    const [first, second] = await Promise.all([runDigest(hours(24)), sendDueDigests(server.app.services, new Date(clock))]);
    expect(first + second).toBe(1);
    await expect.poll(() => mailsTo(bas.email).length).toBe(2);
    const mail = mailsTo(bas.email)[1]!;
    expect(mail.text).toContain('A newer one');
    // Covered by the previous digest, still unread: not sent again.
    expect(mail.text).not.toContain('Still waiting for you');
    expect(await runDigest(hours(25))).toBe(0);
  });

  it('a bad token changes nothing and says so', async () => {
    const forged = unsubscribeToken('another secret', bas.id, bas.teamId);
    const response = await fetch(`${server.url}/notifications/unsubscribe?token=${encodeURIComponent(forged)}`, {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Dieser Abmeldelink ist ungültig.');
    const missing = await fetch(`${server.url}/notifications/unsubscribe`);
    expect(missing.status).toBe(400);
  });

  it('the unsubscribe link works without signing in, in the person’s language, and then no digest comes', async () => {
    const link = new URL(/https?:\/\/\S+\/notifications\/unsubscribe\?token=\S+/.exec(mailsTo(bas.email)[1]!.text)![0]);
    const response = await fetch(`${server.url}${link.pathname}${link.search}`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('vous ne recevrez plus le récapitulatif');
    const settings = expectData(
      await bas.client.execute<{ getUser: { settings: { name: string; type: string | null; active: boolean }[] } }>(
        'query { getUser { settings { name type active } } }',
      ),
    ).getUser.settings;
    expect(settings).toContainEqual({ name: 'notifications.digest', type: 'never', active: true });

    await mention('After unsubscribing');
    expect(await runDigest(hours(48))).toBe(0);
    expect(mailsTo(bas.email)).toHaveLength(2);
  });

  it('the e-mail channel switched off for a type leaves it out, and a digest turned back on sends the rest', async () => {
    expectData(
      await bas.client.execute(
        'mutation { a: setSetting(name: "notifications.digest", active: true, type: "hourly") { id } b: setSetting(name: "notifications.email.MESSAGE_MENTION", active: false, type: "email") { id } }',
      ),
    );
    await mention('Not by e-mail');
    expect(await runDigest(hours(2))).toBe(0);
    expectData(
      await bas.client.execute('mutation { setSetting(name: "notifications.email.MESSAGE_MENTION", active: true, type: "email") { id } }'),
    );
    await mention('By e-mail again');
    expect(await runDigest(hours(2))).toBe(1);
    await expect.poll(() => mailsTo(bas.email).length).toBe(3);
    expect(mailsTo(bas.email)[2]!.text).toContain('By e-mail again');
    expect(mailsTo(bas.email)[2]!.text).not.toContain('Not by e-mail');
  });

  it('leaves out the notifications of a team the person has left', async () => {
    cid = await joinTeam(ada, cid);
    await joinSpace(cid, space);
    await postMessage(ada, { project: space, body: `Before you go @[Cid](${cid.id})` });
    expect(await notificationIds(cid)).toHaveLength(1);
    expectData(await cid.client.execute('mutation ($team: ID!) { leaveTeam(team: $team) }', { team: ada.teamId }));
    // At the real time: her first digest reaches one day back, which covers this notification.
    expect(await sendDueDigests(server.app.services, new Date())).toBe(0);
    // (Being added to the team sent the only mail she got.)
    expect(mailsTo(cid.email).filter((mail) => mail.subject.startsWith('Unread notifications'))).toEqual([]);
  });
});
