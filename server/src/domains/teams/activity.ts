import { eq } from 'drizzle-orm';

import { z } from 'zod';
import { issue } from '../../errors';
import { historyPage } from '../accounts';
import { events } from '../../core/tables';
import { requireActor } from '../../graphql/context';
import { requireTeamAdmin } from './state';
import type { QueryResolvers } from '../../graphql/schemaTypes';

const pageSchema = z.object({
  team: z.string(),
  first: z.number().int().min(1).max(100).nullish(),
  after: z
    .string()
    .refine((cursor) => /^\d{1,15}$/.test(cursor), issue('CURSOR_INVALID'))
    .nullish(),
});

/**
 * Payload fields an admin may read in the activity report. An allow-list, so a field added to an
 * event later (a session id, a secret's hash) stays out of the report until someone decides otherwise.
 */
const shownFields = new Set([
  'teamId',
  'projectId',
  'userId',
  'invitationId',
  'name',
  'role',
  'permission',
  'type',
  'url',
  'email',
  'reason',
  'changes',
  'isPersonal',
  'color',
  'method',
  'language',
  'inviterId',
  'memberIds',
  'resent',
]);

function shownDetails(payload: unknown): Record<string, unknown> {
  if (payload === null || typeof payload !== 'object') return {};
  return Object.fromEntries(Object.entries(payload as Record<string, unknown>).filter(([key]) => shownFields.has(key)));
}

/** The team's activity report, read from the event log: who did what, when, newest first. */
export const activityQueries = {
  getTeamActivity: async (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const input = pageSchema.parse(args);
    const db = context.services.database.db;
    const { team } = await requireTeamAdmin(db, input.team, actor.userId);
    const first = input.first ?? 20;
    const { entries, nextCursor } = await historyPage(db, [eq(events.teamId, team.id)], first, input.after);
    return {
      entries: entries.map(({ event, actor: author }) => ({
        id: event.id,
        type: event.type,
        createdAt: event.createdAt,
        actor: author,
        subject: event.stream,
        details: shownDetails(event.payload),
      })),
      nextCursor,
    };
  },
} satisfies QueryResolvers;
