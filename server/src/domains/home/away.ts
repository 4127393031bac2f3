import type Database from 'better-sqlite3';
import type { UnitOfWork } from '../../core/commands';
import type { DomainEvent } from '../../core/events';
import { spacePolicy, spaceTypeOf, type TeamSeat } from '../../core/access';
import { homeVisitsStream } from '../../core/streams';

/** Away for longer than this, Home sums up what changed since the last visit. */
export const awayAfterMs = 4 * 3_600_000;
/** A visit is written to the log at most this often: enough to know where the person left off, without a row per page view. */
export const visitEveryMs = 5 * 60_000;
/** The summary reads at most this many events since the visit (the oldest first), and shows at most this many lines. */
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

interface Visit {
  seq: number;
  createdAt: string;
}

/** The person's last recorded visit: the newest event of their stream (its position in the log and its time). */
export function lastVisit(sqlite: Database.Database, userId: string): Visit | null {
  return (
    sqlite
      .prepare<[string], Visit>('SELECT seq, created_at AS createdAt FROM events WHERE stream = ? ORDER BY version DESC LIMIT 1')
      .get(homeVisitsStream(userId)) ?? null
  );
}

/** Records a visit unless one was recorded in the last few minutes; true when it did. */
export async function recordVisit(unit: UnitOfWork, sqlite: Database.Database, userId: string, teamId: string | null): Promise<boolean> {
  const last = lastVisit(sqlite, userId);
  if (last && unit.now.getTime() - Date.parse(last.createdAt) < visitEveryMs) return false;
  const event: HomeEvent = { type: 'home.visited', payload: { userId, teamId } };
  // Outside any team's log (teamId null): a visit is nobody else's business, so the team's activity report never lists it.
  await unit.append(homeVisitsStream(userId), [event], { teamId: null });
  return true;
}

interface SpaceRow {
  id: string;
  isPersonal: number;
  type: string | null;
  ownerId: string;
  permission: 'admin' | 'basic' | null;
}

/** The team's spaces the person is in and may read now, by the space policy from their seat and memberships. */
function readableSpaces(sqlite: Database.Database, teamId: string, seat: TeamSeat): Set<string> {
  const rows = sqlite
    .prepare<[string, string], SpaceRow>(
      `SELECT p.id, p.is_personal AS isPersonal, p.type, p.owner_id AS ownerId, m.permission
       FROM projects p LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = ?
       WHERE p.team_id = ?`,
    )
    .all(seat.userId, teamId);
  // The spaces the person is in: a team admin may read every shared space, but only their own are news to them.
  const readable = rows.filter(
    (row) =>
      row.permission !== null &&
      spacePolicy.read(
        seat,
        { teamId, isPersonal: row.isPersonal === 1, type: spaceTypeOf(row.type), ownerId: row.ownerId },
        { permission: row.permission, requested: false },
      ),
  );
  return new Set(readable.map((row) => row.id));
}

interface LoggedEvent {
  type: string;
  actorId: string | null;
  payload: string;
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

/** Reads the current rows the summary names, so a deleted item drops out and a moved one counts where it is now. */
function itemReaders(sqlite: Database.Database) {
  const task = sqlite.prepare<[string], { project: string; stateId: string; idCode: string; name: string }>(
    'SELECT project_id AS project, state_id AS stateId, id_code AS idCode, name FROM tasks WHERE id = ?',
  );
  const doneState = sqlite.prepare<[{ project: string }], { id: string; sections: number }>(
    'SELECT id, (SELECT count(*) FROM project_states WHERE project_id = @project) AS sections FROM project_states WHERE project_id = @project ORDER BY position DESC LIMIT 1',
  );
  const doc = sqlite.prepare<[string], { project: string; folder: string | null; title: string }>(
    'SELECT project_id AS project, folder_id AS folder, title FROM docs WHERE id = ?',
  );
  const file = sqlite.prepare<
    [string],
    { project: string | null; task: string | null; privat: string | null; story: number; name: string }
  >('SELECT project_id AS project, task_id AS task, privat_id AS privat, story, name FROM files WHERE id = ?');
  const taskNamed = (taskId: string): (Named & { stateId: string }) | null => {
    const row = task.get(taskId);
    return row
      ? { project: row.project, name: `${row.idCode} ${row.name}`, route: `/${row.project}/tasks/d/${taskId}`, stateId: row.stateId }
      : null;
  };
  return {
    task: taskNamed,
    /** The task, when it sits now in its board's last section (Done) of more than one. */
    finishedTask(taskId: string): Named | null {
      const named = taskNamed(taskId);
      if (!named) return null;
      const last = doneState.get({ project: named.project });
      return last && last.sections > 1 && last.id === named.stateId ? named : null;
    },
    doc(docId: string): Named | null {
      const row = doc.get(docId);
      if (!row) return null;
      const place = row.folder ? `/${row.project}/docs/${row.folder}` : `/${row.project}/docs`;
      return { project: row.project, name: row.title, route: `${place}/d/${docId}` };
    },
    /** A file of a space or of one of its tasks (never a private chat's, never a story). */
    file(fileId: string): Named | null {
      const row = file.get(fileId);
      if (!row || row.project === null || row.privat !== null || row.story === 1) return null;
      const route = row.task ? `/${row.project}/tasks/d/${row.task}` : `/${row.project}/files/d/${fileId}`;
      return { project: row.project, name: row.name, route };
    },
  };
}

const summedTypes = ['task.created', 'task.updated', 'message.created', 'doc.created', 'doc.edited', 'doc.updated', 'file.created'];

/**
 * What others did in the team's spaces since the person's last visit, when that was more than 4 hours before `now`:
 * read from the event log after the visit's position, counted per space and kind, only in spaces they may read now.
 */
export function awaySummary(sqlite: Database.Database, viewer: { teamId: string; seat: TeamSeat }, now: Date): AwaySummary {
  const userId = viewer.seat.userId;
  const visit = lastVisit(sqlite, userId);
  if (!visit) return { since: null, lines: [] };
  if (now.getTime() - Date.parse(visit.createdAt) < awayAfterMs) return { since: visit.createdAt, lines: [] };

  const readable = readableSpaces(sqlite, viewer.teamId, viewer.seat);
  const logged = sqlite
    .prepare<[string, number, string, number], LoggedEvent>(
      `SELECT type, actor_id AS actorId, payload FROM events
       WHERE team_id = ? AND seq > ? AND type IN (SELECT value FROM json_each(?))
       ORDER BY seq LIMIT ?`,
    )
    .all(viewer.teamId, visit.seq, JSON.stringify(summedTypes), scannedEvents);
  const items = itemReaders(sqlite);
  const tally = new Tally();
  const countIn = (kind: AwayKind, itemId: string, named: Named | null) => {
    if (named && readable.has(named.project)) tally.add(kind, named.project, itemId, named);
  };

  for (const event of logged) {
    const payload = JSON.parse(event.payload) as Record<string, unknown>;
    // A doc's content edits are stored by the docs rooms without an actor; their author is in the payload.
    const author = event.actorId ?? (typeof payload.userId === 'string' ? payload.userId : null);
    if (author === userId) continue;
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
