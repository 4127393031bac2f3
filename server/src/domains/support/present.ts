import { inArray } from 'drizzle-orm';
import { users } from '../accounts';
import type { Reader } from '../tasks';
import {
  lastMessages,
  unreadCounts,
  type FeedbackListRow,
  type FeedbackRow,
  type SupportMessageRow,
  type SupportThreadRow,
  type ThreadSide,
} from './state';

export interface SupportPersonView {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  profileImg: string | null;
}

/** People as the support team sees them (with their e-mail, to answer outside the app too). */
async function supportPeopleById(db: Reader, ids: Iterable<string>): Promise<Map<string, SupportPersonView>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, profileImg: users.profileImg })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

interface AuthorView {
  id: string;
  firstname: string;
  lastname: string;
  profileImg: string | null;
}

/**
 * The messages' authors as any reader of the conversation sees them (no e-mail). Read here rather than through
 * chat's peopleById, whose prepared SQLite statement does not run on PostgreSQL.
 */
async function authorsById(db: Reader, ids: Iterable<string>): Promise<Map<string, AuthorView>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function presentMessages(db: Reader, rows: readonly SupportMessageRow[]) {
  const authors = await authorsById(
    db,
    rows.map((row) => row.authorId),
  );
  return rows.map((row) => ({
    id: row.id,
    thread: row.personId,
    body: row.body,
    author: authors.get(row.authorId) ?? null,
    fromSupport: row.authorId !== row.personId,
    createdAt: row.createdAt,
  }));
}

/** Conversations as one side sees them: their unread count is that side's. */
export async function presentThreads(db: Reader, rows: readonly SupportThreadRow[], sideOf: (row: SupportThreadRow) => ThreadSide) {
  const people = await supportPeopleById(
    db,
    rows.map((row) => row.personId),
  );
  const last = await lastMessages(db, rows);
  const lastPresented = new Map((await presentMessages(db, [...last.values()])).map((message) => [message.thread, message]));
  const unread = await unreadCounts(db, rows, sideOf);
  return rows.map((row) => ({
    id: row.personId,
    person: people.get(row.personId) ?? null,
    lastMessage: lastPresented.get(row.personId) ?? null,
    unread: unread.get(row.personId) ?? 0,
    updatedAt: row.lastMessageAt,
  }));
}

export async function presentFeedbacks(db: Reader, rows: readonly (FeedbackListRow | FeedbackRow)[]) {
  const people = await supportPeopleById(
    db,
    rows.map((row) => row.authorId),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    message: row.message,
    author: people.get(row.authorId) ?? null,
    page: row.page,
    hasScreenshot: 'hasScreenshot' in row ? row.hasScreenshot : row.screenshot !== null,
    screenshot: 'screenshot' in row ? row.screenshot : null,
    createdAt: row.createdAt,
  }));
}
