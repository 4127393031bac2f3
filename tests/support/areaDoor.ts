import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Clock, ManualClock } from '../../server/src/core/clock';
import type { EventStore, UnitOfWork } from '../../server/src/core/commands';
import type { Projection } from '../../server/src/core/events';
import { connectPostgres } from '../../server/src/core/postgres/connect';
import { PostgresEventStore } from '../../server/src/core/postgres/eventStore';
import { migratePostgres, projectionMigrations } from '../../server/src/core/postgres/migrate';
import { replayPostgresProjections } from '../../server/src/core/postgres/projectionReplay';
import { SqliteEventStore } from '../../server/src/core/sqlite/eventStore';
import { bindSpaceDirectory, type SpaceDirectory } from '../../server/src/core/spaceContent';
import { replay } from '../../server/src/core/sqlite/replay';
import { openDatabase, type DrizzleDatabase } from '../../server/src/db/connection';
import { asAreaDatabase, asAreaEventStore, asPostgresProjections, tableDialect } from '../../server/src/db/pickTable';
import { DomainError } from '../../server/src/errors';

/** An area's command door and reads in the dialect of this process, for the `<area>OnDoor.ts` scenarios. */
export interface AreaDoor {
  store: EventStore;
  db: DrizzleDatabase;
  /** A statement outside any unit (rows the area reads but does not own: the users its tokens join, spaces…). */
  execute(statement: SQL): Promise<void>;
  /** A query outside any unit, answering its rows (for what only raw SQL reads: a text search index). */
  rows(statement: SQL): Promise<Record<string, unknown>[]>;
  /** Empties the projections' tables and applies the whole log again, in one transaction. */
  replay(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Runs units on the door with spaces read through `directory`, bound to the door's database and to each unit's
 * transaction as the app binds the teams area's directory to each database handle.
 */
export function unitsReadingSpaces(door: AreaDoor, directory: SpaceDirectory) {
  bindSpaceDirectory(door.db, directory);
  return <Result>(actorId: string | null, work: (unit: UnitOfWork) => Promise<Result>) =>
    door.store.run({ actorId }, (unit) => {
      bindSpaceDirectory(unit.transaction, directory);
      return work(unit);
    });
}

/**
 * Opens the door of this process's dialect (db/pickTable.ts): PostgreSQL at DATABASE_URL, migrated (the log's
 * migrations and the projections'), or a SQLite file of its own, removed on close.
 */
export async function openAreaDoor(area: string, projections: readonly Projection[], clock: Clock): Promise<AreaDoor> {
  const url = process.env['DATABASE_URL'];
  if (tableDialect === 'postgresql' && url) {
    const connection = await connectPostgres({ url, poolSize: 4, statementTimeoutMs: 30_000 }, `${area}-on-door`);
    await migratePostgres(connection);
    await migratePostgres(connection, projectionMigrations);
    const store = await PostgresEventStore.open(connection, asPostgresProjections(projections), { clock });
    return {
      store: asAreaEventStore(store),
      db: asAreaDatabase(store.database),
      execute: async (statement) => void (await store.database.execute(statement)),
      rows: async (statement) => [...(await store.database.execute<Record<string, unknown>>(statement))],
      replay: async () => void (await replayPostgresProjections(connection, asPostgresProjections(projections))),
      close: () => store.close(),
    };
  }
  const directory = mkdtempSync(join(tmpdir(), `${area}-door-`));
  const database = openDatabase(join(directory, `${area}.sqlite`));
  const store = new SqliteEventStore(database, projections, { clock });
  return {
    store,
    db: database.db,
    execute: async (statement) => void database.db.run(statement),
    rows: async (statement) => database.db.all<Record<string, unknown>>(statement),
    replay: async () => void (await replay(database, database, projections)),
    async close() {
      await store.settle();
      database.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Ids drawn during a run (at random, so they differ between the two runs), each shown as a label: `id-1`, … in the
 * order first seen, or a name given. Both runs' outputs then compare.
 */
export function idLabels() {
  const labels = new Map<string, string>();
  const labelled = (value: unknown): unknown => {
    if (typeof value === 'string') return labels.get(value) ?? value;
    if (Array.isArray(value)) return value.map(labelled);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, labelled(entry)]));
    return value;
  };
  return {
    /** The value with every labelled id replaced by its label. */
    labelled,
    label(id: string): string {
      if (!labels.has(id)) labels.set(id, `id-${labels.size + 1}`);
      return labels.get(id)!;
    },
    /** Labels an id by a name of the scenario's choosing (which of two racers won). */
    name(id: string, name: string): void {
      labels.set(id, name);
    },
    /** A text with every labelled id in it replaced by its label (a stream's name: `billing:<team>`). */
    labelledText(text: string): string {
      let result = text;
      for (const [id, name] of labels) result = result.replaceAll(id, name);
      return result;
    },
    /** The labelled ids, in the order they were labelled. */
    ids: (): string[] => [...labels.keys()],
  };
}

/**
 * What a command answered (shown by `present`), or the code it was refused with; the clock moves on a second before
 * each, so every command has a time of its own.
 */
export function outcomesOn(clock: ManualClock, present: (answer: unknown) => unknown = (answer) => answer) {
  return async (command: () => Promise<unknown>): Promise<unknown> => {
    clock.advance(1000);
    try {
      return { answered: present(await command()) ?? null };
    } catch (error) {
      if (error instanceof DomainError) return { refused: error.code };
      throw error;
    }
  };
}

/** What units run at once answered, sorted so both runs compare: `done` for each that went through, else its code. */
export function racedOutcomes(settled: readonly PromiseSettledResult<unknown>[], done: string): string[] {
  return settled
    .map((outcome) => (outcome.status === 'fulfilled' ? done : ((outcome.reason as { code?: string }).code ?? 'failed')))
    .sort();
}

/** What a unit run at the same time as others came to: its answer (shown), the code it was refused with, or its error. */
export type SettledOutcome = { answered: unknown } | { refused: string } | { failed: string };

/** What units run at once came to, sorted (which one wins is the database's), so both runs compare. */
export function settledOutcomes(
  settled: readonly PromiseSettledResult<unknown>[],
  present: (answer: unknown) => unknown = (answer) => answer,
): SettledOutcome[] {
  return settled
    .map((outcome): SettledOutcome =>
      outcome.status === 'fulfilled'
        ? { answered: present(outcome.value) }
        : outcome.reason instanceof DomainError
          ? { refused: outcome.reason.code }
          : { failed: String(outcome.reason) },
    )
    .sort((left, right) => JSON.stringify(left).localeCompare(JSON.stringify(right)));
}

/** Every row of these tables by table name, each shown by `present`, in a stable order (by its JSON). */
export async function tableRowsOf(
  db: DrizzleDatabase,
  tables: readonly SQLiteTable[],
  present: (row: unknown) => unknown = (row) => row,
): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    const read = (await db.select().from(table)) as Record<string, unknown>[];
    rows[getTableName(table)] = read.map(present).sort((left, right) => JSON.stringify(left).localeCompare(JSON.stringify(right)));
  }
  return rows;
}

/** A boolean as a literal of this process's dialect: SQLite stores 0/1, PostgreSQL true/false. */
export function booleanLiteral(value: boolean): SQL {
  if (tableDialect === 'postgresql') return value ? sql`true` : sql`false`;
  return value ? sql`1` : sql`0`;
}

/** What the people of one `seedPeople` call share. */
export interface SeededPeopleDetails {
  emailVerified: boolean;
  /** The team they work in at the moment; none unless given. */
  defaultTeamId?: string;
  /** `B` unless given. */
  lastname?: string;
}

/**
 * Writes the `users` rows the accounts area would have written for these people (first names by id, in this order),
 * each at `<first name in lower case>@example.com`, made and updated at `at`.
 */
export async function seedPeople(
  door: AreaDoor,
  firstnames: Readonly<Record<string, string>>,
  at: string,
  details: SeededPeopleDetails,
): Promise<void> {
  for (const [userId, firstname] of Object.entries(firstnames)) {
    await door.execute(
      sql`INSERT INTO users (id, email, firstname, lastname, language, currency, email_verified, default_team_id, created_at, updated_at)
          VALUES (${userId}, ${`${firstname.toLowerCase()}@example.com`}, ${firstname}, ${details.lastname ?? 'B'}, 'en', 'usd',
                  ${booleanLiteral(details.emailVerified)}, ${details.defaultTeamId ?? null}, ${at}, ${at})`,
    );
  }
}

/** A team on the free plan, as the teams area would have written it. */
export interface SeededTeam {
  id: string;
  name: string;
  ownerId: string;
}

/** Writes a team and its members (roles by user id, in this order), joined at `at`. */
export async function seedTeam(
  door: AreaDoor,
  team: SeededTeam,
  roles: Readonly<Record<string, 'admin' | 'basic' | 'guest'>>,
  at: string,
): Promise<void> {
  await door.execute(
    sql`INSERT INTO teams (id, name, plan, owner_id, created_at) VALUES (${team.id}, ${team.name}, 'free', ${team.ownerId}, ${at})`,
  );
  for (const [userId, role] of Object.entries(roles))
    await door.execute(sql`INSERT INTO team_members (team_id, user_id, role, joined_at) VALUES (${team.id}, ${userId}, ${role}, ${at})`);
}

/** A team's space (never a personal one), as the teams area would have written it. */
export interface SeededSpace {
  id: string;
  teamId: string;
  name: string;
  type: 'public' | 'private';
  ownerId: string;
  /** None unless given. */
  color?: string;
}

/** Permissions in a space by user id. */
type SpacePermissions = Readonly<Record<string, 'admin' | 'basic'>>;

/** Writes a space and its members (permissions by user id, in this order), made and joined at `at`. */
export async function seedSpace(door: AreaDoor, space: SeededSpace, permissions: SpacePermissions, at: string): Promise<void> {
  await door.execute(
    sql`INSERT INTO projects (id, team_id, name, is_personal, type, color, owner_id, created_at, updated_at)
        VALUES (${space.id}, ${space.teamId}, ${space.name}, ${booleanLiteral(false)}, ${space.type}, ${space.color ?? null},
                ${space.ownerId}, ${at}, ${at})`,
  );
  await seedSpaceMembers(door, space.id, permissions, at);
}

/** Adds members (permissions by user id, in this order) to a space already written, joined at `at`. */
export async function seedSpaceMembers(door: AreaDoor, spaceId: string, permissions: SpacePermissions, at: string): Promise<void> {
  for (const [userId, permission] of Object.entries(permissions))
    await door.execute(
      sql`INSERT INTO project_members (project_id, user_id, permission, joined_at) VALUES (${spaceId}, ${userId}, ${permission}, ${at})`,
    );
}
