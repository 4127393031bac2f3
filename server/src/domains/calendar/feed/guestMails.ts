import type { StoredEvent } from '../../../core/events';
import { writeCalendar, type IcalEventInput, type IcalMethod } from '../../../calendar/ical';
import type { Services } from '../../../graphql/context';
import type { MailMessage } from '../../../mail/mailer';
import { findMeetingroom } from '../../meetings';
import {
  type CalendarEventCreated,
  type CalendarEventDeleted,
  type CalendarEventEdited,
  type CalendarEventResponded,
  type EventFields,
  type EventOrigin,
} from '../events';
import { exceptionsOf, findEvent, peopleOf } from '../state';
import { authorOf, icalOfEvent, sourceOfRow, type Author, type EventSource, type IcalContext } from './icalOfEvents';
import { fill, guestTexts, whenText } from './texts';
import { rsvpToken } from './tokens';
import { calendarEventStream } from '../../../core/streams';

interface OfEventPayload {
  eventId: string;
  origin: EventOrigin;
}

/** What a series looked like by the end of its stream's history (the fields, people and SEQUENCE a deleted event had). */
interface Folded {
  uid: string;
  authorId: string;
  calendarId: string | null;
  fields: EventFields;
  sequence: number;
  emails: Set<string>;
}

function fold(history: readonly StoredEvent[], beforeSeq: number): Folded | null {
  let state: Folded | null = null;
  for (const stored of history) {
    if (stored.seq >= beforeSeq) break;
    if (stored.type === 'calendarEvent.created') {
      const created = stored.payload as CalendarEventCreated;
      const {
        eventId: _id,
        teamId: _team,
        origin: _origin,
        authorId,
        calendarId,
        uid,
        sequence,
        splitFromId: _split,
        people,
        ...fields
      } = created;
      state = { uid, authorId, calendarId, fields, sequence, emails: new Set(people.map((person) => person.email)) };
    } else if (state && stored.type === 'calendarEvent.edited') {
      const edited = stored.payload as CalendarEventEdited;
      state.fields = { ...state.fields, ...edited.changes };
      state.sequence = Math.max(state.sequence, edited.sequence);
      if (edited.people) state.emails = new Set(edited.people.map((person) => person.email));
    } else if (state && stored.type === 'calendarEvent.responded') {
      const responded = stored.payload as CalendarEventResponded;
      if (responded.response === 'left') state.emails.delete(responded.email);
      else state.emails.add(responded.email);
    }
  }
  return state;
}

interface Mailing {
  method: Extract<IcalMethod, 'REQUEST' | 'CANCEL'>;
  kind: 'invitation' | 'update' | 'cancel';
  to: string;
}

/** One guest's mail: localized text with the answer link, and the .ics (REQUEST or CANCEL) attached. */
function guestMail(
  services: Services,
  source: EventSource,
  author: Author | null,
  events: IcalEventInput[],
  mailing: Mailing,
): MailMessage {
  const texts = guestTexts(author?.language ?? 'en');
  const publicUrl = services.config.publicUrl;
  const when = whenText(author?.language ?? 'en', source.fields.startAt, source.fields.timeZone, source.fields.allDay);
  const values = { title: source.fields.title.replace(/[\r\n]+/g, ' '), when, organizer: author?.name ?? author?.email ?? 'Workspace' };
  const subject = fill(texts[`${mailing.kind}Subject`], values).replace(/[\r\n]+/g, ' ');
  const body = fill(texts[`${mailing.kind}Body`], values);
  const meetingLink = mailing.method === 'REQUEST' ? (events[0]?.url ?? null) : null;
  const answerLink =
    mailing.method === 'REQUEST' ? `${publicUrl}/calendar/rsvp/${rsvpToken(services.config.secret, source.id, mailing.to)}` : null;
  const lines = [
    body,
    '',
    `${texts.when}: ${when}`,
    ...(source.fields.location ? [`${texts.where}: ${source.fields.location}`] : []),
    ...(meetingLink ? [`${texts.join}: ${meetingLink}`] : []),
    ...(source.fields.description ? ['', source.fields.description] : []),
    ...(answerLink ? ['', `${texts.answer}: ${answerLink}`] : []),
    '',
    texts.attachment,
  ];
  const escape = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escape(body)}</p>
<p><strong>${escape(texts.when)}:</strong> ${escape(when)}${source.fields.location ? `<br><strong>${escape(texts.where)}:</strong> ${escape(source.fields.location)}` : ''}</p>
${meetingLink ? `<p><a href="${escape(meetingLink)}">${escape(texts.join)}</a></p>` : ''}${source.fields.description ? `<p style="white-space:pre-wrap">${escape(source.fields.description)}</p>` : ''}
${answerLink ? `<p><a href="${escape(answerLink)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escape(texts.answer)}</a></p>` : ''}
<p style="color:#71717a;font-size:13px">${escape(texts.attachment)}</p>
</body></html>`;
  const calendar = writeCalendar(events, { method: mailing.method });
  return {
    to: mailing.to,
    subject,
    text: `${lines.join('\n')}\n`,
    html,
    attachments: [{ filename: 'invite.ics', content: calendar, contentType: `text/calendar; charset=utf-8; method=${mailing.method}` }],
  };
}

/** A METHOD:CANCEL of the event to one guest: the event as that guest knew it, with only them invited. */
function cancelMail(
  services: Services,
  source: EventSource,
  author: Author | null,
  context: Omit<IcalContext, 'people' | 'exceptions'>,
  email: string,
): MailMessage {
  const events = icalOfEvent(source, { ...context, people: [{ email, name: null, response: 'invited' }], exceptions: [] });
  return guestMail(
    services,
    source,
    author,
    events.slice(0, 1).map((event) => ({ ...event, status: 'CANCELLED' as const })),
    { method: 'CANCEL', kind: 'cancel', to: email },
  );
}

/** The REQUESTs and CANCELs one event's committed changes call for. */
async function mailsForEvent(services: Services, eventId: string, changes: readonly StoredEvent[]): Promise<MailMessage[]> {
  const db = services.database.db;
  const history = await services.store.read({ stream: calendarEventStream(eventId) });
  const first = changes[0]!;
  const before = fold(history, first.seq);
  const after = fold(history, Number.MAX_SAFE_INTEGER);
  const row = await findEvent(db, eventId);
  const deleted = changes.find((stored) => stored.type === 'calendarEvent.deleted');
  const state = after ?? before;
  // Imported events' invitations are the remote calendar's business (its server schedules them).
  if (!state || state.calendarId !== null) return [];
  const author = await authorOf(db, state.authorId);
  const organizer = author ? { email: author.email, name: author.name } : null;
  const mails: MailMessage[] = [];

  if (deleted || !row) {
    const guests = deleted ? (deleted.payload as CalendarEventDeleted).guests : [];
    const source: EventSource = {
      id: eventId,
      uid: state.uid,
      sequence: state.sequence + 1,
      fields: state.fields,
      createdAt: null,
      updatedAt: null,
    };
    for (const guest of guests)
      mails.push(cancelMail(services, source, author, { publicUrl: services.config.publicUrl, organizer }, guest));
    return mails;
  }

  const people = await peopleOf(db, row.id);
  const guests = people.filter((person) => person.userId === null);
  const source = sourceOfRow(row);
  const room = row.meetingroomId ? await findMeetingroom(db, row.meetingroomId) : undefined;
  const context = {
    publicUrl: services.config.publicUrl,
    meetingLink: room ? `${services.config.publicUrl}/meetingroom/${room.id}?guest=${room.linkSecret}` : null,
    organizer,
    people,
    exceptions: await exceptionsOf(db, row.id),
  };
  const created = changes.some((stored) => stored.type === 'calendarEvent.created');
  const changedForAll = changes.some((stored) => {
    if (stored.type === 'calendarEvent.occurrenceChanged') return true;
    if (stored.type !== 'calendarEvent.edited') return false;
    const edited = stored.payload as CalendarEventEdited;
    return Object.keys(edited.changes).length > 0 || edited.exceptionsCleared === true;
  });
  const removed = new Set(
    changes.flatMap((stored) => (stored.type === 'calendarEvent.edited' ? ((stored.payload as CalendarEventEdited).removed ?? []) : [])),
  );
  const knownBefore = before?.emails ?? new Set<string>();
  const memberEmails = new Set(people.filter((person) => person.userId !== null).map((person) => person.email));
  for (const guest of guests) {
    const isNew = created || !knownBefore.has(guest.email);
    if (!isNew && !changedForAll) continue;
    mails.push(
      guestMail(services, source, author, icalOfEvent(source, context), {
        method: 'REQUEST',
        kind: isNew ? 'invitation' : 'update',
        to: guest.email,
      }),
    );
  }
  for (const email of removed) {
    if (memberEmails.has(email) || guests.some((guest) => guest.email === email)) continue;
    if (!knownBefore.has(email) || !isGuestAddress(history, email)) continue;
    mails.push(cancelMail(services, source, author, context, email));
  }
  return mails;
}

/** Whether an address was invited as a guest (no account) in the event's history, not as a member. */
function isGuestAddress(history: readonly StoredEvent[], email: string): boolean {
  for (const stored of [...history].reverse()) {
    const people =
      stored.type === 'calendarEvent.created'
        ? (stored.payload as CalendarEventCreated).people
        : stored.type === 'calendarEvent.edited'
          ? (stored.payload as CalendarEventEdited).people
          : undefined;
    const person = people?.find((entry) => entry.email === email);
    if (person) return person.userId === null;
  }
  return false;
}

/**
 * Guests' invitation mails (SPEC: an e-mail with an .ics attachment): METHOD:REQUEST when an event made here
 * is created or changed (to new guests, and to every guest when the event itself changed), METHOD:CANCEL when
 * it is deleted or a guest is removed. Sent after the change committed, by the process that made it, for
 * changes made here only (a change pulled from a synced calendar sends nothing).
 */
export function startGuestMails(services: Services): () => void {
  return services.store.onCommitted((committed, origin) => {
    // Every process on one PostgreSQL database hears every commit; the mails go out once, from the one that made it.
    if (origin !== 'this process') return;
    const byEvent = new Map<string, StoredEvent[]>();
    for (const stored of committed) {
      if (!stored.type.startsWith('calendarEvent.') || stored.type === 'calendarEvent.responded') continue;
      const payload = stored.payload as OfEventPayload;
      if (payload.origin !== 'local') continue;
      byEvent.set(payload.eventId, [...(byEvent.get(payload.eventId) ?? []), stored]);
    }
    for (const [eventId, changes] of byEvent)
      services.jobs.soon(`calendar: guest mails of ${eventId}`, async () => {
        const mails = await mailsForEvent(services, eventId, changes);
        for (const mail of mails) await services.mailer.send(mail);
      });
  });
}
