import type Database from 'better-sqlite3';
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

/** A connection as live judgements read it: the query builder, and the driver for the one raw read below. */
export interface LiveDatabase {
  db: Reader;
  sqlite: Database.Database;
}

// Asked before every live judgement: a raw statement prepared once per connection, without the query builder's row mapping.
const logHeads = new WeakMap<Database.Database, Database.Statement<[], { seq: number; id: string }>>();

/**
 * The log's newest event as this connection reads it now (whichever process appended last): its position and
 * its id, so a position read inside a unit of work that was then rolled back is never taken for the event
 * committed at that position later. What is kept "per log position" is kept under this key.
 */
export function logPosition(sqlite: Database.Database): string {
  let statement = logHeads.get(sqlite);
  if (!statement)
    logHeads.set(
      sqlite,
      (statement = sqlite.prepare<[], { seq: number; id: string }>('SELECT seq, id FROM events ORDER BY seq DESC LIMIT 1')),
    );
  const newest = statement.get();
  return newest ? `${newest.seq}:${newest.id}` : '';
}

/**
 * How many single lookups of one team's seats (or one space's memberships) are made at one log position
 * before its whole list is read instead: an event judged for a handful of subscribers reads their rows
 * alone, one judged for every online member of a team of thousands reads the team once.
 */
const lookupsBeforeWholeList = 8;

class TeamAtPosition {
  private readonly seats = new Map<string, TeamSeat | null>();
  private everySeat: Map<string, TeamSeat> | null = null;

  constructor(
    private readonly db: Reader,
    readonly row: TeamRow,
  ) {}

  seat(userId: string): TeamSeat | null {
    if (this.everySeat) return this.everySeat.get(userId) ?? null;
    const known = this.seats.get(userId);
    if (known !== undefined) return known;
    if (this.seats.size >= lookupsBeforeWholeList) {
      // The same rule as a single seat's (members counted in joining order up to the plan's limit), for all at once.
      this.everySeat = loadTeamSeats(this.db, this.row);
      return this.everySeat.get(userId) ?? null;
    }
    const seat = loadTeamSeat(this.db, this.row, userId);
    this.seats.set(userId, seat);
    return seat;
  }
}

interface SpaceMembers {
  permissions: Map<string, SpacePermission>;
  requests: Set<string>;
}

class SpaceAtPosition {
  private readonly accesses = new Map<string, SpaceAccess | null>();
  private whole: { facts: SpaceFacts; members: SpaceMembers } | null | undefined;
  private fullRow: ProjectRow | null | undefined;

  constructor(
    private readonly db: Reader,
    private readonly position: PositionFacts,
    private readonly projectId: string,
  ) {}

  access(userId: string): SpaceAccess | null {
    if (this.whole === undefined) {
      const known = this.accesses.get(userId);
      if (known !== undefined) return known;
      if (this.accesses.size < lookupsBeforeWholeList) {
        const access = loadSpaceAccess(this.db, this.projectId, userId);
        this.accesses.set(userId, access);
        return access;
      }
      const state = loadSpaceState(this.db, this.projectId);
      if (state) {
        const { members, requests, ...facts } = state;
        this.whole = {
          facts,
          members: { permissions: new Map(members.map((member) => [member.userId, member.permission])), requests: new Set(requests) },
        };
      } else this.whole = null;
    }
    if (this.whole === null) return null;
    const team = this.position.team(this.whole.facts.teamId);
    if (!team) return null;
    const spaceSeat: SpaceSeat = {
      permission: this.whole.members.permissions.get(userId) ?? null,
      requested: this.whole.members.requests.has(userId),
    };
    return { space: this.whole.facts, team: team.row, seat: team.seat(userId), spaceSeat };
  }

  row(): ProjectRow | null {
    if (this.fullRow === undefined) this.fullRow = findSpaceRow(this.db, this.projectId) ?? null;
    return this.fullRow;
  }
}

class PositionFacts {
  private readonly teams = new Map<string, TeamAtPosition | null>();
  private readonly spaces = new Map<string, SpaceAtPosition>();

  constructor(
    private readonly db: Reader,
    readonly position: string,
  ) {}

  team(teamId: string): TeamAtPosition | null {
    let team = this.teams.get(teamId);
    if (team === undefined) {
      const row = findTeam(this.db, teamId);
      team = row ? new TeamAtPosition(this.db, row) : null;
      this.teams.set(teamId, team);
    }
    return team;
  }

  space(projectId: string): SpaceAtPosition {
    let space = this.spaces.get(projectId);
    if (!space) this.spaces.set(projectId, (space = new SpaceAtPosition(this.db, this, projectId)));
    return space;
  }
}

/** What each connection read at the log's current position; replaced as soon as the log moves on. */
const factsByConnection = new WeakMap<Database.Database, PositionFacts>();

function factsNow({ db, sqlite }: LiveDatabase): PositionFacts {
  const position = logPosition(sqlite);
  let facts = factsByConnection.get(sqlite);
  if (!facts || facts.position !== position) factsByConnection.set(sqlite, (facts = new PositionFacts(db, position)));
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
  team(database: LiveDatabase, teamId: string): TeamRow | undefined {
    return liveAccess.now(database).team(teamId);
  },
  teamSeat(database: LiveDatabase, team: TeamRow, userId: string): TeamSeat | null {
    return liveAccess.now(database).teamSeat(team, userId);
  },
  spaceAccess(database: LiveDatabase, projectId: string, userId: string): SpaceAccess | null {
    return liveAccess.now(database).spaceAccess(projectId, userId);
  },
  spaceRow(database: LiveDatabase, projectId: string): ProjectRow | undefined {
    return liveAccess.now(database).spaceRow(projectId);
  },
  /**
   * The same reads with the log's position read once, for the reads of one synchronous judgement or answer:
   * nothing is written on the connection until it returns, so the position cannot move meanwhile.
   */
  now(database: LiveDatabase) {
    const facts = factsNow(database);
    return {
      team: (teamId: string): TeamRow | undefined => facts.team(teamId)?.row,
      teamSeat: (team: TeamRow, userId: string): TeamSeat | null => {
        const known = facts.team(team.id);
        // A team row handed in from elsewhere (another position) is judged with its own plan, as loadTeamSeat does.
        return known && known.row === team ? known.seat(userId) : loadTeamSeat(database.db, team, userId);
      },
      spaceAccess: (projectId: string, userId: string): SpaceAccess | null => facts.space(projectId).access(userId),
      spaceRow: (projectId: string): ProjectRow | undefined => facts.space(projectId).row() ?? undefined,
    };
  },
};
