import { and, desc, eq, gte, isNull, lt, max } from 'drizzle-orm';

import { requireActor } from '../../graphql/context';
import { presentTasks } from '../tasks';
import { findTaskRow, type Reader } from '../tasks';
import { requireCurrentTeam } from '../teams';
import { loadConversationAccess } from './access';
import { conversationOf } from './conversation';
import { pageRequest } from './commands';
import { messages } from './tables';
import type { QueryResolvers } from '../../graphql/schemaTypes';

/** How many of the most recently active threads are judged before giving up filling the page (threads of spaces out of sight are skipped). */
const candidatesPerPage = 4;

/**
 * The task threads of the caller's current team that have messages and that the caller may read,
 * the most recently active first: the chat lists' "Tasks" tab. Task conversation keys sort between
 * "task:" and "task;", so the conversation index is read for task threads only.
 */
export async function taskChatsOf(db: Reader, userId: string, teamId: string, limit: number) {
  const newest = max(messages.seq);
  const active = await db
    .select({ conversation: messages.conversation, newest })
    .from(messages)
    .where(
      and(gte(messages.conversation, 'task:'), lt(messages.conversation, 'task;'), eq(messages.teamId, teamId), isNull(messages.deletedAt)),
    )
    .groupBy(messages.conversation)
    .orderBy(desc(newest))
    .limit(limit * candidatesPerPage);
  const rows = [];
  for (const { conversation } of active) {
    const taskId = conversation.slice('task:'.length);
    if (!(await loadConversationAccess(db, conversationOf('task', taskId), userId))?.read) continue;
    const row = await findTaskRow(db, taskId);
    if (row) rows.push(row);
    if (rows.length === limit) break;
  }
  return presentTasks(db, rows, userId);
}

export const taskChatQueries = {
  getTaskChats: async (_root, args: { first?: number | null }, context) => {
    const actor = requireActor(context);
    const { limit } = pageRequest({ first: args.first ?? 30 });
    const db = context.services.database.db;
    const { team } = await requireCurrentTeam(db, actor.userId);
    return await taskChatsOf(db, actor.userId, team.id, limit);
  },
} satisfies QueryResolvers;
