/**
 * `npm run create-admin`'s command: an account the operator vouches for becomes a verified
 * administrator with a team. It goes through the event log like every other write, so it works
 * beside a running server on the same database (on SQLite the server's live feeds do not hear of it; on
 * PostgreSQL they do, as of any other process's commit).
 */
import { eq } from 'drizzle-orm';
import type { EventStore } from '../../core/commands';
import type { UnitOfWork } from '../../core/commands';
import { newId } from '../../core/ids';
import { issueLink, registerAccount, revokeAllSessions, userCredentials, users, type UserRow } from '../accounts';
import { decideCreateTeam, decideSwitchTeam, decideTeamUpdate } from './commands';
import { currentTeam, loadTeamState } from './state';
import { appendToSpaces, appendToTeam, appendToUser } from './support';
import { teamStream, userStream } from '../../core/streams';

export interface AdministratorRequest {
  email: string;
  /** Needed for a new account; an existing one keeps its name. */
  name: { firstname: string; lastname: string } | null;
  /** A new team with this name; without it a new account gets "<first name>'s team" and an existing one is made admin of its current team. */
  teamName: string | null;
  language: string;
  /** An argon2 hash of the password to set, or null to leave it (a new account then gets a set-password link). */
  passwordHash: string | null;
}

export interface AdministratorOutcome {
  userId: string;
  created: boolean;
  teamId: string;
  teamName: string;
  /** Set when the account has no password yet: the secret of a one-time reset link (1 hour). */
  setPasswordSecret: string | null;
}

export class AdministratorInputError extends Error {
  override name = 'AdministratorInputError';
}

export function provideAdministrator(store: EventStore, request: AdministratorRequest): Promise<AdministratorOutcome> {
  return store.run({ actorId: null }, async (unit) => {
    const byAddress = async () => (await unit.transaction.select().from(users).where(eq(users.email, request.email)).limit(1))[0];
    const found = await byAddress();
    if (!found) return await create(unit, request);
    // Whether the address is proven decides what happens: read again under the account's lock.
    await unit.lock(userStream(found.id));
    return await promote(unit, (await byAddress())!, request);
  });
}

async function create(unit: UnitOfWork, request: AdministratorRequest): Promise<AdministratorOutcome> {
  if (!request.name)
    throw new AdministratorInputError(`No account uses ${request.email} yet: give its name too, e.g. --name "Ada Lovelace".`);
  const { userId, teamId } = await registerAccount(unit, {
    email: request.email,
    ...request.name,
    language: request.language,
    passwordHash: request.passwordHash,
    emailVerified: true,
    teamName: request.teamName ?? undefined,
  });
  // Verified at once, like a followed verification link: teams that invited the address let it in too (their
  // reaction), which makes the newest of them current; the administrator's own team stays current instead.
  const team = (await loadTeamState(unit.transaction, teamId))!;
  await keepCurrentTeam(unit, userId, team.id);
  return {
    userId,
    created: true,
    teamId: team.id,
    teamName: team.name,
    setPasswordSecret: request.passwordHash ? null : await issueLink(unit.transaction, userId, 'resetPassword'),
  };
}

/** The team the command made them admin of stays their current one, whatever invitations they accepted. */
async function keepCurrentTeam(unit: UnitOfWork, userId: string, teamId: string): Promise<void> {
  const user = (
    await unit.transaction.select({ id: users.id, defaultTeamId: users.defaultTeamId }).from(users).where(eq(users.id, userId)).limit(1)
  )[0]!;
  await appendToUser(unit, userId, teamId, decideSwitchTeam(user, teamId));
}

async function promote(unit: UnitOfWork, user: UserRow, request: AdministratorRequest): Promise<AdministratorOutcome> {
  const db = unit.transaction;
  // Read before accepting invitations, which would make the newest invited team the current one.
  const current = request.teamName ? null : await currentTeam(db, user.id);
  if (!user.emailVerified) {
    // A password set while the address was unproven may be a stranger's (account pre-hijacking): drop it.
    await db.delete(userCredentials).where(eq(userCredentials.userId, user.id));
    await revokeAllSessions(db, user.id, 'made administrator from the command line');
    // Teams that invited the address let it in: their reaction to this event.
    await unit.append(userStream(user.id), [{ type: 'user.email_verified', payload: { userId: user.id } }], { teamId: user.defaultTeamId });
  }
  if (request.passwordHash) {
    const updatedAt = unit.now.toISOString();
    await revokeAllSessions(db, user.id, 'password set from the command line');
    await db
      .insert(userCredentials)
      .values({ userId: user.id, passwordHash: request.passwordHash, updatedAt })
      .onConflictDoUpdate({ target: userCredentials.userId, set: { passwordHash: request.passwordHash, updatedAt } });
    await unit.append(userStream(user.id), [{ type: 'user.password_changed', payload: { userId: user.id, reason: 'reset' } }], {
      teamId: user.defaultTeamId,
    });
  }
  let team: { id: string; name: string };
  if (current) {
    // Made admin by a role change, decided on the team's members: locked before they are read.
    await unit.lock(teamStream(current.id));
    const state = (await loadTeamState(db, current.id))!;
    await appendToTeam(unit, current.id, decideTeamUpdate(state, { urlTaken: false, role: { userId: user.id, role: 'admin' } }).events);
    team = current;
  } else {
    const ids = { teamId: newId(), personalProjectId: newId() };
    const name = request.teamName ?? `${user.firstname}'s team`;
    const decided = decideCreateTeam({ ...ids, userId: user.id, name, logo: null, personalSpaceName: user.firstname });
    await unit.append(teamStream(ids.teamId), decided.team, { teamId: ids.teamId, expectedVersion: 0 });
    await appendToSpaces(unit, ids.teamId, decided.spaces);
    await appendToUser(unit, user.id, ids.teamId, decided.user);
    team = { id: ids.teamId, name };
  }
  await keepCurrentTeam(unit, user.id, team.id);
  const hasPassword =
    (await db.select({ userId: userCredentials.userId }).from(userCredentials).where(eq(userCredentials.userId, user.id)).limit(1)).length >
    0;
  return {
    userId: user.id,
    created: false,
    teamId: team.id,
    teamName: team.name,
    setPasswordSecret: hasPassword ? null : await issueLink(db, user.id, 'resetPassword'),
  };
}
