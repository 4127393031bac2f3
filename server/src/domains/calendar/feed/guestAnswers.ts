import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IcalError, parseCalendar, type PartStat } from '../../../calendar/ical';
import type { Services } from '../../../graphql/context';
import { hasBearerToken } from '../../../http/bearerToken';
import type { EventResponseState } from '../events';
import { findEvent, lockedEvent, peopleOf, type EventRow } from '../state';
import { calendarEvents } from '../tables';
import { recordResponse } from '../writes';
import { authorOf } from './icalOfEvents';
import { fill, guestTexts, languageOfAcceptLanguage, whenText, type GuestTexts } from './texts';
import { readRsvpToken } from './tokens';

/** An iTIP REPLY is one small VCALENDAR; anything larger is not one. */
const itipBodyLimit = 262_144;
const formBodyLimit = 1_024;

const responseOfPartstat: Partial<Record<PartStat, EventResponseState>> = { ACCEPTED: 'accepted', DECLINED: 'rejected' };

/** The guest of that e-mail on the event (a person without an account), or undefined. */
async function guestOn(services: Services, row: EventRow, email: string) {
  return (await peopleOf(services.database.db, row.id)).find((person) => person.userId === null && person.email === email.toLowerCase());
}

/** Records a guest's answer unless it is already that; answers whether the guest is (still) invited. */
async function answerAsGuest(services: Services, eventId: string, email: string, response: EventResponseState): Promise<boolean> {
  return services.store.run({ actorId: null }, async (unit) => {
    const row = await lockedEvent(unit, eventId);
    if (!row || row.calendarId !== null) return false;
    const guest = (await peopleOf(unit.transaction, row.id)).find(
      (person) => person.userId === null && person.email === email.toLowerCase(),
    );
    if (!guest) return false;
    if (guest.response !== response)
      await recordResponse(unit, row, { userId: null, email: guest.email, name: guest.name }, response, 'local');
    return true;
  });
}

const escape = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(reply: FastifyReply, status: number, language: string, texts: GuestTexts, content: string) {
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escape(texts.pageTitle)} · Workspace</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<style>:root{color-scheme:light dark}body{font:16px/1.5 system-ui,sans-serif;max-width:520px;margin:48px auto;padding:0 16px;color:#18181b;background:#fff}
main{border:1px solid #e4e4e7;border-radius:12px;padding:24px}h1{font-size:22px;margin:0 0 8px}p{margin:8px 0}.muted{color:#52525b}
form{display:flex;gap:12px;flex-wrap:wrap;margin-top:16px}button{font:inherit;padding:10px 18px;border-radius:8px;border:1px solid #d4d4d8;background:#fff;color:#18181b;cursor:pointer}
button.primary{background:#4f46e5;border-color:#4f46e5;color:#fff}button:focus-visible{outline:3px solid #818cf8;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#18181b;color:#f4f4f5}main{border-color:#3f3f46}.muted{color:#a1a1aa}button{background:#27272a;color:#f4f4f5;border-color:#52525b}}</style></head>
<body><main>${content}</main></body></html>`;
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(html);
}

async function eventSummary(
  services: Services,
  row: EventRow,
  language: string,
  texts: GuestTexts,
): Promise<{ html: string; organizer: string }> {
  const author = await authorOf(services.database.db, row.authorId);
  const when = whenText(language, row.startAt, row.timeZone, row.allDay);
  const where = row.location ? `<p class="muted">${escape(texts.where)}: ${escape(row.location)}</p>` : '';
  return {
    html: `<h1>${escape(row.title)}</h1><p class="muted">${escape(texts.when)}: ${escape(when)}</p>${where}`,
    organizer: author?.name ?? author?.email ?? 'Workspace',
  };
}

/**
 * The guest's answer page, PUBLIC_URL/calendar/rsvp/<token> (the token: event id and e-mail with an HMAC,
 * nothing stored). GET only shows the event and two buttons (mail scanners open links); the buttons POST the
 * answer. The page speaks the browser's language.
 */
function registerRsvp(scope: FastifyInstance, services: Services): void {
  const open = async (token: string) => {
    const claim = readRsvpToken(services.config.secret, token);
    const row = claim ? await findEvent(services.database.db, claim.eventId) : undefined;
    return { claim, row };
  };
  scope.get<{ Params: { token: string } }>('/calendar/rsvp/:token', async (request, reply) => {
    const language = languageOfAcceptLanguage(request.headers['accept-language']);
    const texts = guestTexts(language);
    const { claim, row } = await open(request.params.token);
    if (!claim) return page(reply, 404, language, texts, `<h1>${escape(texts.pageTitle)}</h1><p>${escape(texts.invalidLink)}</p>`);
    const guest = row && row.calendarId === null ? await guestOn(services, row, claim.email) : undefined;
    if (!row || !guest) return page(reply, 410, language, texts, `<h1>${escape(texts.pageTitle)}</h1><p>${escape(texts.notInvited)}</p>`);
    const summary = await eventSummary(services, row, language, texts);
    const current =
      guest.response === 'invited'
        ? ''
        : `<p>${escape(fill(texts.currently, { answer: guest.response === 'accepted' ? texts.accept : texts.reject }))}</p>`;
    return page(
      reply,
      200,
      language,
      texts,
      `${summary.html}<p>${escape(texts.question)}</p>${current}
<form method="post"><button class="primary" type="submit" name="response" value="accept">${escape(texts.accept)}</button>
<button type="submit" name="response" value="reject">${escape(texts.reject)}</button></form>`,
    );
  });
  scope.post<{ Params: { token: string }; Body: string }>('/calendar/rsvp/:token', async (request, reply) => {
    const language = languageOfAcceptLanguage(request.headers['accept-language']);
    const texts = guestTexts(language);
    const { claim, row } = await open(request.params.token);
    if (!claim) return page(reply, 404, language, texts, `<h1>${escape(texts.pageTitle)}</h1><p>${escape(texts.invalidLink)}</p>`);
    const choice = new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('response');
    if (choice !== 'accept' && choice !== 'reject')
      return reply.code(400).type('text/plain; charset=utf-8').send('response must be accept or reject');
    const answered = row ? await answerAsGuest(services, row.id, claim.email, choice === 'accept' ? 'accepted' : 'rejected') : false;
    if (!row || !answered)
      return page(reply, 410, language, texts, `<h1>${escape(texts.pageTitle)}</h1><p>${escape(texts.notInvited)}</p>`);
    const summary = await eventSummary(services, row, language, texts);
    return page(
      reply,
      200,
      language,
      texts,
      `${summary.html}<p role="status">${escape(fill(choice === 'accept' ? texts.accepted : texts.rejected, { organizer: summary.organizer }))}</p>`,
    );
  });
}

/** Our event of an iCalendar UID (events made here; imported ones answer to their own server). */
async function eventOfUid(services: Services, uid: string): Promise<EventRow | undefined> {
  return (
    await services.database.db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.uid, uid), isNull(calendarEvents.calendarId)))
      .limit(1)
  )[0];
}

/**
 * POST /calendar/itip (with CALENDAR_ITIP_TOKEN): an iTIP REPLY (RFC 5546) a mail bridge forwards from a guest's calendar client. Each
 * ATTENDEE that is a guest of the event with PARTSTAT ACCEPTED or DECLINED updates the lists. Anything else
 * (not iCalendar, not a REPLY, an unknown event, nobody we invited, another answer) is refused with a
 * sentence saying why, and changes nothing.
 */
function registerItip(scope: FastifyInstance, services: Services): void {
  const bridgeToken = services.config.calendar.itipToken;
  // Every guest's invitation holds the event's UID and the guest's address: only the bridge, which checks
  // who sent the mail, may answer for a guest, so without its token the endpoint does not exist.
  if (bridgeToken === null) return;
  scope.post<{ Body: string }>('/calendar/itip', async (request, reply) => {
    const refuse = (status: number, error: string) => reply.code(status).header('Cache-Control', 'no-store').send({ error });
    if (!hasBearerToken(request.headers.authorization, bridgeToken)) {
      return refuse(401, "Send the mail bridge's token as Authorization: Bearer <CALENDAR_ITIP_TOKEN>.");
    }
    let parsed;
    try {
      parsed = parseCalendar(typeof request.body === 'string' ? request.body : '', { maxBytes: itipBodyLimit });
    } catch (error) {
      if (error instanceof IcalError) return refuse(error.code === 'ICS_TOO_LARGE' ? 413 : 400, error.message);
      throw error;
    }
    if (parsed.method !== 'REPLY') return refuse(400, 'Only an iTIP REPLY (METHOD:REPLY) is accepted here.');
    if (parsed.events.length === 0) return refuse(400, 'The REPLY holds no event with a UID and a start.');
    const answers: { uid: string; email: string; response: EventResponseState }[] = [];
    for (const event of parsed.events) {
      const row = await eventOfUid(services, event.uid);
      if (!row) return refuse(404, `No event here has the UID ${event.uid.slice(0, 200)}.`);
      for (const attendee of event.attendees) {
        if (!(await guestOn(services, row, attendee.email))) return refuse(403, `${attendee.email} is not a guest of this event.`);
        const response = responseOfPartstat[attendee.partstat];
        if (!response) return refuse(400, `The answer ${attendee.partstat} is not accepted: only ACCEPTED or DECLINED.`);
        answers.push({ uid: row.id, email: attendee.email, response });
      }
    }
    if (answers.length === 0) return refuse(400, 'The REPLY names no ATTENDEE.');
    for (const answer of answers) await answerAsGuest(services, answer.uid, answer.email, answer.response);
    return reply.code(200).send({ updated: answers.map(({ email, response }) => ({ email, response })) });
  });
}

/** The guests' routes, with bodies read as text: iCalendar for iTIP, a form for the answer page's buttons. */
export function registerGuestRoutes(server: FastifyInstance, services: Services): void {
  server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: formBodyLimit },
      (_request, body, done) => done(null, body),
    );
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: itipBodyLimit }, (_request, body, done) => done(null, body));
    registerRsvp(scope, services);
    registerItip(scope, services);
  });
}
