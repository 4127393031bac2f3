import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { writeCalendar, type IcalEventInput } from '../../../calendar/ical';
import type { Services } from '../../../graphql/context';
import { teamMembers } from '../../teams';
import { exceptionsOfEvents, peopleOfEvents, visibleRowsFrom } from '../state';
import { feedOfToken } from './feedOperations';
import { authorOf, deadlineEvents, icalOfEvent, sourceOfRow, type Author } from './icalOfEvents';
import { feedTokenPattern } from './tokens';

/** The feed starts this far back; series reach forward without end (clients expand them). */
const feedLookBackMs = 30 * 24 * 60 * 60 * 1000;
/** How often subscribing clients are asked to fetch again (Google, Outlook and Apple choose their own pace too). */
export const feedRefreshMinutes = 30;

/** The feed's iCalendar text: the user's events of the team (series with RRULE, EXDATE and overrides) and task deadlines. */
export async function feedCalendar(services: Services, teamId: string, userId: string, now: Date): Promise<string> {
  const db = services.database.db;
  const publicUrl = services.config.publicUrl;
  const from = new Date(now.getTime() - feedLookBackMs).toISOString();
  const rows = await visibleRowsFrom(db, teamId, userId, from);
  const ids = rows.map((row) => row.id);
  const people = await peopleOfEvents(db, ids);
  const exceptions = await exceptionsOfEvents(db, ids);
  const authors = new Map<string, Author | null>();
  const events: IcalEventInput[] = [];
  for (const row of rows) {
    if (!authors.has(row.authorId)) authors.set(row.authorId, await authorOf(db, row.authorId));
    events.push(
      ...icalOfEvent(sourceOfRow(row), {
        publicUrl,
        organizer: row.calendarId ? null : (authors.get(row.authorId) ?? null),
        people: people.get(row.id) ?? [],
        exceptions: exceptions.get(row.id) ?? [],
      }),
    );
  }
  events.push(...(await deadlineEvents(db, teamId, userId, from, publicUrl)));
  const owner = await authorOf(db, userId);
  return writeCalendar(events, {
    method: 'PUBLISH',
    name: owner?.name ? `${owner.name} · Workspace` : 'Workspace',
    refreshMinutes: feedRefreshMinutes,
    now,
  });
}

/**
 * GET /calendar/feed/<token>.ics: the private feed Google Calendar, Outlook and Apple Calendar subscribe to.
 * An unknown, revoked or replaced token, or one of a member who left the team, answers 404 (never a hint
 * which). The body's hash is its ETag, so a client polling an unchanged calendar gets 304.
 */
export function registerFeedRoute(server: FastifyInstance, services: Services): void {
  server.get<{ Params: { file: string } }>('/calendar/feed/:file', async (request, reply) => {
    const token = request.params.file.replace(/\.ics$/i, '');
    const db = services.database.db;
    const feed =
      feedTokenPattern.test(token) && request.params.file.toLowerCase().endsWith('.ics') ? await feedOfToken(db, token) : undefined;
    const member =
      feed &&
      (
        await db
          .select({ userId: teamMembers.userId })
          .from(teamMembers)
          .where(and(eq(teamMembers.teamId, feed.teamId), eq(teamMembers.userId, feed.userId)))
          .limit(1)
      )[0];
    if (!feed || !member)
      return reply.code(404).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('No such calendar feed.');
    // DTSTAMP is the day's start, so an unchanged calendar is the same text (and the same ETag) all day.
    const now = new Date();
    const stamp = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const body = await feedCalendar(services, feed.teamId, feed.userId, stamp);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
    reply
      .header('ETag', etag)
      .header('Cache-Control', `private, max-age=${feedRefreshMinutes * 60}`)
      .header('Content-Disposition', 'inline; filename="calendar.ics"')
      .header('X-Robots-Tag', 'noindex');
    const match = request.headers['if-none-match'];
    if (typeof match === 'string' && match.split(',').some((value) => value.trim().replace(/^W\//, '') === etag))
      return reply.code(304).send();
    return reply.type('text/calendar; charset=utf-8').send(body);
  });
}
