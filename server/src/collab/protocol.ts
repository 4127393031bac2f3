import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { collabMessageTypes } from '#shared/docs';

/**
 * The y-websocket wire protocol (what the y-websocket provider and server speak), with the
 * additions of shared/src/docs.ts: `saved` (100) and `access` (101), sent by the server only.
 */
export const messageSync = 0;
export const messageAwareness = 1;
export const messageAuth = 2;
export const messageQueryAwareness = 3;

/** A message the room understands; anything else is malformed and closes the socket. */
export type ClientMessage =
  | { kind: 'syncStep1'; stateVector: Uint8Array }
  | { kind: 'syncStep2' | 'update'; update: Uint8Array }
  | { kind: 'awareness'; update: Uint8Array }
  | { kind: 'queryAwareness' };

export class MalformedMessage extends Error {
  override name = 'MalformedMessage';
}

/**
 * Checks an awareness update fully before anything is applied: applyAwarenessUpdate parses as it
 * goes, so a bad entry half-way would leave the entries before it applied.
 */
function checkAwarenessUpdate(update: Uint8Array): void {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  for (let index = 0; index < count; index += 1) {
    decoding.readVarUint(decoder);
    decoding.readVarUint(decoder);
    const state: unknown = JSON.parse(decoding.readVarString(decoder));
    if (state !== null && typeof state !== 'object') throw new MalformedMessage('An awareness state must be an object or null.');
  }
}

/**
 * Parses and validates one message without touching the room. Updates are decoded in full
 * (Y.decodeUpdate), so a truncated or garbled one is refused before it is stored or applied.
 */
export function parseClientMessage(data: Uint8Array): ClientMessage {
  try {
    const decoder = decoding.createDecoder(data);
    const type = decoding.readVarUint(decoder);
    if (type === messageQueryAwareness) return { kind: 'queryAwareness' };
    if (type === messageAwareness) {
      const update = decoding.readVarUint8Array(decoder);
      checkAwarenessUpdate(update);
      return { kind: 'awareness', update };
    }
    if (type !== messageSync) throw new MalformedMessage(`Unknown message type ${type}.`);
    const syncType = decoding.readVarUint(decoder);
    const payload = decoding.readVarUint8Array(decoder);
    if (syncType === syncProtocol.messageYjsSyncStep1) {
      Y.decodeStateVector(payload);
      return { kind: 'syncStep1', stateVector: payload };
    }
    if (syncType !== syncProtocol.messageYjsSyncStep2 && syncType !== syncProtocol.messageYjsUpdate)
      throw new MalformedMessage(`Unknown sync message type ${syncType}.`);
    Y.decodeUpdate(payload);
    return { kind: syncType === syncProtocol.messageYjsSyncStep2 ? 'syncStep2' : 'update', update: payload };
  } catch (error) {
    if (error instanceof MalformedMessage) throw error;
    throw new MalformedMessage(error instanceof Error ? error.message : 'Unreadable message.');
  }
}

const finish = (write: (encoder: encoding.Encoder) => void) => {
  const encoder = encoding.createEncoder();
  write(encoder);
  return encoding.toUint8Array(encoder);
};

export const encodeSyncStep1 = (doc: Y.Doc) =>
  finish((encoder) => {
    encoding.writeVarUint(encoder, messageSync);
    syncProtocol.writeSyncStep1(encoder, doc);
  });

export const encodeSyncStep2 = (doc: Y.Doc, stateVector: Uint8Array) =>
  finish((encoder) => {
    encoding.writeVarUint(encoder, messageSync);
    syncProtocol.writeSyncStep2(encoder, doc, stateVector);
  });

export const encodeUpdate = (update: Uint8Array) =>
  finish((encoder) => {
    encoding.writeVarUint(encoder, messageSync);
    syncProtocol.writeUpdate(encoder, update);
  });

export const encodeAwareness = (awareness: awarenessProtocol.Awareness, clients: readonly number[]) =>
  finish((encoder) => {
    encoding.writeVarUint(encoder, messageAwareness);
    encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(awareness, [...clients]));
  });

/** `saved`: the connection's first `count` updates are stored. */
export const encodeSaved = (count: number) =>
  finish((encoder) => {
    encoding.writeVarUint(encoder, collabMessageTypes.saved);
    encoding.writeVarUint(encoder, count);
  });

/** `access`: whether what this connection sends will be kept. */
export const encodeAccess = (writable: boolean) =>
  finish((encoder) => {
    encoding.writeVarUint(encoder, collabMessageTypes.access);
    encoding.writeVarUint(encoder, writable ? 1 : 0);
  });
