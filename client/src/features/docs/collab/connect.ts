/** Opens a doc's live session in the browser: y-websocket to ws(s)://<host><room>, with the session cookie or a public link's secret. */
import { WebsocketProvider } from 'y-websocket';
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
    createProvider: (doc, socketClass) =>
      new WebsocketProvider(`${origin}${room.slice(0, cut)}`, room.slice(cut + 1), doc, {
        WebSocketPolyfill: socketClass,
        params: share ? { share } : {},
        // Other tabs sync through the server, so every edit is counted by the server's `saved`.
        disableBc: true,
      }) as unknown as ProviderLike,
  });
}
