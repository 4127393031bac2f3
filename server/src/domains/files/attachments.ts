/**
 * Chat attachments: a file message points at a recorded file of the files area (issue 8) that belongs
 * to the same conversation's owner (a space's channel: the space's files; a task's thread: the task's;
 * a private chat: the chat's). The files area owns the file: deleting the message leaves the file in
 * place, and deleting the file leaves the message, shown with `file: null` ("file removed").
 */
import { inArray } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import type { Reaction } from '../../core/commands';
import { filePaths } from '../../http/mediaPaths';
import { checkAttachment, fileBelongsTo, parseConversationKey, refOf, type AttachmentFacts, type MessageCreated } from '../chat';
import { filePolicy } from './policies';
import { findFileRow, ownerAccess, ownerOfFile, type FileRow, type Reader } from './state';
import { files } from './tables';

/**
 * A file message attaches a file the author may read, of the same conversation, that they uploaded
 * (chat's checkAttachment): the files area's reaction to a new message, so a refused attachment rolls the
 * message back and the chat area never reads files.
 */
export const messageAttachesItsConversationsFile: Reaction = {
  name: 'files: a message attaches only a file of its author in its conversation',
  on: ['message.created'],
  async react(unit, event) {
    const created = event.payload as MessageCreated;
    if (created.fileId === null || unit.actorId === null) return;
    checkAttachment(await loadAttachment(unit.transaction, created.fileId, unit.actorId), created, unit.actorId);
  },
};

/** The file a message attaches, if it exists and the author may read it; otherwise undefined (one answer for both, so ids cannot be probed). */
async function loadAttachment(db: Reader, fileId: string, userId: string): Promise<AttachmentFacts | undefined> {
  const row = await findFileRow(db, fileId);
  if (!row) return undefined;
  const access = await ownerAccess(db, ownerOfFile(row), userId);
  if (!access || !filePolicy.read(access)) return undefined;
  return { id: row.id, authorId: row.authorId, projectId: row.projectId, taskId: row.taskId, privatId: row.privatId };
}

/** Message.file as the API returns it: the authenticated download path the files area serves, and its thumbnail if it has one. */
export function presentAttachment(row: FileRow) {
  return {
    id: row.id,
    name: row.name,
    type: row.mimeType,
    size: row.size,
    url: filePaths.file(row.id),
    thumbnail: row.thumbnail ? filePaths.thumbnail(row.id) : null,
    category: row.kind,
    width: row.width,
    height: row.height,
    duration: row.duration,
  };
}

export type PresentedAttachment = ReturnType<typeof presentAttachment>;

/**
 * The attachments of many messages in one query. A file shows only while it still belongs to the
 * message's conversation: whoever reads the conversation may then read it (the files area gives a
 * conversation's readers its owner's files). A deleted file, or one moved to another space, is null.
 */
export async function attachmentsOf(
  db: Reader,
  messages: readonly { fileId: string | null; conversation: string }[],
): Promise<(PresentedAttachment | null)[]> {
  const ids = [...new Set(messages.map((message) => message.fileId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return messages.map(() => null);
  const rows = new Map((await db.select().from(files).where(inArray(files.id, ids))).map((row) => [row.id, row]));
  return messages.map((message) => {
    const row = message.fileId === null ? undefined : rows.get(message.fileId);
    if (!row || !fileBelongsTo(row, refOf(parseConversationKey(message.conversation), null))) return null;
    return presentAttachment(row);
  });
}

type FileQuery = { obj: { fileId?: string | null; conversation?: string } }[];

/** Message.file for every message of a response at once (getMessages, lastMessage lists, subscriptions): one query, never one per message. */
export const attachmentLoaders = {
  Message: {
    file: async (queries: FileQuery, context: MercuriusContext) =>
      await attachmentsOf(
        context.services.database.db,
        queries.map(({ obj }) => ({ fileId: obj.fileId ?? null, conversation: obj.conversation ?? '' })),
      ),
  },
};
