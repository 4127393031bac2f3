import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { messageBodyLength } from '#shared/chatRules';
import { taskNameLength } from '#shared/taskRules';
import { ManualClock } from '../../server/src/core/clock';
import type { EventStore, UnitOfWork } from '../../server/src/core/commands';
import { connectPostgres, type Sql } from '../../server/src/core/postgres/connect';
import { migratePostgres, projectionMigrations } from '../../server/src/core/postgres/migrate';
import { replayPostgresProjections } from '../../server/src/core/postgres/projectionReplay';
import { replay } from '../../server/src/core/sqlite/replay';
import { openDatabase, type DrizzleDatabase } from '../../server/src/db/connection';
import { asAreaDatabase, asAreaEventStore, asPostgresProjections, tableDialect } from '../../server/src/db/pickTable';
import { openEventStore, openPostgresEventStore } from '../../server/src/domains';
import { accountsModule } from '../../server/src/domains/accounts';
import { chatModule } from '../../server/src/domains/chat';
import { notificationsModule } from '../../server/src/domains/notifications';
import { tasksModule } from '../../server/src/domains/tasks';
import { teamsModule } from '../../server/src/domains/teams';
import { registerAccount } from '../../server/src/domains/accounts/service';
import { users } from '../../server/src/domains/accounts/tables';
import { validateEmoji, validateMessageInput } from '../../server/src/domains/chat/commands';
import { conversationOf } from '../../server/src/domains/chat/conversation';
import {
  deleteMessageIn,
  editMessageIn,
  postMessageIn,
  reactMessageIn,
  readConversationIn,
} from '../../server/src/domains/chat/messageResolvers';
import { chatReadMarkers, messageReactions, messages } from '../../server/src/domains/chat/tables';
import { loadBoard, findTaskRow } from '../../server/src/domains/tasks/state';
import { projectStates, taskAssignees, taskBoards, taskFollowers, tasks, taskTags } from '../../server/src/domains/tasks/tables';
import { parseTaskArguments, taskName } from '../../server/src/domains/tasks/taskInput';
import { createTaskIn, deleteTaskIn, editTaskIn } from '../../server/src/domains/tasks/taskMutations';
import { inviteIn } from '../../server/src/domains/teams/invitations';
import { createSpaceIn, joinSpaceIn, setPermissionIn } from '../../server/src/domains/teams/spaceResolvers';
import { projectMembers, projectRequests, projects, teamInvitations, teamMembers, teams } from '../../server/src/domains/teams/tables';
import { createTeamIn, removeMemberIn, updateTeamIn } from '../../server/src/domains/teams/teamResolvers';
import { DomainError } from '../../server/src/errors';
import { idLabels, tableRowsOf } from './areaDoor';
import type { Command, MessageBody, Person, SequenceRun, SpaceName, TaskName } from './propertyCommands';

/**
 * The child of the property test (tests/integration/property-postgres.test.ts): runs every sequence of commands in
 * the file at PROPERTY_SEQUENCES, each on a fresh database of this process's dialect (a SQLite file of its own, or the
 * PostgreSQL database at DATABASE_URL with every table emptied), through the app's event store (every
 * area's projections, reactions and ports, as the server opens it) and the areas' unit functions (as the GraphQL
 * resolvers call them, after the same input checks). For each sequence it writes what each command came to (its
 * answer, or the code it was refused with), the rows of the teams, tasks and chat tables and of users, live and after
 * a replay of the log, and the log (stream, version, type; stream by stream), to the file at PROPERTY_RESULTS.
 *
 * Ids: what a sequence names (tasks, messages) gets an id made from its pool number and how many were made before it,
 * the same on both runs; what the units draw at random (accounts, personal spaces, board sections) is labelled by
 * what it is, and positions in the log (`seq`) are shown as their rank in it.
 */

const sequences = JSON.parse(readFileSync(requiredEnvironment('PROPERTY_SEQUENCES'), 'utf8')) as Command[][];
const databaseUrl = tableDialect === 'postgresql' ? requiredEnvironment('DATABASE_URL') : null;

const tooLongTaskName = 'x'.repeat(taskNameLength.maximum + 1);
const tooLongBody = 'x'.repeat(messageBodyLength.maximum + 1);
const config = { publicUrl: 'https://property.example', secret: 'a secret of at least thirty-two characters' };
/** Ids of this run's fixed things: 24 hex digits like the app's (isId). */
const fixedId = (kind: number, number: number, count = 0) =>
  `${kind.toString(16).padStart(4, '0')}${number.toString(16).padStart(4, '0')}${count.toString(16).padStart(16, '0')}`;
const launchTeam = fixedId(0xf1, 1);
const spaceIds: Record<SpaceName, string> = { open: fixedId(0x5e, 1), design: fixedId(0x5e, 2) };
const modules = [accountsModule, teamsModule, tasksModule, chatModule, notificationsModule];
const readTables = [
  teams,
  teamMembers,
  projects,
  projectMembers,
  projectRequests,
  teamInvitations,
  taskBoards,
  projectStates,
  tasks,
  taskAssignees,
  taskFollowers,
  taskTags,
  messages,
  messageReactions,
  chatReadMarkers,
] as SQLiteTable[];

const results: SequenceRun[] = [];
for (const sequence of sequences) results.push(await runSequence(sequence, databaseUrl));
writeFileSync(requiredEnvironment('PROPERTY_RESULTS'), JSON.stringify({ dialect: tableDialect, results }));

function requiredEnvironment(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: tests/integration/property-postgres.test.ts sets it.`);
  return value;
}

/** The app's event store on a fresh database of this process's dialect. */
interface Door {
  store: EventStore;
  db: DrizzleDatabase;
  replay(): Promise<void>;
  close(): Promise<void>;
}

async function openDoor(clock: ManualClock, url: string | null): Promise<Door> {
  const projections = modules.flatMap((module) => module.projections);
  if (url) {
    const connection = await connectPostgres({ url, poolSize: 4, statementTimeoutMs: 30_000 }, 'property-on-door');
    await migratePostgres(connection);
    await migratePostgres(connection, projectionMigrations);
    await emptyTables(connection);
    const store = await openPostgresEventStore(connection, modules, clock);
    return {
      store: asAreaEventStore(store),
      db: asAreaDatabase(store.database),
      replay: async () => void (await replayPostgresProjections(connection, asPostgresProjections(projections))),
      close: () => store.close(),
    };
  }
  const directory = mkdtempSync(join(tmpdir(), 'property-door-'));
  const database = openDatabase(join(directory, 'property.sqlite'));
  const store = openEventStore(database, modules, clock);
  return {
    store,
    db: database.db,
    replay: async () => void (await replay(database, database, projections)),
    async close() {
      await store.settle();
      database.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function runSequence(sequence: readonly Command[], url: string | null): Promise<SequenceRun> {
  const clock = new ManualClock(new Date('2026-05-01T09:00:00.000Z'));
  const labels = idLabels();
  labels.name(launchTeam, 'launch');
  for (const [name, id] of Object.entries(spaceIds)) labels.name(id, name);
  const door = await openDoor(clock, url);
  try {
    const { store, db } = door;
    const run = <Result>(actorId: string | null, work: (unit: UnitOfWork) => Promise<Result>) => {
      clock.advance(1000);
      return store.run({ actorId }, work);
    };

    // The world: three proven accounts, ada's team with bob (basic) and cy (a guest) in it, a public space (all three)
    // and a private one (ada, bob). Their boards are opened by the tasks area's reaction to a new space.
    const personIds = {} as Record<Person, string>;
    for (const person of ['ada', 'bob', 'cy'] as const) {
      const firstname = person === 'cy' ? 'Cy' : `${person[0]!.toUpperCase()}${person.slice(1)}`;
      const account = await run(null, (unit) =>
        registerAccount(unit, {
          email: `${person}@example.com`,
          firstname,
          lastname: 'B',
          language: 'en',
          passwordHash: null,
          emailVerified: true,
        }),
      );
      personIds[person] = account.userId;
      labels.name(account.userId, person);
      labels.name(account.teamId, `${person}’s team`);
    }
    const { ada, bob } = personIds;
    await run(ada, (unit) =>
      createTeamIn(unit, ada, { teamId: launchTeam, personalProjectId: fixedId(0x5e, 0), name: 'Launch', logo: null }),
    );
    labels.name(fixedId(0x5e, 0), 'ada’s space in launch');
    const addToTeam = (actor: string, person: Person, role: 'admin' | 'basic' | 'guest') =>
      run(actor, async (unit) => {
        const mail = await inviteIn(unit, config, actor, {
          teamId: launchTeam,
          email: `${person}@example.com`,
          role,
          // A guest is invited into a space: the open one.
          projectId: role === 'guest' ? spaceIds.open : null,
          note: null,
        });
        return mail.kind;
      });
    await addToTeam(ada, 'bob', 'basic');
    await run(ada, (unit) =>
      createSpaceIn(unit, ada, { projectId: spaceIds.open, name: 'Open', type: 'public', logo: null, color: null, description: null }),
    );
    await run(ada, (unit) =>
      createSpaceIn(unit, ada, { projectId: spaceIds.design, name: 'Design', type: 'private', logo: null, color: null, description: null }),
    );
    await addToTeam(ada, 'cy', 'guest');
    await run(ada, (unit) => setPermissionIn(unit, ada, spaceIds.design, bob, 'basic'));
    await run(bob, (unit) => joinSpaceIn(unit, bob, spaceIds.open));
    const sections: Record<SpaceName, string[]> = { open: [], design: [] };
    for (const space of ['open', 'design'] as const)
      sections[space] = (await loadBoard(db, spaceIds[space]))!.states.map((state) => state.id);

    // A pool's number names the newest task (message) made under it: a new one each time, so no creation meets an id
    // already in the log.
    const made = { task: new Map<number, number>(), message: new Map<number, number>() };
    const current = (pool: 'task' | 'message', number: number) =>
      fixedId(pool === 'task' ? 0x7a5c : 0x3e55, number, made[pool].get(number) ?? 0);
    const fresh = (pool: 'task' | 'message', number: number) => {
      const count = (made[pool].get(number) ?? 0) + 1;
      made[pool].set(number, count);
      const id = current(pool, number);
      labels.name(id, `${pool} ${number}${count > 1 ? ` (${count})` : ''}`);
      return id;
    };
    const taskNameOf = (name: TaskName) => (name === 'too long' ? tooLongTaskName : name);
    const bodyOf = (body: MessageBody) => (body === 'too long' ? tooLongBody : body === 'mention bob' ? `Over to @[Bob](${bob})` : body);
    /** The k-th section of the board the task is on now (of the open space's if there is no such task). */
    const sectionFor = async (taskId: string, position: number) => {
      const row = await findTaskRow(db, taskId);
      const board = row ? await loadBoard(db, row.projectId) : await loadBoard(db, spaceIds.open);
      return board?.states[position]?.id ?? sections.open[position]!;
    };

    const commandUnit = async (command: Command): Promise<unknown> => {
      const actor = personIds[command.actor];
      switch (command.kind) {
        case 'createTask': {
          const fields = {
            ...parseTaskArguments({
              users: command.assignee ? [personIds[command.assignee]] : [],
              ...(command.parent === null ? {} : { parentTask: current('task', command.parent) }),
            }),
            name: taskName(taskNameOf(command.name)),
          };
          return run(actor, (unit) =>
            createTaskIn(unit, actor, fresh('task', command.task), async () => ({ projectId: spaceIds[command.space], fields })),
          );
        }
        case 'renameTask': {
          const requested = parseTaskArguments({ name: taskNameOf(command.name) });
          return run(actor, (unit) => editTaskIn(unit, actor, current('task', command.task), requested));
        }
        case 'setTaskSection': {
          const taskId = current('task', command.task);
          const requested = parseTaskArguments({ state: await sectionFor(taskId, command.section) });
          return run(actor, (unit) => editTaskIn(unit, actor, taskId, requested));
        }
        case 'assignTask': {
          const requested = parseTaskArguments({ users: command.assignee ? [personIds[command.assignee]] : [] });
          return run(actor, (unit) => editTaskIn(unit, actor, current('task', command.task), requested));
        }
        case 'setTaskParent': {
          const requested = parseTaskArguments({ parentTask: command.parent === null ? null : current('task', command.parent) });
          return run(actor, (unit) => editTaskIn(unit, actor, current('task', command.task), requested));
        }
        case 'moveTask':
          return run(actor, (unit) => editTaskIn(unit, actor, current('task', command.task), {}, spaceIds[command.space]));
        case 'deleteTask':
          return run(actor, (unit) => deleteTaskIn(unit, actor, current('task', command.task), command.withSubtasks));
        case 'postMessage': {
          const input = validateMessageInput({ body: bodyOf(command.body) });
          const replyToId = command.replyTo === null ? null : current('message', command.replyTo);
          const messageId = fresh('message', command.message);
          return run(actor, (unit) =>
            postMessageIn(unit, {
              caller: { kind: 'member', userId: actor },
              conversation: conversationOf('project', spaceIds[command.space]),
              messageId,
              input,
              replyToId,
            }),
          );
        }
        case 'editMessage':
          return run(actor, (unit) =>
            editMessageIn(unit, { kind: 'member', userId: actor }, current('message', command.message), bodyOf(command.body)),
          );
        case 'deleteMessage':
          return run(actor, (unit) => deleteMessageIn(unit, { kind: 'member', userId: actor }, current('message', command.message)));
        case 'reactToMessage': {
          const emoji = validateEmoji(command.emoji);
          return run(actor, (unit) => reactMessageIn(unit, { kind: 'member', userId: actor }, current('message', command.message), emoji));
        }
        case 'readChannel':
          return run(actor, (unit) => readConversationIn(unit, actor, conversationOf('project', spaceIds[command.space])));
        case 'setSpacePermission':
          return run(actor, (unit) => setPermissionIn(unit, actor, spaceIds[command.space], personIds[command.person], command.permission));
        case 'joinSpace':
          return run(actor, (unit) => joinSpaceIn(unit, actor, spaceIds[command.space]));
        case 'setTeamRole':
          return run(actor, (unit) =>
            updateTeamIn(unit, actor, launchTeam, { role: { userId: personIds[command.person], role: command.role } }),
          );
        case 'removeFromTeam': {
          const person = personIds[command.person];
          return run(actor, (unit) => removeMemberIn(unit, actor, launchTeam, person, person === actor ? 'left' : 'removed'));
        }
        case 'addToTeam':
          return addToTeam(actor, command.person, command.role);
      }
    };

    const outcomes: unknown[] = [];
    for (const command of sequence) {
      try {
        outcomes.push({ answered: (await commandUnit(command)) ?? null });
      } catch (error) {
        // A refusal is an outcome; any other error too, which the parent counts as a failure of the property (no
        // command of the app's fails but by refusing), with the rest of the sequence still run and compared.
        outcomes.push(error instanceof DomainError ? { refused: error.code } : { failed: String(error) });
      }
    }

    // Spaces made by the units (personal ones, as a member joins the team) by their name, owner and team, and the
    // sections of their boards by their place.
    for (const row of await db.select().from(projects).orderBy(asc(projects.createdAt), asc(projects.name)))
      if (labels.labelledText(row.id) === row.id)
        labels.name(row.id, `${row.name} (${labels.labelledText(row.ownerId)}) in ${labels.labelledText(row.teamId)}`);
    const sectionRows = await db.select().from(projectStates).orderBy(asc(projectStates.position), asc(projectStates.value));
    const sectionCounts = new Map<string, number>();
    for (const row of sectionRows) {
      const count = (sectionCounts.get(row.projectId) ?? 0) + 1;
      sectionCounts.set(row.projectId, count);
      labels.name(row.id, `${labels.labelledText(row.projectId)} section ${count}`);
    }

    const logged = await store.read();
    const ranks = new Map(logged.map((event, rank) => [event.seq, `p${rank + 1}`]));
    const shown = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(shown);
      if (value && typeof value === 'object')
        return Object.fromEntries(
          Object.entries(value).map(([key, entry]) => [
            key,
            key === 'seq' && typeof entry === 'number' ? (ranks.get(entry) ?? entry) : shown(entry),
          ]),
        );
      return typeof value === 'string' ? labels.labelledText(value) : value;
    };
    const rowsNow = async () => ({
      ...(await tableRowsOf(db, readTables, shown)),
      users: shown(await db.select().from(users).orderBy(asc(users.email))) as unknown[],
    });
    const live = await rowsNow();
    await door.replay();
    const replayed = await rowsNow();
    // Each stream's history, stream by stream: one unit's appends to several streams (the notifications of a task's
    // people) follow the order its reads answered in, which neither database promises without ORDER BY.
    const events = logged
      .map((event) => ({ stream: unlabelledIds(labels.labelledText(event.stream)), version: event.version, type: event.type }))
      .sort((left, right) => left.stream.localeCompare(right.stream) || left.version - right.version);
    return { outcomes: shown(outcomes) as unknown[], live, replayed, events };
  } catch (error) {
    throw new Error(`Sequence ${JSON.stringify(sequence)} failed: ${String(error)}`, { cause: error });
  } finally {
    await door.close();
  }
}

/**
 * Every table but the migrations' record emptied, in one transaction: the database as migrated, but for its sequences
 * (log positions go on from the last sequence's; they are shown by rank). The log's triggers refuse to remove events,
 * whoever asks: they are skipped for this transaction only (session_replication_role, the superuser's, as the
 * throw-away cluster's tests connect). A database made per sequence instead costs most of a second each on a loaded
 * machine (CREATE DATABASE … TEMPLATE writes it all to the WAL).
 */
async function emptyTables(connection: Sql): Promise<void> {
  await connection.begin(async (transaction) => {
    await transaction`SET LOCAL session_replication_role = replica`;
    const tables = await transaction<{ name: string }[]>`
      SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'`;
    for (const { name } of tables) await transaction`DELETE FROM ${transaction(name)}`;
  });
}

/** Ids drawn by units for what no table here shows (a notification's stream), shown as such. */
function unlabelledIds(text: string): string {
  return text.replace(/[0-9a-f]{24}/g, '<id>');
}
