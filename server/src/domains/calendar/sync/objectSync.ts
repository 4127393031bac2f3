import { and, eq, gte, isNull, notExists, or, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../core/commands';
import { newId } from '../../../core/ids';
import type { Services } from '../../../graphql/context';
import { applyRemoteEvent, deleteRemoteEvent } from '../remote';
import { exceptionsOf, findEvent, findEventByUid, peopleOf, type EventRow } from '../state';
import { calendarEvents, calendarRemoteObjects } from '../tables';
import { fieldsOfRow, recordConflict } from '../writes';
import type { CalDavClient, RemoteCalendar, RemoteObject } from './calDavClient';
import { type CalendarSyncEvent } from './events';
import {
  keepForeignProperties,
  objectOf,
  parseObject,
  peopleOfAttendees,
  remoteEventOf,
  UnreadableObject,
  type ParsedObject,
} from './mapping';
import { findCalendar, objectsOfCalendar, type AccountRow, type CalendarRow, type RemoteObjectRow } from './state';
import { calendarAccountStream } from '../../../core/streams';

/** One selected calendar's sync within an account's run. */
export interface CalendarSync {
  services: Services;
  client: CalDavClient;
  account: AccountRow;
  calendar: CalendarRow;
  remote: RemoteCalendar;
}

/** Events made here are pushed to the default calendar from this far back (older ones stay here only). */
const pushFromDaysAgo = 30;
/** Remote objects applied per unit of work (one commit each); a refused one sends its batch through one by one. */
const applyBatch = 50;
/** The losing remote version kept in the event's history is cut to this many characters. */
const maxLosingText = 100_000;

const of = (sync: CalendarSync) => ({ accountId: sync.account.id, teamId: sync.account.teamId, userId: sync.account.userId });
const later = (left: string | null, right: string | null) =>
  left === null ? right : right === null ? left : Date.parse(left) >= Date.parse(right) ? left : right;
/** Changed here since both sides last agreed. */
const changedHere = (event: EventRow, link: RemoteObjectRow) =>
  link.remoteModifiedAt === null || Date.parse(event.updatedAt) > Date.parse(link.remoteModifiedAt);

async function append(unit: UnitOfWork, sync: CalendarSync, events: CalendarSyncEvent[]): Promise<void> {
  await unit.append(calendarAccountStream(sync.account.id), events, { teamId: sync.account.teamId });
}

/**
 * One unit of the sync: it decides on the account's calendars and remote objects (all recorded on the account's
 * stream), so it takes that stream's lock first (a selection or removal at the same time waits or is seen).
 */
function run<Result>(sync: CalendarSync, work: (unit: UnitOfWork) => Promise<Result>): Promise<Result> {
  return sync.services.store.run({ actorId: sync.account.userId }, async (unit) => {
    await unit.lock(calendarAccountStream(sync.account.id));
    return await work(unit);
  });
}

export interface PullOutcome {
  method: string;
  changed: number;
  deleted: number;
  skipped: string[];
}

/** Pulls what changed remotely and applies it here (origin remote: never pushed back). */
export async function pullCalendar(sync: CalendarSync): Promise<PullOutcome> {
  const { calendar, client } = sync;
  const links = new Map((await objectsOfCalendar(sync.services.database.db, calendar.id)).map((link) => [link.href, link]));
  const changes = await client.pull(
    { url: calendar.providerCalendarId, supportsSyncCollection: sync.remote.supportsSyncCollection },
    { syncToken: calendar.syncToken, ctag: calendar.ctag, known: new Map([...links].map(([href, link]) => [href, link.etag])) },
  );
  const skipped: string[] = [];
  const readable: { object: RemoteObject; parsed: ParsedObject }[] = [];
  for (const object of changes.changed) {
    if (links.get(object.url)?.etag === object.etag && object.etag !== null) continue;
    try {
      readable.push({ object, parsed: parseObject(object.data) });
    } catch (error) {
      if (!(error instanceof UnreadableObject)) throw error;
      skipped.push(`${object.url}: ${error.message}`);
    }
  }
  for (let start = 0; start < readable.length; start += applyBatch) {
    const batch = readable.slice(start, start + applyBatch);
    const apply = async (unit: UnitOfWork, entry: (typeof batch)[number]) =>
      await applyObject(unit, sync, entry.object, entry.parsed, links.get(entry.object.url));
    try {
      await run(sync, async (unit) => {
        // Deselected or removed while this run was under way: nothing more is imported into it.
        if (!(await findCalendar(unit.transaction, calendar.id))?.selected) return;
        for (const entry of batch) await apply(unit, entry);
      });
    } catch {
      // One event the calendar area refuses (an RRULE it cannot expand) is skipped; the others keep syncing.
      for (const entry of batch) {
        try {
          await run(sync, async (unit) =>
            (await findCalendar(unit.transaction, calendar.id))?.selected ? await apply(unit, entry) : undefined,
          );
        } catch (error) {
          skipped.push(`${entry.object.url}: ${error instanceof Error ? error.message : 'refused'}`);
        }
      }
    }
  }
  for (const href of changes.deleted) {
    const link = links.get(href);
    if (!link) continue;
    await run(sync, async (unit) => {
      await deleteRemoteEvent(unit, calendar.id, link.uid, link.eventId);
      await append(unit, sync, [{ type: 'calendarObject.forgotten', payload: { ...of(sync), calendarId: calendar.id, href } }]);
    });
  }
  if (changes.method !== 'unchanged' || calendar.ctag !== changes.ctag || !calendar.synced) {
    await run(
      sync,
      async (unit) =>
        await append(unit, sync, [
          {
            type: 'calendar.pulled',
            payload: {
              ...of(sync),
              calendarId: calendar.id,
              syncToken: changes.syncToken,
              ctag: changes.ctag ?? sync.remote.ctag,
              at: unit.now.toISOString(),
            },
          },
        ]),
    );
  }
  return { method: changes.method, changed: changes.changed.length, deleted: changes.deleted.length, skipped };
}

/**
 * One changed remote object. Both sides changed since they last agreed: the later modification wins (our
 * updatedAt against the remote LAST-MODIFIED, else DTSTAMP); the losing version is kept in the event's history.
 */
async function applyObject(
  unit: UnitOfWork,
  sync: CalendarSync,
  object: RemoteObject,
  parsed: ParsedObject,
  link: RemoteObjectRow | undefined,
): Promise<void> {
  const db = unit.transaction;
  const { calendar, account } = sync;
  // Without a link: one of the owner's own events pushed before (the calendar selected again, the account
  // connected again) is linked back by its UID; else the calendar area finds or imports it in this calendar.
  const event = link ? await findEvent(db, link.eventId) : await ownEventOfUid(db, sync, parsed.uid);
  const stored = async (eventId: string, remoteModifiedAt: string | null, etag = object.etag) =>
    await append(unit, sync, [
      {
        type: 'calendarObject.stored',
        payload: { ...of(sync), calendarId: calendar.id, href: object.url, etag, uid: parsed.uid, eventId, remoteModifiedAt },
      },
    ]);
  // Linked back without a known agreement: the timestamps alone decide, and nothing is recorded as a conflict.
  const relinked = event !== undefined && link === undefined;
  if (event && (relinked || changedHere(event, link!))) {
    const remoteAt = parsed.modifiedAt;
    const localWins = remoteAt === null || Date.parse(remoteAt) < Date.parse(event.updatedAt);
    if (!relinked) {
      await recordConflict(unit, event, {
        winner: localWins ? 'local' : 'remote',
        losing: localWins
          ? { ics: object.data.slice(0, maxLosingText) }
          : { ...fieldsOfRow(event), exceptions: await exceptionsOf(db, event.id) },
        localModifiedAt: event.updatedAt,
        remoteModifiedAt: remoteAt,
      });
    }
    if (localWins) {
      // The new ETag, the old agreement: the push that follows overwrites the remote version with ours.
      await stored(event.id, link?.remoteModifiedAt ?? null);
      return;
    }
  }
  // An event made here keeps its invitations: the object we pushed carries no attendees.
  const people =
    event && event.calendarId === null
      ? (await peopleOf(db, event.id)).map((person) => ({
          userId: person.userId,
          email: person.email,
          name: person.name,
          response: person.response as 'invited',
        }))
      : await peopleOfAttendees(db, account.teamId, parsed.master);
  const result = await applyRemoteEvent(
    unit,
    remoteEventOf(parsed, { calendarId: calendar.id, teamId: account.teamId, ownerId: account.userId, eventId: event?.id ?? null }, people),
  );
  const after = await findEvent(db, result.eventId);
  await stored(result.eventId, later(after?.updatedAt ?? null, parsed.modifiedAt));
}

async function ownEventOfUid(db: UnitOfWork['transaction'], sync: CalendarSync, uid: string): Promise<EventRow | undefined> {
  const own = await findEventByUid(db, uid, { teamId: sync.account.teamId });
  return own && own.authorId === sync.account.userId ? own : undefined;
}

/**
 * Pushes what changed here: events deleted here are deleted there, changed ones written with If-Match, and
 * (on the account's default calendar) events the owner made here and never pushed are created there.
 */
export async function pushCalendar(sync: CalendarSync, isDefault: boolean): Promise<number> {
  const db = sync.services.database.db;
  const { calendar, client } = sync;
  let pushed = 0;
  // One read of every link with its event's last change: only the events changed here are read whole.
  const links = await db
    .select({ link: calendarRemoteObjects, updatedAt: calendarEvents.updatedAt })
    .from(calendarRemoteObjects)
    .leftJoin(calendarEvents, eq(calendarEvents.id, calendarRemoteObjects.eventId))
    .where(eq(calendarRemoteObjects.calendarId, calendar.id));
  for (const { link, updatedAt } of links) {
    if (updatedAt !== null && link.remoteModifiedAt !== null && Date.parse(updatedAt) <= Date.parse(link.remoteModifiedAt)) continue;
    const event = await findEvent(db, link.eventId);
    if (!event) {
      // Deleted here: a change there since does not bring it back (a deletion on either side wins).
      if ((await client.delete(link.href, link.etag)) === 'precondition') await client.delete(link.href, null);
      await run(
        sync,
        async (unit) =>
          await append(unit, sync, [
            { type: 'calendarObject.forgotten', payload: { ...of(sync), calendarId: calendar.id, href: link.href } },
          ]),
      );
      pushed++;
      continue;
    }
    if (!changedHere(event, link)) continue;
    const current = await client.get(link.href);
    if (current && current.etag && link.etag && current.etag !== link.etag) continue; // changed there meanwhile: the next pull decides
    const ics = keepForeignProperties(objectOf(event, await exceptionsOf(db, event.id), new Date()), current?.data ?? null);
    const result = await client.put(link.href, ics, current ? link.etag : null);
    if (typeof result === 'string') continue;
    await run(sync, async (unit) => await storeLink(unit, sync, link.href, result.etag, event));
    pushed++;
  }
  if (!isDefault) return pushed;
  for (const event of await unpushedEvents(sync)) {
    const ics = objectOf(event, await exceptionsOf(db, event.id), new Date());
    let href = new URL(`${encodeURIComponent(event.uid.replace(/[^A-Za-z0-9@._-]/g, '-'))}.ics`, calendar.providerCalendarId).href;
    let result = await client.put(href, ics, null);
    if (result === 'precondition') {
      href = new URL(`${newId()}.ics`, calendar.providerCalendarId).href;
      result = await client.put(href, ics, null);
    }
    if (typeof result === 'string') continue;
    const etag = result.etag;
    await run(sync, async (unit) => await storeLink(unit, sync, href, etag, event));
    pushed++;
  }
  return pushed;
}

async function storeLink(unit: UnitOfWork, sync: CalendarSync, href: string, etag: string | null, pushedVersion: EventRow): Promise<void> {
  const event = await findEvent(unit.transaction, pushedVersion.id);
  if (!event) return;
  // A change made here while the request was under way is newer than what was pushed: it stays to push.
  await append(unit, sync, [
    {
      type: 'calendarObject.stored',
      payload: {
        ...of(sync),
        calendarId: sync.calendar.id,
        href,
        etag,
        uid: event.uid,
        eventId: event.id,
        remoteModifiedAt: pushedVersion.updatedAt,
      },
    },
  ]);
}

/** Events the owner made here (not imported), recent or still recurring, that no calendar holds yet. */
async function unpushedEvents(sync: CalendarSync): Promise<EventRow[]> {
  const db = sync.services.database.db;
  const cutoff = new Date(Date.now() - pushFromDaysAgo * 86_400_000).toISOString();
  return await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.teamId, sync.account.teamId),
        eq(calendarEvents.authorId, sync.account.userId),
        isNull(calendarEvents.calendarId),
        or(isNull(calendarEvents.seriesEndAt), gte(calendarEvents.seriesEndAt, cutoff)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(calendarRemoteObjects)
            .where(eq(calendarRemoteObjects.eventId, calendarEvents.id)),
        ),
      ),
    );
}
