import { and, asc, eq, gt } from 'drizzle-orm';

import { invitationLifetimeDays, isTeamRole, type TeamRole } from '#shared/teams';
import { z } from 'zod';
import { codedError, DomainError, issue, refusal } from '../../errors';
import { optionalText } from '../../inputSchemas';
import type { Reaction, UnitOfWork } from '../../core/commands';
import { requireActor, type Services } from '../../graphql/context';
import type { Config } from '../../config';
import { isId, newId } from '../../core/ids';
import { renderMail } from '../../mail/templates';
import { emailSchema } from '../accounts';
import { users } from '../accounts';
import { decideAddMember, decideInvitation, type TeamState } from './commands';
import { invitationLink, invitationProofMatches } from './invitationLinks';
import { presentTeam } from './present';
import { loadSpaceState, loadTeamState, requireTeamAdmin, type Reader } from './state';
import { appendToSpaces, appendToTeam, appendToUser } from './support';
import { runCommand } from '../../core/runCommand';
import { teamStream, userStream } from '../../core/streams';
import { projects, teamInvitations } from './tables';
import type { MutationResolvers, TeamInvitationResolvers } from '../../graphql/schemaTypes';

const invitationSchema = z.object({
  id: z.string(),
  email: emailSchema,
  text: optionalText(1000).nullish(),
  type: z.string().refine(isTeamRole, issue('TEAM_ROLE_INVALID')).nullish(),
  project: z.string().nullish(),
});

async function findPersonalSpace(db: Reader, teamId: string, userId: string): Promise<string | null> {
  const [space] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.teamId, teamId), eq(projects.ownerId, userId), eq(projects.isPersonal, true)))
    .limit(1);
  return space?.id ?? null;
}

/** A space an invitation may name: an existing, shared space of that same team. */
async function invitableSpace(db: Reader, teamId: string, projectId: string | null | undefined): Promise<string | null> {
  if (!projectId) return null;
  const space = await loadSpaceState(db, projectId);
  if (!space || space.teamId !== teamId || space.isPersonal) throw refusal('NOT_FOUND', 'SPACE_NOT_FOUND');
  return space.id;
}

/** Adds a user with an account to a team (a direct add or an accepted invitation), inside the caller's unit of work. */
async function addMember(
  unit: UnitOfWork,
  team: TeamState,
  person: { id: string; firstname: string },
  role: TeamRole,
  projectId: string | null,
): Promise<void> {
  const decided = decideAddMember(team, {
    userId: person.id,
    role,
    projectId,
    personalSpace: { existingId: await findPersonalSpace(unit.transaction, team.id, person.id), newId: newId(), name: person.firstname },
  });
  await appendToTeam(unit, team.id, decided.team);
  await appendToSpaces(unit, team.id, decided.spaces);
}

/**
 * The account using this address, read under its stream's lock: whether it is proven decides between adding and
 * inviting, and the unit proving it (whose reaction accepts the open invitations) appends to that stream.
 */
async function accountOf(unit: UnitOfWork, email: string) {
  const byAddress = async () => (await unit.transaction.select().from(users).where(eq(users.email, email)).limit(1))[0];
  const found = await byAddress();
  if (!found) return undefined;
  await unit.lock(userStream(found.id));
  return await byAddress();
}

/** A mail decided inside a command, as plain data so an idempotent retry can return it too. */
export interface InvitationMail {
  kind: 'teamInvitation' | 'teamMemberAdded';
  to: { email: string; language: string; firstname: string };
  values: { inviter: string; team: string; link: string; note: string | null };
}

async function sendInvitationMail(services: Services, mail: InvitationMail): Promise<void> {
  const { kind, to, values } = mail;
  await services.mailer.send(
    renderMail(kind, to.language, to.email, {
      ...values,
      name: to.firstname,
      days: String(invitationLifetimeDays),
      note: values.note ?? undefined,
    }),
  );
}

/** An invitation as addUserTeam takes it. */
export interface NewInvitation {
  teamId: string;
  email: string;
  role: TeamRole;
  projectId: string | null | undefined;
  note: string | null;
}

/**
 * addUserTeam's unit, by a team admin: a proven account with the address joins at once, any other address is invited
 * (replacing its pending invitation). Answers the mail to send once the unit committed.
 */
export async function inviteIn(
  unit: UnitOfWork,
  config: Pick<Config, 'publicUrl' | 'secret'>,
  actorId: string,
  invitation: NewInvitation,
): Promise<InvitationMail> {
  // Whether the address is a member already, and its pending invitation, are the team stream's state.
  await unit.lock(teamStream(invitation.teamId));
  const db = unit.transaction;
  const { team } = await requireTeamAdmin(db, invitation.teamId, actorId);
  const state = (await loadTeamState(db, team.id))!;
  const projectId = await invitableSpace(db, team.id, invitation.projectId);
  const inviter = (await db.select().from(users).where(eq(users.id, actorId)).limit(1))[0]!;
  const values = { inviter: `${inviter.firstname} ${inviter.lastname}`.trim(), team: team.name, note: invitation.note };
  const existing = await accountOf(unit, invitation.email);
  // An unproven account may have been registered by someone else with this address: invite instead.
  if (existing?.emailVerified) {
    await addMember(unit, state, existing, invitation.role, projectId);
    return {
      kind: 'teamMemberAdded',
      to: { email: existing.email, language: existing.language, firstname: existing.firstname },
      values: { ...values, link: `${config.publicUrl}/overview` },
    };
  }
  const [pending] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, team.id), eq(teamInvitations.email, invitation.email), eq(teamInvitations.state, 'pending')))
    .limit(1);
  const invitationId = newId();
  const expiresAt = new Date(unit.now.getTime() + invitationLifetimeDays * 86_400_000).toISOString();
  await appendToTeam(
    unit,
    team.id,
    decideInvitation(state, {
      invitationId,
      email: invitation.email,
      inviterId: actorId,
      role: invitation.role,
      projectId,
      message: values.note,
      expiresAt,
      pendingInvitationId: pending?.id ?? null,
    }),
  );
  const link = invitationLink(config, invitationId, invitation.email);
  return {
    kind: 'teamInvitation',
    to: { email: invitation.email, language: inviter.language, firstname: '' },
    values: { ...values, link },
  };
}

/**
 * removeInvitedTeam's unit, by a team admin: the pending invitation is withdrawn. Whether it is still pending is the
 * team stream's state (an acceptance appends there too), so the team is locked before it is read.
 */
export async function withdrawInvitationIn(unit: UnitOfWork, actorId: string, teamId: string, invitationId: string): Promise<void> {
  await unit.lock(teamStream(teamId));
  const { team } = await requireTeamAdmin(unit.transaction, teamId, actorId);
  const invitation = await requirePendingInvitation(unit.transaction, team.id, invitationId);
  await appendToTeam(unit, team.id, [
    { type: 'team.invitation_revoked', payload: { invitationId: invitation.id, teamId: team.id, email: invitation.email } },
  ]);
}

export const invitationMutations = {
  /**
   * Invites by e-mail. An address whose owner has a proven account joins at once and is told so; any
   * other address gets an invitation link, accepted when an account proves it owns the address.
   */
  addUserTeam: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const { services } = context;
    const input = invitationSchema.parse(args);
    const role: TeamRole = input.type ?? 'basic';
    await requireTeamAdmin(services.database.db, input.id, actor.userId);
    await services.rateLimits.consume(['invitationsPerUser', actor.userId], ['mailPerEmail', input.email]);
    const mail = await runCommand(context, actor.userId, (unit) =>
      inviteIn(unit, services.config, actor.userId, {
        teamId: input.id,
        email: input.email,
        role,
        projectId: input.project,
        note: input.text || null,
      }),
    );
    // Mailed after the commit, so nobody is sent a link to an invitation that rolled back.
    await sendInvitationMail(services, mail);
    const db = services.database.db;
    return await presentTeam(db, (await requireTeamAdmin(db, input.id, actor.userId)).team, actor.userId);
  },

  /** Withdraws a pending invitation (team admins): its link answers INVITATION_WITHDRAWN from then on. */
  removeInvitedTeam: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const input = pendingInvitationArguments.parse(args);
    const { services } = context;
    await requireTeamAdmin(services.database.db, input.team, actor.userId);
    await runCommand(context, actor.userId, (unit) => withdrawInvitationIn(unit, actor.userId, input.team, input.invited));
    const db = services.database.db;
    return await presentTeam(db, (await requireTeamAdmin(db, input.team, actor.userId)).team, actor.userId);
  },

  /**
   * Mails a pending invitation again (team admins), with the same role, space and message: a new
   * invitation replaces it, so the earlier link stops working and the lifetime starts again.
   */
  resendInvitedTeam: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const input = pendingInvitationArguments.parse(args);
    const { services } = context;
    await requireTeamAdmin(services.database.db, input.team, actor.userId);
    const addressed = await requirePendingInvitation(services.database.db, input.team, input.invited);
    await services.rateLimits.consume(['invitationsPerUser', actor.userId], ['mailPerEmail', addressed.email]);
    const mail = await runCommand(context, actor.userId, async (unit): Promise<InvitationMail> => {
      await unit.lock(teamStream(input.team));
      const db = unit.transaction;
      const { team } = await requireTeamAdmin(db, input.team, actor.userId);
      const state = (await loadTeamState(db, team.id))!;
      const invitation = await requirePendingInvitation(db, team.id, input.invited);
      const projectId = await invitableSpace(db, team.id, invitation.projectId);
      const inviter = (await db.select().from(users).where(eq(users.id, actor.userId)).limit(1))[0]!;
      const invitationId = newId();
      const expiresAt = new Date(unit.now.getTime() + invitationLifetimeDays * 86_400_000).toISOString();
      await appendToTeam(
        unit,
        team.id,
        decideInvitation(state, {
          invitationId,
          email: invitation.email,
          inviterId: actor.userId,
          role: invitation.role,
          projectId,
          message: invitation.message,
          expiresAt,
          pendingInvitationId: invitation.id,
          resent: true,
        }),
      );
      return {
        kind: 'teamInvitation',
        to: { email: invitation.email, language: inviter.language, firstname: '' },
        values: {
          inviter: `${inviter.firstname} ${inviter.lastname}`.trim(),
          team: team.name,
          note: invitation.message,
          link: invitationLink(services.config, invitationId, invitation.email),
        },
      };
    });
    await sendInvitationMail(services, mail);
    const db = services.database.db;
    return await presentTeam(db, (await requireTeamAdmin(db, input.team, actor.userId)).team, actor.userId);
  },
} satisfies MutationResolvers;

const pendingInvitationArguments = z.object({ team: z.string(), invited: z.string() });

/** A pending invitation of this team (expired or not), else NOT_FOUND: accepted, replaced and withdrawn ones are done. */
async function requirePendingInvitation(db: Reader, teamId: string, invitationId: string) {
  const [invitation] = isId(invitationId)
    ? await db
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId), eq(teamInvitations.state, 'pending')))
        .limit(1)
    : [];
  if (!invitation) throw new DomainError('NOT_FOUND');
  return invitation;
}

/**
 * Fields of a pending invitation the admins' list reads. `link` is the invitation link itself, given
 * only when no mail server is configured, so an admin can pass it on by hand; with mail, the link
 * goes to the invitee's mailbox alone (it proves the address, see invitationLinks.ts).
 */
export const invitationFields = {
  link: (invitation, _args, context) =>
    context.services.config.mail.smtpUrl ? null : invitationLink(context.services.config, invitation.id, invitation.email),
} satisfies TeamInvitationResolvers;

async function pendingInvitation(db: Reader, invitationId: string) {
  if (!isId(invitationId)) return undefined;
  const [invitation] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        eq(teamInvitations.state, 'pending'),
        gt(teamInvitations.expiresAt, new Date().toISOString()),
      ),
    )
    .limit(1);
  return invitation;
}

/**
 * Sign-up from an invitation link (setUserBasic's `invited`): the invitation must still be open and be
 * addressed to the e-mail signing up. Joining happens when the address is proven (acceptInvitations):
 * at once when the link's proof (`token`) is given, else by the verification mail. Returns whether the
 * link proved the address.
 */
export async function checkInvitation(
  db: Reader,
  secret: string,
  invitation: { id: string; email: string; token?: string | null | undefined },
): Promise<boolean> {
  const open = await pendingInvitation(db, invitation.id);
  if (!open) {
    const [done] = isId(invitation.id)
      ? await db.select({ state: teamInvitations.state }).from(teamInvitations).where(eq(teamInvitations.id, invitation.id)).limit(1)
      : [];
    if (done?.state === 'revoked') throw new DomainError('INVITATION_WITHDRAWN');
    throw codedError('INVITATION_INVALID');
  }
  if (open.email !== invitation.email) throw codedError('INVITATION_OTHER_EMAIL', { field: 'email' });
  return invitationProofMatches(secret, open.id, open.email, invitation.token);
}

/**
 * The teams area's reaction to an account proving it owns its address (a verification or reset link,
 * an invitation link's proof, a sign-in provider, the command line): every open invitation to that
 * address is accepted, and the newest team joined becomes the current one. The accounts area appends
 * `user.email_verified` and never names this consumer.
 */
export const provenAddressAcceptsInvitations: Reaction = {
  name: 'teams: a proven address accepts its invitations',
  on: ['user.email_verified'],
  async react(unit, event) {
    const userId = (event.payload as { userId: string }).userId;
    const [user] = await unit.transaction
      .select({ id: users.id, email: users.email, firstname: users.firstname })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (user) await acceptInvitations(unit, user);
  },
};

/** The open invitations to an address, oldest first. */
function openInvitationsTo(db: Reader, email: string, now: Date) {
  return db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.email, email), eq(teamInvitations.state, 'pending'), gt(teamInvitations.expiresAt, now.toISOString())))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
}

async function acceptInvitations(unit: UnitOfWork, user: { id: string; email: string; firstname: string }): Promise<void> {
  const db = unit.transaction;
  // Each inviting team's members decide whether the person joins, and an invitation is accepted once: the inviting
  // teams are locked at once (sorted) and their invitations read again under the locks, since a unit at the same time
  // may have accepted or withdrawn one meanwhile. An invitation made in between to a team not locked here stays open.
  const inviting = new Set((await openInvitationsTo(db, user.email, unit.now)).map((invitation) => invitation.teamId));
  await unit.lock(...[...inviting].map((teamId) => teamStream(teamId)), userStream(user.id));
  const open = (await openInvitationsTo(db, user.email, unit.now)).filter((invitation) => inviting.has(invitation.teamId));
  let joinedTeamId: string | null = null;
  for (const invitation of open) {
    const team = await loadTeamState(db, invitation.teamId);
    if (!team) continue;
    const space = invitation.projectId ? await loadSpaceState(db, invitation.projectId) : null;
    const projectId = space && space.teamId === team.id ? space.id : null;
    const joins = !team.members.some((member) => member.userId === user.id) && (invitation.role !== 'guest' || projectId !== null);
    if (joins) {
      await addMember(unit, team, user, invitation.role, projectId);
      joinedTeamId = team.id;
    }
    await appendToTeam(unit, team.id, [
      { type: 'team.invitation_accepted', payload: { invitationId: invitation.id, teamId: team.id, userId: user.id } },
    ]);
  }
  if (joinedTeamId)
    await appendToUser(unit, user.id, joinedTeamId, [
      { type: 'user.default_team_changed', payload: { userId: user.id, teamId: joinedTeamId } },
    ]);
}
