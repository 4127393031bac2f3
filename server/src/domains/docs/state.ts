import { eq } from 'drizzle-orm';
import { docMessages } from '#shared/docs';
import { teamMessages } from '#shared/teams';
import type { Transaction } from '../../db/connection';
import { DomainError } from '../../errors';
import { isId } from '../../ids';
import { loadSpaceAccess } from '../teams/state';
import type { DocState } from './commands';
import { docPolicy, type DocAccess } from './policies';
import { docs } from './tables';

/** Reads work the same on the database and inside a command's transaction. */
export type Reader = Pick<Transaction, 'select' | 'all'>;
export type DocRow = typeof docs.$inferSelect;

export interface DocAccessOf extends DocAccess {
  projectId: string;
  teamId: string;
  userId: string;
}

export function findDocRow(db: Reader, docId: string): DocRow | undefined {
  if (!isId(docId)) return undefined;
  return db.select().from(docs).where(eq(docs.id, docId)).get();
}

export function toDocState(row: DocRow): DocState {
  return {
    id: row.id,
    projectId: row.projectId,
    teamId: row.teamId,
    authorId: row.authorId,
    title: row.title,
    emoji: row.emoji,
    cover: row.cover,
    description: row.description,
    folderId: row.folderId,
    shared: row.shared,
    shareToken: row.shareToken,
  };
}

/** The caller's access to a space's docs, or null when there is no such space. */
export function docAccessOf(db: Reader, projectId: string, userId: string): DocAccessOf | null {
  const access = isId(userId) ? loadSpaceAccess(db, projectId, userId) : null;
  if (!access) return null;
  return { seat: access.seat, space: access.space, spaceSeat: access.spaceSeat, projectId, teamId: access.space.teamId, userId };
}

/** The space, if the user may see its docs; the same answer whether it does not exist or is out of sight. */
export function requireReadableSpace(db: Reader, projectId: string, userId: string): DocAccessOf {
  const access = docAccessOf(db, projectId, userId);
  if (!access || !docPolicy.read(access)) throw new DomainError('NOT_FOUND', teamMessages.spaceNotFound);
  return access;
}

export function requireWritableSpace(db: Reader, projectId: string, userId: string): DocAccessOf {
  const access = requireReadableSpace(db, projectId, userId);
  if (!docPolicy.write(access)) throw new DomainError('PERMISSION_DENIED');
  return access;
}

/** The doc, if the user may see it; one answer for missing and out of sight, so ids cannot be probed. */
export function requireReadableDoc(db: Reader, docId: string, userId: string): { row: DocRow; access: DocAccessOf } {
  const row = findDocRow(db, docId);
  const access = row ? docAccessOf(db, row.projectId, userId) : null;
  if (!row || !access || !docPolicy.read(access)) throw new DomainError('NOT_FOUND', docMessages.docNotFound);
  return { row, access };
}

export function requireWritableDoc(db: Reader, docId: string, userId: string): { row: DocRow; access: DocAccessOf } {
  const found = requireReadableDoc(db, docId, userId);
  if (!docPolicy.write(found.access)) throw new DomainError('PERMISSION_DENIED');
  return found;
}

export function requireManagedDoc(db: Reader, docId: string, userId: string): { row: DocRow; access: DocAccessOf } {
  const found = requireWritableDoc(db, docId, userId);
  if (!docPolicy.manage(found.access, found.row)) throw new DomainError('PERMISSION_DENIED');
  return found;
}
