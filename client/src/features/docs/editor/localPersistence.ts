/** A member's doc on their device: y-indexeddb's store, loaded with the editor chunk (re-exported by DocEditor). */
import { IndexeddbPersistence } from 'y-indexeddb';
import type * as Y from 'yjs';
import type { LocalDocStore } from '../collab/localDocs';

/**
 * The store itself, not a wrapper: it is the origin of the updates it restores, which the session
 * recognises. Its custom entries take any structured-cloneable value (its typings list fewer), so
 * the acknowledged snapshot is kept as a Uint8Array, like the updates themselves.
 */
export function openLocalDoc(name: string, doc: Y.Doc): LocalDocStore {
  return new IndexeddbPersistence(name, doc) as unknown as LocalDocStore;
}
