import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { ManualClock } from '../../server/src/core/clock';
import type { UnitOfWork } from '../../server/src/core/commands';
import type { Projection } from '../../server/src/core/events';
import { newId as newIdOfCore } from '../../server/src/core/ids';
import { teamStream, userStream } from '../../server/src/core/streams';
import { tableDialect } from '../../server/src/db/pickTable';
import { accountsProjection } from '../../server/src/domains/accounts/projection';
import { registerAccount } from '../../server/src/domains/accounts/service';
import { users } from '../../server/src/domains/accounts/tables';
import { provideAdministrator } from '../../server/src/domains/teams/administrator';
import {
  inviteIn,
  provenAddressAcceptsInvitations,
  withdrawInvitationIn,
  type NewInvitation,
} from '../../server/src/domains/teams/invitations';
import { teamsProjection } from '../../server/src/domains/teams/projection';
import { createSpaceIn, joinSpaceIn, setPermissionIn, type NewSpace } from '../../server/src/domains/teams/spaceResolvers';
import { currentTeam, loadSpaceState, loadTeamState, teamsOf } from '../../server/src/domains/teams/state';
import { projectMembers, projectRequests, projects, teamInvitations, teamMembers, teams } from '../../server/src/domains/teams/tables';
import { createTeamIn, refuseTakenUrl, removeMemberIn, updateTeamIn, type TeamUpdate } from '../../server/src/domains/teams/teamResolvers';
import { type AreaRun } from './areaOnDoors';
import { idLabels, openAreaDoor, outcomesOn, settledOutcomes, tableRowsOf, type AreaDoor } from './areaDoor';

/**
 * Runs the teams area's commands (a team created, members invited and joined, spaces created and joined, permissions
 * set, a member taken out, outsiders refused) and reads on the door of this process's dialect (DATABASE_URL:
 * PostgreSQL when set, else a SQLite file of its own) and prints what they answered and what teams' tables hold, live
 * and after a replay, as one JSON line after `teams-on-door:`. tests/integration/teams-postgres.test.ts runs it once
 * per dialect and compares. Accounts are registered through the accounts area's unit (its projection keeps the users
 * rows teams read), and a proven address accepts its invitations through teams' reaction, run in the proving unit.
 *
 * Then races, two units at once (units run at once on PostgreSQL): two teams setting one URL (the unique index; one
 * TEAM_URL_TAKEN), two joiners of a public space with the person taken out of the team at the same time (the space's
 * team lock), and in a team of their own two admins leaving it at once (the team's lock: one stays) and two space
 * admins leaving a space at once (the space's lock: one stays). In another team: one person added twice at once (the
 * team's lock), an invitation proven twice at once and one withdrawn while proven (the proof reads it again under the
 * team's lock), one person creating two teams at once, and create-admin run twice at once for an unproven account
 * (read again under its stream's lock). Who wins is the database's: the races' rows and log are left out of what is
 * compared between the runs and shown by what holds whichever way they went.
 */

const projections: Projection[] = [accountsProjection, teamsProjection];
const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
const { label, labelled, labelledText, name } = idLabels();
/** A value with every labelled id in it shown by its label. */
const shown = (value: unknown): unknown => (value === undefined ? null : JSON.parse(labelledText(JSON.stringify(labelled(value)))));
const outcomeOf = outcomesOn(clock, shown);
const config = { publicUrl: 'https://teams.example', secret: 'a secret of at least thirty-two characters' };

/** A fresh id, labelled in the order drawn so both runs print the same. */
const newId = (idName?: string) => {
  const fresh = newIdOfCore();
  if (idName) name(fresh, idName);
  else label(fresh);
  return fresh;
};

/** What two units running at once answered, sorted (which one wins is the database's). */
const settledOf = (settled: PromiseSettledResult<unknown>[]) => settledOutcomes(settled, shown);

/** Raw SQL on a unit's transaction on PostgreSQL (drizzle's pg database there, typed as SQLite's for the areas). */
const onPostgresUnit = (unit: UnitOfWork) => unit.transaction as unknown as { execute(statement: SQL): Promise<unknown> };

/** What a racer waits behind on PostgreSQL while this scenario's own unit holds it: streams' locks, teams rows. */
interface Held {
  streams?: string[];
  /** Team rows locked FOR UPDATE: a unit writing its team's row (the projection) waits there, after its checks. */
  teamRows?: string[];
}

/**
 * Runs `racers` (units) at once so that they overlap where their locks matter, whatever the scheduler does. On
 * PostgreSQL a unit of the scenario first holds `held`, chosen to be what each racer needs only after it read what it
 * decides on when its lock is removed (and at or before that read when it is in place); each racer starts once the
 * ones before it wait for a lock or are done, so they queue in the order given; then the holder lets go. Without their
 * lock, the racers thus all decide on the same state; with it, they decide one after the other. On SQLite units run one
 * at a time in the order given: they just run.
 */
async function raceHeld<Result>(
  door: AreaDoor,
  held: Held,
  racers: readonly (() => Promise<Result>)[],
): Promise<PromiseSettledResult<Result>[]> {
  if (tableDialect !== 'postgresql') return await Promise.allSettled(racers.map((racer) => racer()));
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let holding!: () => void;
  const holds = new Promise<void>((resolve) => (holding = resolve));
  const holder = door.store.run({ actorId: null }, async (unit) => {
    if (held.streams) await unit.lock(...held.streams);
    if (held.teamRows)
      await onPostgresUnit(unit).execute(
        sql`SELECT id FROM teams WHERE id IN (${sql.join(
          held.teamRows.map((id) => sql`${id}`),
          sql`, `,
        )}) FOR UPDATE`,
      );
    holding();
    await released;
  });
  const running: Promise<Result>[] = [];
  try {
    await Promise.race([holds, holder]);
    let settled = 0;
    for (const racer of racers) {
      running.push(racer().finally(() => (settled += 1)));
      await untilWaiting(door, running.length, () => settled);
    }
  } finally {
    letGo();
  }
  await holder;
  return await Promise.allSettled(running);
}

/** Waits until `count` units wait for a lock or are done (`settled`), checking PostgreSQL's lock table. */
async function untilWaiting(door: AreaDoor, count: number, settled: () => number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = await door.rows(sql`SELECT count(DISTINCT pid)::integer AS waiting FROM pg_locks WHERE NOT granted`);
    if (Number(row?.['waiting'] ?? 0) + settled() >= count) return;
    if (Date.now() > deadline) throw new Error(`${count} racing units never all waited for a lock or ended`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const door = await openAreaDoor('teams', projections, clock);
try {
  const { store, db } = door;
  const run = <Result>(actorId: string | null, work: (unit: UnitOfWork) => Promise<Result>) => store.run({ actorId }, work);
  /** Registers an account (its own team and personal space), named with its team; their personal space by rows later. */
  const register = async (firstname: string, emailVerified: boolean) => {
    const email = `${firstname.toLowerCase()}@example.com`;
    clock.advance(1000);
    const account = await run(null, (unit) =>
      registerAccount(unit, { email, firstname, lastname: 'B', language: 'en', passwordHash: null, emailVerified }),
    );
    name(account.userId, firstname.toLowerCase());
    name(account.teamId, `${firstname.toLowerCase()}’s team`);
    return account;
  };
  /** Every space of the team not labelled yet, labelled by its owner and name (personal spaces are made by units). */
  const labelSpaces = async () => {
    for (const row of await db.select().from(projects).orderBy(asc(projects.createdAt), asc(projects.name)))
      if (labelledText(row.id) === row.id) name(row.id, `${row.name} (${labelledText(row.ownerId)}) in ${labelledText(row.teamId)}`);
  };
  /** Invitations labelled by their address and time, in the order made. */
  const labelInvitations = async () => {
    for (const row of await db.select().from(teamInvitations).orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.email)))
      if (labelledText(row.id) === row.id) name(row.id, `the invitation of ${row.email} at ${row.createdAt}`);
  };
  const invite = (actorId: string, invitation: NewInvitation) =>
    run(actorId, async (unit) => {
      const mail = await inviteIn(unit, config, actorId, invitation);
      return { kind: mail.kind, to: mail.to.email };
    });
  /** A proven address, as accounts appends it, and teams' reaction to it in the same unit, as the app's door runs it. */
  const prove = (userId: string) =>
    run(userId, async (unit) => {
      const proven = await unit.append(userStream(userId), [{ type: 'user.email_verified', payload: { userId } }], { teamId: null });
      for (const event of proven) await provenAddressAcceptsInvitations.react(unit, event);
    });
  const createSpace = (actorId: string, space: Omit<NewSpace, 'logo' | 'color' | 'description'>) =>
    run(actorId, (unit) => createSpaceIn(unit, actorId, { ...space, logo: null, color: null, description: null }));
  const updateTeam = (actorId: string, teamId: string, update: TeamUpdate) =>
    run(actorId, (unit) => updateTeamIn(unit, actorId, teamId, update)).catch(refuseTakenUrl);
  /** Members in the order of their labels, so both runs print the same. */
  const byLabel = <Member extends { userId: string }>(members: readonly Member[]) =>
    members.map((member) => shown(member) as Member).sort((left, right) => left.userId.localeCompare(right.userId));
  const teamRead = async (teamId: string) => {
    const team = await loadTeamState(db, teamId);
    return team && shown({ ...team, members: byLabel(team.members) });
  };
  const spaceRead = async (projectId: string) => {
    const space = await loadSpaceState(db, projectId);
    return space && shown({ ...space, members: byLabel(space.members) });
  };

  const outcomes: Record<string, unknown> = {};
  const reads: Record<string, unknown> = {};

  const ada = await register('Ada', true);
  const bob = await register('Bob', true);
  const cy = await register('Cy', false);
  const dan = await register('Dan', true);
  await labelSpaces();

  // A team of ada's: bob (a proven account) joins at once, cy (unproven) and eve (no account) are invited.
  const launch = newId('the launch team');
  const launchIds = { teamId: launch, personalProjectId: newId('ada’s space in the launch team') };
  outcomes['ada creates a team'] = await outcomeOf(() =>
    run(ada.userId, (unit) => createTeamIn(unit, ada.userId, { ...launchIds, name: 'Launch', logo: null })),
  );
  const invitation = (email: string, role: NewInvitation['role'] = 'basic'): NewInvitation => ({
    teamId: launch,
    email,
    role,
    projectId: null,
    note: null,
  });
  outcomes['ada invites bob, whose address is proven'] = await outcomeOf(() => invite(ada.userId, invitation('bob@example.com')));
  outcomes['ada invites cy, whose address is not'] = await outcomeOf(() => invite(ada.userId, invitation('cy@example.com')));
  outcomes['ada invites eve, who has no account'] = await outcomeOf(() => invite(ada.userId, invitation('eve@example.com')));
  outcomes['ada invites eve again'] = await outcomeOf(() => invite(ada.userId, invitation('eve@example.com')));
  outcomes['bob, not an admin, invites'] = await outcomeOf(() => invite(bob.userId, invitation('fay@example.com')));
  outcomes['dan, an outsider, invites'] = await outcomeOf(() => invite(dan.userId, invitation('fay@example.com')));
  outcomes['cy proves the address'] = await outcomeOf(() => prove(cy.userId));
  outcomes['ada invites cy, a member now'] = await outcomeOf(() => invite(ada.userId, invitation('cy@example.com')));
  await labelSpaces();
  await labelInvitations();
  reads['the launch team after joining'] = await teamRead(launch);
  reads['cy’s teams'] = shown((await teamsOf(db, cy.userId)).map((team) => team.id));
  reads['cy’s current team'] = shown((await currentTeam(db, cy.userId))?.id);

  // Spaces: a private one and a public one; joining, permissions, outsiders refused.
  const design = newId('the design space');
  const open = newId('the open space');
  outcomes['ada creates a private space'] = await outcomeOf(() =>
    createSpace(ada.userId, { projectId: design, name: 'Design', type: 'private' }),
  );
  outcomes['ada creates a public space'] = await outcomeOf(() =>
    createSpace(ada.userId, { projectId: open, name: 'Open', type: 'public' }),
  );
  outcomes['dan creates a space in his own team'] = await outcomeOf(() =>
    createSpace(dan.userId, { projectId: newId('dan’s space'), name: 'Dan', type: 'public' }),
  );
  outcomes['cy joins the public space'] = await outcomeOf(() => run(cy.userId, (unit) => joinSpaceIn(unit, cy.userId, open)));
  outcomes['cy asks to join the private space'] = await outcomeOf(() => run(cy.userId, (unit) => joinSpaceIn(unit, cy.userId, design)));
  outcomes['dan, an outsider, joins the public space'] = await outcomeOf(() =>
    run(dan.userId, (unit) => joinSpaceIn(unit, dan.userId, open)),
  );
  const setPermission = (actorId: string, projectId: string, userId: string, permission: Parameters<typeof setPermissionIn>[4]) =>
    run(actorId, (unit) => setPermissionIn(unit, actorId, projectId, userId, permission));
  outcomes['cy, a basic member, makes herself admin of the public space'] = await outcomeOf(() =>
    setPermission(cy.userId, open, cy.userId, 'admin'),
  );
  outcomes['ada lets cy into the private space'] = await outcomeOf(() => setPermission(ada.userId, design, cy.userId, 'basic'));
  outcomes['ada makes bob admin of the private space'] = await outcomeOf(() => setPermission(ada.userId, design, bob.userId, 'admin'));
  outcomes['bob adds dan, an outsider, to the private space'] = await outcomeOf(() =>
    setPermission(bob.userId, design, dan.userId, 'basic'),
  );
  outcomes['dan, an outsider, sets a permission'] = await outcomeOf(() => setPermission(dan.userId, design, dan.userId, 'admin'));
  outcomes['ada, the public space’s last admin, leaves it'] = await outcomeOf(() => setPermission(ada.userId, open, ada.userId, 'removed'));
  await labelSpaces();
  reads['the private space'] = await spaceRead(design);
  reads['the public space'] = await spaceRead(open);

  // The team: renamed, a custom URL, bob made admin, a URL another team has refused, outsiders refused.
  outcomes['ada renames the team and sets its URL'] = await outcomeOf(() =>
    updateTeam(ada.userId, launch, { name: 'Launch team', url: 'launch' }),
  );
  outcomes['ada makes bob admin'] = await outcomeOf(() => updateTeam(ada.userId, launch, { role: { userId: bob.userId, role: 'admin' } }));
  outcomes['dan takes the same URL for his team'] = await outcomeOf(() => updateTeam(dan.userId, dan.teamId, { url: 'launch' }));
  outcomes['dan, an outsider, renames the launch team'] = await outcomeOf(() => updateTeam(dan.userId, launch, { name: 'Mine' }));
  outcomes['cy, a basic member, renames the team'] = await outcomeOf(() => updateTeam(cy.userId, launch, { name: 'Mine' }));
  outcomes['dan, an outsider, takes cy out'] = await outcomeOf(() =>
    run(dan.userId, (unit) => removeMemberIn(unit, dan.userId, launch, cy.userId, 'removed')),
  );
  outcomes['ada takes cy out of the team'] = await outcomeOf(() =>
    run(ada.userId, (unit) => removeMemberIn(unit, ada.userId, launch, cy.userId, 'removed')),
  );
  outcomes['cy, taken out, joins the public space'] = await outcomeOf(() => run(cy.userId, (unit) => joinSpaceIn(unit, cy.userId, open)));
  reads['the launch team'] = await teamRead(launch);
  reads['the private space once cy is out'] = await spaceRead(design);
  reads['cy’s current team once out'] = shown((await currentTeam(db, cy.userId))?.id);

  const compared = { log: (await store.read()).length };

  // Race 1: two teams set one URL at once: the unique index refuses the second on PostgreSQL, which gets the check's refusal.
  clock.advance(1000);
  // Both pass the URL check before either writes its row: each waits behind the teams rows held, after its check.
  const urlRace = await raceHeld(door, { teamRows: [bob.teamId, dan.teamId] }, [
    () => updateTeam(bob.userId, bob.teamId, { url: 'shared' }),
    () => updateTeam(dan.userId, dan.teamId, { url: 'shared' }),
  ]);
  outcomes['two teams set one URL at once'] = settledOf(urlRace);
  reads['teams with the raced URL'] = (await db.select().from(teams).where(eq(teams.url, 'shared'))).length;

  // Race 2: cy, back in the team, joins the public space while ada takes her out: she is never left in a space of a
  // team she is not in (the join locks the space's team with the space).
  await invite(ada.userId, invitation('cy@example.com'));
  clock.advance(1000);
  const joinAndOut = await Promise.allSettled([
    run(cy.userId, (unit) => joinSpaceIn(unit, cy.userId, open)),
    run(ada.userId, (unit) => removeMemberIn(unit, ada.userId, launch, cy.userId, 'removed')),
  ]);
  const cyInOpen = (await db.select().from(projectMembers).where(eq(projectMembers.projectId, open))).some(
    (row) => row.userId === cy.userId,
  );
  const cyInLaunch = (await db.select().from(teamMembers).where(eq(teamMembers.teamId, launch))).some((row) => row.userId === cy.userId);
  outcomes['a join and the member taken out at once'] = {
    failures: settledOf(joinAndOut).filter((outcome) => 'failed' in outcome),
    'taken out answered': joinAndOut[1].status === 'fulfilled',
    'cy in the team': cyInLaunch,
    'cy in the public space': cyInOpen,
  };

  // Races 3 and 4, in a team of their own (ada and bob its admins, dan a basic member): its space's two admins leave
  // the space at once (one stays), and its two admins leave it at once (one stays).
  const race = newId('the race team');
  await run(ada.userId, (unit) => createTeamIn(unit, ada.userId, { teamId: race, personalProjectId: newId(), name: 'Race', logo: null }));
  await invite(ada.userId, { ...invitation('bob@example.com'), teamId: race });
  await invite(ada.userId, { ...invitation('dan@example.com'), teamId: race });
  await updateTeam(ada.userId, race, { role: { userId: bob.userId, role: 'admin' } });
  const raceSpace = newId('the raced space');
  await createSpace(ada.userId, { projectId: raceSpace, name: 'Raced', type: 'private' });
  await setPermission(ada.userId, raceSpace, bob.userId, 'admin');
  clock.advance(1000);
  const spaceLeaves = await Promise.allSettled([
    setPermission(ada.userId, raceSpace, ada.userId, 'removed'),
    setPermission(bob.userId, raceSpace, bob.userId, 'removed'),
  ]);
  const raceSpaceAdmins = (await loadSpaceState(db, raceSpace))!.members.filter((member) => member.permission === 'admin').length;
  outcomes['a space’s two admins leave it at once'] = { outcomes: settledOf(spaceLeaves), 'admins left': raceSpaceAdmins };
  clock.advance(1000);
  const teamLeaves = await Promise.allSettled([
    run(ada.userId, (unit) => removeMemberIn(unit, ada.userId, race, ada.userId, 'left')),
    run(bob.userId, (unit) => removeMemberIn(unit, bob.userId, race, bob.userId, 'left')),
  ]);
  const raceTeam = (await loadTeamState(db, race))!;
  outcomes['a team’s two admins leave it at once'] = {
    outcomes: settledOf(teamLeaves),
    'admins left': raceTeam.members.filter((member) => member.role === 'admin').length,
    'members left': raceTeam.members.length,
  };

  // Races 5 to 9, in a team of their own (ada its admin), by people registered for them.
  const fay = await register('Fay', true);
  const gus = await register('Gus', false);
  const hal = await register('Hal', false);
  const ivy = await register('Ivy', false);
  await labelSpaces();
  const invited = newId('the invitations team');
  await run(ada.userId, (unit) =>
    createTeamIn(unit, ada.userId, { teamId: invited, personalProjectId: newId(), name: 'Invitations', logo: null }),
  );
  const toInvited = (email: string): NewInvitation => ({ ...invitation(email), teamId: invited });
  const personalSpacesOf = async (teamId: string, ownerId: string) =>
    (
      await db
        .select()
        .from(projects)
        .where(and(eq(projects.teamId, teamId), eq(projects.ownerId, ownerId), eq(projects.isPersonal, true)))
    ).length;
  const memberOf = async (teamId: string, userId: string) =>
    (
      await db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    ).length > 0;
  const eventsOf = async (stream: string, type: string) =>
    (await store.read()).filter((event) => event.stream === stream && event.type === type).length;

  // Race 5: ada adds fay (a proven account) twice at once: one adds her, the other finds her a member (the team's lock;
  // each waits behind fay's account, read after the team's members).
  clock.advance(1000);
  const addedTwice = await raceHeld(door, { streams: [userStream(fay.userId)] }, [
    () => invite(ada.userId, toInvited('fay@example.com')),
    () => invite(ada.userId, toInvited('fay@example.com')),
  ]);
  outcomes['fay added twice at once'] = {
    outcomes: settledOf(addedTwice),
    'fay a member': await memberOf(invited, fay.userId),
    'fay’s personal spaces there': await personalSpacesOf(invited, fay.userId),
  };

  // Race 6: gus, invited, proves his address twice at once (two links): the invitation is accepted once, and he
  // joins once (each proof appends to his stream first; the first waits behind the inviting team's lock).
  await invite(ada.userId, toInvited('gus@example.com'));
  clock.advance(1000);
  const provedTwice = await raceHeld(door, { streams: [teamStream(invited)] }, [() => prove(gus.userId), () => prove(gus.userId)]);
  outcomes['an invitation accepted by two proofs at once'] = {
    outcomes: settledOf(provedTwice),
    acceptances: await eventsOf(teamStream(invited), 'team.invitation_accepted'),
    'gus a member': await memberOf(invited, gus.userId),
    'gus’s personal spaces there': await personalSpacesOf(invited, gus.userId),
  };

  // Race 7: ada withdraws hal's invitation while hal proves the address: either it is withdrawn and hal stays out, or
  // it is accepted, hal is in and the withdrawal finds no pending invitation (the proof reads the invitations again
  // under the inviting team's lock). The withdrawal is queued first on PostgreSQL, behind the team's lock held.
  await invite(ada.userId, toInvited('hal@example.com'));
  const [halsInvitation] = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, invited), eq(teamInvitations.email, 'hal@example.com')));
  clock.advance(1000);
  const [withdrawal, proof] = await raceHeld(door, { streams: [teamStream(invited)] }, [
    () => run(ada.userId, (unit) => withdrawInvitationIn(unit, ada.userId, invited, halsInvitation!.id)),
    () => prove(hal.userId),
  ]);
  const halsState = (await db.select().from(teamInvitations).where(eq(teamInvitations.id, halsInvitation!.id)))[0]!.state;
  const halIn = await memberOf(invited, hal.userId);
  const withdrawalOutcome = settledOf([withdrawal!])[0];
  outcomes['an invitation withdrawn while its address is proven'] = {
    failures: settledOf([withdrawal!, proof!]).filter((outcome) => 'failed' in outcome),
    'withdrawn and hal out, or accepted and hal in with the withdrawal refused':
      (halsState === 'revoked' && !halIn && withdrawal!.status === 'fulfilled') ||
      (halsState === 'accepted' && halIn && JSON.stringify(withdrawalOutcome) === JSON.stringify({ refused: 'NOT_FOUND' })),
  };

  // Race 8: fay creates two teams at once: both are made, each with her as its only admin and her personal space,
  // and her current team is one of them (her stream locked before she is read).
  const twins = [newId('fay’s first new team'), newId('fay’s second new team')];
  clock.advance(1000);
  const twoTeams = await raceHeld(
    door,
    { streams: [userStream(fay.userId)] },
    twins.map(
      (teamId) => () =>
        run(fay.userId, (unit) => createTeamIn(unit, fay.userId, { teamId, personalProjectId: newId(), name: 'Twin', logo: null })),
    ),
  );
  const twinStates = await Promise.all(twins.map((teamId) => loadTeamState(db, teamId)));
  outcomes['fay creates two teams at once'] = {
    outcomes: settledOf(twoTeams),
    'each with fay its only admin': twinStates.every(
      (team) => team?.members.length === 1 && team.members[0]!.userId === fay.userId && team.members[0]!.role === 'admin',
    ),
    'fay’s personal spaces in each': await Promise.all(twins.map((teamId) => personalSpacesOf(teamId, fay.userId))),
    'her current team is one of them': twins.includes((await currentTeam(db, fay.userId))?.id ?? ''),
  };

  // Race 9: create-admin twice at once for ivy's unproven account: her address is proven once, and she stays the
  // admin of her current team (the unit reads the account again under its stream's lock).
  clock.advance(1000);
  const adminRequest = { email: 'ivy@example.com', name: null, teamName: null, language: 'en', passwordHash: null };
  const adminTwice = await raceHeld(door, { streams: [userStream(ivy.userId)] }, [
    () => provideAdministrator(store, adminRequest),
    () => provideAdministrator(store, adminRequest),
  ]);
  outcomes['create-admin twice at once'] = {
    // Each answer without its set-password link's secret (a fresh one each time): whether it has one.
    outcomes: settledOutcomes(adminTwice, (answer) => {
      const { setPasswordSecret, ...outcome } = answer as Awaited<ReturnType<typeof provideAdministrator>>;
      return shown({ ...outcome, 'a set-password link': setPasswordSecret !== null });
    }),
    'proofs of ivy’s address': await eventsOf(userStream(ivy.userId), 'user.email_verified'),
    'ivy an admin of her team': (await loadTeamState(db, ivy.teamId))!.members.some(
      (member) => member.userId === ivy.userId && member.role === 'admin',
    ),
  };

  const tables = [teams, teamMembers, projects, projectMembers, projectRequests, teamInvitations];
  const live = await tableRowsOf(db, tables, shown);
  const usersLive = shown(
    await db
      .select({ id: users.id, defaultTeamId: users.defaultTeamId, emailVerified: users.emailVerified })
      .from(users)
      .orderBy(asc(users.email)),
  );
  await door.replay();
  const replayed = await tableRowsOf(db, tables, shown);
  const usersReplayed = shown(
    await db
      .select({ id: users.id, defaultTeamId: users.defaultTeamId, emailVerified: users.emailVerified })
      .from(users)
      .orderBy(asc(users.email)),
  );
  reads['users live and replayed alike'] = JSON.stringify(usersLive) === JSON.stringify(usersReplayed);
  reads['races, live and replayed alike'] = JSON.stringify(live) === JSON.stringify(replayed);

  // What the races made differs by winner: their team, space and memberships are left out of the rows compared, the
  // two raced teams' URLs are shown as raced, and the log is compared up to the first race.
  const racedTeams = new Set(['the race team', 'the invitations team', 'fay’s first new team', 'fay’s second new team']);
  const racedSpaces = new Set(
    (live['projects'] as { id: string; teamId: string }[]).filter((row) => racedTeams.has(row.teamId)).map((row) => row.id),
  );
  const withoutRaces = (rows: Record<string, unknown[]>) =>
    Object.fromEntries(
      Object.entries(rows).map(([table, tableRows]) => [
        table,
        (tableRows as Record<string, unknown>[])
          .filter(
            (row) =>
              !racedTeams.has(String(row['teamId'])) && !racedTeams.has(String(row['id'])) && !racedSpaces.has(String(row['projectId'])),
          )
          .map((row) => (table === 'teams' && (row['id'] === 'bob’s team' || row['id'] === 'dan’s team') ? { ...row, url: 'raced' } : row)),
      ]),
    );
  const events = (await store.read())
    .slice(0, compared.log)
    .map((event) => ({ stream: labelledText(event.stream), version: event.version, type: event.type }));
  const result: AreaRun = { dialect: tableDialect, outcomes, reads, live: withoutRaces(live), replayed: withoutRaces(replayed), events };
  console.log(`teams-on-door:${JSON.stringify(result)}`);
} finally {
  await door.close();
}
