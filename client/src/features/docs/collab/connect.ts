/** Opens a doc's live session in the browser: y-websocket to ws(s)://<host><room>, with the session cookie or a public link's secret. */
import { WebsocketProvider } from 'y-websocket';
import { isTerminalCloseCode } from '#shared/docs';
import { refreshSession } from '../../../lib/graphql';
import { localDocName, type LocalDocOpener } from './localDocs';
import { CollabSession, type ProviderLike } from './session';

export interface OpenSessionOptions {
  /** The doc's room path (Wall.room), e.g. /collab/<id>. */
  room: string;
  /** A public link's secret: the server then lets this socket read only. */
  share?: string;
  lastSavedAt?: string | null;
  /** A member's doc: kept on this device in the database of this user and doc (see localDocs.ts). */
  local?: { user: string; doc: string };
}

/**
 * y-indexeddb rides the lazily loaded editor chunk (the editor needs it loaded anyway), so the main
 * bundle stays without it; the session connects once the chunk is there and the store restored.
 */
const openInEditorChunk =
  (name: string): LocalDocOpener =>
  async (doc) =>
    (await import('../editor/DocEditor')).openLocalDoc(name, doc);

/** The local store of a session: a member's doc only, never a public link's (read only, nothing to keep). */
export function localStoreOf(
  { share, local }: OpenSessionOptions,
  open: (name: string) => LocalDocOpener = openInEditorChunk,
): LocalDocOpener | undefined {
  if (share || !local) return undefined;
  return open(localDocName(local.user, local.doc));
}

export function openDocSession(options: OpenSessionOptions): CollabSession {
  const { room, share, lastSavedAt } = options;
  const origin = `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}`;
  const cut = room.lastIndexOf('/');
  const local = localStoreOf(options);
  return new CollabSession({
    lastSavedAt: lastSavedAt ?? null,
    // A member's 4401: the app's token refresh (rotating the session cookies), then one reconnection.
    ...(share ? {} : { refresh: refreshSession }),
    ...(local ? { local } : {}),
    createProvider: (doc, socketClass, connect) =>
      new WebsocketProvider(`${origin}${room.slice(0, cut)}`, room.slice(cut + 1), doc, {
        // With a local store, the session connects once the store restored the edits kept here.
        connect,
        WebSocketPolyfill: socketClass,
        params: share ? { share } : {},
        // Other tabs sync through the server, so every edit is counted by the server's `saved`.
        disableBc: true,
        // The server refuses (4401, 4404) or ends (4403, 4404, 4400, 4413) a session with 4400-4499:
        // retrying cannot help, so the provider stops and the session shows why.
        shouldReconnect: (event: CloseEvent) => !isTerminalCloseCode(event.code),
      }) as unknown as ProviderLike,
  });
}
