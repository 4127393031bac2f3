import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { searchHistoryStart } from '#shared/plans';
import { spacePolicy, spaceTypeOf, type TeamSeat } from '../../core/access';
import type { DrizzleDatabase } from '../../db/connection';
import * as schema from '../../db/schema';
import { refusal } from '../../errors';
import { readableEventIds } from '../calendar';
import { meetingsPolicy } from '../meetings';
import type { SearchFilter, SearchInput } from './input';
import type { IndexQuery, MatchedItem, SearchScope } from './port';
import { searchFts } from './sqlite/ftsIndex';

export type { MatchedItem } from './port';

interface SpaceRow {
  id: string;
  isPersonal: number;
  type: string | null;
  ownerId: string;
  permission: 'admin' | 'basic' | null;
}

/**
 * The spaces of the team the caller may read now, judged by the space policy from their current seat and
 * memberships (a member removed from a space no longer has it; a team admin reads every shared space).
 */
export function readableSpaceIds(sqlite: Database.Database, teamId: string, seat: TeamSeat): string[] {
  const rows = sqlite
    .prepare<[string, string], SpaceRow>(
      `SELECT p.id, p.is_personal AS isPersonal, p.type, p.owner_id AS ownerId, m.permission
       FROM projects p LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = ?
       WHERE p.team_id = ?`,
    )
    .all(seat.userId, teamId);
  return rows
    .filter((row) =>
      spacePolicy.read(
        seat,
        { teamId, isPersonal: row.isPersonal === 1, type: spaceTypeOf(row.type), ownerId: row.ownerId },
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

/** The connection's query builder for the calendar's reader (searchIndex is given the connection only, as the AI area calls it). */
const readersByConnection = new WeakMap<Database.Database, DrizzleDatabase>();

function readerOf(sqlite: Database.Database): DrizzleDatabase {
  let reader = readersByConnection.get(sqlite);
  if (!reader) {
    reader = drizzle(sqlite, { schema });
    readersByConnection.set(sqlite, reader);
  }
  return reader;
}

/**
 * What the caller may find at this moment: the team's readable spaces (or only the one asked for, NOT_FOUND when
 * they may not read it), the private chats they are in, the meeting rooms of those spaces plus the team's ad hoc
 * rooms when they may use them, and the calendar events they may read by the calendar's rule (no private chats, ad
 * hoc rooms or events when one space is asked for: they are in none; no events when another kind is asked for, since
 * listing a large team's events costs more than the rest of the scope).
 */
export function readableScope(
  sqlite: Database.Database,
  viewer: SearchViewer,
  space: string | null,
  filter: SearchFilter = 'all',
): SearchScope {
  const readable = readableSpaceIds(sqlite, viewer.teamId, viewer.seat);
  if (space !== null && !readable.includes(space)) throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND', { field: 'space' });
  const spaceIds = space !== null ? [space] : readable;
  const privatIds =
    space !== null
      ? []
      : sqlite
          .prepare<[string], { id: string }>('SELECT privat_id AS id FROM privat_members WHERE user_id = ?')
          .all(viewer.seat.userId)
          .map((row) => row.id);
  const adHocRooms = space === null && meetingsPolicy.useAdHocRoom(viewer.seat) ? 1 : 0;
  const meetingroomIds = sqlite
    .prepare<[string, string, number], { id: string }>(
      `SELECT id FROM meetingrooms WHERE team_id = ?
         AND (project_id IN (SELECT value FROM json_each(?)) OR (project_id IS NULL AND ? = 1))`,
    )
    .all(viewer.teamId, JSON.stringify(spaceIds), adHocRooms)
    .map((row) => row.id);
  const eventsSearched = space === null && (filter === 'all' || filter === 'event');
  const eventIds = eventsSearched ? readableEventIds(readerOf(sqlite), viewer.teamId, viewer.seat.userId) : [];
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
 * A search as the app runs it on SQLite: what the caller may find, matched in SQL against their current seat,
 * spaces, private chats and rooms; only items created within the team plan's search history.
 */
export function searchIndex(sqlite: Database.Database, viewer: SearchViewer, input: SearchInput, now: Date): MatchedItem[] {
  const scope = readableScope(sqlite, viewer, input.space, input.filter);
  return searchFts(sqlite, indexQueryOf(viewer, input, now), scope);
}

/**
 * Several searches at one moment across everything the caller may read (every kind, no space asked for): what they
 * may find is worked out once, then each text is matched against it. For the AI assistant, which searches a
 * question's keywords together and then one by one: listing the scope (a large team's calendar events among it)
 * for each of them would cost as many times over.
 */
export function searchesEverywhere(
  sqlite: Database.Database,
  viewer: SearchViewer,
  now: Date,
): (text: string, first: number) => MatchedItem[] {
  const scope = readableScope(sqlite, viewer, null, 'all');
  return (text, first) =>
    searchFts(sqlite, indexQueryOf(viewer, { text, filter: 'all', from: null, until: null, space: null, first }, now), scope);
}
