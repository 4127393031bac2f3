import { and, desc, eq, sql } from 'drizzle-orm';
import type { EventLog, UnitOfWork } from '../../core/commands';
import type { DomainEvent, StoredEvent } from '../../core/events';
import { spacePolicy, spaceTypeOf, type TeamSeat } from '../../core/access';
import { events } from '../../core/tables';
import { homeVisitsStream } from '../../core/streams';
import type { Transaction } from '../../db/connection';
import { docPlacesById } from '../docs';
import { filePlacesById } from '../files';
import { sectionOrders, taskFactsById } from '../tasks';
import { projectMembers, projects } from '../teams';

/** Away for longer than this, Home sums up what changed since the last visit. */
export const awayAfterMs = 4 * 3_600_000;
/** A visit is written to the log at most this often: enough to know where the person left off, without a row per page view. */
export const visitEveryMs = 5 * 60_000;
/** The summary reads at most this many events of each kind since the visit (the oldest first), and shows at most this many lines. */
const scannedEvents = 50_000;
const shownLines = 30;

export interface HomeVisited {
  userId: string;
  teamId: string | null;
}
export type HomeEvent = DomainEvent<'home.visited', HomeVisited>;

export const awayKinds = ['taskCreated', 'taskFinished', 'messages', 'docEdited', 'fileAdded'] as const;
export type AwayKind = (typeof awayKinds)[number];

export interface AwayLine {
  kind: AwayKind;
  project: string;
  count: number;
  item: string | null;
  name: string | null;
  route: string;
}

export interface AwaySummary {
  since: string | null;
  lines: AwayLine[];
}

/** What home reads with: a drizzle database or a unit's transaction, on either database (plan option B3). */
type Reader = Pick<Transaction, 'select'>;

interface Visit {
  seq: number;
  createdAt: string;
}

/*
 * The visits are the events of the person's stream `home:<user>`, read from the log's table with SQL both databases
 * run: `events` is declared for SQLite only (PostgreSQL's log is written by hand, core/postgres/migrations), but its
 * text and integer columns read alike on both, a bigint position arriving as text on PostgreSQL (hence Number). A
 * time is never read from that table here: PostgreSQL keeps it as a timestamptz, whose text is not SQLite's ISO
 * string; the log port's `read` answers a stored event's time in one form on both.
 */

/** The position of the person's last recorded visit, 0 when they never visited Home. */
async function lastVisitPosition(db: Reader, userId: string): Promise<number> {
  const [row] = await db
    .select({ seq: events.seq })
    .from(events)
    .where(eq(events.stream, homeVisitsStream(userId)))
    .orderBy(desc(events.version))
    .limit(1);
  return Number(row?.seq ?? 0);
}

/** The person's last recorded visit: the newest event of their stream (its position in the log and its time). */
export async function lastVisit(db: Reader, log: Pick<EventLog, 'read'>, userId: string): Promise<Visit | null> {
  const position = await lastVisitPosition(db, userId);
  if (position === 0) return null;
  const [visit] = await log.read({ stream: homeVisitsStream(userId), afterSeq: position - 1, limit: 1 });
  return visit ? { seq: visit.seq, createdAt: visit.createdAt } : null;
}

/** Records a visit unless one was recorded in the last few minutes; true when it did. */
export async function recordVisit(unit: UnitOfWork, userId: string, teamId: string | null): Promise<boolean> {
  const stream = homeVisitsStream(userId);
  // The decision reads the person's visits: their stream is locked first, so two tabs opening Home record one visit.
  await unit.lock(stream);
  // The last visit's time is compared in SQL with an ISO time, which both databases compare correctly (SQLite's ISO
  // text, PostgreSQL's timestamptz): inside a unit, the log port's reads would wait for a second connection on
  // PostgreSQL. The comparison reads back as 0 or 1 on SQLite and as a boolean on PostgreSQL.
  const since = new Date(unit.now.getTime() - visitEveryMs).toISOString();
  const [last] = await unit.transaction
    .select({ recent: sql`${events.createdAt} > ${since}`.mapWith(Boolean) })
    .from(events)
    .where(eq(events.stream, stream))
    .orderBy(desc(events.version))
    .limit(1);
  if (last?.recent) return false;
  const event: HomeEvent = { type: 'home.visited', payload: { userId, teamId } };
  // Outside any team's log (teamId null): a visit is nobody else's business, so the team's activity report never lists it.
  await unit.append(stream, [event], { teamId: null });
  return true;
}

/** The team's spaces the person is in and may read now, by the space policy from their seat and memberships. */
async function readableSpaces(db: Reader, teamId: string, seat: TeamSeat): Promise<Set<string>> {
  const rows = await db
    .select({
      id: projects.id,
      isPersonal: projects.isPersonal,
      type: projects.type,
      ownerId: projects.ownerId,
      permission: projectMembers.permission,
    })
    .from(projects)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, seat.userId)))
    .where(eq(projects.teamId, teamId));
  // The spaces the person is in: a team admin may read every shared space, but only their own are news to them.
  const readable = rows.filter((row) =>
    spacePolicy.read(
      seat,
      { teamId, isPersonal: row.isPersonal, type: spaceTypeOf(row.type), ownerId: row.ownerId },
      { permission: row.permission, requested: false },
    ),
  );
  return new Set(readable.map((row) => row.id));
}

interface Named {
  project: string;
  name: string;
  route: string;
}

/** Items of one kind in one space, each counted once. */
class Tally {
  private readonly groups = new Map<string, { kind: AwayKind; project: string; items: Map<string, Named>; count: number }>();

  add(kind: AwayKind, project: string, itemId: string | null, named: Named | null): void {
    const key = `${project} ${kind}`;
    const group = this.groups.get(key) ?? { kind, project, items: new Map<string, Named>(), count: 0 };
    this.groups.set(key, group);
    if (itemId === null) group.count += 1;
    else if (named) group.items.set(itemId, named);
  }

  lines(): AwayLine[] {
    const order = (kind: AwayKind) => awayKinds.indexOf(kind);
    return [...this.groups.values()]
      .map((group): AwayLine => {
        const count = group.count + group.items.size;
        const only = group.items.size === 1 && group.count === 0 ? [...group.items][0]! : null;
        return {
          kind: group.kind,
          project: group.project,
          count,
          item: only ? only[0] : null,
          name: only ? only[1].name : null,
          route: only ? only[1].route : areaRoute(group.kind, group.project),
        };
      })
      .filter((line) => line.count > 0)
      .sort((left, right) => left.project.localeCompare(right.project) || order(left.kind) - order(right.kind))
      .slice(0, shownLines);
  }
}

function areaRoute(kind: AwayKind, project: string): string {
  switch (kind) {
    case 'taskCreated':
    case 'taskFinished':
      return `/${project}/tasks`;
    case 'messages':
      return `/chats/${project}`;
    case 'docEdited':
      return `/${project}/docs`;
    case 'fileAdded':
      return `/${project}/files`;
  }
}

/*
 * The items are read in one query per 500 ids rather than one per event (a round trip each on PostgreSQL), through
 * each area's batch reader: tasks and their boards' sections, docs, files.
 */

const summedTypes = ['task.created', 'task.updated', 'message.created', 'doc.created', 'doc.edited', 'doc.updated', 'file.created'];
/** The log's kinds (`<kind>.<name>`) of the summed types: the log port reads by kind, in the database. */
const summedKinds = ['task', 'message', 'doc', 'file'];

/** A doc's content edits are stored by the docs rooms without an actor; their author is in the payload. */
function authorOf(event: StoredEvent): string | null {
  const payload = event.payload as Record<string, unknown>;
  return event.actorId ?? (typeof payload.userId === 'string' ? payload.userId : null);
}

/**
 * The team's events of the summed types after a position, oldest first: each kind read through the log port (the
 * same on both databases) up to `scannedEvents`, and all of them cut at the first position a kind's read stopped
 * at, so the summary counts every summed event up to one position.
 */
async function summedEventsAfter(log: Pick<EventLog, 'read'>, teamId: string, afterSeq: number): Promise<StoredEvent[]> {
  const found: StoredEvent[] = [];
  let end = Number.POSITIVE_INFINITY;
  for (const kind of summedKinds) {
    const read = await log.read({ teamId, afterSeq, kind, limit: scannedEvents });
    if (read.length === scannedEvents) end = Math.min(end, read.at(-1)!.seq);
    for (const event of read) if (summedTypes.includes(event.type)) found.push(event);
  }
  return found
    .filter((event) => event.seq <= end)
    .sort((left, right) => left.seq - right.seq)
    .slice(0, scannedEvents);
}

/** The current rows the summary names, so a deleted item drops out and a moved one counts where it is now. */
async function itemsNamedBy(db: Reader, teamId: string, logged: readonly StoredEvent[]) {
  const taskIds: string[] = [];
  const docIds: string[] = [];
  const fileIds: string[] = [];
  for (const event of logged) {
    const payload = event.payload as Record<string, unknown>;
    const changes = payload.changes as Record<string, unknown> | undefined;
    if (event.type === 'task.created' || typeof changes?.stateId === 'string') taskIds.push(String(payload.taskId));
    else if (event.type.startsWith('doc.')) docIds.push(String(payload.docId));
    else if (event.type === 'file.created') fileIds.push(String(payload.fileId));
  }
  const tasks = await taskFactsById(db, [...new Set(taskIds)]);
  const sections = tasks.size > 0 ? await sectionOrders(db, teamId) : new Map<string, string[]>();
  const docRows = await docPlacesById(db, docIds);
  const fileRows = await filePlacesById(db, fileIds);
  const taskNamed = (taskId: string): (Named & { stateId: string }) | null => {
    const row = tasks.get(taskId);
    return row
      ? { project: row.projectId, name: `${row.idCode} ${row.name}`, route: `/${row.projectId}/tasks/d/${taskId}`, stateId: row.stateId }
      : null;
  };
  return {
    task: taskNamed,
    /** The task, when it sits now in its board's last section (Done) of more than one. */
    finishedTask(taskId: string): Named | null {
      const named = taskNamed(taskId);
      if (!named) return null;
      const order = sections.get(named.project) ?? [];
      return order.length > 1 && order.at(-1) === named.stateId ? named : null;
    },
    doc(docId: string): Named | null {
      const row = docRows.get(docId);
      if (!row) return null;
      const place = row.folder ? `/${row.project}/docs/${row.folder}` : `/${row.project}/docs`;
      return { project: row.project, name: row.title, route: `${place}/d/${docId}` };
    },
    /** A file of a space or of one of its tasks (never a private chat's, never a story). */
    file(fileId: string): Named | null {
      const row = fileRows.get(fileId);
      if (!row || row.project === null || row.privat !== null || row.story) return null;
      const route = row.task ? `/${row.project}/tasks/d/${row.task}` : `/${row.project}/files/d/${fileId}`;
      return { project: row.project, name: row.name, route };
    },
  };
}

/**
 * What others did in the team's spaces since the person's last visit, when that was more than 4 hours before `now`:
 * read from the event log after the visit's position, counted per space and kind, only in spaces they may read now.
 */
export async function awaySummary(
  db: Reader,
  log: Pick<EventLog, 'read'>,
  viewer: { teamId: string; seat: TeamSeat },
  now: Date,
): Promise<AwaySummary> {
  const userId = viewer.seat.userId;
  const visit = await lastVisit(db, log, userId);
  if (!visit) return { since: null, lines: [] };
  if (now.getTime() - Date.parse(visit.createdAt) < awayAfterMs) return { since: visit.createdAt, lines: [] };

  const readable = await readableSpaces(db, viewer.teamId, viewer.seat);
  const logged = (await summedEventsAfter(log, viewer.teamId, visit.seq)).filter((event) => authorOf(event) !== userId);
  const items = await itemsNamedBy(db, viewer.teamId, logged);
  const tally = new Tally();
  const countIn = (kind: AwayKind, itemId: string, named: Named | null) => {
    if (named && readable.has(named.project)) tally.add(kind, named.project, itemId, named);
  };

  for (const event of logged) {
    const payload = event.payload as Record<string, unknown>;
    switch (event.type) {
      case 'task.created':
        countIn('taskCreated', String(payload.taskId), items.task(String(payload.taskId)));
        break;
      case 'task.updated': {
        const changes = payload.changes as Record<string, unknown> | undefined;
        if (changes && typeof changes.stateId === 'string')
          countIn('taskFinished', String(payload.taskId), items.finishedTask(String(payload.taskId)));
        break;
      }
      case 'message.created': {
        // A space's channel only: a task's thread, a meeting room's chat and private chats are not the space's conversation.
        const project = payload.projectId;
        if (typeof project === 'string' && payload.taskId === null && payload.meetingroomId === null && readable.has(project)) {
          tally.add('messages', project, null, null);
        }
        break;
      }
      case 'doc.created':
      case 'doc.edited':
      case 'doc.updated':
        countIn('docEdited', String(payload.docId), items.doc(String(payload.docId)));
        break;
      case 'file.created':
        countIn('fileAdded', String(payload.fileId), items.file(String(payload.fileId)));
        break;
    }
  }
  return { since: visit.createdAt, lines: tally.lines() };
}
