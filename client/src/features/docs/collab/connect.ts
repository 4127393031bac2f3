/** Opens a doc's live session in the browser: y-websocket to ws(s)://<host><room>, with the session cookie or a public link's secret. */
import { WebsocketProvider } from 'y-websocket';
import { isTerminalCloseCode } from '#shared/docs';
import { refreshSession } from '../../../lib/graphql';
import { CollabSession, type ProviderLike } from './session';

export interface OpenSessionOptions {
  /** The doc's room path (Wall.room), e.g. /collab/<id>. */
  room: string;
  /** A public link's secret: the server then lets this socket read only. */
  share?: string;
  lastSavedAt?: string | null;
}

export function openDocSession({ room, share, lastSavedAt }: OpenSessionOptions): CollabSession {
  const origin = `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}`;
  const cut = room.lastIndexOf('/');
  return new CollabSession({
    lastSavedAt: lastSavedAt ?? null,
    // A member's 4401: the app's token refresh (rotating the session cookies), then one reconnection.
    ...(share ? {} : { refresh: refreshSession }),
    createProvider: (doc, socketClass) =>
      new WebsocketProvider(`${origin}${room.slice(0, cut)}`, room.slice(cut + 1), doc, {
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
