import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { docRootFolder, type DocSort } from '#shared/docs';
import { DomainError, refusal } from '../../errors';
import { requireActor } from '../../graphql/context';
import { addressKey } from '../../http/rateLimits';
import { newId } from '../../core/ids';
import { spaceContentPolicy } from '../../core/spaceContent';
import { requireReadableSpaceContent, requireWritableSpaceContent } from '../../core/spaceContent';
import { runCommand } from '../../core/runCommand';
import { decideCreateDoc, decideDeleteDoc, decideEditDoc, decideSharing } from './commands';
import { docStream } from './events';
import { requireDocFolder } from './folders';
import { docTitle, parseDocArguments, parsePage, parseSort, type DocArguments } from './input';
import { lastSavedOf, presentDoc, presentDocs, presentPublicDoc } from './present';
import { requireDocRoom, requireManagedDoc, requireReadableDoc, requireWritableDoc, toDocState, type Reader } from './state';
import { docs } from './tables';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

/** The secret of a public link: 32 bytes, so it cannot be guessed. */
const newShareToken = () => randomBytes(32).toString('base64url');

export function presentDocFor(context: MercuriusContext, docId: string, userId: string) {
  const db = context.services.database.db;
  const { row, access } = requireReadableDoc(db, docId, userId);
  return presentDoc(row, access, context.services.config.publicUrl, lastSavedOf(db, [row.id]).get(row.id) ?? null);
}

/** A shared doc by its link secret; the same answer for unknown, revoked and malformed secrets. */
export function findSharedDoc(db: Reader, token: unknown) {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const row = db
    .select()
    .from(docs)
    .where(and(eq(docs.shareToken, token), eq(docs.shared, true)))
    .get();
  return row ?? undefined;
}

/** getWalls' orders, each ending on the id so equal values keep one order across pages. */
const orderOf: Record<DocSort, SQL[]> = {
  updated: [desc(docs.updatedAt), desc(docs.id)],
  title: [asc(sql`${docs.title} COLLATE NOCASE`), asc(docs.title), asc(docs.id)],
  created: [desc(docs.createdAt), desc(docs.id)],
};

export const docQueries = {
  getWalls: (
    _root,
    args: { project: string; folder?: string | null; sort?: string | null; limit?: number | null; offset?: number | null },
    context,
  ) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const { limit, offset } = parsePage(args.limit, args.offset);
    const sort = parseSort(args.sort);
    const access = requireReadableSpaceContent(db, args.project, actor.userId);
    const inSpace = eq(docs.projectId, access.projectId);
    const scope =
      args.folder === docRootFolder
        ? and(inSpace, isNull(docs.folderId))
        : args.folder
          ? and(inSpace, eq(docs.folderId, args.folder))
          : inSpace;
    const rows = db
      .select()
      .from(docs)
      .where(scope)
      .orderBy(...orderOf[sort])
      .limit(limit)
      .offset(offset)
      .all();
    const total =
      db
        .select({ count: sql<number>`count(*)` })
        .from(docs)
        .where(scope)
        .get()?.count ?? 0;
    return { walls: presentDocs(db, rows, access, context.services.config.publicUrl), total };
  },
  getWall: (_root, args: { id: string }, context) => presentDocFor(context, args.id, requireActor(context).userId),
  getWorkspace: async (_root, args: { workspace: string }, context) => {
    await context.services.rateLimits.consume(['shareLinkPerAddress', addressKey(context.ip ?? 'unknown')]);
    const row = findSharedDoc(context.services.database.db, args.workspace);
    if (!row) throw refusal('NOT_FOUND', 'DOC_NOT_SHARED');
    return presentPublicDoc(row, context.services.config.publicUrl);
  },
} satisfies QueryResolvers;

export const docMutations = {
  setWorkspace: async (_root, args: DocArguments & { project: string; title: string }, context) => {
    const actor = requireActor(context);
    const fields = { ...parseDocArguments({ emoji: args.emoji, folder: args.folder }), title: docTitle(args.title) };
    const docId = newId();
    await runCommand(context, actor.userId, async (unit) => {
      const access = requireWritableSpaceContent(unit.transaction, args.project, actor.userId);
      requireDocFolder(unit.transaction, access.projectId, fields.folderId);
      requireDocRoom(unit.transaction, access.teamId);
      const events = decideCreateDoc({ docId, projectId: access.projectId, teamId: access.teamId, fields });
      await unit.append(docStream(docId), events, { teamId: access.teamId, expectedVersion: 0 });
    });
    return presentDocFor(context, docId, actor.userId);
  },
  updateWall: async (_root, args: DocArguments & { id: string; shared?: boolean | null }, context) => {
    const actor = requireActor(context);
    const requested = parseDocArguments(args);
    await runCommand(context, actor.userId, async (unit) => {
      const db = unit.transaction;
      const { row, access } = requireWritableDoc(db, args.id, actor.userId);
      const doc = toDocState(row);
      if (typeof args.shared === 'boolean' && args.shared !== doc.shared && !spaceContentPolicy.manage(access, row))
        throw new DomainError('PERMISSION_DENIED');
      if (requested.folderId !== undefined) requireDocFolder(db, doc.projectId, requested.folderId);
      const events = [
        ...decideEditDoc(doc, requested),
        ...(typeof args.shared === 'boolean' ? decideSharing(doc, args.shared, newShareToken) : []),
      ];
      if (events.length > 0) await unit.append(docStream(doc.id), events, { teamId: doc.teamId });
    });
    return presentDocFor(context, args.id, actor.userId);
  },
  delWorkspace: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, async (unit) => {
      const { row } = requireManagedDoc(unit.transaction, args.id, actor.userId);
      await unit.append(docStream(row.id), decideDeleteDoc(toDocState(row)), { teamId: row.teamId });
    });
    return true;
  },
} satisfies MutationResolvers;
