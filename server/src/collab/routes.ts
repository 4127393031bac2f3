import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { collabCloseCodes, collabPath } from '#shared/docs';
import type { Services } from '../graphql/context';
import { addressKey } from '../http/rateLimits';
import { authorizeUpgrade, type Grant, type Verdict } from './access';
import { collabLimitCloseCodes, collabLimitReasons } from './closeCodes';
import { closeReason, type Room } from './room';
import { collabOf, type Connection } from './rooms';
import { MessageThrottle } from './throttle';

type CollabRequest = FastifyRequest<{ Params: { docId: string }; Querystring: { token?: string; share?: string } }>;

/** An upgrade whose judgement itself failed (a bug, the database): closed so the provider retries later. */
type Failure = { allowed: false; failed: true };

/** Verdicts decided before the upgrade, picked up by the socket handler once it completes. */
const verdicts = new WeakMap<FastifyRequest, Verdict | Failure>();

/**
 * A sender over COLLAB_UPDATES_PER_SECOND is slowed (its socket paused, its messages handled at the
 * rate); one that is still over it after this long is closed with 4429.
 */
export const floodGiveUpAfterMs = 5000;

/** What a client sees when something unexpected failed: a fixed text and the request id to quote, never the error. */
const failureReason = (request: FastifyRequest) => closeReason(`Something went wrong on the server (request ${request.id}). Reconnecting…`);

function toBytes(data: Buffer | ArrayBuffer | Buffer[]): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * The room's view of a socket. A reader that stops reading is dropped once more than
 * `maxBufferedBytes` wait to be sent to it (4503, its provider reconnects and catches up with one
 * sync), so a paused socket cannot grow the server's memory with every edit of others. The close
 * waits a microtask: `send` is called from inside the room's broadcast loop.
 */
function connectionOf(
  socket: WebSocket,
  grant: Grant,
  maxBufferedBytes: number,
  onSlowReader: (connection: Connection) => void,
): Connection {
  let behind = false;
  const connection: Connection = {
    grant,
    userId: grant.kind === 'member' ? grant.userId : null,
    writable: grant.kind === 'member' && grant.writable,
    awareness: grant.kind === 'member',
    send(message) {
      if (behind || socket.readyState !== socket.OPEN) return;
      // Judged on what already waits, so one message larger than the limit (the first sync of a big doc) still goes out.
      if (socket.bufferedAmount > maxBufferedBytes) {
        behind = true;
        queueMicrotask(() => onSlowReader(connection));
        return;
      }
      socket.send(message);
    },
    close(code, reason) {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, closeReason(reason));
    },
  };
  return connection;
}

/**
 * GET /collab/:docId: the y-websocket endpoint of a doc (the provider connects to
 * `${serverUrl}/${docId}` with serverUrl = ws(s)://host/collab). Access is decided before the
 * upgrade; a refused caller still gets the upgrade and then an immediate close with the refusal's
 * code (4401 without valid credentials, 4404 for a doc that is missing or out of sight, 4429 for an
 * address that made too many attempts) and a fixed reason, because a browser sees no HTTP status on
 * a failed upgrade and its provider would retry forever. Nothing is sent on a refused socket and
 * nothing it sends is read: it never joins the room. A bad Origin is still refused before the
 * upgrade (verifyClient, in app.ts). Refusals are logged at info (warn when rate-limited); an
 * unexpected failure once at error, with the request id the client is given.
 */
export function registerCollabRoutes(server: FastifyInstance, services: Services): void {
  const manager = collabOf(services);
  manager.logger = server.log;
  // Start-up recovery (recovery.ts) runs in units of its own: the server answers nothing before it is done, as when
  // it ran synchronously at start.
  server.addHook('onReady', async () => await manager.whenRecovered());
  const { collab, websocket } = services.config;
  server.get(
    `${collabPath}/:docId`,
    {
      websocket: true,
      preValidation: async (request: CollabRequest, reply) => {
        if (!request.ws)
          return reply
            .code(426)
            .header('Upgrade', 'websocket')
            .send({ error: 'Upgrade Required', message: 'Connect with a y-websocket provider.' });
        try {
          const credentials = { headers: request.headers, cookies: request.cookies ?? {}, query: request.query ?? {} };
          verdicts.set(request, await authorizeUpgrade(services, request.params.docId, credentials, addressKey(request.ip)));
        } catch (error) {
          request.log.error({ err: error, docId: request.params.docId }, 'doc socket could not be authorized');
          verdicts.set(request, { allowed: false, failed: true });
        }
      },
    },
    (socket: WebSocket, request: CollabRequest) => {
      const verdict = verdicts.get(request);
      verdicts.delete(request);
      const docId = request.params.docId;
      if (!verdict) return socket.close(collabCloseCodes.unauthenticated, 'Not authorized.');
      if ('failed' in verdict) return socket.close(collabCloseCodes.shuttingDown, failureReason(request));
      if (!verdict.allowed) {
        const limited = verdict.code === collabLimitCloseCodes.tooManyRequests;
        request.log[limited ? 'warn' : 'info'](
          { docId, code: verdict.code },
          limited ? 'doc socket refused: too many attempts from this address' : 'doc socket refused',
        );
        return socket.close(verdict.code, closeReason(verdict.message));
      }
      const grant = verdict.grant;
      const connection = connectionOf(socket, grant, websocket.maxBufferedBytes, (slow) => {
        request.log.info({ docId }, 'doc socket closed: the reader fell behind');
        manager.disconnect(slow);
        slow.close(collabLimitCloseCodes.slowReader, collabLimitReasons.slowReader);
      });
      // Messages that arrive while the room loads wait for it, in order (as many as the throttle would queue).
      const early: Uint8Array[] = [];
      let throttle: MessageThrottle | null = null;
      const receive = (message: Uint8Array) => {
        if (throttle) return throttle.receive(message);
        if (early.length >= collab.updatesPerSecond * 20) {
          manager.disconnect(connection);
          return connection.close(collabLimitCloseCodes.tooManyRequests, collabLimitReasons.tooManyMessages);
        }
        early.push(message);
      };
      socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => receive(toBytes(data)));
      const leave = () => {
        throttle?.stop();
        manager.disconnect(connection);
      };
      socket.on('close', leave);
      socket.on('error', leave);
      manager.connect(connection).then(
        (entered: Room | null) => {
          if (!entered) return;
          const started = new MessageThrottle(
            {
              ratePerSecond: collab.updatesPerSecond,
              burst: collab.updatesPerSecond,
              giveUpAfterMs: floodGiveUpAfterMs,
              drainEveryMs: 50,
              maxQueuedMessages: collab.updatesPerSecond * 20,
              maxQueuedBytes: collab.maxMessageBytes * 2,
            },
            {
              deliver: (message) => {
                try {
                  entered.receive(connection, message);
                } catch (error) {
                  // Whatever went wrong stays with this connection: the process and the doc carry on.
                  request.log.error({ err: error, docId }, 'doc message failed');
                  started.stop();
                  manager.disconnect(connection);
                  connection.close(collabCloseCodes.malformed, closeReason(`The message could not be handled (request ${request.id}).`));
                }
              },
              pause: () => socket.pause(),
              resume: () => socket.resume(),
              overwhelmed: () => {
                request.log.warn({ docId, updatesPerSecond: collab.updatesPerSecond }, 'doc socket closed: too many messages too fast');
                manager.disconnect(connection);
                connection.close(collabLimitCloseCodes.tooManyRequests, collabLimitReasons.tooManyMessages);
                // Read again so the closing handshake completes; what still arrives is ignored.
                socket.resume();
              },
            },
          );
          throttle = started;
          for (const message of early.splice(0)) started.receive(message);
        },
        (error: unknown) => {
          request.log.error({ err: error, docId }, 'doc room could not be loaded');
          manager.disconnect(connection);
          connection.close(collabCloseCodes.shuttingDown, failureReason(request));
        },
      );
    },
  );
}
