import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids';
import { events } from '../../core/sqlite/tables';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { liveAccess } from './liveAccess';
import { findTeam, loadSpaceAccess, loadTeamSeat } from './state';
import { projectMembers, projectRequests, projects, teamMembers, teams } from './tables';

const teamId = newId();
const spaceId = newId();
// More people than the single lookups made before a whole list is read, so both ways are compared.
const people = Array.from({ length: 14 }, () => newId());
const outsider = newId();

let folder: string;
let database: DatabaseHandle;
let appended = 0;

/** Moves the log on, as any committed event does. */
async function appendEvent() {
  appended += 1;
  await database.db.insert(events).values({
    id: `event-${appended}`,
    teamId,
    stream: `test:${appended}`,
    version: 1,
    type: 'test.happened',
    payload: {},
    createdAt: '2026-01-01',
  });
}

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'live-access-'));
  database = openDatabase(join(folder, 'workspace.sqlite'));
  const db = database.db;
  await db.insert(teams).values({ id: teamId, name: 'Team', plan: 'free', ownerId: people[0]!, createdAt: '2026-01-01' });
  for (const [index, userId] of people.entries())
    await db.insert(teamMembers).values({
      teamId,
      userId,
      role: index === 0 ? 'admin' : index === 13 ? 'guest' : 'basic',
      joinedAt: `2026-01-01T00:00:${String(index).padStart(2, '0')}Z`,
    });
  await db.insert(projects).values({
    id: spaceId,
    teamId,
    name: 'Design',
    type: 'private',
    ownerId: people[0]!,
    createdAt: '2026-01-01',
    updatedAt: '2026-01-01',
  });
  for (const userId of people.slice(0, 6))
    await db
      .insert(projectMembers)
      .values({ projectId: spaceId, userId, permission: userId === people[1] ? 'admin' : 'basic', joinedAt: '2026-01-01' });
  await db.insert(projectRequests).values({ projectId: spaceId, userId: people[7]!, requestedAt: '2026-01-01' });
  await appendEvent();
});

afterEach(() => {
  database.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('liveAccess', () => {
  it('answers as the single reads do, one person at a time and from the whole lists (the free plan cuts seats at 10)', async () => {
    const db = database.db;
    const team = (await liveAccess.team(database, teamId))!;
    expect(team).toEqual(await findTeam(db, teamId));
    for (const userId of [...people, outsider, ...people]) {
      expect(await liveAccess.teamSeat(database, team, userId)).toEqual(await loadTeamSeat(db, team, userId));
      expect(await liveAccess.spaceAccess(database, spaceId, userId)).toEqual(await loadSpaceAccess(db, spaceId, userId));
    }
    expect((await liveAccess.teamSeat(database, team, people[12]!))?.withinLimit).toBe(false);
    expect((await liveAccess.spaceAccess(database, spaceId, people[7]!))?.spaceSeat).toEqual({ permission: null, requested: true });
    expect(await liveAccess.spaceAccess(database, newId(), people[0]!)).toBeNull();
    expect((await liveAccess.spaceRow(database, spaceId))?.name).toBe('Design');
  });

  it('reads again once the log moves on, and only then', async () => {
    const db = database.db;
    for (const userId of people) await liveAccess.spaceAccess(database, spaceId, userId);
    const before = database.logPosition();
    // A change written without an event (never done by the product) shows that answers are kept per position.
    await db.delete(projectMembers).where(and(eq(projectMembers.projectId, spaceId), eq(projectMembers.userId, people[2]!)));
    expect((await liveAccess.spaceAccess(database, spaceId, people[2]!))?.spaceSeat.permission).toBe('basic');
    await appendEvent();
    expect(database.logPosition()).not.toBe(before);
    expect(database.logPosition()).toMatch(/^\d+:event-/);
    expect((await liveAccess.spaceAccess(database, spaceId, people[2]!))?.spaceSeat.permission).toBeNull();
    await db.update(teams).set({ plan: 'business' }).where(eq(teams.id, teamId));
    await appendEvent();
    const team = (await liveAccess.team(database, teamId))!;
    expect(team.plan).toBe('business');
    expect((await liveAccess.teamSeat(database, team, people[12]!))?.withinLimit).toBe(true);
  });
});
