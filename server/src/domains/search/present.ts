import type Database from 'better-sqlite3';
import type { SearchResult } from '../../graphql/schemaTypes';
import type { MatchedItem } from './port';
import { clip, unmark, type TextRange } from './text';

const snippetMaximum = 200;

interface SpaceFacts {
  name: string;
  logo: string | null;
  color: string | null;
}

/** Lookups for presenting one page of results, each answer remembered for the page. */
class PageFacts {
  private readonly spaces = new Map<string, SpaceFacts | undefined>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly sqlite: Database.Database,
    private readonly viewerId: string,
  ) {}

  space(spaceId: string | null): SpaceFacts | undefined {
    if (spaceId === null) return undefined;
    if (!this.spaces.has(spaceId))
      this.spaces.set(
        spaceId,
        this.sqlite.prepare<[string], SpaceFacts>('SELECT name, logo, color FROM projects WHERE id = ?').get(spaceId) ?? undefined,
      );
    return this.spaces.get(spaceId);
  }

  /** A message's conversation as people call it: the space, the task (T-12 Fix the login), the private chat or the room. */
  conversationName(item: MatchedItem): string {
    const key = `${item.privatId ?? ''}|${item.meetingroomId ?? ''}|${item.taskId ?? ''}|${item.spaceId ?? ''}`;
    const known = this.names.get(key);
    if (known !== undefined) return known;
    const name = this.lookUpConversationName(item);
    this.names.set(key, name);
    return name;
  }

  private lookUpConversationName(item: MatchedItem): string {
    if (item.privatId !== null) {
      const chat = this.sqlite.prepare<[string], { name: string | null }>('SELECT name FROM privats WHERE id = ?').get(item.privatId);
      if (chat?.name) return chat.name;
      const others = this.sqlite
        .prepare<[string, string], { name: string }>(
          `SELECT trim(u.firstname || ' ' || u.lastname) AS name FROM privat_members m JOIN users u ON u.id = m.user_id
           WHERE m.privat_id = ? AND m.user_id <> ? ORDER BY m.joined_at, u.id`,
        )
        .all(item.privatId, this.viewerId);
      return others.map((other) => other.name).join(', ');
    }
    if (item.meetingroomId !== null)
      return (
        this.sqlite.prepare<[string], { name: string }>('SELECT name FROM meetingrooms WHERE id = ?').get(item.meetingroomId)?.name ?? ''
      );
    if (item.taskId !== null) {
      const task = this.sqlite
        .prepare<[string], { code: string | null; title: string }>(
          `SELECT i.code, t.title FROM search_items i JOIN search_text t ON t.rowid = i.id WHERE i.kind = 'task' AND i.item_id = ?`,
        )
        .get(item.taskId);
      return task ? [task.code, task.title].filter(Boolean).join(' ') : '';
    }
    return this.space(item.spaceId)?.name ?? '';
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
export function presentResults(sqlite: Database.Database, viewerId: string, items: readonly MatchedItem[]): SearchResult[] {
  const facts = new PageFacts(sqlite, viewerId);
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
