import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceAccessTables } from '../../server/src/db/tableChanges';
import { loadSpaceAccess } from '../../server/src/domains/teams';
import { openDatabase } from '../../server/src/db/connection';
import { startTestServer, type TestServer } from './harness';
import { setTask } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

// Space access is remembered per connection until a write to the tables it is read from
// (core/spaceContent.ts): these check that a change of membership is seen at once, whoever writes it.
let server: TestServer;
let owner: Person;
let member: Person;
let space: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await person(server, 'Owner');
  member = await joinTeam(owner, await person(server, 'Member'));
  space = await createSpace(owner, 'Remembered', 'private');
});
afterAll(() => server.close());

const canCreate = async (who: Person, name: string) => (await setTask(who, { project: space, name })).data?.setTask?.name === name;

describe('remembered space access', () => {
  it('follows a membership the product changes: joining a space, then leaving the team', async () => {
    const open = await createSpace(owner, 'Open to join', 'public');
    const canCreateIn = async (name: string) => (await setTask(member, { project: open, name })).data?.setTask?.name === name;
    // A basic member sees a public space they did not join, but writes in it only once they join.
    expect(await canCreateIn('Before joining')).toBe(false);
    expectData(await member.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: open }));
    expect(await canCreateIn('A member now')).toBe(true);
    expect(await canCreateIn('Still a member')).toBe(true);
    expectData(
      await owner.client.execute('mutation ($team: ID!, $user: ID!) { removeUserTeam(team: $team, user: $user) { id } }', {
        team: owner.teamId,
        user: member.id,
      }),
    );
    expect(await canCreateIn('After leaving')).toBe(false);
  });

  it("follows a change another connection commits to the file (another process's, as the command line's)", async () => {
    expect(await canCreate(owner, 'Owner writes')).toBe(true);
    const other = openDatabase(join(server.dataDirectory, 'workspace.sqlite'), { synchronous: 'NORMAL', migrate: false });
    other.sqlite.prepare('DELETE FROM project_members WHERE project_id = ? AND user_id = ?').run(space, owner.id);
    other.sqlite.prepare("UPDATE team_members SET role = 'basic' WHERE team_id = ? AND user_id = ?").run(owner.teamId, owner.id);
    other.close();
    expect(await canCreate(owner, 'Owner no longer in the space')).toBe(false);
  });

  it('is read from the tables it is remembered for, and from no other', async () => {
    const database = server.app.services.database;
    const statementPrototype = Object.getPrototypeOf(database.sqlite.prepare('SELECT 1')) as Record<
      string,
      (...args: unknown[]) => unknown
    >;
    const sources: string[] = [];
    const originals = Object.fromEntries(['get', 'all', 'iterate', 'run'].map((method) => [method, statementPrototype[method]!]));
    for (const [method, original] of Object.entries(originals)) {
      statementPrototype[method] = function (this: Database.Statement, ...args: unknown[]) {
        sources.push(this.source);
        return original.apply(this, args);
      };
    }
    try {
      await loadSpaceAccess(database.db, space, member.id);
      await loadSpaceAccess(database.db, space, owner.id);
    } finally {
      Object.assign(statementPrototype, originals);
    }
    const tablesRead = new Set(
      sources.flatMap((source) => [...source.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)].map((match) => match[1]!)),
    );
    expect(tablesRead.size).toBeGreaterThan(0);
    expect([...tablesRead].filter((table) => !(spaceAccessTables as readonly string[]).includes(table))).toEqual([]);
  });
});
