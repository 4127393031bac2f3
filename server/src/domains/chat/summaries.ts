import { and, count, desc, eq, isNull, max, ne, sql } from 'drizzle-orm';
import type { MercuriusContext, MercuriusLoaders } from 'mercurius';
import { inJsonList, preparedQuery } from '../../db/prepared';
import type { AppDatabase } from '../../db/connection';
import type { SpaceChatSummaries } from '../../core/spaceChatSummaries';
import { requireActor } from '../../graphql/context';
import type { Reader } from '../tasks';
import { messageHistoryStart } from '#shared/plans';
import type { PresentedSpace } from '../teams';
import { loadSpaceAccess, messageHistoryStartValues, teamPlanName, withinMessageHistoryPlaceholders } from '../teams';
import { loadConversationAccess } from './access';
import { conversationOf } from './conversation';
import { chatPolicy } from './policies';
import { messageForViewer, presentMessageBases, type MessageBase, type PresentedMessage } from './present';
import { chatReadMarkers, messages } from './tables';

/**
 * Unread messages per conversation for one user: live messages of others after their read marker, within
 * the history their team's plan shows at `now` (a hidden message is never counted as waiting).
 */
export async function unreadCounts(db: Reader, userId: string, conversations: readonly string[], now: Date): Promise<Map<string, number>> {
  if (conversations.length === 0) return new Map();
  const rows = await unreadQuery(db).execute({ userId, conversations: JSON.stringify(conversations), ...messageHistoryStartValues(now) });
  return new Map(rows.map((row) => [row.conversation, row.count]));
}

// Asked for each subscriber of a space's chat summary on every message there: built once per connection
// (db/prepared.ts), the conversations as one JSON text and the plans' history starts as placeholders.
const unreadQuery = preparedQuery((db: Reader) =>
  db
    .select({ conversation: messages.conversation, count: count() })
    .from(messages)
    .leftJoin(
      chatReadMarkers,
      and(eq(chatReadMarkers.userId, sql.placeholder('userId')), eq(chatReadMarkers.conversation, messages.conversation)),
    )
    .where(
      and(
        inJsonList(messages.conversation, 'conversations'),
        isNull(messages.deletedAt),
        ne(messages.authorId, sql.placeholder('userId')),
        sql`${messages.seq} > coalesce(${chatReadMarkers.seq}, 0)`,
        withinMessageHistoryPlaceholders(messages.teamId, messages.createdAt),
      ),
    )
    .groupBy(messages.conversation)
    .prepare(),
);

/** How many of a conversation's newest messages `unreadCount` keeps per log position. */
export const unreadTailLength = 200;

// The reads behind unreadCount, built once per connection (db/prepared.ts).
const unreadTailQueries = preparedQuery((db: Reader) => ({
  tail: db
    .select({
      seq: messages.seq,
      authorId: messages.authorId,
      teamId: messages.teamId,
      createdAt: messages.createdAt,
      deletedAt: messages.deletedAt,
    })
    .from(messages)
    .where(eq(messages.conversation, sql.placeholder('conversation')))
    .orderBy(desc(messages.seq))
    .limit(unreadTailLength)
    .prepare(),
  marker: db
    .select({ seq: chatReadMarkers.seq })
    .from(chatReadMarkers)
    .where(and(eq(chatReadMarkers.userId, sql.placeholder('userId')), eq(chatReadMarkers.conversation, sql.placeholder('conversation'))))
    .prepare(),
}));

interface ConversationTail {
  /** Its newest messages, deleted ones included, newest first: every message above the oldest of them is here. */
  rows: { seq: number; authorId: string; teamId: string; createdAt: string; deletedAt: string | null }[];
  /** Whether those are all of its messages. */
  complete: boolean;
}

/**
 * What the chat lists' summaries read, kept per connection for the log's current position: each message to a space
 * sends every online member's chat list that space's unread count and last message, which were one count query,
 * one plan read and one presentation per subscriber. Messages, read markers, reactions, names and plans change
 * only through events, so what was read at a position holds until the log moves on, whichever process appended;
 * the position is read on every call. The plan's history is applied when asked, with its `now`.
 */
interface KeptAtPosition {
  position: string;
  /**
   * The newest live message of each conversation as every reader sees it alike (null: none), and each conversation's
   * tail: kept as the reads' promises, so the subscribers of one event, summed up at once, wait for one read.
   */
  newest: Map<string, Promise<NewestMessage | null>>;
  tails: Map<string, Promise<ConversationTail>>;
  /** Each team's plan (the read's promise). */
  plans: Map<string, Promise<string>>;
}

const keptByDatabase = new WeakMap<object, KeptAtPosition>();

/** The app's database as the summaries keep reads per log position (see `AppDatabase.logPosition`). */
export type PositionedDatabase = Pick<AppDatabase, 'db' | 'logPosition'>;

/** What is kept for the log's current position; without the app's database (inside a unit), an empty entry for one call. */
function keptAt(database: PositionedDatabase | undefined): KeptAtPosition {
  const fresh = (position: string): KeptAtPosition => ({ position, newest: new Map(), tails: new Map(), plans: new Map() });
  if (!database) return fresh('');
  const position = database.logPosition();
  let kept = keptByDatabase.get(database.db);
  if (kept?.position !== position) keptByDatabase.set(database.db, (kept = fresh(position)));
  return kept;
}

function planOf(db: Reader, kept: KeptAtPosition, teamId: string): Promise<string> {
  let plan = kept.plans.get(teamId);
  if (plan === undefined) {
    kept.plans.set(teamId, (plan = teamPlanName(db, teamId)));
    // A read that failed is not kept: the next caller reads again.
    plan.catch(() => kept.plans.delete(teamId));
  }
  return plan;
}

function conversationTail(db: Reader, kept: KeptAtPosition, conversation: string): Promise<ConversationTail> {
  let tail = kept.tails.get(conversation);
  if (!tail) {
    tail = unreadTailQueries(db)
      .tail.execute({ conversation })
      .then((rows) => ({ rows, complete: rows.length < unreadTailLength }));
    kept.tails.set(conversation, tail);
    // A read that failed is not kept: the next caller reads again.
    tail.catch(() => kept.tails.delete(conversation));
  }
  return tail;
}

/**
 * One user's unread count in one conversation, exactly as `unreadCounts` counts it (live messages of others after
 * their read marker, within their team's plan history at `now`): counted from the conversation's newest messages
 * kept for the log's position (read once for all its readers) and the user's marker, read by its key. A marker
 * older than the kept messages is counted by `unreadCounts`' query.
 */
export function unreadCount(
  db: Reader,
  database: PositionedDatabase | undefined,
  userId: string,
  conversation: string,
  now: Date,
): Promise<number> {
  return unreadCountAt(db, keptAt(database), userId, conversation, now);
}

async function unreadCountAt(db: Reader, kept: KeptAtPosition, userId: string, conversation: string, now: Date): Promise<number> {
  const tail = await conversationTail(db, kept, conversation);
  const marker = (await unreadTailQueries(db).marker.execute({ userId, conversation }))[0]?.seq ?? 0;
  const oldest = tail.rows.at(-1);
  if (!tail.complete && (!oldest || marker < oldest.seq))
    return (await unreadCounts(db, userId, [conversation], now)).get(conversation) ?? 0;
  const starts = new Map<string, string>();
  let count = 0;
  for (const row of tail.rows) {
    if (row.seq <= marker) break;
    let start = starts.get(row.teamId);
    if (start === undefined)
      starts.set(row.teamId, (start = messageHistoryStart(await planOf(db, kept, row.teamId), now)?.toISOString() ?? ''));
    if (row.deletedAt === null && row.authorId !== userId && row.createdAt >= start) count += 1;
  }
  return count;
}

// The reads of the newest messages, built once per connection (db/prepared.ts), lists of keys as one JSON text.
const newestQueries = preparedQuery((db: Reader) => ({
  seqs: db
    .select({ seq: max(messages.seq) })
    .from(messages)
    .where(and(inJsonList(messages.conversation, 'conversations'), isNull(messages.deletedAt)))
    .groupBy(messages.conversation)
    .prepare(),
  rows: db.select().from(messages).where(inJsonList(messages.seq, 'seqs')).prepare(),
}));

interface NewestMessage {
  base: MessageBase;
  teamId: string;
  createdAt: string;
}

/** The newest live message of each conversation as every reader sees it alike (null: none). */
async function newestMessages(
  db: Reader,
  kept: KeptAtPosition,
  conversations: readonly string[],
): Promise<Map<string, NewestMessage | null>> {
  const unknown = [...new Set(conversations)].filter((conversation) => !kept.newest.has(conversation));
  if (unknown.length > 0) {
    const reading = readNewestMessages(db, unknown);
    // A read that failed is not kept: the next caller reads again.
    reading.catch(() => unknown.forEach((conversation) => kept.newest.delete(conversation)));
    for (const conversation of unknown)
      kept.newest.set(
        conversation,
        reading.then((found) => found.get(conversation) ?? null),
      );
  }
  const newest = new Map<string, NewestMessage | null>();
  for (const conversation of new Set(conversations)) newest.set(conversation, await kept.newest.get(conversation)!);
  return newest;
}

async function readNewestMessages(db: Reader, conversations: readonly string[]): Promise<Map<string, NewestMessage>> {
  const queries = newestQueries(db);
  const seqs = (await queries.seqs.execute({ conversations: JSON.stringify(conversations) }))
    .map((row) => row.seq)
    .filter((seq): seq is number => seq !== null);
  const rows = seqs.length === 0 ? [] : await queries.rows.execute({ seqs: JSON.stringify(seqs) });
  const rowOf = new Map(rows.map((row) => [row.conversation, row]));
  const found = new Map<string, NewestMessage>();
  for (const base of await presentMessageBases(db, rows)) {
    const row = rowOf.get(base.conversation)!;
    found.set(base.conversation, { base, teamId: row.teamId, createdAt: row.createdAt });
  }
  return found;
}

/**
 * The newest live message of each conversation, as `viewerId` sees it. A conversation whose newest message is
 * older than its team's plan history (at `now`) has none to show. Given the app's database (`database`), the
 * messages are kept per log position for every later caller; without it (inside a command's unit of work) they
 * are read for this call alone.
 */
export async function lastMessages(
  db: Reader,
  viewerId: string,
  conversations: readonly string[],
  moderates: (conversation: string) => boolean,
  now: Date,
  database?: PositionedDatabase,
): Promise<Map<string, PresentedMessage>> {
  if (conversations.length === 0) return new Map();
  return lastMessagesAt(db, keptAt(database), viewerId, conversations, moderates, now);
}

async function lastMessagesAt(
  db: Reader,
  kept: KeptAtPosition,
  viewerId: string,
  conversations: readonly string[],
  moderates: (conversation: string) => boolean,
  now: Date,
): Promise<Map<string, PresentedMessage>> {
  const newest = await newestMessages(db, kept, conversations);
  const historyStarts = new Map<string, string | null>();
  const found = new Map<string, PresentedMessage>();
  for (const conversation of conversations) {
    const message = newest.get(conversation);
    if (!message) continue;
    if (!historyStarts.has(message.teamId))
      historyStarts.set(message.teamId, messageHistoryStart(await planOf(db, kept, message.teamId), now)?.toISOString() ?? null);
    const start = historyStarts.get(message.teamId);
    if (start && message.createdAt < start) continue;
    found.set(conversation, messageForViewer(message.base, viewerId, moderates(conversation)));
  }
  return found;
}

/** The newest message seq of a conversation, deleted ones included (what lastViewed marks read up to). */
export async function latestSeq(db: Reader, conversation: string): Promise<number> {
  const [newest] = await db
    .select({ seq: max(messages.seq) })
    .from(messages)
    .where(eq(messages.conversation, conversation));
  return newest?.seq ?? 0;
}

type Query<Obj> = { obj: Obj }[];

/** A space's unread count and last message for one viewer, worked out before its payload is executed. */
export interface SpaceChatSummary {
  unread: number;
  lastMessage: PresentedMessage | null;
}

/** The space chat summaries port (core/spaceChatSummaries.ts): a space's channel as Project.unread and lastMessage answer it. */
export const spaceChatSummaries: SpaceChatSummaries = {
  summaryOf: async (database, viewerId, spaceId, moderates, now): Promise<SpaceChatSummary> => {
    const conversation = `project:${spaceId}`;
    const db = database.db;
    const kept = keptAt(database);
    return {
      unread: await unreadCountAt(db, kept, viewerId, conversation, now),
      lastMessage: (await lastMessagesAt(db, kept, viewerId, [conversation], () => moderates, now)).get(conversation) ?? null,
    };
  },
};

/**
 * A presented space, with the viewer's chat summary when the caller already has it (a subProject delivery shared
 * by the subscribers with the same summary): Project.unread and lastMessage then answer it, so every subscriber
 * who shares the payload is sent exactly what was worked out for them.
 */
export type SpaceWithChat = PresentedSpace & { knownChat?: SpaceChatSummary };
type TaskObj = { id: string; project: string };
type RoomObj = { id: string };

/** Whether the viewer moderates each space (space or team admin), one judgement per space named. */
async function spaceModerators(db: Reader, viewerId: string, projectIds: readonly string[]): Promise<Map<string, boolean>> {
  const moderators = new Map<string, boolean>();
  for (const projectId of new Set(projectIds)) {
    const access = await loadSpaceAccess(db, projectId, viewerId);
    moderators.set(projectId, access !== null && chatPolicy.inSpace(access.seat, access.space, access.spaceSeat).moderate);
  }
  return moderators;
}

/** Whether the viewer moderates each meeting room's chat (a space's room: its space's moderators). */
async function roomModerators(db: Reader, viewerId: string, roomIds: readonly string[]): Promise<Map<string, boolean>> {
  const moderators = new Map<string, boolean>();
  for (const roomId of new Set(roomIds))
    moderators.set(roomId, (await loadConversationAccess(db, conversationOf('meetingroom', roomId), viewerId))?.moderate ?? false);
  return moderators;
}

/**
 * Project.unread and lastMessage, Task.unread and lastMessage, Meetingroom.unread and lastMessage for a whole list at once: a fixed number
 * of queries however many spaces or tasks are listed (getProjects for 50 spaces runs as many as for 1).
 */
export const chatLoaders: MercuriusLoaders = {
  Project: {
    unread: async (queries: Query<SpaceWithChat>, context: MercuriusContext) => {
      const asked = queries.filter(({ obj }) => !obj.knownChat).map(({ obj }) => `project:${obj.id}`);
      const counts = await unreadCounts(
        context.services.database.db,
        requireActor(context).userId,
        asked,
        context.services.store.clock.now(),
      );
      return queries.map(({ obj }) => obj.knownChat?.unread ?? counts.get(`project:${obj.id}`) ?? 0);
    },
    lastMessage: async (queries: Query<SpaceWithChat>, context: MercuriusContext) => {
      if (queries.every(({ obj }) => obj.knownChat)) return queries.map(({ obj }) => obj.knownChat!.lastMessage);
      const manages = new Map(queries.map(({ obj }) => [`project:${obj.id}`, obj.canManage]));
      const found = await lastMessages(
        context.services.database.db,
        requireActor(context).userId,
        [...manages.keys()],
        (conversation) => manages.get(conversation) ?? false,
        context.services.store.clock.now(),
        context.services.database,
      );
      return queries.map(({ obj }) => (obj.knownChat ? obj.knownChat.lastMessage : (found.get(`project:${obj.id}`) ?? null)));
    },
  },
  Task: {
    unread: async (queries: Query<TaskObj>, context: MercuriusContext) => {
      const counts = await unreadCounts(
        context.services.database.db,
        requireActor(context).userId,
        queries.map(({ obj }) => `task:${obj.id}`),
        context.services.store.clock.now(),
      );
      return queries.map(({ obj }) => counts.get(`task:${obj.id}`) ?? 0);
    },
    lastMessage: async (queries: Query<TaskObj>, context: MercuriusContext) => {
      const db = context.services.database.db;
      const viewerId = requireActor(context).userId;
      const moderators = await spaceModerators(
        db,
        viewerId,
        queries.map(({ obj }) => obj.project),
      );
      const spaceOf = new Map(queries.map(({ obj }) => [`task:${obj.id}`, obj.project]));
      const found = await lastMessages(
        db,
        viewerId,
        [...spaceOf.keys()],
        (conversation) => moderators.get(spaceOf.get(conversation)!) ?? false,
        context.services.store.clock.now(),
        context.services.database,
      );
      return queries.map(({ obj }) => found.get(`task:${obj.id}`) ?? null);
    },
  },
  // Meeting rooms are listed to members only (getMeetingrooms, initiateMeetingroom), so there is always a viewer.
  Meetingroom: {
    unread: async (queries: Query<RoomObj>, context: MercuriusContext) => {
      const counts = await unreadCounts(
        context.services.database.db,
        requireActor(context).userId,
        queries.map(({ obj }) => `meetingroom:${obj.id}`),
        context.services.store.clock.now(),
      );
      return queries.map(({ obj }) => counts.get(`meetingroom:${obj.id}`) ?? 0);
    },
    lastMessage: async (queries: Query<RoomObj>, context: MercuriusContext) => {
      const db = context.services.database.db;
      const viewerId = requireActor(context).userId;
      const moderators = await roomModerators(
        db,
        viewerId,
        queries.map(({ obj }) => obj.id),
      );
      const found = await lastMessages(
        db,
        viewerId,
        queries.map(({ obj }) => `meetingroom:${obj.id}`),
        (conversation) => moderators.get(conversation.slice('meetingroom:'.length)) ?? false,
        context.services.store.clock.now(),
        context.services.database,
      );
      return queries.map(({ obj }) => found.get(`meetingroom:${obj.id}`) ?? null);
    },
  },
};
