import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { searchHistoryStart } from '#shared/plans';
import { spacePolicy, spaceTypeOf, type TeamSeat } from '../../core/access';
import type { DrizzleDatabase } from '../../db/connection';
import { inJsonList, preparedQuery } from '../../db/prepared';
import { refusal } from '../../errors';
import { readableEventIds } from '../calendar';
import { meetingrooms, meetingsPolicy } from '../meetings';
import { projectMembers, projects } from '../teams';
import type { SearchFilter, SearchInput } from './input';
import type { IndexQuery, MatchedItem, SearchScope } from './port';
import { privatMembers } from '../chat';
import { indexSearchOf } from './requestIndex';

export type { MatchedItem } from './port';

const placeholder = sql.placeholder;

/**
 * The reads that scope every search, built once per connection (db/prepared.ts): the team's spaces with the caller's
 * membership, the private chats they are in, and the rooms of the spaces they may read (the list as one JSON value).
 */
const scopeQueries = preparedQuery((db: DrizzleDatabase) => ({
  spaces: db
    .select({
      id: projects.id,
      isPersonal: projects.isPersonal,
      type: projects.type,
      ownerId: projects.ownerId,
      permission: projectMembers.permission,
    })
    .from(projects)
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, placeholder('userId'))))
    .where(eq(projects.teamId, placeholder('teamId')))
    .orderBy(asc(projects.id))
    .prepare(),
  privateChats: db
    .select({ id: privatMembers.privatId })
    .from(privatMembers)
    .where(eq(privatMembers.userId, placeholder('userId')))
    .orderBy(asc(privatMembers.privatId))
    .prepare(),
  rooms: db
    .select({ id: meetingrooms.id })
    .from(meetingrooms)
    .where(
      and(
        eq(meetingrooms.teamId, placeholder('teamId')),
        or(inJsonList(meetingrooms.projectId, 'spaceIds'), and(isNull(meetingrooms.projectId), sql`${placeholder('adHocRooms')} = 1`)),
      ),
    )
    .orderBy(asc(meetingrooms.id))
    .prepare(),
}));

/**
 * The spaces of the team the caller may read now, judged by the space policy from their current seat and
 * memberships (a member removed from a space no longer has it; a team admin reads every shared space).
 */
export async function readableSpaceIds(db: DrizzleDatabase, teamId: string, seat: TeamSeat): Promise<string[]> {
  const rows = await scopeQueries(db).spaces.execute({ userId: seat.userId, teamId });
  return rows
    .filter((row) =>
      spacePolicy.read(
        seat,
        { teamId, isPersonal: row.isPersonal, type: spaceTypeOf(row.type), ownerId: row.ownerId },
        { permission: row.permission, requested: false },
      ),
    )
    .map((row) => row.id);
}

/**
 * Who searches: their current team, their seat in it, and the team's plan (its search history: older items are
 * hidden, never dropped from the index, so a paid plan finds them again at once).
 */
export interface SearchViewer {
  teamId: string;
  seat: TeamSeat;
  plan: string;
}

/**
 * What the caller may find at this moment: the team's readable spaces (or only the one asked for, NOT_FOUND when
 * they may not read it), the private chats they are in, the meeting rooms of those spaces plus the team's ad hoc
 * rooms when they may use them, and the calendar events they may read by the calendar's rule (no private chats, ad
 * hoc rooms or events when one space is asked for: they are in none; no events when another kind is asked for, since
 * listing a large team's events costs more than the rest of the scope).
 */
export async function readableScope(
  db: DrizzleDatabase,
  viewer: SearchViewer,
  space: string | null,
  filter: SearchFilter = 'all',
): Promise<SearchScope> {
  const readable = await readableSpaceIds(db, viewer.teamId, viewer.seat);
  if (space !== null && !readable.includes(space)) throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND', { field: 'space' });
  const spaceIds = space !== null ? [space] : readable;
  const queries = scopeQueries(db);
  const privatIds = space !== null ? [] : (await queries.privateChats.execute({ userId: viewer.seat.userId })).map((row) => row.id);
  // Ad hoc rooms (in no space) are in the scope when the placeholders match: one statement either way.
  const adHocRooms = space === null && meetingsPolicy.useAdHocRoom(viewer.seat) ? 1 : 0;
  const meetingroomIds = (await queries.rooms.execute({ teamId: viewer.teamId, spaceIds: JSON.stringify(spaceIds), adHocRooms })).map(
    (row) => row.id,
  );
  const eventsSearched = space === null && (filter === 'all' || filter === 'event');
  const eventIds = eventsSearched ? await readableEventIds(db, viewer.teamId, viewer.seat.userId) : [];
  return { teamId: viewer.teamId, spaceIds, privatIds, meetingroomIds, eventIds };
}

/** The index query for a search: its kind, and its date range narrowed to the team plan's search history. */
export function indexQueryOf(viewer: SearchViewer, input: SearchInput, now: Date): IndexQuery {
  const historyStart = searchHistoryStart(viewer.plan, now)?.toISOString() ?? null;
  return {
    text: input.text,
    kind: input.filter === 'all' ? null : input.filter,
    // Both are ISO instants in UTC, so the later one is the greater string.
    from: input.from === null || (historyStart !== null && historyStart > input.from) ? historyStart : input.from,
    until: input.until,
    first: input.first,
    now,
  };
}

/**
 * A search as the app runs it, on the index of the process's database (FTS5 on SQLite, tsvector on PostgreSQL): what
 * the caller may find, matched against their current seat, spaces, private chats and rooms; only items created within
 * the team plan's search history.
 */
export async function searchIndex(db: DrizzleDatabase, viewer: SearchViewer, input: SearchInput, now: Date): Promise<MatchedItem[]> {
  const scope = await readableScope(db, viewer, input.space, input.filter);
  return indexSearchOf(db)(indexQueryOf(viewer, input, now), scope);
}

/**
 * Several searches at one moment across everything the caller may read (every kind, no space asked for): what they
 * may find is worked out once, then each text is matched against it. For the AI assistant, which searches a
 * question's keywords together and then one by one: listing the scope (a large team's calendar events among it)
 * for each of them would cost as many times over.
 */
export async function searchesEverywhere(
  db: DrizzleDatabase,
  viewer: SearchViewer,
  now: Date,
): Promise<(text: string, first: number) => Promise<MatchedItem[]>> {
  const scope = await readableScope(db, viewer, null, 'all');
  const search = indexSearchOf(db);
  return (text, first) => search(indexQueryOf(viewer, { text, filter: 'all', from: null, until: null, space: null, first }, now), scope);
}
