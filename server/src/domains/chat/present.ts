import { asc } from 'drizzle-orm';
import { inJsonList, preparedQuery } from '../../db/prepared';
import { quoteLength } from '#shared/chatRules';
import { users } from '../accounts';
import { meetingGuestsById } from '../meetings';
import type { Reader } from '../tasks';
import { parseConversationKey } from './conversation';
import { chatPolicy } from './policies';
import { messageReactions, messages } from './tables';

export type MessageRow = typeof messages.$inferSelect;
type Person = { id: string; firstname: string; lastname: string; profileImg: string | null };
/** A meeting room's guest who wrote a message (GraphQL MessageGuest). */
export type GuestAuthorView = { id: string; name: string };

const personFields = { id: users.id, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg };

// Every message answer and delivery reads these: built once per connection (db/prepared.ts), lists of
// ids as one JSON text.
const presentationQueries = preparedQuery((db: Reader) => ({
  people: db.select(personFields).from(users).where(inJsonList(users.id, 'ids')).prepare(),
  quoted: db
    .select({ id: messages.id, body: messages.body, authorId: messages.authorId, deletedAt: messages.deletedAt })
    .from(messages)
    .where(inJsonList(messages.id, 'ids'))
    .prepare(),
  reactions: db
    .select()
    .from(messageReactions)
    .where(inJsonList(messageReactions.messageId, 'ids'))
    .orderBy(asc(messageReactions.seq))
    .prepare(),
}));

export async function peopleById(db: Reader, ids: Iterable<string>): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  return new Map((await presentationQueries(db).people.execute({ ids: JSON.stringify(wanted) })).map((person) => [person.id, person]));
}

/**
 * Meeting-room guests by id, as authors (id and name): only a meeting room's messages can have one, and
 * only ids that are no user's are asked for.
 */
export async function guestAuthorsById(db: Reader, ids: Iterable<string>): Promise<Map<string, GuestAuthorView>> {
  return new Map([...(await meetingGuestsById(db, ids)).values()].map((guest) => [guest.id, { id: guest.id, name: guest.name }]));
}

/**
 * Messages as every reader sees them alike, in the given order. However many messages, a fixed number
 * of queries: the quoted messages, the reactions and the people named.
 */
export async function presentMessageBases(db: Reader, rows: readonly MessageRow[]) {
  if (rows.length === 0) return [];
  const replyIds = [...new Set(rows.map((row) => row.replyToId).filter((id): id is string => id !== null))];
  const queries = presentationQueries(db);
  const quoted = new Map(
    (replyIds.length === 0 ? [] : await queries.quoted.execute({ ids: JSON.stringify(replyIds) })).map((row) => [row.id, row]),
  );
  const reactionRows = await queries.reactions.execute({ ids: JSON.stringify(rows.map((row) => row.id)) });
  const authorIds = [...rows.map((row) => row.authorId), ...[...quoted.values()].map((row) => row.authorId)];
  const people = await peopleById(db, authorIds);
  const guests = await guestAuthorsById(
    db,
    rows.some((row) => row.conversation.startsWith('meetingroom:')) ? authorIds.filter((id) => !people.has(id)) : [],
  );

  return rows.map((row) => {
    const conversation = parseConversationKey(row.conversation);
    const quote = row.replyToId ? quoted.get(row.replyToId) : undefined;
    const reactions = new Map<string, string[]>();
    for (const reaction of reactionRows) {
      if (reaction.messageId !== row.id) continue;
      const list = reactions.get(reaction.emoji);
      if (list) list.push(reaction.userId);
      else reactions.set(reaction.emoji, [reaction.userId]);
    }
    return {
      id: row.id,
      body: row.body,
      type: row.type,
      author: people.get(row.authorId) ?? null,
      authorGuest: guests.get(row.authorId) ?? null,
      authorId: row.authorId,
      /** Message.file comes from its loader (attachments.ts), for all messages of a response at once. */
      fileId: row.fileId,
      createdAt: row.createdAt,
      editedAt: row.editedAt,
      deleted: row.deletedAt !== null,
      conversation: row.conversation,
      seq: row.seq,
      project: conversation.kind === 'project' ? conversation.id : null,
      privat: conversation.kind === 'privat' ? conversation.id : null,
      task: conversation.kind === 'task' ? conversation.id : null,
      meetingroom: conversation.kind === 'meetingroom' ? conversation.id : null,
      replyTo: row.replyToId
        ? {
            id: row.replyToId,
            body: quote && quote.deletedAt === null ? quote.body.slice(0, quoteLength) : null,
            author: quote ? (people.get(quote.authorId) ?? null) : null,
            authorGuest: quote ? (guests.get(quote.authorId) ?? null) : null,
          }
        : null,
      reactions: [...reactions].map(([emoji, reactors]) => ({ emoji, count: reactors.length, users: reactors })),
      mentions: row.mentions,
      clientId: row.clientId,
    };
  });
}

export type MessageBase = Awaited<ReturnType<typeof presentMessageBases>>[number];

/** What the viewer may do with a message; the client mutation id is shown to its sender only. */
export function messageForViewer(base: MessageBase, viewerId: string, moderate: boolean) {
  const facts = { authorId: base.authorId, type: base.type, deleted: base.deleted };
  return {
    ...base,
    clientId: base.authorId === viewerId ? base.clientId : null,
    canEdit: chatPolicy.edit(facts, viewerId),
    canDelete: chatPolicy.delete(facts, viewerId, { read: true, moderate }),
  };
}

export async function presentMessages(
  db: Reader,
  rows: readonly MessageRow[],
  viewerId: string,
  moderates: (conversation: string) => boolean,
) {
  return (await presentMessageBases(db, rows)).map((base) => messageForViewer(base, viewerId, moderates(base.conversation)));
}

export type PresentedMessage = Awaited<ReturnType<typeof presentMessages>>[number];
