/**
 * The chat lists: private chats, spaces' channels and task threads, and the "recent" mix of them.
 * Private chats and spaces are loaded once and kept live; task threads are read again whenever
 * their tab or the chats page opens (no feed announces a new task thread).
 */
import { request } from '../../lib/graphql';
import type { AppStore } from '../../lib/store';
import { storeSpaceChat, type SpaceLastMessage, type SpaceSummary } from '../spaces/atoms';
import { forgetPrivat, presenceAtom, setPrivats, storePrivat, taskChatsAtom } from './atoms';
import { parseCallEntry, type CallEntryBody } from './callEntry';
import { personName } from './format';
import { markdownToText } from './markdown';
import {
  getPresenceDocument,
  getPrivatsDocument,
  getSpaceChatsDocument,
  getTaskChatsDocument,
  presenceStateOf,
  type Message,
  type Presence,
  type Privat,
  type PrivatChange,
  type SpaceChatChange,
  type SpaceChatSummary,
  type TaskChat,
} from './operations';

function lastOf(message: Message | null): SpaceLastMessage | null {
  if (!message) return null;
  return { id: message.id, body: message.body, type: message.type, createdAt: message.createdAt, author: message.author };
}

export function storeSpaceChatSummary(store: AppStore, summary: SpaceChatSummary): void {
  storeSpaceChat(store, summary.id, { unread: summary.unread, lastMessage: lastOf(summary.lastMessage) });
}

export function applyPrivatChange(store: AppStore, change: PrivatChange): void {
  if (change.privat) storePrivat(store, change.privat);
  else forgetPrivat(store, change.privatId);
}

/** subProject's chat changes; the other kinds belong to the spaces feature. */
export function applySpaceChatChange(store: AppStore, change: SpaceChatChange): void {
  if ((change.type === 'project.message' || change.type === 'project.read') && change.project) storeSpaceChatSummary(store, change.project);
}

export function applyPresence(store: AppStore, presence: Presence): void {
  const state = presenceStateOf(presence.state);
  store.set(presenceAtom, (known) => (known.get(presence.user) === state ? known : new Map(known).set(presence.user, state)));
}

export async function loadPrivats(store: AppStore): Promise<void> {
  const { getPrivats } = await request(getPrivatsDocument, undefined, { silent: true });
  setPrivats(store, getPrivats);
}

export async function loadSpaceChats(store: AppStore): Promise<void> {
  const { getProjects } = await request(getSpaceChatsDocument, undefined, { silent: true });
  for (const summary of getProjects ?? []) storeSpaceChatSummary(store, summary);
}

export async function loadTaskChats(store: AppStore): Promise<void> {
  const { getTaskChats } = await request(getTaskChatsDocument, undefined, { silent: true });
  store.set(taskChatsAtom, getTaskChats);
}

export async function loadPresence(store: AppStore): Promise<void> {
  const { getPresence } = await request(getPresenceDocument, undefined, { silent: true });
  store.set(presenceAtom, new Map(getPresence.map((presence) => [presence.user, presenceStateOf(presence.state)])));
}

export interface ChatListItem {
  kind: 'privat' | 'space' | 'task';
  id: string;
  title: string;
  /** The other person of a one-to-one chat (for the avatar's presence). */
  personId: string | null;
  image: string | null;
  /** A space's colour; a task's. */
  color: string | null;
  /** A task's badge letter. */
  letter?: string;
  /** What the title is shown under: a task's space and code. */
  context?: string;
  unread: number;
  preview: string | null;
  /** When the last message was written, for sorting and display. */
  time: string | null;
  inactive: boolean;
}

/** The other member of a one-to-one chat, or null for groups. */
export function otherMember(privat: Privat, me: string | null) {
  if (privat.name) return null;
  return privat.users.find((user) => user.id !== me) ?? privat.users[0] ?? null;
}

type Previewed = {
  body: string;
  type?: string;
  file?: { name: string } | null;
  author: { id: string; firstname: string; lastname: string } | null;
};

/** A message as one line of words, without its author: call and standup entries' JSON bodies are named, not shown. */
export function messagePreviewText(message: Omit<Previewed, 'author'>, labels: Pick<ListLabels, 'call' | 'standup'>): string {
  if (message.type === 'call') return labels.call(parseCallEntry(message.body));
  if (message.type === 'standup') return labels.standup;
  // A file message may have no words: show the file's name (a paperclip alone once the file was deleted).
  return markdownToText(message.body) || (message.file ? `📎 ${message.file.name}` : message.type === 'file' ? '📎' : '');
}

function previewOf(message: Previewed | null | undefined, me: string | null, labels: ListLabels): string | null {
  if (!message) return null;
  const text = messagePreviewText(message, labels);
  if (!message.author) return text;
  return `${message.author.id === me ? labels.you : personName(message.author, '')}: ${text}`;
}

export interface ListLabels {
  you: string;
  unnamedGroup: string;
  /** A call entry's preview ("Missed call"): its body is JSON, not words. */
  call: (entry: CallEntryBody | null) => string;
  /** A space's standup entry's preview ("Standup"): its body is JSON too. */
  standup: string;
}

export function privatItem(privat: Privat, me: string | null, labels: ListLabels): ChatListItem {
  const other = otherMember(privat, me);
  return {
    kind: 'privat',
    id: privat.id,
    title: privat.name ?? (other ? personName(other, labels.unnamedGroup) : labels.unnamedGroup),
    personId: other?.id ?? null,
    image: privat.logo ?? other?.profileImg ?? null,
    color: null,
    unread: privat.inactive ? 0 : privat.unread,
    preview: previewOf(privat.lastMessage, me, labels),
    time: privat.lastMessage?.createdAt ?? privat.updated,
    inactive: privat.inactive,
  };
}

export function spaceItem(space: SpaceSummary, me: string | null, labels: ListLabels): ChatListItem {
  return {
    kind: 'space',
    id: space.id,
    title: space.name,
    personId: null,
    image: space.logo,
    color: space.color,
    unread: space.unread ?? 0,
    preview: previewOf(space.lastMessage, me, labels),
    time: space.lastMessage?.createdAt ?? null,
    inactive: false,
  };
}

export function taskItem(task: TaskChat, space: SpaceSummary | undefined, me: string | null, labels: ListLabels): ChatListItem {
  return {
    kind: 'task',
    id: task.id,
    title: task.name,
    personId: null,
    image: null,
    color: task.color,
    letter: task.letter,
    context: space ? `${space.name} · ${task.idCode}` : task.idCode,
    unread: task.unread,
    preview: previewOf(task.lastMessage, me, labels),
    time: task.lastMessage?.createdAt ?? null,
    inactive: false,
  };
}

/** Private chats, spaces and task threads with a message, newest activity first. */
export function recentItems(items: readonly ChatListItem[], limit = 30): ChatListItem[] {
  return items
    .filter((item) => item.time !== null && (item.kind !== 'space' || item.preview !== null))
    .sort((left, right) => Date.parse(right.time ?? '') - Date.parse(left.time ?? ''))
    .slice(0, limit);
}
