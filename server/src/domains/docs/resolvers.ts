import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { docRootFolder, type DocSort } from '#shared/docs';
import { DomainError, refusal } from '../../errors';
import { requireActor } from '../../graphql/context';
import { addressKey } from '../../http/rateLimits';
import { newId } from '../../core/ids';
import { spaceContentPolicy } from '../../core/spaceContent';
import { requireReadableSpaceContent, requireWritableSpaceContent } from '../../core/spaceContent';
import { runCommand } from '../../core/runCommand';
import type { UnitOfWork } from '../../core/commands';
import { spaceFoldersStream } from '../../core/streams';
import type { DocFields } from './events';
import { decideCreateDoc, decideDeleteDoc, decideEditDoc, decideSharing } from './commands';
import { docStream } from './events';
import { requireDocFolder } from './folders';
import { docTitle, parseDocArguments, parsePage, parseSort, type DocArguments } from './input';
import { lastSavedOf, presentDoc, presentDocs, presentPublicDoc } from './present';
import {
  findDocRow,
  requireDocRoom,
  teamDocsLock,
  requireManagedDoc,
  requireReadableDoc,
  requireWritableDoc,
  toDocState,
  type DocRow,
  type Reader,
} from './state';
import { docs } from './tables';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

/** The secret of a public link: 32 bytes, so it cannot be guessed. */
const newShareToken = () => randomBytes(32).toString('base64url');

export async function presentDocFor(context: MercuriusContext, docId: string, userId: string) {
  const db = context.services.database.db;
  const { row, access } = await requireReadableDoc(db, docId, userId);
  return presentDoc(row, access, context.services.config.publicUrl, (await lastSavedOf(db, [row.id])).get(row.id) ?? null);
}

/** A shared doc by its link secret; the same answer for unknown, revoked and malformed secrets. */
export async function findSharedDoc(db: Reader, token: unknown): Promise<DocRow | undefined> {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db
    .select()
    .from(docs)
    .where(and(eq(docs.shareToken, token), eq(docs.shared, true)))
    .limit(1);
  return row;
}

/** getWalls' orders, each ending on the id so equal values keep one order across pages. */
const orderOf: Record<DocSort, SQL[]> = {
  updated: [desc(docs.updatedAt), desc(docs.id)],
  // lower() folds ASCII letters only on both databases (SQLite's built-in one; PostgreSQL's under the C collation), as NOCASE did.
  title: [asc(sql`lower(${docs.title})`), asc(docs.title), asc(docs.id)],
  created: [desc(docs.createdAt), desc(docs.id)],
};

export const docQueries = {
  getWalls: async (
    _root,
    args: { project: string; folder?: string | null; sort?: string | null; limit?: number | null; offset?: number | null },
    context,
  ) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const { limit, offset } = parsePage(args.limit, args.offset);
    const sort = parseSort(args.sort);
    const access = await requireReadableSpaceContent(db, args.project, actor.userId);
    const inSpace = eq(docs.projectId, access.projectId);
    const scope =
      args.folder === docRootFolder
        ? and(inSpace, isNull(docs.folderId))
        : args.folder
          ? and(inSpace, eq(docs.folderId, args.folder))
          : inSpace;
    const rows = await db
      .select()
      .from(docs)
      .where(scope)
      .orderBy(...orderOf[sort])
      .limit(limit)
      .offset(offset);
    const [counted] = await db
      .select({ count: count().mapWith(Number) })
      .from(docs)
      .where(scope);
    return { walls: await presentDocs(db, rows, access, context.services.config.publicUrl), total: counted?.count ?? 0 };
  },
  getWall: async (_root, args: { id: string }, context) => await presentDocFor(context, args.id, requireActor(context).userId),
  getWorkspace: async (_root, args: { workspace: string }, context) => {
    await context.services.rateLimits.consume(['shareLinkPerAddress', addressKey(context.ip ?? 'unknown')]);
    const row = await findSharedDoc(context.services.database.db, args.workspace);
    if (!row) throw refusal('NOT_FOUND', 'DOC_NOT_SHARED');
    return presentPublicDoc(row, context.services.config.publicUrl);
  },
} satisfies QueryResolvers;

/**
 * setWorkspace's unit: the space, folder and plan checks and the new doc, under the team's docs lock and (with a folder)
 * the space's folder tree lock, so a folder deleted at the same time cannot be chosen and two docs cannot both take the
 * plan's last place.
 */
export async function createDocIn(
  unit: UnitOfWork,
  userId: string,
  input: { docId: string; project: string; fields: Partial<DocFields> & { title: string } },
): Promise<void> {
  const db = unit.transaction;
  const access = await requireWritableSpaceContent(db, input.project, userId);
  await unit.lock(teamDocsLock(access.teamId), ...(input.fields.folderId ? [spaceFoldersStream(access.projectId)] : []));
  await requireDocFolder(db, access.projectId, input.fields.folderId);
  await requireDocRoom(db, access.teamId);
  const events = decideCreateDoc({ docId: input.docId, projectId: access.projectId, teamId: access.teamId, fields: input.fields });
  await unit.append(docStream(input.docId), events, { teamId: access.teamId, expectedVersion: 0 });
}

/**
 * updateWall's unit: decided on the doc as it stands under its stream's lock (a delete, an edit or a sharing change
 * at the same time waits), and a folder chosen is read under the space's folder tree lock.
 */
export async function updateDocIn(
  unit: UnitOfWork,
  userId: string,
  input: { id: string; requested: Partial<DocFields>; shared?: boolean | null; newShareToken?: () => string },
): Promise<void> {
  const db = unit.transaction;
  // A doc never changes space: the space read before the lock is the one to lock.
  const before = await findDocRow(db, input.id);
  await unit.lock(docStream(input.id), ...(before && input.requested.folderId ? [spaceFoldersStream(before.projectId)] : []));
  const { row, access } = await requireWritableDoc(db, input.id, userId);
  const doc = toDocState(row);
  if (typeof input.shared === 'boolean' && input.shared !== doc.shared && !spaceContentPolicy.manage(access, row))
    throw new DomainError('PERMISSION_DENIED');
  if (input.requested.folderId !== undefined) await requireDocFolder(db, doc.projectId, input.requested.folderId);
  const events = [
    ...decideEditDoc(doc, input.requested),
    ...(typeof input.shared === 'boolean' ? decideSharing(doc, input.shared, input.newShareToken ?? newShareToken) : []),
  ];
  if (events.length > 0) await unit.append(docStream(doc.id), events, { teamId: doc.teamId });
}

/** delWorkspace's unit, under the doc's stream lock (an edit at the same time is decided before or after, never on a deleted doc). */
export async function deleteDocIn(unit: UnitOfWork, userId: string, docId: string): Promise<void> {
  await unit.lock(docStream(docId));
  const { row } = await requireManagedDoc(unit.transaction, docId, userId);
  await unit.append(docStream(row.id), decideDeleteDoc(toDocState(row)), { teamId: row.teamId });
}

export const docMutations = {
  setWorkspace: async (_root, args: DocArguments & { project: string; title: string }, context) => {
    const actor = requireActor(context);
    const fields = { ...parseDocArguments({ emoji: args.emoji, folder: args.folder }), title: docTitle(args.title) };
    const docId = newId();
    await runCommand(
      context,
      actor.userId,
      async (unit) => await createDocIn(unit, actor.userId, { docId, project: args.project, fields }),
    );
    return await presentDocFor(context, docId, actor.userId);
  },
  updateWall: async (_root, args: DocArguments & { id: string; shared?: boolean | null }, context) => {
    const actor = requireActor(context);
    const requested = parseDocArguments(args);
    await runCommand(
      context,
      actor.userId,
      async (unit) => await updateDocIn(unit, actor.userId, { id: args.id, requested, shared: args.shared }),
    );
    return await presentDocFor(context, args.id, actor.userId);
  },
  delWorkspace: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, async (unit) => await deleteDocIn(unit, actor.userId, args.id));
    return true;
  },
} satisfies MutationResolvers;
