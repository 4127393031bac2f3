/**
 * getTasks(project) answered from memory: a space's board is read once and kept until a board event of
 * that space (a task created, edited, moved, deleted, followed; a section or tag changed; positions
 * respaced) is in the log. The version an entry is valid for is the log's position: each answer first
 * asks the log whether a board event of the space was appended after the position the entry was last
 * checked at, so a write by another process on the same database is seen like one of this process (the
 * cache is per process, and safe in a cluster for that reason). On PostgreSQL an entry is checked through the
 * team's newest settled position (core/tables.ts, settledEventsOnly): a position drawn by a unit still committing is
 * passed only once it committed, so an entry never skips it. Each answer still applies every board event committed
 * now, settled or not: an acknowledged write sits above the settled position while another unit is still open, and
 * an answer without it would be stale. Those events are looked at again once settled (reading a task again is
 * harmless).
 * Viewers share the tasks; who may read the space is checked by the caller on every request, before the
 * cache is asked, and each viewer's flags are laid over the shared tasks per answer (boardRead.ts).
 */
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { events, settledEventsOnly } from '../../core/tables';
import { preparedQuery } from '../../db/prepared';
import { patchBoardTasks, personIdsOf, readBoardPeople, readBoardTasks, withPeople, type BoardTask, type SharedTask } from './boardRead';
import { payloadText } from './logPayload';
import type { Reader } from './state';

/** Event types that change what a board shows (as subTask delivers them); task files are read per answer. */
const boardEventTypes = sql`(${events.type} LIKE 'task.%' OR ${events.type} LIKE 'tasks.%' OR ${events.type} LIKE 'state.%'
  OR ${events.type} LIKE 'states.%' OR ${events.type} LIKE 'tag.%' OR ${events.type} LIKE 'board.%')`;

const lastSettledTeamPosition = preparedQuery((db: Reader) =>
  db
    .select({ seq: events.seq })
    .from(events)
    .where(and(eq(events.teamId, sql.placeholder('teamId')), settledEventsOnly()))
    .orderBy(desc(events.seq))
    .limit(1)
    .prepare(),
);

const lastCommittedTeamPosition = preparedQuery((db: Reader) =>
  db
    .select({ seq: events.seq })
    .from(events)
    .where(eq(events.teamId, sql.placeholder('teamId')))
    .orderBy(desc(events.seq))
    .limit(1)
    .prepare(),
);

/** The team's newest settled log position and its newest committed one (the same on SQLite, read once there). */
async function teamPositions(db: Reader, teamId: string): Promise<{ settled: number; committed: number }> {
  if (!settledEventsOnly()) {
    const newest = (await lastSettledTeamPosition(db).execute({ teamId }))[0]?.seq ?? 0;
    return { settled: newest, committed: newest };
  }
  const [settled, committed] = await Promise.all([
    lastSettledTeamPosition(db).execute({ teamId }),
    lastCommittedTeamPosition(db).execute({ teamId }),
  ]);
  return { settled: settled[0]?.seq ?? 0, committed: committed[0]?.seq ?? 0 };
}

// The board events of one space between two log positions (at most `limit`): an event without a projectId
// (task.moved names the two spaces instead) counts for every board of its team.
const boardEventsBetween = preparedQuery((db: Reader) =>
  db
    .select({ type: events.type, taskId: payloadText('taskId') })
    .from(events)
    .where(
      and(
        eq(events.teamId, sql.placeholder('teamId')),
        gt(events.seq, sql.placeholder('after')),
        lte(events.seq, sql.placeholder('through')),
        boardEventTypes,
        sql`coalesce(${payloadText('projectId')}, ${sql.placeholder('projectId')}) = ${sql.placeholder('projectId')}`,
      ),
    )
    .orderBy(asc(events.seq))
    .limit(sql.placeholder('limit'))
    .prepare(),
);

/**
 * Events whose projection changes only their own task's rows (projection.ts): after these, only those
 * tasks are read again. Any other board event (sections, tags, respacing, a move between spaces) reads
 * the whole board.
 */
const oneTaskEvents = new Set(['task.created', 'task.updated', 'task.deleted', 'task.followed', 'task.unfollowed']);
/** Beyond this many events since the board was checked, reading it whole is as cheap. */
const mostEventsPatched = 200;

export interface BoardCacheLimits {
  /** Most boards kept; the least recently asked for goes first. */
  boards: number;
  /** Most tasks kept over all boards; a board larger than this is answered but not kept. */
  tasks: number;
}

export const defaultBoardCacheLimits: BoardCacheLimits = { boards: 32, tasks: 100_000 };

interface Entry {
  teamId: string;
  /** The log position up to which no board event of the space is known to have been appended. */
  checkedThrough: number;
  shared: SharedTask[];
  personIds: string[];
  peopleSignature: string;
  tasks: BoardTask[];
}

export class BoardCache {
  private readonly entries = new Map<string, Entry>();
  private keptTasks = 0;
  /** How many answers came from memory as kept, after reading some tasks again, or after reading the whole board. */
  readonly counts = { hits: 0, patches: 0, misses: 0 };

  constructor(private readonly limits: BoardCacheLimits = defaultBoardCacheLimits) {}

  /**
   * The board's tasks in board order, with their people as they are now. The caller has checked that
   * the viewer may read the space; the tasks carry no viewer's flags (see forBoardViewer).
   */
  async tasksOf(db: Reader, projectId: string, teamId: string): Promise<readonly BoardTask[]> {
    const { settled, committed } = await teamPositions(db, teamId);
    const kept = this.entries.get(projectId);
    const changes = kept ? await this.changesSince(db, kept, projectId, teamId, settled, committed) : 'all';
    let entry: Entry;
    if (kept && changes !== 'all') {
      entry = kept;
      if (changes.size === 0) this.counts.hits += 1;
      else {
        this.counts.patches += 1;
        const shared = await patchBoardTasks(db, projectId, kept.shared, changes);
        // A new entry object: answers in progress keep reading the one they were given.
        entry = { ...kept, shared, personIds: personIdsOf(shared), peopleSignature: '', tasks: [] };
      }
      entry.checkedThrough = settled;
    } else {
      this.counts.misses += 1;
      const shared = await readBoardTasks(db, projectId);
      entry = { teamId, checkedThrough: settled, shared, personIds: personIdsOf(shared), peopleSignature: '', tasks: [] };
    }
    // Kept again at the back of the eviction order.
    this.forget(projectId);
    this.keep(projectId, entry);
    const { people, signature } = await readBoardPeople(db, entry.personIds);
    // A new array of new objects, never a change to objects an answer in progress may still be reading.
    if (signature !== entry.peopleSignature) Object.assign(entry, { peopleSignature: signature, tasks: withPeople(entry.shared, people) });
    return entry.tasks;
  }

  /** Forgets every board (the next answers read them again). */
  clear(): void {
    this.entries.clear();
    this.keptTasks = 0;
  }

  get size(): { boards: number; tasks: number } {
    return { boards: this.entries.size, tasks: this.keptTasks };
  }

  /** The tasks to read again for the events committed since the entry was checked: none, some by id, or 'all' of them. */
  private async changesSince(
    db: Reader,
    entry: Entry,
    projectId: string,
    teamId: string,
    settled: number,
    committed: number,
  ): Promise<Set<string> | 'all'> {
    if (entry.teamId !== teamId || settled < entry.checkedThrough) return 'all';
    const changed = new Set<string>();
    if (committed === entry.checkedThrough) return changed;
    const found = await boardEventsBetween(db).execute({
      teamId,
      projectId,
      after: entry.checkedThrough,
      through: committed,
      limit: mostEventsPatched + 1,
    });
    if (found.length > mostEventsPatched) return 'all';
    for (const event of found) {
      if (!oneTaskEvents.has(event.type) || typeof event.taskId !== 'string') return 'all';
      changed.add(event.taskId);
    }
    return changed;
  }

  private forget(projectId: string): void {
    const entry = this.entries.get(projectId);
    if (!entry) return;
    this.entries.delete(projectId);
    this.keptTasks -= entry.shared.length;
  }

  private keep(projectId: string, entry: Entry): void {
    if (entry.shared.length > this.limits.tasks) return;
    this.entries.set(projectId, entry);
    this.keptTasks += entry.shared.length;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.boards && this.keptTasks <= this.limits.tasks) break;
      if (oldest !== projectId) this.forget(oldest);
    }
  }
}

const cacheByDatabase = new WeakMap<object, BoardCache>();

/**
 * The board cache of one running app, owned by its database handle (as live.ts keeps its shared
 * payloads): two apps in one process, as in tests, never share boards, and a closed app takes its
 * boards with it.
 */
export function boardCacheOf(database: object): BoardCache {
  let cache = cacheByDatabase.get(database);
  if (!cache) cacheByDatabase.set(database, (cache = new BoardCache()));
  return cache;
}
