import type { Transaction } from '../db/connection';
import { accessTablesStampOf } from '../db/tableChanges';
import { DomainError, refusal } from '../errors';
import { isId } from './ids';
import { spacePolicy, type SpaceFacts, type SpaceSeat, type TeamSeat } from './access';
import { databaseBehind, unitOf } from '../db/unitDatabases';

/**
 * The space-content access rule: who may read, write and manage what lives in a space (tasks, docs,
 * files, its channel, and the areas to come). The rule is the core's; the facts it judges (the
 * caller's seat in the team and in the space) come from the space directory, a port the teams area
 * provides, so a content area never reaches into the teams area to ask.
 */

/** The caller's relation to the space some content (tasks, docs, files, its channel) is in. */
export interface SpaceContentAccess {
  seat: TeamSeat | null;
  space: SpaceFacts;
  spaceSeat: SpaceSeat;
}

/**
 * Who may do what to a space's content (tasks, docs; files and the channel build on it), from the space policy:
 * - read: whoever may see the space (its members, team admins, basic members for public spaces);
 * - write (create, edit, move): the space's members, guests included, and those who manage the space;
 *   a member seeing a public space they did not join reads until they join;
 * - manage one item (delete a task; share, unshare, delete a doc): its author while they may write,
 *   or those who manage the space (space admins, team admins for every shared space).
 */
export const spaceContentPolicy = {
  read: (access: SpaceContentAccess): boolean => spacePolicy.read(access.seat, access.space, access.spaceSeat),
  write: (access: SpaceContentAccess): boolean =>
    access.seat !== null && (access.spaceSeat.permission !== null || spacePolicy.manage(access.seat, access.space, access.spaceSeat)),
  manage: (access: SpaceContentAccess, item: { authorId: string }): boolean =>
    spaceContentPolicy.write(access) &&
    (item.authorId === access.seat!.userId || spacePolicy.manage(access.seat, access.space, access.spaceSeat)),
};

/** Reads work the same on the database and inside a command's transaction. */
export type Reader = Pick<Transaction, 'select'>;

/** A caller's access to a space's content, with the ids the content areas need alongside. */
export interface SpaceContentAccessOf extends SpaceContentAccess {
  projectId: string;
  teamId: string;
  userId: string;
}

/** The port the teams area implements: the caller's relation to a space, or null when there is no such space. */
export interface SpaceDirectory {
  access(db: Reader, projectId: string, userId: string): Promise<SpaceContentAccess | null>;
}

/**
 * The directory that answers for a database. It is bound to the database handle (by the app, from the
 * area that provides it), like prepared statements per connection, so readers need nothing but `db`.
 */
const directories = new WeakMap<object, SpaceDirectory>();

export function bindSpaceDirectory(db: object, directory: SpaceDirectory): void {
  directories.set(db, directory);
}

function directoryOf(db: Reader): SpaceDirectory {
  const directory = directories.get(databaseBehind(db));
  if (!directory) throw new Error('No space directory is bound to this database (bindSpaceDirectory).');
  return directory;
}

/** At most this many answers are remembered per connection; past it they are forgotten and read again. */
const rememberedAccessLimit = 10_000;

interface RememberedAccess {
  stampOf: () => string;
  stamp: string;
  answers: Map<string, Readonly<SpaceContentAccessOf> | null>;
}

/**
 * Answers remembered per connection until a write to the access tables, by this process or another
 * (db/tableChanges.ts). Every request asks several times (the command, each assignee's right to see the
 * task, the answer's canEdit) and each answer costs six statements; remembering it costs one. On PostgreSQL a unit of
 * work has a drizzle object of its own: what it reads is remembered for that unit alone, until it takes a lock or
 * writes to the access tables (`UnitDatabase.accessStamp`), so a unit reads access fresh in its transaction once
 * per decision instead of at every ask.
 */
const rememberedAccess = new WeakMap<object, RememberedAccess>();

function rememberedFor(db: Reader): RememberedAccess | null {
  let remembered = rememberedAccess.get(db);
  if (!remembered) {
    // Only a connection whose access tables are watched (opened by openDatabase, not a test's mock) or a unit's own
    // object remembers.
    const stampOf = accessTablesStampOf(db) ?? unitOf(db)?.accessStamp ?? null;
    if (!stampOf) return null;
    remembered = { stampOf, stamp: stampOf(), answers: new Map() };
    rememberedAccess.set(db, remembered);
  }
  const stamp = remembered.stampOf();
  if (stamp !== remembered.stamp || remembered.answers.size >= rememberedAccessLimit) {
    remembered.stamp = stamp;
    remembered.answers.clear();
  }
  return remembered;
}

/** The caller's access to a space's content (judge it with spaceContentPolicy), or null when there is no such space. */
export async function spaceContentAccess(db: Reader, projectId: string, userId: string): Promise<SpaceContentAccessOf | null> {
  if (!isId(userId) || !isId(projectId)) return null;
  const remembered = rememberedFor(db);
  const key = `${projectId} ${userId}`;
  const known = remembered?.answers.get(key);
  if (known !== undefined) return known;
  const access = await directoryOf(db).access(db, projectId, userId);
  // Frozen: one answer serves every caller until the tables change.
  const answer = access
    ? Object.freeze({
        seat: access.seat && Object.freeze({ ...access.seat }),
        space: Object.freeze({ ...access.space }),
        spaceSeat: Object.freeze({ ...access.spaceSeat }),
        projectId,
        teamId: access.space.teamId,
        userId,
      })
    : null;
  // Kept only if the access tables did not change while it was read (another request's write in between).
  if (remembered && remembered.stampOf() === remembered.stamp) remembered.answers.set(key, answer);
  return answer;
}

/** The caller's access to a space's content, or null when they may not see it (or there is no such space). */
export async function readableSpaceContent(db: Reader, projectId: string, userId: string): Promise<SpaceContentAccessOf | null> {
  const access = await spaceContentAccess(db, projectId, userId);
  return access && spaceContentPolicy.read(access) ? access : null;
}

/** The space, if the user may see its content; the same answer whether it does not exist or is out of sight. */
export async function requireReadableSpaceContent(db: Reader, projectId: string, userId: string): Promise<SpaceContentAccessOf> {
  const access = await readableSpaceContent(db, projectId, userId);
  if (!access) throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND');
  return access;
}

export async function requireWritableSpaceContent(db: Reader, projectId: string, userId: string): Promise<SpaceContentAccessOf> {
  const access = await requireReadableSpaceContent(db, projectId, userId);
  if (!spaceContentPolicy.write(access)) throw new DomainError('PERMISSION_DENIED');
  return access;
}
