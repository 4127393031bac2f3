import { eq } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { messageBodyLength } from '#shared/chatRules';
import type { UnitOfWork } from '../../core/commands';
import { isId, newId } from '../../core/ids';
import { runCommand } from '../../core/runCommand';
import { supportThreadStream } from '../../core/streams';
import { codedError, DomainError } from '../../errors';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';
import { users } from '../accounts';
import type { Reader } from '../tasks';
import type { SupportMessagePosted, SupportThreadRead } from './events';
import { supportPolicy, type SupportViewer } from './policies';
import { presentMessages, presentThreads } from './present';
import {
  findSupportMessage,
  findThread,
  inboxThreads,
  supportUnreadTotal,
  threadMessages,
  unreadOf,
  type SupportMessageRow,
  type SupportThreadRow,
  type ThreadSide,
} from './state';
import { viewerOf } from './viewer';

/**
 * The conversation a call is about: the caller's own when `person` is omitted; another person's only for the
 * support team, and only a person who exists. Anything else is NOT_FOUND, the same answer as for no such person.
 */
export async function requireThreadPerson(db: Reader, viewer: SupportViewer, person: string | null | undefined): Promise<string> {
  const personId = person ?? viewer.userId;
  if (personId === viewer.userId) return personId;
  if (!isId(personId) || !supportPolicy.readsThread(viewer, personId)) throw new DomainError('NOT_FOUND');
  const exists = (await db.select({ id: users.id }).from(users).where(eq(users.id, personId)).limit(1)).length > 0;
  if (!exists) throw new DomainError('NOT_FOUND');
  return personId;
}

export function parseSupportBody(body: string): string {
  const trimmed = body.trim();
  if (trimmed.length < messageBodyLength.minimum) throw codedError('MESSAGE_BODY_REQUIRED', { field: 'body' });
  if (trimmed.length > messageBodyLength.maximum)
    throw codedError('MESSAGE_BODY_TOO_LONG', { params: { maximum: messageBodyLength.maximum }, field: 'body' });
  return trimmed;
}

export const threadQueries = {
  getSupportAccess: async (_root, _args, context) => {
    const db = context.services.database.db;
    const viewer = await viewerOf(context);
    const own = await findThread(db, viewer.userId);
    return {
      supportTeam: viewer.supportTeam,
      unread: own ? await unreadOf(db, own, 'person') : 0,
      inboxUnread: viewer.supportTeam ? await supportUnreadTotal(db) : 0,
    };
  },
  getSupportThread: async (_root, args, context) => {
    const db = context.services.database.db;
    const viewer = await viewerOf(context);
    const personId = await requireThreadPerson(db, viewer, args.person);
    const thread = await findThread(db, personId);
    const { rows, hasMore } = await threadMessages(db, personId);
    return {
      thread: thread ? (await presentThreads(db, [thread], () => supportPolicy.sideOf(viewer, personId)))[0]! : null,
      messages: await presentMessages(db, rows),
      hasMore,
    };
  },
  getSupportInbox: async (_root, _args, context) => {
    const db = context.services.database.db;
    const viewer = await viewerOf(context);
    if (!supportPolicy.readsInbox(viewer)) throw new DomainError('PERMISSION_DENIED');
    return { threads: await presentThreads(db, await inboxThreads(db), () => 'support'), unread: await supportUnreadTotal(db) };
  },
} satisfies QueryResolvers;

/** Posts a message in a person's conversation, in a unit: its row as the projection wrote it. */
export async function postSupportMessageIn(unit: UnitOfWork, posted: SupportMessagePosted): Promise<SupportMessageRow> {
  await unit.append(supportThreadStream(posted.personId), [{ type: 'support.messagePosted', payload: posted }], { teamId: null });
  return (await findSupportMessage(unit.transaction, posted.messageId))!;
}

/**
 * Moves one side's read position of a person's conversation up to its last message, in a unit (nothing when it is
 * there already): the conversation as it is then. NOT_FOUND when the person has no conversation yet.
 */
export async function readSupportThreadIn(
  unit: UnitOfWork,
  personId: string,
  readerId: string,
  side: ThreadSide,
): Promise<SupportThreadRow> {
  // The read positions are the conversation's stream's state: locked before they are read and decided on.
  await unit.lock(supportThreadStream(personId));
  const thread = await findThread(unit.transaction, personId);
  if (!thread) throw new DomainError('NOT_FOUND');
  const readSeq = side === 'person' ? thread.personReadSeq : thread.supportReadSeq;
  // Reading what was read already writes nothing.
  if (readSeq >= thread.lastSeq) return thread;
  const read: SupportThreadRead = { personId, readerId, side, seq: thread.lastSeq };
  await unit.append(supportThreadStream(personId), [{ type: 'support.threadRead', payload: read }], { teamId: null });
  return (await findThread(unit.transaction, personId))!;
}

async function postMessage(context: MercuriusContext, viewer: SupportViewer, personId: string, body: string) {
  const posted: SupportMessagePosted = { messageId: newId(), personId, authorId: viewer.userId, body };
  const row = await runCommand(context, viewer.userId, (unit) => postSupportMessageIn(unit, posted));
  return (await presentMessages(context.services.database.db, [row]))[0]!;
}

export const threadMutations = {
  sendSupportMessage: async (_root, args, context) => {
    const db = context.services.database.db;
    const viewer = await viewerOf(context);
    const body = parseSupportBody(args.body);
    const personId = await requireThreadPerson(db, viewer, args.person);
    return postMessage(context, viewer, personId, body);
  },
  readSupportThread: async (_root, args, context) => {
    const db = context.services.database.db;
    const viewer = await viewerOf(context);
    const personId = await requireThreadPerson(db, viewer, args.person);
    const side = supportPolicy.sideOf(viewer, personId);
    const row = await runCommand(context, viewer.userId, (unit) => readSupportThreadIn(unit, personId, viewer.userId, side));
    return (await presentThreads(db, [row], () => side))[0]!;
  },
} satisfies MutationResolvers;
