import { and, asc, eq, gt } from 'drizzle-orm';

import { invitationLifetimeDays, isTeamRole, type TeamRole } from '#shared/teams';
import { z } from 'zod';
import { codedError, DomainError, issue, refusal } from '../../errors';
import { optionalText } from '../../inputSchemas';
import type { Reaction, UnitOfWork } from '../../core/commands';
import { requireActor, type Services } from '../../graphql/context';
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

function findPersonalSpace(db: Reader, teamId: string, userId: string): string | null {
  return (
    db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.teamId, teamId), eq(projects.ownerId, userId), eq(projects.isPersonal, true)))
      .get()?.id ?? null
  );
}

/** A space an invitation may name: an existing, shared space of that same team. */
function invitableSpace(db: Reader, teamId: string, projectId: string | null | undefined): string | null {
  if (!projectId) return null;
  const space = loadSpaceState(db, projectId);
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
    personalSpace: { existingId: findPersonalSpace(unit.transaction, team.id, person.id), newId: newId(), name: person.firstname },
  });
  await appendToTeam(unit, team.id, decided.team);
  await appendToSpaces(unit, team.id, decided.spaces);
}

/** A mail decided inside a command, as plain data so an idempotent retry can return it too. */
interface InvitationMail {
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
    requireTeamAdmin(services.database.db, input.id, actor.userId);
    await services.rateLimits.consume(['invitationsPerUser', actor.userId], ['mailPerEmail', input.email]);
    const mail = await runCommand(context, actor.userId, async (unit): Promise<InvitationMail> => {
      // Whether the address is a member already, and its pending invitation, are the team stream's state.
      await unit.lock(teamStream(input.id));
      const db = unit.transaction;
      const { team } = requireTeamAdmin(db, input.id, actor.userId);
      const state = loadTeamState(db, team.id)!;
      const projectId = invitableSpace(db, team.id, input.project);
      const inviter = db.select().from(users).where(eq(users.id, actor.userId)).get()!;
      const values = { inviter: `${inviter.firstname} ${inviter.lastname}`.trim(), team: team.name, note: input.text || null };
      const existing = db.select().from(users).where(eq(users.email, input.email)).get();
      // An unproven account may have been registered by someone else with this address: invite instead.
      if (existing?.emailVerified) {
        await addMember(unit, state, existing, role, projectId);
        return {
          kind: 'teamMemberAdded',
          to: { email: existing.email, language: existing.language, firstname: existing.firstname },
          values: { ...values, link: `${services.config.publicUrl}/overview` },
        };
      }
      const pending = db
        .select({ id: teamInvitations.id })
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, team.id), eq(teamInvitations.email, input.email), eq(teamInvitations.state, 'pending')))
        .get();
      const invitationId = newId();
      const expiresAt = new Date(unit.now.getTime() + invitationLifetimeDays * 86_400_000).toISOString();
      await appendToTeam(
        unit,
        team.id,
        decideInvitation(state, {
          invitationId,
          email: input.email,
          inviterId: actor.userId,
          role,
          projectId,
          message: values.note,
          expiresAt,
          pendingInvitationId: pending?.id ?? null,
        }),
      );
      const link = invitationLink(services.config, invitationId, input.email);
      return { kind: 'teamInvitation', to: { email: input.email, language: inviter.language, firstname: '' }, values: { ...values, link } };
    });
    // Mailed after the commit, so nobody is sent a link to an invitation that rolled back.
    await sendInvitationMail(services, mail);
    const db = services.database.db;
    return presentTeam(db, requireTeamAdmin(db, input.id, actor.userId).team, actor.userId);
  },

  /** Withdraws a pending invitation (team admins): its link answers INVITATION_WITHDRAWN from then on. */
  removeInvitedTeam: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const input = pendingInvitationArguments.parse(args);
    const { services } = context;
    requireTeamAdmin(services.database.db, input.team, actor.userId);
    await runCommand(context, actor.userId, async (unit) => {
      await unit.lock(teamStream(input.team));
      const { team } = requireTeamAdmin(unit.transaction, input.team, actor.userId);
      const invitation = requirePendingInvitation(unit.transaction, team.id, input.invited);
      await appendToTeam(unit, team.id, [
        { type: 'team.invitation_revoked', payload: { invitationId: invitation.id, teamId: team.id, email: invitation.email } },
      ]);
    });
    const db = services.database.db;
    return presentTeam(db, requireTeamAdmin(db, input.team, actor.userId).team, actor.userId);
  },

  /**
   * Mails a pending invitation again (team admins), with the same role, space and message: a new
   * invitation replaces it, so the earlier link stops working and the lifetime starts again.
   */
  resendInvitedTeam: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const input = pendingInvitationArguments.parse(args);
    const { services } = context;
    requireTeamAdmin(services.database.db, input.team, actor.userId);
    const addressed = requirePendingInvitation(services.database.db, input.team, input.invited);
    await services.rateLimits.consume(['invitationsPerUser', actor.userId], ['mailPerEmail', addressed.email]);
    const mail = await runCommand(context, actor.userId, async (unit): Promise<InvitationMail> => {
      await unit.lock(teamStream(input.team));
      const db = unit.transaction;
      const { team } = requireTeamAdmin(db, input.team, actor.userId);
      const state = loadTeamState(db, team.id)!;
      const invitation = requirePendingInvitation(db, team.id, input.invited);
      const projectId = invitableSpace(db, team.id, invitation.projectId);
      const inviter = db.select().from(users).where(eq(users.id, actor.userId)).get()!;
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
    return presentTeam(db, requireTeamAdmin(db, input.team, actor.userId).team, actor.userId);
  },
} satisfies MutationResolvers;

const pendingInvitationArguments = z.object({ team: z.string(), invited: z.string() });

/** A pending invitation of this team (expired or not), else NOT_FOUND: accepted, replaced and withdrawn ones are done. */
function requirePendingInvitation(db: Reader, teamId: string, invitationId: string) {
  const invitation = isId(invitationId)
    ? db
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId), eq(teamInvitations.state, 'pending')))
        .get()
    : undefined;
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

function pendingInvitation(db: Reader, invitationId: string) {
  if (!isId(invitationId)) return undefined;
  return db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        eq(teamInvitations.state, 'pending'),
        gt(teamInvitations.expiresAt, new Date().toISOString()),
      ),
    )
    .get();
}

/**
 * Sign-up from an invitation link (setUserBasic's `invited`): the invitation must still be open and be
 * addressed to the e-mail signing up. Joining happens when the address is proven (acceptInvitations):
 * at once when the link's proof (`token`) is given, else by the verification mail. Returns whether the
 * link proved the address.
 */
export function checkInvitation(
  db: Reader,
  secret: string,
  invitation: { id: string; email: string; token?: string | null | undefined },
): boolean {
  const open = pendingInvitation(db, invitation.id);
  if (!open) {
    const withdrawn =
      isId(invitation.id) &&
      db.select({ state: teamInvitations.state }).from(teamInvitations).where(eq(teamInvitations.id, invitation.id)).get()?.state ===
        'revoked';
    if (withdrawn) throw new DomainError('INVITATION_WITHDRAWN');
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
    const user = unit.transaction
      .select({ id: users.id, email: users.email, firstname: users.firstname })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    if (user) await acceptInvitations(unit, user);
  },
};

async function acceptInvitations(unit: UnitOfWork, user: { id: string; email: string; firstname: string }): Promise<void> {
  const db = unit.transaction;
  const open = db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.email, user.email),
        eq(teamInvitations.state, 'pending'),
        gt(teamInvitations.expiresAt, unit.now.toISOString()),
      ),
    )
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id))
    .all();
  // Each inviting team's members decide whether the person joins: all of them locked at once (sorted) before reading.
  await unit.lock(...new Set(open.map((invitation) => teamStream(invitation.teamId))), userStream(user.id));
  let joinedTeamId: string | null = null;
  for (const invitation of open) {
    const team = loadTeamState(db, invitation.teamId);
    if (!team) continue;
    const space = invitation.projectId ? loadSpaceState(db, invitation.projectId) : null;
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
