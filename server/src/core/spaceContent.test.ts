import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { teamMessages } from '#shared/teams';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { stampAccessTablesByLog } from '../db/tableChanges';
import type { SpaceFacts, SpaceSeat, TeamSeat } from './access';
import { newId } from './ids';
import {
  bindSpaceDirectory,
  readableSpaceContent,
  requireReadableSpaceContent,
  requireWritableSpaceContent,
  spaceContentAccess,
  spaceContentPolicy,
  type Reader,
  type SpaceContentAccess,
  type SpaceDirectory,
} from './spaceContent';

const seat = (role: TeamSeat['role'], withinLimit = true, userId = 'me'): TeamSeat => ({ userId, role, withinLimit });
const publicSpace: SpaceFacts = { teamId: 'team', isPersonal: false, type: 'public', ownerId: 'owner' };
const privateSpace: SpaceFacts = { ...publicSpace, type: 'private' };
const personalSpace: SpaceFacts = { ...privateSpace, isPersonal: true, ownerId: 'me' };
const outsider: SpaceSeat = { permission: null, requested: false };
const requested: SpaceSeat = { permission: null, requested: true };
const member: SpaceSeat = { permission: 'basic', requested: false };
const spaceAdmin: SpaceSeat = { permission: 'admin', requested: false };

const access = (teamSeat: TeamSeat | null, space: SpaceFacts, spaceSeat: SpaceSeat): SpaceContentAccess => ({
  seat: teamSeat,
  space,
  spaceSeat,
});

describe('spaceContentPolicy.write', () => {
  it("is for the space's members, guests included", () => {
    expect(spaceContentPolicy.write(access(seat('basic'), privateSpace, member))).toBe(true);
    expect(spaceContentPolicy.write(access(seat('guest'), privateSpace, member))).toBe(true);
    expect(spaceContentPolicy.write(access(seat('basic', false), privateSpace, member))).toBe(true);
  });

  it('is for those who manage the space without being in it: team admins of every shared space', () => {
    expect(spaceContentPolicy.write(access(seat('admin'), privateSpace, outsider))).toBe(true);
    expect(spaceContentPolicy.write(access(seat('admin', false), privateSpace, outsider))).toBe(false);
    expect(spaceContentPolicy.write(access(seat('admin'), { ...personalSpace, ownerId: 'owner' }, outsider))).toBe(false);
  });

  it('is not for a basic member reading a public space they did not join, nor for a pending request', () => {
    expect(spaceContentPolicy.read(access(seat('basic'), publicSpace, outsider))).toBe(true);
    expect(spaceContentPolicy.write(access(seat('basic'), publicSpace, outsider))).toBe(false);
    expect(spaceContentPolicy.write(access(seat('basic'), privateSpace, requested))).toBe(false);
  });

  it('gives nothing to someone no longer in the team, whatever space permission was left behind', () => {
    for (const leftover of [member, spaceAdmin]) {
      expect(spaceContentPolicy.read(access(null, publicSpace, leftover))).toBe(false);
      expect(spaceContentPolicy.write(access(null, publicSpace, leftover))).toBe(false);
      expect(spaceContentPolicy.manage(access(null, publicSpace, leftover), { authorId: 'me' })).toBe(false);
    }
  });
});

describe('spaceContentPolicy.manage', () => {
  it('lets the author manage their item while they may write', () => {
    expect(spaceContentPolicy.manage(access(seat('basic'), privateSpace, member), { authorId: 'me' })).toBe(true);
    expect(spaceContentPolicy.manage(access(seat('guest'), privateSpace, member), { authorId: 'me' })).toBe(true);
  });

  it("keeps an author who may only read from their item, and a member from others' items", () => {
    expect(spaceContentPolicy.manage(access(seat('basic'), publicSpace, outsider), { authorId: 'me' })).toBe(false);
    expect(spaceContentPolicy.manage(access(seat('basic'), privateSpace, member), { authorId: 'someone else' })).toBe(false);
  });

  it("lets space admins and team admins manage anyone's item", () => {
    expect(spaceContentPolicy.manage(access(seat('basic'), privateSpace, spaceAdmin), { authorId: 'someone else' })).toBe(true);
    expect(spaceContentPolicy.manage(access(seat('admin'), privateSpace, outsider), { authorId: 'someone else' })).toBe(true);
    expect(spaceContentPolicy.manage(access(seat('guest'), privateSpace, spaceAdmin), { authorId: 'someone else' })).toBe(false);
  });
});

describe('the access of a caller to a space, through the space directory', () => {
  const userId = 'a'.repeat(24);
  const projectId = 'b'.repeat(24);

  function databaseWith(answer: SpaceContentAccess | null): {
    db: Reader;
    directory: SpaceDirectory & { access: ReturnType<typeof vi.fn> };
  } {
    const db = {} as Reader;
    const directory = { access: vi.fn(() => Promise.resolve(answer)) };
    bindSpaceDirectory(db, directory);
    return { db, directory };
  }

  it('asks the directory bound to the database and adds the ids the content areas need', async () => {
    const { db, directory } = databaseWith(access(seat('basic', true, userId), privateSpace, member));
    expect(await spaceContentAccess(db, projectId, userId)).toEqual({
      seat: seat('basic', true, userId),
      space: privateSpace,
      spaceSeat: member,
      projectId,
      teamId: 'team',
      userId,
    });
    expect(directory.access).toHaveBeenCalledWith(db, projectId, userId);
  });

  it('answers null for ids that are not ids, without asking', async () => {
    const { db, directory } = databaseWith(access(seat('admin'), privateSpace, member));
    expect(await spaceContentAccess(db, 'not-an-id', userId)).toBeNull();
    expect(await spaceContentAccess(db, projectId, 'not-an-id')).toBeNull();
    expect(directory.access).not.toHaveBeenCalled();
  });

  it('answers null when there is no such space', async () => {
    const { db } = databaseWith(null);
    expect(await spaceContentAccess(db, projectId, userId)).toBeNull();
    expect(await readableSpaceContent(db, projectId, userId)).toBeNull();
  });

  it('refuses a database no directory was bound to', async () => {
    await expect(spaceContentAccess({} as Reader, projectId, userId)).rejects.toThrow('No space directory is bound to this database');
  });

  it('gives the same NOT_FOUND for a space out of sight as for a missing one', async () => {
    const missing = databaseWith(null).db;
    const outOfSight = databaseWith(access(seat('basic'), privateSpace, outsider)).db;
    for (const db of [missing, outOfSight]) {
      expect(await readableSpaceContent(db, projectId, userId)).toBeNull();
      await expect(requireReadableSpaceContent(db, projectId, userId)).rejects.toThrowError(
        expect.objectContaining({ code: 'NOT_FOUND', message: teamMessages.spaceNotFound }) as unknown as Error,
      );
      // The reason names the text, with its (empty) parameters, so clients translate it instead of reading it.
      await expect(requireWritableSpaceContent(db, projectId, userId)).rejects.toThrowError(
        expect.objectContaining({ code: 'NOT_FOUND', reason: 'SPACE_NOT_FOUND', params: {} }) as unknown as Error,
      );
    }
  });

  it('lets a reader read, refuses them a write, and lets a member write', async () => {
    const reader = databaseWith(access(seat('basic'), publicSpace, outsider)).db;
    expect((await requireReadableSpaceContent(reader, projectId, userId)).projectId).toBe(projectId);
    await expect(requireWritableSpaceContent(reader, projectId, userId)).rejects.toThrowError(
      expect.objectContaining({ code: 'PERMISSION_DENIED' }) as unknown as Error,
    );
    const writer = databaseWith(access(seat('basic'), publicSpace, member)).db;
    expect(await requireWritableSpaceContent(writer, projectId, userId)).toMatchObject({ projectId, teamId: 'team', userId });
  });
});

describe('spaceContentAccess remembers answers until the access tables change', () => {
  const projectId = 'a'.repeat(24);
  const userId = 'b'.repeat(24);
  const answer = { seat: seat('basic', true, userId), space: publicSpace, spaceSeat: member };

  function countingDirectory(db: object) {
    const asked = { count: 0 };
    bindSpaceDirectory(db, {
      access: () => {
        asked.count += 1;
        return Promise.resolve(answer);
      },
    });
    return asked;
  }

  const addMember = (handle: DatabaseHandle) =>
    handle.sqlite
      .prepare("INSERT INTO team_members (team_id, user_id, role, joined_at) VALUES ('t', ?, 'basic', '2026-01-01T00:00:00.000Z')")
      .run(newId());

  it("asks the directory once, and again after this connection's write to an access table, even one rolled back", async () => {
    const database = openDatabase(':memory:');
    database.sqlite.pragma('foreign_keys = OFF');
    const asked = countingDirectory(database.db);
    const first = await spaceContentAccess(database.db as unknown as Reader, projectId, userId);
    expect(await spaceContentAccess(database.db as unknown as Reader, projectId, userId)).toBe(first);
    expect(asked.count).toBe(1);
    expect(Object.isFrozen(first) && Object.isFrozen(first!.seat) && Object.isFrozen(first!.spaceSeat)).toBe(true);
    addMember(database);
    await spaceContentAccess(database.db as unknown as Reader, projectId, userId);
    expect(asked.count).toBe(2);
    // Remembered inside a transaction that is then rolled back: forgotten, though the tables are as before.
    database.sqlite.prepare('BEGIN').run();
    addMember(database);
    await spaceContentAccess(database.db as unknown as Reader, projectId, userId);
    database.sqlite.prepare('ROLLBACK').run();
    await spaceContentAccess(database.db as unknown as Reader, projectId, userId);
    expect(asked.count).toBe(4);
    // Rolled back, then written again with no read between: the counts match the rolled-back ones, the stamp does not.
    database.sqlite.prepare('BEGIN').run();
    addMember(database);
    await spaceContentAccess(database.db as unknown as Reader, projectId, userId);
    database.sqlite.prepare('ROLLBACK').run();
    addMember(database);
    await spaceContentAccess(database.db as unknown as Reader, projectId, userId);
    expect(asked.count).toBe(6);
    // Other tables do not matter.
    database.sqlite
      .prepare("INSERT INTO tags (id, project_id, team_id, name, color, is_sprint, created_at) VALUES (?, 'p', 't', 'x', 'red', 0, 'now')")
      .run(newId());
    await spaceContentAccess(database.db as unknown as Reader, projectId, userId);
    expect(asked.count).toBe(6);
    database.close();
  });

  it("asks again after another connection's commit to the file", async () => {
    const directory = mkdtempSync(join(tmpdir(), 'space-access-'));
    const file = join(directory, 'workspace.sqlite');
    const database = openDatabase(file, { synchronous: 'NORMAL' });
    const other = openDatabase(file, { synchronous: 'NORMAL', migrate: false });
    database.sqlite.pragma('foreign_keys = OFF');
    other.sqlite.pragma('foreign_keys = OFF');
    const asked = countingDirectory(database.db);
    await spaceContentAccess(database.db as unknown as Reader, projectId, userId);
    await spaceContentAccess(database.db as unknown as Reader, projectId, userId);
    expect(asked.count).toBe(1);
    addMember(other);
    await spaceContentAccess(database.db as unknown as Reader, projectId, userId);
    expect(asked.count).toBe(2);
    other.close();
    database.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('on a database stamped by the log position (PostgreSQL), asks again once the position moves', async () => {
    const db = { select: () => undefined };
    let position = '1:1';
    stampAccessTablesByLog(db, () => position);
    const asked = countingDirectory(db);
    await spaceContentAccess(db as unknown as Reader, projectId, userId);
    await spaceContentAccess(db as unknown as Reader, projectId, userId);
    expect(asked.count).toBe(1);
    position = '2:2';
    await spaceContentAccess(db as unknown as Reader, projectId, userId);
    await spaceContentAccess(db as unknown as Reader, projectId, userId);
    expect(asked.count).toBe(2);
  });

  it('remembers nothing for a connection it cannot watch', async () => {
    const db = { select: () => undefined };
    const asked = countingDirectory(db);
    await spaceContentAccess(db as unknown as Reader, projectId, userId);
    await spaceContentAccess(db as unknown as Reader, projectId, userId);
    expect(asked.count).toBe(2);
  });
});
