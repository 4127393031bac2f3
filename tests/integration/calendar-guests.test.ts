import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeCalendar } from '../../server/src/calendar/ical';
import { startMailCatcher, type MailCatcher } from './support/mailCatcher';
import { GraphqlTestClient, startTestServer, type TestServer } from './harness';
import { expectData } from './teamFactories';

interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  ics: string | null;
  icsContentType: string | null;
}

const eventFields = 'id usersInvited { email user response } usersAccepted { email } usersRejected { email } guests';
type Person = { email: string; response: string };
interface EventAnswer {
  id: string;
  usersInvited: Person[];
  usersAccepted: { email: string }[];
  usersRejected: { email: string }[];
  guests: string[];
}

const guest = 'grace@guest.example';
const bridgeToken = 'mail-bridge-token-0123456789abcdef';
const otherGuest = 'linus@guest.example';

describe('guests: invitation mails with .ics, the answer link and iTIP replies', () => {
  let server: TestServer;
  let smtp: MailCatcher<ReceivedMail>;
  let received: ReceivedMail[] = [];
  let ada: GraphqlTestClient;
  let adaEmail: string;
  let eventId: string;

  const mailsTo = (to: string) => received.filter((mail) => mail.to === to);
  const getEvent = async () =>
    expectData(await ada.execute<{ getEvent: EventAnswer }>(`query ($id: ID!) { getEvent(id: $id) { ${eventFields} } }`, { id: eventId }))
      .getEvent;
  const postItip = (body: string, authorization = `Bearer ${bridgeToken}`) =>
    fetch(`${server.url}/calendar/itip`, { method: 'POST', headers: { 'content-type': 'text/calendar', authorization }, body });

  beforeAll(async () => {
    smtp = await startMailCatcher((mail) => {
      const attachment = mail.attachments.find((file) => file.filename === 'invite.ics');
      return {
        to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        ics: attachment ? attachment.content.toString('utf8') : null,
        icsContentType: attachment?.contentType ?? null,
      };
    });
    received = smtp.received;
    server = await startTestServer({
      SMTP_URL: smtp.url,
      CALENDAR_ITIP_TOKEN: bridgeToken,
    });
    ada = new GraphqlTestClient(server);
    adaEmail = `ada-${Date.now().toString(36)}@example.com`;
    expectData(
      await ada.execute(
        'mutation ($email: String!) { setUserBasic(firstname: "Ada", lastname: "Lovelace", email: $email, password: "analytical1") { email } }',
        {
          email: adaEmail,
        },
      ),
    );
    await vi.waitFor(() => expect(mailsTo(adaEmail)).toHaveLength(1));
    const link = new URL(/https?:\/\/\S+\/signup\/verify\?\S+/.exec(mailsTo(adaEmail)[0]!.text)![0]);
    expectData(
      await ada.execute('query ($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { token } }', {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
      }),
    );
    eventId = expectData(
      await ada.execute<{ setEvent: { id: string } }>(
        `mutation ($guests: [String!]) {
          setEvent(title: "Design review", description: "Bring sketches", startDate: "2027-05-03T07:00:00.000Z", endDate: "2027-05-03T08:00:00.000Z",
            type: "event", recurring: "weekly", timeZone: "Europe/Berlin", location: "Room 2", guests: $guests) { id }
        }`,
        { guests: [guest, otherGuest] },
      ),
    ).setEvent.id;
  });

  afterAll(async () => {
    await server.close();
    smtp.close();
  });

  it('mails each guest an invitation with a METHOD:REQUEST .ics that ical.js reads, and an answer link', async () => {
    await expect.poll(() => mailsTo(guest).length).toBe(1);
    const mail = mailsTo(guest)[0]!;
    expect(mail.subject).toMatch(/^Invitation: Design review \(/);
    expect(mail.text).toContain('Ada Lovelace invited you to "Design review".');
    expect(mail.icsContentType).toBe('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(mail.ics!));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('summary')).toBe('Design review');
    expect(vevent.getFirstPropertyValue('rrule')!.toString()).toBe('FREQ=WEEKLY');
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Berlin');
    expect(calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Berlin');
    expect(vevent.getFirstPropertyValue('organizer')).toBe(`mailto:${adaEmail}`);
    const attendees = vevent.getAllProperties('attendee').map((property) => [property.getFirstValue(), property.getParameter('partstat')]);
    expect(attendees).toEqual(
      expect.arrayContaining([
        [`mailto:${guest}`, 'NEEDS-ACTION'],
        [`mailto:${otherGuest}`, 'NEEDS-ACTION'],
      ]),
    );
    expect(mail.text).toMatch(/\/calendar\/rsvp\/\S+/);
  });

  it('the answer link shows a page in the browser language and records the accept', async () => {
    await expect.poll(() => mailsTo(guest).length).toBeGreaterThanOrEqual(1);
    const link = new URL(/https?:\/\/\S+\/calendar\/rsvp\/\S+/.exec(mailsTo(guest)[0]!.text)![0]);
    const path = `${server.url}${link.pathname}`;
    const page = await fetch(path, { headers: { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Design review');
    expect(html).toContain('>Accepter</button>');
    // Opening the page answers nothing (mail scanners open links).
    expect((await getEvent()).usersAccepted).toEqual([]);

    const answered = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'de' },
      body: 'response=accept',
    });
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain('Sie haben zugesagt.');
    expect((await getEvent()).usersAccepted.map((person) => person.email)).toEqual([guest]);

    // A link changed by hand (another address) is refused and changes nothing.
    const [id, , mac] = link.pathname.split('/').at(-1)!.split('.');
    const forged = `${server.url}/calendar/rsvp/${id}.${Buffer.from(otherGuest).toString('base64url')}.${mac}`;
    expect(
      (await fetch(forged, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'response=reject' }))
        .status,
    ).toBe(404);
    expect((await getEvent()).usersRejected).toEqual([]);
  });

  it('an iTIP REPLY of a known guest updates the lists; anything else is refused clearly', async () => {
    await expect.poll(() => mailsTo(otherGuest).length).toBe(1);
    const invitation = new ICAL.Component(ICAL.parse(mailsTo(otherGuest)[0]!.ics!)).getFirstSubcomponent('vevent')!;
    const uid = String(invitation.getFirstPropertyValue('uid'));
    const reply = (email: string, partstat: 'ACCEPTED' | 'DECLINED' | 'TENTATIVE', method: 'REPLY' | 'REQUEST' = 'REPLY', replyUid = uid) =>
      writeCalendar(
        [
          {
            uid: replyUid,
            summary: 'Design review',
            start: '2027-05-03T07:00:00.000Z',
            end: '2027-05-03T08:00:00.000Z',
            allDay: false,
            timeZone: 'UTC',
            attendees: [{ email, name: null, partstat }],
          },
        ],
        { method },
      );

    // Only the mail bridge answers for a guest: a reply without its token, or with another, changes nothing.
    for (const authorization of ['', 'Bearer not-the-bridge-token-at-all-000', `Basic ${bridgeToken}`]) {
      const refused = await postItip(reply(otherGuest, 'DECLINED'), authorization);
      expect(refused.status).toBe(401);
    }
    expect((await getEvent()).usersRejected).toEqual([]);

    const declined = await postItip(reply(otherGuest.toUpperCase(), 'DECLINED'));
    expect(declined.status).toBe(200);
    expect(await declined.json()).toEqual({ updated: [{ email: otherGuest, response: 'rejected' }] });
    expect((await getEvent()).usersRejected.map((person) => person.email)).toEqual([otherGuest]);

    const refusals: [string, number, string][] = [
      ['garbage', 400, 'The data is not valid iCalendar'],
      [reply(otherGuest, 'ACCEPTED', 'REQUEST'), 400, 'Only an iTIP REPLY (METHOD:REPLY) is accepted here.'],
      [reply('stranger@else.example', 'ACCEPTED'), 403, 'stranger@else.example is not a guest of this event.'],
      [reply(adaEmail, 'ACCEPTED'), 403, 'is not a guest of this event.'],
      [reply(otherGuest, 'TENTATIVE'), 400, 'The answer TENTATIVE is not accepted: only ACCEPTED or DECLINED.'],
      [reply(otherGuest, 'ACCEPTED', 'REPLY', 'unknown@elsewhere'), 404, 'No event here has the UID unknown@elsewhere.'],
    ];
    for (const [body, status, message] of refusals) {
      const response = await postItip(body);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: string }).error).toContain(message);
    }
    const tooLarge = await postItip(reply(otherGuest, 'ACCEPTED').replace('SUMMARY:Design review', `SUMMARY:${'x'.repeat(300_000)}`));
    expect(tooLarge.status).toBe(413);
    expect((await getEvent()).usersRejected.map((person) => person.email)).toEqual([otherGuest]);
  });

  it('has no iTIP endpoint when no mail bridge token is set', async () => {
    const withoutBridge = await startTestServer();
    try {
      const response = await fetch(`${withoutBridge.url}/calendar/itip`, {
        method: 'POST',
        headers: { 'content-type': 'text/calendar', authorization: `Bearer ${bridgeToken}` },
        body: 'BEGIN:VCALENDAR\r\nMETHOD:REPLY\r\nEND:VCALENDAR\r\n',
      });
      expect(response.status).toBe(404);
    } finally {
      await withoutBridge.close();
    }
  });

  it('a change mails every guest an update; a removed guest gets a METHOD:CANCEL, and deleting cancels for the rest', async () => {
    await expect.poll(() => mailsTo(guest).length).toBe(1);
    expectData(
      await ada.execute('mutation ($id: ID!) { ediEvent(id: $id, scope: "all", title: "Design review (moved)") { id } }', { id: eventId }),
    );
    await expect.poll(() => mailsTo(guest).length).toBe(2);
    expect(mailsTo(guest)[1]!.subject).toMatch(/^Updated invitation: Design review \(moved\)/);
    const updated = new ICAL.Component(ICAL.parse(mailsTo(guest)[1]!.ics!)).getFirstSubcomponent('vevent')!;
    const firstSequence = Number(
      new ICAL.Component(ICAL.parse(mailsTo(guest)[0]!.ics!)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('sequence'),
    );
    expect(Number(updated.getFirstPropertyValue('sequence'))).toBeGreaterThan(firstSequence);

    expectData(
      await ada.execute('mutation ($id: ID!, $guests: [String!]) { ediEvent(id: $id, scope: "all", guests: $guests) { id } }', {
        id: eventId,
        guests: [guest],
      }),
    );
    await expect.poll(() => mailsTo(otherGuest).some((mail) => mail.subject.startsWith('Cancelled:'))).toBe(true);
    const cancel = mailsTo(otherGuest).find((mail) => mail.subject.startsWith('Cancelled:'))!;
    const cancelled = new ICAL.Component(ICAL.parse(cancel.ics!));
    expect(cancelled.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled.getFirstSubcomponent('vevent')!.getFirstPropertyValue('uid')).toBe(updated.getFirstPropertyValue('uid'));
    expect(cancel.text).not.toContain('/calendar/rsvp/');
    // The remaining guest's answer link still works; the removed one's says the invitation is over.
    const removedLink = new URL(/https?:\/\/\S+\/calendar\/rsvp\/\S+/.exec(mailsTo(otherGuest)[0]!.text)![0]);
    expect((await fetch(`${server.url}${removedLink.pathname}`)).status).toBe(410);

    expect(
      expectData(await ada.execute<{ delEvent: boolean }>('mutation ($id: ID!) { delEvent(id: $id, scope: "all") }', { id: eventId }))
        .delEvent,
    ).toBe(true);
    await expect.poll(() => mailsTo(guest).some((mail) => mail.subject.startsWith('Cancelled:'))).toBe(true);
    const deleted = new ICAL.Component(ICAL.parse(mailsTo(guest).find((mail) => mail.subject.startsWith('Cancelled:'))!.ics!));
    expect(deleted.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(Number(deleted.getFirstSubcomponent('vevent')!.getFirstPropertyValue('sequence'))).toBeGreaterThan(
      Number(updated.getFirstPropertyValue('sequence')),
    );
  });
});
