import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { collabMessageTypes, collabPath } from '#shared/docs';
import { expectData, type Person } from './teamFactories';

export const wallFields = 'id title emoji cover description shared shareUrl embed folder project author createdAt updatedAt lastSavedAt room canEdit canManage';

export async function createDoc(owner: Person, project: string, title = 'Doc'): Promise<{ id: string; title: string }> {
  return expectData(await owner.client.execute<{ setWorkspace: { id: string; title: string } }>('mutation ($project: ID!, $title: String!) { setWorkspace(project: $project, title: $title) { id title } }', { project, title })).setWorkspace;
}

export async function shareDoc(owner: Person, id: string, shared = true): Promise<string | null> {
  const result = expectData(await owner.client.execute<{ updateWall: { shareUrl: string | null } }>('mutation ($id: ID!, $shared: Boolean) { updateWall(id: $id, shared: $shared) { shareUrl } }', { id, shared }));
  return result.updateWall.shareUrl?.split('/').pop() ?? null;
}

export interface Credentials {
  cookie?: string;
  token?: string;
  share?: string;
}

/** The ws WebSocket with a cookie header, for the y-websocket provider (browsers send the cookie themselves). */
function socketClass(cookie: string | undefined): typeof WebSocket {
  return class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, cookie ? { headers: { cookie } } : {});
    }
  } as typeof WebSocket;
}

export const collabUrl = (serverUrl: string) => `${serverUrl.replace(/^http/, 'ws')}${collabPath}`;

/** A real y-websocket provider in Node, counting the server's `saved` acknowledgements. */
export function openDoc(serverUrl: string, docId: string, credentials: Credentials, doc = new Y.Doc()) {
  const params: Record<string, string> = {};
  if (credentials.token) params.token = credentials.token;
  if (credentials.share) params.share = credentials.share;
  const provider = new WebsocketProvider(collabUrl(serverUrl), docId, doc, {
    WebSocketPolyfill: socketClass(credentials.cookie) as unknown as typeof globalThis.WebSocket,
    params,
    disableBc: true,
    maxBackoffTime: 300,
  });
  const state = { saved: 0, writable: null as boolean | null, closes: [] as { code: number; reason: string }[] };
  provider.messageHandlers[collabMessageTypes.saved] = (_encoder, decoder) => {
    state.saved = decoding.readVarUint(decoder);
  };
  provider.messageHandlers[collabMessageTypes.access] = (_encoder, decoder) => {
    state.writable = decoding.readVarUint(decoder) === 1;
  };
  provider.on('connection-close', (event) => {
    if (event) state.closes.push({ code: event.code, reason: event.reason });
    // A new connection counts its acknowledgements from zero.
    state.saved = 0;
  });
  const fragment = doc.getXmlFragment('default');
  return {
    doc,
    provider,
    state,
    fragment,
    text: () => fragment.toString(),
    synced: () => waitFor(() => provider.synced, `provider of ${docId} synced`),
    destroy: () => provider.destroy(),
  };
}

export type OpenDoc = ReturnType<typeof openDoc>;

/** The first paragraph's text node, made by whoever gets there first (all replicas agree after sync). */
export function paragraphText(doc: Y.Doc): Y.XmlText {
  const fragment = doc.getXmlFragment('default');
  if (fragment.length === 0) {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText()]);
    fragment.insert(0, [paragraph]);
  }
  return (fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText;
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A bare websocket to a doc room, for sending bytes no provider would; it records every message the server sends. */
export function rawSocket(serverUrl: string, docId: string, cookie?: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${collabUrl(serverUrl)}/${docId}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const received: Uint8Array[] = [];
  socket.on('message', (data: Buffer) => received.push(new Uint8Array(data)));
  const opened = new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const refused = new Promise<number>((resolve) => socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)));
  socket.on('error', () => undefined);
  return { socket, opened, closed, refused, received };
}

/**
 * A connection the server must refuse after the upgrade: it opens, at once tries to read (sync
 * step 1, query awareness) and to write (an update, an awareness state), and is closed. Gives the
 * close and every message the server sent before it (there must be none).
 */
export async function refusedSocket(serverUrl: string, docId: string, cookie?: string) {
  const raw = rawSocket(serverUrl, docId, cookie);
  raw.socket.once('open', () => {
    const intruder = new Y.Doc();
    intruder.getXmlFragment('default').insert(0, [new Y.XmlText('INTRUDER')]);
    const awareness = new awarenessProtocol.Awareness(intruder);
    awareness.setLocalState({ user: { name: 'Intruder' } });
    const message = (write: (encoder: encoding.Encoder) => void) => {
      const encoder = encoding.createEncoder();
      write(encoder);
      return encoding.toUint8Array(encoder);
    };
    const sends = [
      message((encoder) => (encoding.writeVarUint(encoder, 0), syncProtocol.writeSyncStep1(encoder, intruder))),
      message((encoder) => encoding.writeVarUint(encoder, 3)),
      message((encoder) => (encoding.writeVarUint(encoder, 0), syncProtocol.writeUpdate(encoder, Y.encodeStateAsUpdate(intruder)))),
      message((encoder) => (encoding.writeVarUint(encoder, 1), encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(awareness, [intruder.clientID])))),
    ];
    for (const each of sends) if (raw.socket.readyState === WebSocket.OPEN) raw.socket.send(each);
    awareness.destroy();
    intruder.destroy();
  });
  const close = await raw.closed;
  return { ...close, received: raw.received };
}
