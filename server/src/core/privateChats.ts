import { isId } from './ids';
import type { Reader } from './spaceContent';
import { databaseBehind } from '../db/unitDatabases';

/**
 * The private chats port: what an area before chat (meetings: a private chat's call) may know of a
 * private chat without importing the chat area. The chat area provides it (DomainModule.privatDirectory);
 * the app binds it to the database handle, like the space directory.
 */
export interface PrivateChatFacts {
  id: string;
  teamId: string;
  /** A group's name; null for a one-to-one chat (and a group without one). */
  name: string | null;
  /** The users in the chat now (those who left are not). */
  memberIds: string[];
}

/** The port the chat area implements: a private chat's facts, or null when there is no such chat. */
export interface PrivateChatDirectory {
  privateChat(db: Reader, privatId: string): Promise<PrivateChatFacts | null>;
}

const directories = new WeakMap<object, PrivateChatDirectory>();

export function bindPrivateChatDirectory(db: object, directory: PrivateChatDirectory): void {
  directories.set(db, directory);
}

/** The private chat, or null when there is none (or no area provides private chats to this database). */
export async function findPrivateChat(db: Reader, privatId: unknown): Promise<PrivateChatFacts | null> {
  if (!isId(privatId)) return null;
  return (await directories.get(databaseBehind(db))?.privateChat(db, privatId)) ?? null;
}
