/** Test helper: a stand-in for y-websocket's provider and the browser's WebSocket, driven by hand. */
import * as encoding from 'lib0/encoding';
import * as decoding from 'lib0/decoding';
import { ObservableV2 } from 'lib0/observable';
import { Awareness } from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import type * as Y from 'yjs';
import { collabMessageTypes } from '#shared/docs';
import { CollabSession, type ProviderLike } from './session';

export class FakeSocket {
  readonly sent: unknown[] = [];
  constructor(readonly url: string | URL) {}
  send(data: unknown): void {
    this.sent.push(data);
  }
  close(): void {}
}

type Events = {
  status: (event: { status: 'connected' | 'disconnected' | 'connecting' }) => void;
  closed: (event: { code: number; reason: string }) => void;
};

export class FakeProvider extends ObservableV2<Events> {
  messageHandlers: ProviderLike['messageHandlers'] = [];
  awareness!: Awareness;
  socketClass!: typeof WebSocket;
  destroyed = false;
  /** Calls of connect(): the session's reconnections after a terminal close. */
  connects = 0;

  connect(): void {
    this.connects += 1;
  }

  /** A new socket, as the provider opens one per connection attempt. */
  openSocket(): FakeSocket {
    return new this.socketClass('ws://test/collab/doc') as unknown as FakeSocket;
  }

  /** Delivers one server message (type and varUint payload) to the handler the session installed. */
  receive(type: number, value: number): void {
    const message = encoding.createEncoder();
    encoding.writeVarUint(message, type);
    encoding.writeVarUint(message, value);
    const decoder = decoding.createDecoder(encoding.toUint8Array(message));
    decoding.readVarUint(decoder);
    this.messageHandlers[type]?.(encoding.createEncoder(), decoder, undefined as never, true, type);
  }

  saved(count: number): void {
    this.receive(collabMessageTypes.saved, count);
  }

  override destroy(): void {
    this.destroyed = true;
    super.destroy();
  }
}

/** A y-websocket sync message as the provider sends it: step 2 or an update carrying `update`. */
export function syncMessage(kind: 'step2' | 'update', update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarUint(encoder, kind === 'step2' ? syncProtocol.messageYjsSyncStep2 : syncProtocol.messageYjsUpdate);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

export function fakeSession(now: () => number = Date.now, lastSavedAt: string | null = null, refresh?: () => Promise<void>) {
  let provider!: FakeProvider;
  const session = new CollabSession({
    now,
    lastSavedAt,
    ...(refresh ? { refresh } : {}),
    socketBase: FakeSocket as unknown as typeof WebSocket,
    createProvider: (doc: Y.Doc, socketClass) => {
      provider = new FakeProvider();
      provider.awareness = new Awareness(doc);
      provider.socketClass = socketClass;
      return provider as unknown as ProviderLike;
    },
  });
  return { session, provider };
}
