import { beforeAll, describe, expect, it } from 'vitest';
import { runOnBothDoors, type AreaRun } from '../support/areaOnDoors';

/*
 * The teams area (plan option B3: tables picked per process, code awaiting drizzle's builders) on both command doors:
 * tests/support/teamsOnDoor.ts runs the same commands and reads once on a SQLite file and once on PostgreSQL (a
 * throw-away cluster), each in a process of its own, and this compares what they answered, read and hold, the log, and
 * replay with live on each. The races run two units at once, overlapping on PostgreSQL behind a lock the scenario holds
 * (teamsOnDoor.ts `raceHeld`): without the team's, the space's and the space's team's locks, the proof's second read
 * of an invitation under its team's lock, or create-admin's second read of the account under its lock, PostgreSQL
 * decides twice on the same state, and without the unique index's refusal turned into TEAM_URL_TAKEN the second URL
 * fails with a database error.
 */

let onSqlite: AreaRun;
let onPostgres: AreaRun;
beforeAll(async () => {
  ({ onSqlite, onPostgres } = await runOnBothDoors<AreaRun>('teams'));
}, 180_000);

describe('the teams area on both doors', () => {
  it('ran each run on its own dialect', () => {
    expect(onSqlite.dialect).toBe('sqlite');
    expect(onPostgres.dialect).toBe('postgresql');
  });

  it('creates a team, invites and adds members, makes spaces, sets permissions, takes a member out and refuses outsiders alike', () => {
    expect(onPostgres.outcomes).toEqual(onSqlite.outcomes);
    expect(onSqlite.outcomes['ada invites bob, whose address is proven']).toEqual({
      answered: { kind: 'teamMemberAdded', to: 'bob@example.com' },
    });
    expect(onSqlite.outcomes['ada invites cy, whose address is not']).toEqual({
      answered: { kind: 'teamInvitation', to: 'cy@example.com' },
    });
    expect(onSqlite.outcomes['bob, not an admin, invites']).toEqual({ refused: 'PERMISSION_DENIED' });
    expect(onSqlite.outcomes['dan, an outsider, invites']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['ada invites cy, a member now']).toEqual({ refused: 'ALREADY_TEAM_MEMBER' });
    expect(onSqlite.outcomes['dan, an outsider, joins the public space']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['bob adds dan, an outsider, to the private space']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['ada, the public space’s last admin, leaves it']).toEqual({ refused: 'LAST_SPACE_ADMIN' });
    expect(onSqlite.outcomes['dan takes the same URL for his team']).toEqual({ refused: 'TEAM_URL_TAKEN' });
    expect(onSqlite.outcomes['dan, an outsider, takes cy out']).toEqual({ refused: 'NOT_FOUND' });
    expect(onSqlite.outcomes['ada takes cy out of the team']).toEqual({ answered: null });
    expect(onSqlite.outcomes['cy, taken out, joins the public space']).toEqual({ refused: 'NOT_FOUND' });
  });

  it('reads the same teams, members and spaces', () => {
    expect(onPostgres.reads).toEqual(onSqlite.reads);
    expect(onSqlite.reads['cy’s current team']).toBe('the launch team');
    expect(onSqlite.reads['cy’s current team once out']).toBe('cy’s team');
    const members = (read: unknown) => (read as { members: { userId: string }[] }).members.map((member) => member.userId);
    expect(members(onSqlite.reads['the launch team after joining'])).toEqual(['ada', 'bob', 'cy']);
    expect(members(onSqlite.reads['the launch team'])).toEqual(['ada', 'bob']);
    expect(members(onSqlite.reads['the private space'])).toEqual(['ada', 'bob', 'cy']);
    expect(members(onSqlite.reads['the private space once cy is out'])).toEqual(['ada', 'bob']);
  });

  it('gives one of two teams setting one URL at once, both past the check, TEAM_URL_TAKEN (the unique index)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.outcomes['two teams set one URL at once']).toEqual([{ answered: true }, { refused: 'TEAM_URL_TAKEN' }]);
      expect(run.reads['teams with the raced URL']).toBe(1);
    }
  });

  it('never leaves a member taken out of the team in a space they joined at the same time (the space’s team lock)', () => {
    for (const run of [onSqlite, onPostgres])
      expect(run.outcomes['a join and the member taken out at once']).toEqual({
        failures: [],
        'taken out answered': true,
        'cy in the team': false,
        'cy in the public space': false,
      });
  });

  it('keeps one admin when a space’s two admins, or a team’s, leave at once (the space’s and the team’s locks)', () => {
    for (const run of [onSqlite, onPostgres]) {
      expect(run.outcomes['a space’s two admins leave it at once']).toEqual({
        outcomes: [{ answered: null }, { refused: 'LAST_SPACE_ADMIN' }],
        'admins left': 1,
      });
      expect(run.outcomes['a team’s two admins leave it at once']).toEqual({
        outcomes: [{ answered: null }, { refused: 'LAST_TEAM_ADMIN' }],
        'admins left': 1,
        'members left': 2,
      });
    }
  });

  it('adds a person added twice at once once, with one personal space (the team’s lock)', () => {
    for (const run of [onSqlite, onPostgres])
      expect(run.outcomes['fay added twice at once']).toEqual({
        outcomes: [{ answered: { kind: 'teamMemberAdded', to: 'fay@example.com' } }, { refused: 'ALREADY_TEAM_MEMBER' }],
        'fay a member': true,
        'fay’s personal spaces there': 1,
      });
  });

  it('accepts an invitation proven twice at once once', () => {
    for (const run of [onSqlite, onPostgres])
      expect(run.outcomes['an invitation accepted by two proofs at once']).toEqual({
        outcomes: [{ answered: null }, { answered: null }],
        acceptances: 1,
        'gus a member': true,
        'gus’s personal spaces there': 1,
      });
  });

  it('never accepts an invitation withdrawn at the same time (the proof reads it again under the team’s lock)', () => {
    for (const run of [onSqlite, onPostgres])
      expect(run.outcomes['an invitation withdrawn while its address is proven']).toEqual({
        failures: [],
        'withdrawn and hal out, or accepted and hal in with the withdrawal refused': true,
      });
  });

  it('makes two teams created at once by one person, each with its admin and personal space', () => {
    for (const run of [onSqlite, onPostgres])
      expect(run.outcomes['fay creates two teams at once']).toEqual({
        outcomes: [{ answered: null }, { answered: null }],
        'each with fay its only admin': true,
        'fay’s personal spaces in each': [1, 1],
        'her current team is one of them': true,
      });
  });

  it('proves an address once when create-admin runs twice at once (the account read again under its lock)', () => {
    const answer = { userId: 'ivy', created: false, teamId: 'ivy’s team', teamName: "Ivy's team", 'a set-password link': true };
    for (const run of [onSqlite, onPostgres])
      expect(run.outcomes['create-admin twice at once']).toEqual({
        outcomes: [{ answered: answer }, { answered: answer }],
        'proofs of ivy’s address': 1,
        'ivy an admin of her team': true,
      });
  });

  it('holds the same rows and log, and replay rebuilds the rows it holds live', () => {
    expect(onPostgres.live).toEqual(onSqlite.live);
    expect(onPostgres.events).toEqual(onSqlite.events);
    for (const run of [onSqlite, onPostgres]) {
      expect(run.replayed).toEqual(run.live);
      expect(run.reads['races, live and replayed alike']).toBe(true);
      expect(run.reads['users live and replayed alike']).toBe(true);
    }
  });
});
