import type { AppDatabase } from '../db/connection';
import { databaseBehind } from '../db/unitDatabases';

/** A space's unread count and last message as one viewer is sent them (the message as the chat area presents it). */
export interface SpaceChatSummary {
  unread: number;
  lastMessage: { authorId: string } | null;
}

/**
 * The space chat summaries port: what the teams area's subProject needs of a space's chat without importing the
 * chat area, so that the chat list's deliveries can be shared by the subscribers who are sent the same summary.
 * The chat area provides it when it starts (chat/index.ts), bound to the app's database handle.
 */
export interface SpaceChatSummaries {
  /**
   * The summary of `spaceId`'s channel for `viewerId` at the log's current position and `now`, exactly as the
   * Project.unread and Project.lastMessage fields answer it; `moderates` is whether the viewer moderates it.
   */
  summaryOf(
    database: Pick<AppDatabase, 'db' | 'logPosition'>,
    viewerId: string,
    spaceId: string,
    moderates: boolean,
    now: Date,
  ): Promise<SpaceChatSummary>;
}

const providers = new WeakMap<object, SpaceChatSummaries>();

export function bindSpaceChatSummaries(db: object, summaries: SpaceChatSummaries): void {
  providers.set(db, summaries);
}

/** The provider bound to this database, if the chat area runs on it. */
export function spaceChatSummariesOf(db: object): SpaceChatSummaries | undefined {
  return providers.get(databaseBehind(db));
}
