import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { IFieldResolver, MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { events } from '../../events/tables';
import { requireActor } from '../../graphql/context';
import { users } from '../accounts/tables';
import { requireTeamAdmin } from './state';

const pageSchema = z.object({
  team: z.string(),
  first: z.number().int().min(1, 'Ask for at least 1 entry.').max(100, 'Ask for at most 100 entries.').nullish(),
  after: z.string().regex(/^\d{1,15}$/, 'Use the nextCursor of the previous page.').nullish(),
});

/**
 * Payload fields an admin may read in the activity report. An allow-list, so a field added to an
 * event later (a session id, a secret's hash) stays out of the report until someone decides otherwise.
 */
const shownFields = new Set([
  'teamId', 'projectId', 'userId', 'invitationId', 'name', 'role', 'permission', 'type', 'url', 'email',
  'reason', 'changes', 'isPersonal', 'color', 'method', 'language', 'inviterId', 'memberIds',
]);

function shownDetails(payload: unknown): Record<string, unknown> {
  if (payload === null || typeof payload !== 'object') return {};
  return Object.fromEntries(Object.entries(payload as Record<string, unknown>).filter(([key]) => shownFields.has(key)));
}

/** The team's activity report, read from the event log: who did what, when, newest first. */
export const activityQueries: Record<string, IFieldResolver<unknown, MercuriusContext, any>> = {
  getTeamActivity: (_root, args: Record<string, unknown>, context) => {
    const actor = requireActor(context);
    const input = pageSchema.parse(args);
    const db = context.services.database.db;
    const { team } = requireTeamAdmin(db, input.team, actor.userId);
    const first = input.first ?? 20;
    const conditions = [eq(events.teamId, team.id)];
    if (input.after) conditions.push(lt(events.seq, Number(input.after)));
    const rows = db.select().from(events).where(and(...conditions)).orderBy(desc(events.seq)).limit(first + 1).all();
    const page = rows.slice(0, first);
    const actorIds = [...new Set(page.map((row) => row.actorId).filter((id): id is string => id !== null))];
    const actors = new Map(
      (actorIds.length === 0 ? [] : db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg }).from(users).where(inArray(users.id, actorIds)).all())
        .map((person) => [person.id, person]),
    );
    return {
      entries: page.map((row) => ({
        id: row.id,
        type: row.type,
        createdAt: row.createdAt,
        actor: row.actorId ? (actors.get(row.actorId) ?? null) : null,
        subject: row.stream,
        details: shownDetails(row.payload),
      })),
      nextCursor: rows.length > first ? String(page[page.length - 1]!.seq) : null,
    };
  },
};
