/**
 * A member's docs kept on their device (IndexedDB, through y-indexeddb in the editor chunk): one
 * database per signed-in user and doc, so two accounts on one browser never share edits. This
 * module holds only the names and the clean-up, without y-indexeddb, so sign-out and deletion can
 * use it from the main bundle.
 *
 * A database is deleted when its user signs out (auth's logout calls forgetLocalDocs), when the
 * doc is deleted (deleteDoc, a live deletion) and when the server ends the session with 4403 or
 * 4404 (the session clears its own store).
 */
import type * as Y from 'yjs';

const prefix = 'workspace-docs';

/** The prefix of every local database of a user. */
const userPrefix = (user: string) => `${prefix}:${encodeURIComponent(user)}:`;

/** The IndexedDB database of one doc of one signed-in user. */
export const localDocName = (user: string, doc: string) => `${userPrefix(user)}${encodeURIComponent(doc)}`;

/** What the session needs of y-indexeddb's IndexeddbPersistence (a fake one in tests). */
export interface LocalDocStore {
  /**
   * Resolves once the stored updates were applied to the doc, in one transaction whose origin is
   * the store; they are read from the database, so after the store was handed to the session.
   */
  whenSynced: Promise<unknown>;
  /** The store's own key-value entries, next to the doc's updates. */
  get(key: string): Promise<unknown>;
  set(key: string, value: Uint8Array): Promise<unknown>;
  /** Stops storing and deletes the database. */
  clearData(): Promise<void>;
  /** Stops storing and closes the database; what it holds stays. */
  destroy(): Promise<void>;
}

/** Opens a doc's store on the session's Y.Doc; the store applies what it holds to it. */
export type LocalDocOpener = (doc: Y.Doc) => Promise<LocalDocStore>;

/** The part of the browser's IDBFactory the clean-up uses. */
export interface DatabaseList {
  databases?: () => Promise<Array<{ name?: string }>>;
  deleteDatabase(name: string): unknown;
}

const browserDatabases = (): DatabaseList | undefined => (globalThis as { indexedDB?: DatabaseList }).indexedDB;

/**
 * Deletes the local database of a doc (deleted, or out of reach). An open connection to it (the
 * doc's page still mounted) delays the deletion until that session closes.
 */
export function forgetLocalDoc(
  user: string | null | undefined,
  doc: string,
  databases: DatabaseList | undefined = browserDatabases(),
): void {
  if (!user || !databases) return;
  try {
    databases.deleteDatabase(localDocName(user, doc));
  } catch {
    // Storage is unavailable (private mode, blocked by the browser): there is nothing to delete.
  }
}

/** Deletes every local doc database of a user (sign-out). Browsers without indexedDB.databases() cannot list them. */
export async function forgetLocalDocs(
  user: string | null | undefined,
  databases: DatabaseList | undefined = browserDatabases(),
): Promise<void> {
  if (!user || !databases?.databases) return;
  const mine = userPrefix(user);
  try {
    for (const { name } of await databases.databases()) if (name?.startsWith(mine)) databases.deleteDatabase(name);
  } catch {
    // As above: no storage, nothing kept.
  }
}
