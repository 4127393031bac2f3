import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { collabCloseCodes, collabPath } from '#shared/docs';
import type { Services } from '../graphql/context';
import { authorizeUpgrade, type Grant, type Verdict } from './access';
import { closeReason } from './room';
import { collabOf, type Connection } from './rooms';

type CollabRequest = FastifyRequest<{ Params: { docId: string }; Querystring: { token?: string; share?: string } }>;

/** Verdicts decided before the upgrade, picked up by the socket handler once it completes. */
const verdicts = new WeakMap<FastifyRequest, Verdict>();

function toBytes(data: Buffer | ArrayBuffer | Buffer[]): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

function connectionOf(socket: WebSocket, grant: Grant): Connection {
  return {
    grant,
    userId: grant.kind === 'member' ? grant.userId : null,
    writable: grant.kind === 'member' && grant.writable,
    awareness: grant.kind === 'member',
    send(message) {
      if (socket.readyState === socket.OPEN) socket.send(message);
    },
    close(code, reason) {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, closeReason(reason));
    },
  };
}

/**
 * GET /collab/:docId: the y-websocket endpoint of a doc (the provider connects to
 * `${serverUrl}/${docId}` with serverUrl = ws(s)://host/collab). Access is decided before the
 * upgrade; a refused caller still gets the upgrade and then an immediate close with the refusal's
 * code (4401 without valid credentials, 4404 for a doc that is missing or out of sight) and a
 * reason, because a browser sees no HTTP status on a failed upgrade and its provider would retry
 * forever. Nothing is sent on a refused socket and nothing it sends is read: it never joins the
 * room. A bad Origin is still refused before the upgrade (verifyClient, in app.ts).
 */
export function registerCollabRoutes(server: FastifyInstance, services: Services): void {
  server.get(
    `${collabPath}/:docId`,
    {
      websocket: true,
      preValidation: async (request: CollabRequest, reply) => {
        if (!request.ws) return reply.code(426).header('Upgrade', 'websocket').send({ error: 'Upgrade Required', message: 'Connect with a y-websocket provider.' });
        verdicts.set(request, await authorizeUpgrade(services, request.params.docId, { headers: request.headers, cookies: request.cookies ?? {}, query: request.query ?? {} }));
      },
    },
    (socket: WebSocket, request: CollabRequest) => {
      const verdict = verdicts.get(request);
      verdicts.delete(request);
      if (!verdict) return socket.close(collabCloseCodes.unauthenticated, 'Not authorized.');
      if (!verdict.allowed) return socket.close(verdict.code, closeReason(verdict.message));
      const grant = verdict.grant;
      const manager = collabOf(services);
      const connection = connectionOf(socket, grant);
      const room = manager.connect(connection);
      if (!room) return;
      socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
        try {
          room.receive(connection, toBytes(data));
        } catch (error) {
          // Whatever went wrong stays with this connection: the process and the doc carry on.
          request.log.error({ err: error, docId: grant.docId }, 'doc message failed');
          manager.disconnect(connection);
          connection.close(collabCloseCodes.malformed, 'The message could not be handled.');
        }
      });
      socket.on('close', () => manager.disconnect(connection));
      socket.on('error', () => manager.disconnect(connection));
    },
  );
}
