import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DrizzleDatabase } from '../../db/connection';
import type { SearchResult } from '../../graphql/schemaTypes';
import { users } from '../accounts';
import { taskFactsById } from '../tasks';
import { projects } from '../teams';
import type { MatchedItem } from './port';
import { privatMembers, privats } from '../chat';
import { meetingrooms } from '../meetings';
import { clip, unmark, type TextRange } from './text';

const snippetMaximum = 200;

interface SpaceFacts {
  name: string;
  logo: string | null;
  color: string | null;
}

/** Ids per statement: both databases bound their parameters, and a page holds far fewer. */
const idsPerStatement = 500;

function inChunks<Id>(ids: readonly Id[]): Id[][] {
  const chunks: Id[][] = [];
  for (let start = 0; start < ids.length; start += idsPerStatement) chunks.push(ids.slice(start, start + idsPerStatement));
  return chunks;
}

/**
 * What a page of results is presented with, read for the whole page at once (a few statements, however many results):
 * the spaces' names and looks; for messages, their conversations' names (a group's name or the other members', a
 * room's, a task's code and name through the tasks area's reader).
 */
class PageFacts {
  private constructor(
    private readonly spaces: Map<string, SpaceFacts>,
    private readonly names: { privats: Map<string, string>; rooms: Map<string, string>; tasks: Map<string, string> },
  ) {}

  static async read(db: DrizzleDatabase, viewerId: string, items: readonly MatchedItem[]): Promise<PageFacts> {
    const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];
    const messages = items.filter((item) => item.kind === 'message');
    const privatIds = distinct(messages.map((item) => item.privatId));
    const roomIds = distinct(messages.filter((item) => messageTypeOf(item) === 'meetingroom').map((item) => item.meetingroomId));
    const taskIds = distinct(messages.filter((item) => messageTypeOf(item) === 'task').map((item) => item.taskId));
    // A message in a space's channel is named after its space: the page's spaces, read once.
    const spaceIds = distinct(items.map((item) => item.spaceId));

    const spaces = new Map<string, SpaceFacts>();
    for (const chunk of inChunks(spaceIds)) {
      const rows = await db
        .select({ id: projects.id, name: projects.name, logo: projects.logo, color: projects.color })
        .from(projects)
        .where(inArray(projects.id, chunk));
      for (const { id, ...facts } of rows) spaces.set(id, facts);
    }

    const chatNames = new Map<string, string>();
    const groupNames = new Map<string, string | null>();
    for (const chunk of inChunks(privatIds)) {
      const rows = await db.select({ id: privats.id, name: privats.name }).from(privats).where(inArray(privats.id, chunk));
      for (const row of rows) groupNames.set(row.id, row.name);
    }
    // A chat without a name is called after its other members, in the order they joined.
    const unnamed = privatIds.filter((id) => !groupNames.get(id));
    const others = new Map<string, string[]>();
    for (const chunk of inChunks(unnamed)) {
      const rows = await db
        .select({ privatId: privatMembers.privatId, name: sql<string>`trim(${users.firstname} || ' ' || ${users.lastname})` })
        .from(privatMembers)
        .innerJoin(users, eq(users.id, privatMembers.userId))
        .where(and(inArray(privatMembers.privatId, chunk), ne(privatMembers.userId, viewerId)))
        .orderBy(asc(privatMembers.privatId), asc(privatMembers.joinedAt), asc(users.id));
      for (const row of rows) others.set(row.privatId, [...(others.get(row.privatId) ?? []), row.name]);
    }
    for (const id of privatIds) chatNames.set(id, groupNames.get(id) || (others.get(id) ?? []).join(', '));

    const rooms = new Map<string, string>();
    for (const chunk of inChunks(roomIds)) {
      const rows = await db
        .select({ id: meetingrooms.id, name: meetingrooms.name })
        .from(meetingrooms)
        .where(inArray(meetingrooms.id, chunk));
      for (const row of rows) rooms.set(row.id, row.name);
    }

    const tasks = new Map<string, string>();
    for (const [id, task] of await taskFactsById(db, taskIds)) tasks.set(id, [task.idCode, task.name].filter(Boolean).join(' '));

    return new PageFacts(spaces, { privats: chatNames, rooms, tasks });
  }

  space(spaceId: string | null): SpaceFacts | undefined {
    return spaceId === null ? undefined : this.spaces.get(spaceId);
  }

  /** A message's conversation as people call it: the space, the task (T-12 Fix the login), the private chat or the room. */
  conversationName(item: MatchedItem): string {
    switch (messageTypeOf(item)) {
      case 'privat':
        return this.names.privats.get(item.privatId!) ?? '';
      case 'meetingroom':
        return this.names.rooms.get(item.meetingroomId!) ?? '';
      case 'task':
        return this.names.tasks.get(item.taskId!) ?? '';
      case 'project':
        return this.space(item.spaceId)?.name ?? '';
    }
  }
}

function messageTypeOf(item: MatchedItem): 'project' | 'task' | 'privat' | 'meetingroom' {
  if (item.privatId !== null) return 'privat';
  if (item.meetingroomId !== null) return 'meetingroom';
  if (item.taskId !== null) return 'task';
  return 'project';
}

function linkOf(item: MatchedItem): string {
  const space = item.spaceId === null ? null : encodeURIComponent(item.spaceId);
  const id = encodeURIComponent(item.itemId);
  switch (item.kind) {
    case 'task':
      return `/${space}/tasks/d/${id}`;
    case 'doc':
      return `/${space}/docs/d/${id}`;
    case 'event':
      // Events are in no space: the calendar's own place, as the notifications' and Home's links open them.
      return `/overview/calendar/d/${id}`;
    case 'file':
      if (item.privatId !== null) return `/chats/${encodeURIComponent(item.privatId)}`;
      if (item.taskId !== null) return `/${space}/tasks/d/${encodeURIComponent(item.taskId)}`;
      return `/${space}/files${item.folderId === null ? '' : `/${encodeURIComponent(item.folderId)}`}?file=${id}`;
    case 'message':
      switch (messageTypeOf(item)) {
        case 'privat':
          return `/chats/${encodeURIComponent(item.privatId!)}?message=${id}`;
        case 'meetingroom':
          return `/meetingroom/${encodeURIComponent(item.meetingroomId!)}`;
        case 'task':
          return `/${space}/tasks/d/${encodeURIComponent(item.taskId!)}?message=${id}`;
        case 'project':
          return `/chats/${space}?message=${id}`;
      }
  }
}

const shifted = (ranges: TextRange[], by: number): TextRange[] =>
  ranges.map((range) => ({ start: range.start + by, length: range.length }));

/** The page of results as SPEC's Search result, plus where the query matched in the title and the snippet. */
export async function presentResults(db: DrizzleDatabase, viewerId: string, items: readonly MatchedItem[]): Promise<SearchResult[]> {
  const facts = await PageFacts.read(db, viewerId, items);
  return items.map((item) => {
    const space = facts.space(item.spaceId);
    const matchedTitle = unmark(item.markedTitle);
    let title = matchedTitle.text;
    let titleHighlights = matchedTitle.ranges;
    if (item.kind === 'task' && item.code) {
      title = `${item.code} ${matchedTitle.text}`;
      titleHighlights = shifted(matchedTitle.ranges, item.code.length + 1);
    } else if (item.kind === 'message') {
      title = facts.conversationName(item);
      titleHighlights = [];
    }
    const snippet = clip(unmark(item.markedSnippet), snippetMaximum);
    return {
      id: item.itemId,
      type: item.kind,
      logo: space?.logo ?? null,
      color: space?.color ?? null,
      title,
      emoji: item.kind === 'doc' ? item.emoji : null,
      createdAt: item.createdAt,
      description: snippet.text === '' ? null : snippet.text,
      highlights: snippet.ranges,
      titleHighlights,
      project: space ? item.spaceId : null,
      projectTitle: space?.name ?? null,
      projectLogo: space?.logo ?? null,
      projectColor: space?.color ?? null,
      messageId: item.kind === 'message' ? item.itemId : null,
      messageType: item.kind === 'message' ? messageTypeOf(item) : null,
      link: linkOf(item),
    };
  });
}
