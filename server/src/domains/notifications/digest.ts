import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { isNotificationType, type DigestFrequency, type NotificationType } from '#shared/notifications';
import type { Services } from '../../graphql/context';
import { digestGroups, renderDigestMail, type DigestGroup, type DigestTeam } from '../../mail/digestMail';
import { users } from '../accounts';
import { findTeam, loadTeamSeat } from '../teams';
import { notificationGroupOf, notificationLink } from './digestContent';
import { notificationPreferences } from './preferences';
import { notificationDigests, notifications } from './tables';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe';

export const digestIntervalMs: Record<Exclude<DigestFrequency, 'never'>, number> = { hourly: 3_600_000, daily: 86_400_000 };

/** Never sent: the row exists only to remember the newest notification already passed over. */
const neverSent = new Date(0).toISOString();

/** Runs the digest on the platform's job runner, every few minutes, on every process: the claim makes each mail go once. */
export function startNotificationDigest(services: Services): void {
  // Every NOTIFICATION_DIGEST_MINUTES (an hourly digest goes out within that much of its hour); 0 turns digests off.
  const intervalMs = services.config.notifications.digestCheckIntervalMs;
  if (intervalMs === null) return;
  services.jobs.every('notifications: e-mail digests', intervalMs, async () => {
    await sendDueDigests(services);
  });
}

type NotificationRow = typeof notifications.$inferSelect;
type DigestRow = typeof notificationDigests.$inferSelect;

/** People with unread notifications newer than their last digest: the only ones a run needs to look at. */
async function candidates(services: Services): Promise<string[]> {
  const rows = await services.database.db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .leftJoin(notificationDigests, eq(notificationDigests.userId, notifications.userId))
    .where(and(eq(notifications.read, false), or(isNull(notificationDigests.userId), gt(notifications.seq, notificationDigests.lastSeq))))
    .orderBy(asc(notifications.userId));
  return rows.map((row) => row.userId);
}

/** Sends every digest that is due now; answers how many mails went out. */
export async function sendDueDigests(services: Services, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (const userId of await candidates(services)) {
    if (await sendDigestOf(services, userId, now)) sent += 1;
  }
  return sent;
}

/**
 * Moves the person's digest row from what this run read to `next`, only if nobody moved it meanwhile: the claim
 * that lets two processes run the digest at once and still send each mail once. The row changed is returned (both
 * databases return a written row; a count of changes is read differently on each).
 */
async function claim(
  services: Services,
  userId: string,
  previous: DigestRow | undefined,
  next: { lastSentAt: string; lastSeq: number },
): Promise<boolean> {
  const db = services.database.db;
  if (!previous) {
    const inserted = await db
      .insert(notificationDigests)
      .values({ userId, ...next })
      .onConflictDoNothing()
      .returning({ userId: notificationDigests.userId });
    return inserted.length === 1;
  }
  const moved = await db
    .update(notificationDigests)
    .set(next)
    .where(
      and(
        eq(notificationDigests.userId, userId),
        eq(notificationDigests.lastSentAt, previous.lastSentAt),
        eq(notificationDigests.lastSeq, previous.lastSeq),
      ),
    )
    .returning({ userId: notificationDigests.userId });
  return moved.length === 1;
}

/** Gives a claim back after the mail could not be sent, so the next run tries again. */
async function release(
  services: Services,
  userId: string,
  previous: DigestRow | undefined,
  claimed: { lastSentAt: string; lastSeq: number },
): Promise<void> {
  const db = services.database.db;
  const mine = and(
    eq(notificationDigests.userId, userId),
    eq(notificationDigests.lastSentAt, claimed.lastSentAt),
    eq(notificationDigests.lastSeq, claimed.lastSeq),
  );
  if (previous) await db.update(notificationDigests).set({ lastSentAt: previous.lastSentAt, lastSeq: previous.lastSeq }).where(mine);
  else await db.delete(notificationDigests).where(mine);
}

const frequencyOrder: DigestFrequency[] = ['hourly', 'daily', 'never'];

/**
 * One person's digest: their notifications still unread and newer than the last digest, of the types whose
 * e-mail channel is on, in the teams they still belong to whose digest is not off (their own setting, else the
 * team's default).
 * The most frequent of those teams' frequencies decides when it is due. Nothing to send, no mail.
 */
export async function sendDigestOf(services: Services, userId: string, now: Date): Promise<boolean> {
  const db = services.database.db;
  const [previous] = await db.select().from(notificationDigests).where(eq(notificationDigests.userId, userId)).limit(1);
  const [person] = await db
    .select({ id: users.id, email: users.email, firstname: users.firstname, language: users.language, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const unread = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false), gt(notifications.seq, previous?.lastSeq ?? 0)))
    .orderBy(asc(notifications.seq));
  const newestSeq = unread.reduce((newest, row) => Math.max(newest, row.seq), previous?.lastSeq ?? 0);
  if (unread.length === 0) return false;

  const byTeam = new Map<string, NotificationRow[]>();
  for (const row of unread) byTeam.set(row.teamId, [...(byTeam.get(row.teamId) ?? []), row]);
  let frequency: DigestFrequency = 'never';
  const wanted: { teamId: string; rows: NotificationRow[] }[] = [];
  for (const [teamId, rows] of byTeam) {
    // A team the person has left: its notifications stay in the table, but no mail points into it.
    const team = await findTeam(db, teamId);
    if (!team || !(await loadTeamSeat(db, team, userId))) continue;
    const preferences = await notificationPreferences(db, userId, teamId);
    if (preferences.digest === 'never') continue;
    if (frequencyOrder.indexOf(preferences.digest) < frequencyOrder.indexOf(frequency)) frequency = preferences.digest;
    const mailed = rows.filter((row) => isNotificationType(row.type) && preferences.allows('email', row.type));
    if (mailed.length > 0) wanted.push({ teamId, rows: mailed });
  }

  const passOver = { lastSentAt: previous?.lastSentAt ?? neverSent, lastSeq: newestSeq };
  // Off everywhere, or nothing of a mailed type, or an unverified or gone address: these are passed over for good.
  if (frequency === 'never' || wanted.length === 0 || !person || !person.verified) {
    await claim(services, userId, previous, passOver);
    return false;
  }
  const interval = digestIntervalMs[frequency];
  if (previous && Date.parse(previous.lastSentAt) + interval > now.getTime()) return false;
  // A first digest covers one interval back, not everything unread since the account began.
  const since = previous && previous.lastSentAt !== neverSent ? null : new Date(now.getTime() - interval).toISOString();
  const teams = wanted
    .map(({ teamId, rows }) => ({ teamId, rows: since ? rows.filter((row) => row.createdAt >= since) : rows }))
    .filter(({ rows }) => rows.length > 0);
  const next = { lastSentAt: now.toISOString(), lastSeq: newestSeq };
  if (teams.length === 0) {
    await claim(services, userId, previous, passOver);
    return false;
  }
  if (!(await claim(services, userId, previous, next))) return false;

  const message = renderDigestMail(person.language, {
    to: person.email,
    firstname: person.firstname,
    teams: await digestTeams(services, teams),
    appLink: services.config.publicUrl,
    preferencesLink: `${services.config.publicUrl}/overview/preferences/account`,
    unsubscribeLink: unsubscribeUrl(services.config.publicUrl, unsubscribeToken(services.config.secret, userId, teams[0]!.teamId)),
  });
  try {
    await services.mailer.send(message);
  } catch (error) {
    await release(services, userId, previous, next);
    throw error;
  }
  return true;
}

async function authorNames(services: Services, rows: readonly NotificationRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.authorId ? [row.authorId] : [])))];
  if (ids.length === 0) return new Map();
  const authors = await services.database.db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(authors.map((author) => [author.id, `${author.firstname} ${author.lastname}`.trim()]));
}

/** The teams' parts of the mail, in order, one after the other. */
async function digestTeams(services: Services, teams: readonly { teamId: string; rows: NotificationRow[] }[]): Promise<DigestTeam[]> {
  const parts: DigestTeam[] = [];
  for (const { teamId, rows } of teams) parts.push(await digestTeam(services, teamId, rows));
  return parts;
}

/** One team's part of the mail: its notifications by group, newest first within each. */
async function digestTeam(services: Services, teamId: string, rows: readonly NotificationRow[]): Promise<DigestTeam> {
  const authors = await authorNames(services, rows);
  const groups = new Map<DigestGroup, DigestTeam['sections'][number]['items']>();
  for (const row of [...rows].reverse()) {
    const group = notificationGroupOf(row.type as NotificationType, row.eventId);
    const items = groups.get(group) ?? [];
    items.push({
      description: row.description,
      author: row.authorId ? (authors.get(row.authorId) ?? null) : null,
      link: notificationLink(services.config.publicUrl, row),
    });
    groups.set(group, items);
  }
  return {
    name: (await findTeam(services.database.db, teamId))?.name ?? '',
    sections: [...groups]
      .sort(([first], [second]) => digestGroups.indexOf(first) - digestGroups.indexOf(second))
      .map(([group, items]) => ({ group, items })),
  };
}
