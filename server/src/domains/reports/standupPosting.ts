import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import { addCalendarDays, startOfDayInZone } from '#shared/reports';
import { dueStandupDate, zonedMoment, type StandupEntryBody } from '#shared/standupChannel';
import { fallbackLanguage, isSupportedLanguage } from '#shared/constants';
import type { UnitOfWork } from '../../core/commands';
import type { DrizzleDatabase } from '../../db/connection';
import { newId } from '../../core/ids';
import { readableSpaceContent } from '../../core/spaceContent';
import { DomainError } from '../../errors';
import type { Services } from '../../graphql/context';
import { chatStream, conversationOf, refOf, type MessageCreated } from '../chat';
import { buildChannelStandup } from './channelStandup';
import { type StandupChannelEvent } from './standupChannelEvents';
import { standupChannels } from './tables';
import { spaceStream, standupStream } from '../../core/streams';

/** How often the job looks for spaces whose standup is due: a post goes out within a minute of its time. */
export const standupCheckIntervalMs = 60_000;

/** An entry never reaches further back than this, even when the previous post is older (a schedule turned off a while). */
const longestWindowMs = 7 * 86_400_000;

/** Runs the standup on the platform's job runner, every minute and once at start, on every process: the claim makes each post go once. */
export function startStandupChannel(services: Services): void {
  const run = async () => {
    await postDueStandups(services, services.store.clock.now());
  };
  services.jobs.every('reports: standups to space channels', standupCheckIntervalMs, run);
  // A morning missed while the server was down is posted as soon as it is back, not a minute later.
  services.jobs.soon('reports: standups missed while stopped', run);
}

/**
 * Posts every space's standup that is due at `now` (tests pass their own time); answers how many spaces it
 * claimed (posted, or passed over with nothing to report). One space's failure does not stop the others; the
 * first is thrown at the end for the job runner to log.
 */
export async function postDueStandups(services: Services, now: Date): Promise<number> {
  let claimed = 0;
  let failure: unknown = null;
  for (const schedule of await dueStandupSchedules(services.database.db, now)) {
    try {
      if (await postStandupOf(services, schedule.projectId, schedule.setBy, now)) claimed += 1;
    } catch (error) {
      // Another process claimed the day between this one's read and its append: that post is theirs.
      if (error instanceof DomainError && error.code === 'CONFLICT') continue;
      failure ??= error;
    }
  }
  if (failure !== null) throw failure;
  return claimed;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The schedules due at `now`, found zone by zone: each zone's local date and time read once, then only the rows whose
 * time has come and whose last day is before it are read (HH:MM and YYYY-MM-DD compare as text), so a minute with
 * nothing due reads no rows. dueStandupDate, the rule itself, judges each again inside its unit of work.
 */
export async function dueStandupSchedules(
  db: Pick<DrizzleDatabase, 'select' | 'selectDistinct'>,
  now: Date,
): Promise<{ projectId: string; setBy: string }[]> {
  const zones = await db
    .selectDistinct({ timeZone: standupChannels.timeZone })
    .from(standupChannels)
    .where(eq(standupChannels.enabled, true));
  const due: { projectId: string; setBy: string }[] = [];
  for (const { timeZone } of zones) {
    const local = zonedMoment(now, timeZone);
    const time = `${pad(Math.floor(local.minutes / 60))}:${pad(local.minutes % 60)}`;
    const candidates = await db
      .select({ projectId: standupChannels.projectId, setBy: standupChannels.setBy, weekdays: standupChannels.weekdays })
      .from(standupChannels)
      .where(
        and(
          eq(standupChannels.enabled, true),
          eq(standupChannels.timeZone, timeZone),
          lte(standupChannels.time, time),
          or(isNull(standupChannels.lastDate), lt(standupChannels.lastDate, local.date)),
        ),
      );
    for (const { projectId, setBy, weekdays } of candidates) if (weekdays.includes(local.weekday)) due.push({ projectId, setBy });
  }
  return due;
}

/**
 * One space's standup, decided and written in one unit of work: the schedule read again inside it, the day claimed
 * on the space's standup stream with its expected version, and the entry appended to the space's channel. The
 * entry's author is the admin who set the schedule; while they can no longer see the space, nothing is posted.
 */
function postStandupOf(services: Services, projectId: string, setBy: string, now: Date): Promise<boolean> {
  return services.store.run({ actorId: setBy }, async (unit: UnitOfWork) => {
    // What decides is the schedule and its last day (the standup stream) and whether the space still exists for its
    // setter (the space's stream): both locked first, so on PostgreSQL a second process waits here and then finds the
    // day taken, and a space deleted meanwhile gets no entry.
    await unit.lock(standupStream(projectId), spaceStream(projectId));
    const [schedule] = await unit.transaction.select().from(standupChannels).where(eq(standupChannels.projectId, projectId)).limit(1);
    if (!schedule || schedule.setBy !== setBy) return false;
    const date = dueStandupDate(schedule, now, schedule.lastDate);
    if (date === null || (await readableSpaceContent(unit.transaction, projectId, setBy)) === null) return false;
    const stream = standupStream(projectId);
    const expectedVersion = await unit.streamVersion(stream);
    const until = now.toISOString();
    const dayBefore = startOfDayInZone(addCalendarDays(date, -1), schedule.timeZone).toISOString();
    const previous = schedule.lastUntil;
    const from = previous !== null && previous < until && Date.parse(previous) >= now.getTime() - longestWindowMs ? previous : dayBefore;
    const members = await buildChannelStandup(unit.transaction, {
      teamId: schedule.teamId,
      projectId,
      from,
      until,
      dayStart: startOfDayInZone(date, schedule.timeZone),
      timeZone: schedule.timeZone,
    });
    // Nothing done and nothing overdue: no entry, so a quiet space's channel is not marked unread every morning.
    const messageId = members.length === 0 ? null : newId(unit.now.getTime());
    if (messageId !== null) {
      const body: StandupEntryBody = {
        project: projectId,
        date,
        timeZone: schedule.timeZone,
        from,
        until,
        language: isSupportedLanguage(schedule.language) ? schedule.language : fallbackLanguage,
        members,
      };
      const conversation = conversationOf('project', projectId);
      const created: MessageCreated = {
        ...refOf(conversation, projectId),
        messageId,
        body: JSON.stringify(body),
        type: 'standup',
        fileId: null,
        replyToId: null,
        clientId: null,
        mentions: [],
      };
      await unit.append(chatStream(conversation.key), [{ type: 'message.created', payload: created }], { teamId: schedule.teamId });
    }
    const posted: StandupChannelEvent = { type: 'standup.posted', payload: { projectId, date, from, until, messageId } };
    await unit.append(stream, [posted], { teamId: schedule.teamId, expectedVersion });
    return true;
  });
}
