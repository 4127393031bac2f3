import type { SpacePermission } from '#shared/teams';
import type { SpaceSeat, TeamSeat } from '../../core/access';
import { findSpaceRow } from './present';
import {
  findTeam,
  loadSpaceAccess,
  loadSpaceState,
  loadTeamSeat,
  loadTeamSeats,
  type ProjectRow,
  type Reader,
  type SpaceAccess,
  type SpaceFacts,
  type TeamRow,
} from './state';

/** A database as live judgements read it: the query builder, and the log's position that keys what is kept. */
export interface LiveDatabase {
  db: Reader;
  /** See `AppDatabase.logPosition` (db/connection.ts). */
  logPosition(): string;
}

/**
 * How many single lookups of one team's seats (or one space's memberships) are made at one log position
 * before its whole list is read instead: an event judged for a handful of subscribers reads their rows
 * alone, one judged for every online member of a team of thousands reads the team once.
 */
const lookupsBeforeWholeList = 8;

/**
 * The read kept under `key`, started once: judgements running at the same time share it. A read that fails is
 * forgotten, so the next judgement reads again.
 */
function keptRead<Key, Value>(kept: Map<Key, Promise<Value>>, key: Key, read: () => Promise<Value>): Promise<Value> {
  let answer = kept.get(key);
  if (answer === undefined) {
    answer = read();
    kept.set(key, answer);
    answer.catch(() => kept.delete(key));
  }
  return answer;
}

class TeamAtPosition {
  private readonly seats = new Map<string, Promise<TeamSeat | null>>();
  private everySeat: Promise<Map<string, TeamSeat>> | null = null;

  constructor(
    private readonly db: Reader,
    readonly row: TeamRow,
  ) {}

  async seat(userId: string): Promise<TeamSeat | null> {
    if (this.everySeat) return (await this.everySeat).get(userId) ?? null;
    const known = this.seats.get(userId);
    if (known !== undefined) return known;
    if (this.seats.size >= lookupsBeforeWholeList) {
      // The same rule as a single seat's (members counted in joining order up to the plan's limit), for all at once.
      const everySeat = loadTeamSeats(this.db, this.row);
      this.everySeat = everySeat;
      everySeat.catch(() => (this.everySeat = null));
      return (await everySeat).get(userId) ?? null;
    }
    return keptRead(this.seats, userId, () => loadTeamSeat(this.db, this.row, userId));
  }
}

interface SpaceMembers {
  permissions: Map<string, SpacePermission>;
  requests: Set<string>;
}

interface WholeSpace {
  facts: SpaceFacts;
  members: SpaceMembers;
}

class SpaceAtPosition {
  private readonly accesses = new Map<string, Promise<SpaceAccess | null>>();
  private whole: Promise<WholeSpace | null> | undefined;
  private fullRow: Promise<ProjectRow | null> | undefined;

  constructor(
    private readonly db: Reader,
    private readonly position: PositionFacts,
    private readonly projectId: string,
  ) {}

  async access(userId: string): Promise<SpaceAccess | null> {
    if (this.whole === undefined) {
      const known = this.accesses.get(userId);
      if (known !== undefined) return known;
      if (this.accesses.size < lookupsBeforeWholeList) {
        return keptRead(this.accesses, userId, () => loadSpaceAccess(this.db, this.projectId, userId));
      }
      const whole = this.readWhole();
      this.whole = whole;
      whole.catch(() => (this.whole = undefined));
    }
    const whole = await this.whole;
    if (whole === null) return null;
    const team = await this.position.team(whole.facts.teamId);
    if (!team) return null;
    const spaceSeat: SpaceSeat = {
      permission: whole.members.permissions.get(userId) ?? null,
      requested: whole.members.requests.has(userId),
    };
    return { space: whole.facts, team: team.row, seat: await team.seat(userId), spaceSeat };
  }

  private async readWhole(): Promise<WholeSpace | null> {
    const state = await loadSpaceState(this.db, this.projectId);
    if (!state) return null;
    const { members, requests, ...facts } = state;
    return {
      facts,
      members: { permissions: new Map(members.map((member) => [member.userId, member.permission])), requests: new Set(requests) },
    };
  }

  row(): Promise<ProjectRow | null> {
    if (this.fullRow === undefined) {
      const row = findSpaceRow(this.db, this.projectId).then((found) => found ?? null);
      this.fullRow = row;
      row.catch(() => (this.fullRow = undefined));
    }
    return this.fullRow;
  }
}

class PositionFacts {
  private readonly teams = new Map<string, Promise<TeamAtPosition | null>>();
  private readonly spaces = new Map<string, SpaceAtPosition>();

  constructor(
    private readonly db: Reader,
    readonly position: string,
  ) {}

  team(teamId: string): Promise<TeamAtPosition | null> {
    return keptRead(this.teams, teamId, async () => {
      const row = await findTeam(this.db, teamId);
      return row ? new TeamAtPosition(this.db, row) : null;
    });
  }

  space(projectId: string): SpaceAtPosition {
    let space = this.spaces.get(projectId);
    if (!space) this.spaces.set(projectId, (space = new SpaceAtPosition(this.db, this, projectId)));
    return space;
  }
}

/** What each database read at the log's current position; replaced as soon as the log moves on. */
const factsByDatabase = new WeakMap<object, PositionFacts>();

function factsNow(database: LiveDatabase): PositionFacts {
  const position = database.logPosition();
  let facts = factsByDatabase.get(database.db);
  if (!facts || facts.position !== position) factsByDatabase.set(database.db, (facts = new PositionFacts(database.db, position)));
  return facts;
}

/**
 * Access reads for live deliveries, answered as `findTeam`, `loadTeamSeat`, `loadSpaceAccess` and `findSpaceRow`
 * answer them now, but read once per log position for all subscribers. Every online member of a team judges
 * every event of it (a message in a public space reaches all of them, twice), and each judgement read the
 * team, the seat and the space again: most of the server's work under the load test. Teams, seats, spaces,
 * memberships and requests change only through events, so what was read at the log's current position holds
 * until the log moves on, whichever process appended to it; the position is read on every call. Not for
 * commands: inside a write transaction the state changes before its event is appended.
 */
export const liveAccess = {
  team(database: LiveDatabase, teamId: string): Promise<TeamRow | undefined> {
    return liveAccess.now(database).team(teamId);
  },
  teamSeat(database: LiveDatabase, team: TeamRow, userId: string): Promise<TeamSeat | null> {
    return liveAccess.now(database).teamSeat(team, userId);
  },
  spaceAccess(database: LiveDatabase, projectId: string, userId: string): Promise<SpaceAccess | null> {
    return liveAccess.now(database).spaceAccess(projectId, userId);
  },
  spaceRow(database: LiveDatabase, projectId: string): Promise<ProjectRow | undefined> {
    return liveAccess.now(database).spaceRow(projectId);
  },
  /**
   * The same reads with the log's position read once, for the reads of one judgement or answer. The reads it
   * starts are kept at that position: one that finishes after the log moved on answers as of that position, as a
   * read started just before the move would.
   */
  now(database: LiveDatabase) {
    const facts = factsNow(database);
    return {
      team: async (teamId: string): Promise<TeamRow | undefined> => (await facts.team(teamId))?.row,
      teamSeat: async (team: TeamRow, userId: string): Promise<TeamSeat | null> => {
        const known = await facts.team(team.id);
        // A team row handed in from elsewhere (another position) is judged with its own plan, as loadTeamSeat does.
        return known && known.row === team ? known.seat(userId) : loadTeamSeat(database.db, team, userId);
      },
      spaceAccess: (projectId: string, userId: string): Promise<SpaceAccess | null> => facts.space(projectId).access(userId),
      spaceRow: async (projectId: string): Promise<ProjectRow | undefined> => (await facts.space(projectId).row()) ?? undefined,
    };
  },
};
