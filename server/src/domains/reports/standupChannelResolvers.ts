import { eq } from 'drizzle-orm';
import { fallbackLanguage, isSupportedLanguage } from '#shared/constants';
import { isKnownTimeZone } from '#shared/reports';
import { isStandupTime, isStandupWeekdays } from '#shared/standupChannel';
import { spacePolicy } from '../../core/access';
import { runCommand } from '../../core/runCommand';
import { requireReadableSpaceContent, type Reader, type SpaceContentAccessOf } from '../../core/spaceContent';
import { codedError, DomainError } from '../../errors';
import { requireActor } from '../../graphql/context';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';
import { users } from '../accounts';
import { type StandupChannelEvent } from './standupChannelEvents';
import { standupChannels } from './tables';
import { spaceStream, standupStream } from '../../core/streams';

export interface StandupChannelArguments {
  project: string;
  enabled: boolean;
  time: string;
  timeZone: string;
  weekdays: readonly number[];
}

/** setStandupChannel's arguments checked before anything is read; weekdays sorted. */
export function parseStandupChannelArguments(args: StandupChannelArguments) {
  if (!isStandupTime(args.time)) throw codedError('STANDUP_TIME_INVALID', { field: 'time' });
  if (!isKnownTimeZone(args.timeZone)) throw codedError('REPORT_TIME_ZONE_INVALID', { field: 'timeZone' });
  if (!isStandupWeekdays(args.weekdays)) throw codedError('STANDUP_WEEKDAYS_INVALID', { field: 'weekdays' });
  return {
    enabled: args.enabled,
    time: args.time,
    timeZone: args.timeZone,
    weekdays: [...args.weekdays].sort((first, second) => first - second),
  };
}

/** Who may set a space's standup schedule: those who manage the space (its admins, team admins). */
const mayManage = (access: SpaceContentAccessOf) => spacePolicy.manage(access.seat, access.space, access.spaceSeat);

async function presentStandupChannel(db: Reader, access: SpaceContentAccessOf) {
  const [row] = await db.select().from(standupChannels).where(eq(standupChannels.projectId, access.projectId)).limit(1);
  if (!row) return null;
  return {
    project: row.projectId,
    enabled: row.enabled,
    time: row.time,
    timeZone: row.timeZone,
    weekdays: row.weekdays,
    language: row.language,
    setBy: row.setBy,
    setAt: row.setAt,
    lastPostedDate: row.lastDate,
    canManage: mayManage(access),
  };
}

export const standupChannelQueries = {
  /** A space's standup schedule; null while nobody set one. Its members (and whoever may read the space) read it. */
  getStandupChannel: async (_root, args: { project: string }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    return await presentStandupChannel(db, await requireReadableSpaceContent(db, args.project, actor.userId));
  },
} satisfies QueryResolvers;

export const standupChannelMutations = {
  /** Sets whether, when and where a space's standup is posted to its channel; the setter's language is kept with it. */
  setStandupChannel: async (_root, args: StandupChannelArguments, context) => {
    const actor = requireActor(context);
    const schedule = parseStandupChannelArguments(args);
    return runCommand(context, actor.userId, async (unit) => {
      // The space's stream holds what the check reads (the space exists, who administers it): locked first, so on
      // PostgreSQL a schedule is never kept for a space deleted meanwhile.
      await unit.lock(spaceStream(args.project));
      const access = await requireReadableSpaceContent(unit.transaction, args.project, actor.userId);
      if (!mayManage(access)) throw new DomainError('PERMISSION_DENIED');
      const [setter] = await unit.transaction.select({ language: users.language }).from(users).where(eq(users.id, actor.userId)).limit(1);
      const event: StandupChannelEvent = {
        type: 'standup.schedule_set',
        payload: {
          projectId: access.projectId,
          teamId: access.teamId,
          ...schedule,
          language: setter && isSupportedLanguage(setter.language) ? setter.language : fallbackLanguage,
        },
      };
      await unit.append(standupStream(access.projectId), [event], { teamId: access.teamId });
      return (await presentStandupChannel(unit.transaction, access))!;
    });
  },
} satisfies MutationResolvers;
