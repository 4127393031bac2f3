import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { collabCloseCodes, collabPath } from '#shared/docs';
import type { Services } from '../graphql/context';
import { authorizeUpgrade, type Grant } from './access';
import { closeReason } from './room';
import { collabOf, type Connection } from './rooms';

type CollabRequest = FastifyRequest<{ Params: { docId: string }; Querystring: { token?: string; share?: string } }>;

/** Grants decided before the upgrade, picked up by the socket handler once it completes. */
const grants = new WeakMap<FastifyRequest, Grant>();

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
 * upgrade completes: 401 without valid credentials, 404 for a doc that is missing or out of sight.
 */
export function registerCollabRoutes(server: FastifyInstance, services: Services): void {
  server.get(
    `${collabPath}/:docId`,
    {
      websocket: true,
      preValidation: async (request: CollabRequest, reply) => {
        if (!request.ws) return reply.code(426).header('Upgrade', 'websocket').send({ error: 'Upgrade Required', message: 'Connect with a y-websocket provider.' });
        const verdict = await authorizeUpgrade(services, request.params.docId, { headers: request.headers, cookies: request.cookies ?? {}, query: request.query ?? {} });
        if (!verdict.allowed) return reply.code(verdict.status).send({ error: verdict.status === 401 ? 'Unauthorized' : 'Not Found', message: verdict.message });
        grants.set(request, verdict.grant);
      },
    },
    (socket: WebSocket, request: CollabRequest) => {
      const grant = grants.get(request);
      if (!grant) return socket.close(collabCloseCodes.unauthenticated, 'Not authorized.');
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
