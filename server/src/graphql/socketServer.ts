import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Server as ProtocolServer } from 'graphql-ws';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { SocketRefusal, socketCloseCodes } from './closeCodes';
import { graphqlWsRuntime } from './runtime';
import { SharedPayloads } from './sharedPayloads';
import { createProtocolServer, type GraphqlRuntimeParts, type OperationPolicy, type SocketState } from './socketOperations';

export interface GraphqlSocketServerOptions extends Omit<OperationPolicy, 'graphql' | 'onStuckConsumer' | 'send' | 'sharedPayloads'> {
  /** The route whose upgrades this server completes (`/graphql`). */
  path: string;
  /** Largest frame accepted (BODY_LIMIT_BYTES): a larger one closes the socket 1009 before it is read. */
  maxFrameBytes: number;
  /** Bytes a socket may have waiting to be sent (WS_MAX_BUFFERED_BYTES) before it counts as a slow consumer. */
  maxBufferedBytes: number;
  /** Websocket-level ping interval; a socket that has not answered the previous ping is dropped. */
  keepAliveMs: number;
  verifyOrigin: (origin: string | undefined, host: string | undefined) => boolean;
}

/** How long a dropped slow consumer gets to take its close frame before the connection is cut. */
const slowConsumerGraceMs = 1000;

/**
 * Serves `/graphql` websockets (graphql-transport-ws) with graphql-ws's reference protocol server
 * on a transport of its own: frames are limited to the HTTP body limit (the doc rooms' sockets,
 * on the shared transport, keep their larger one), deliveries are written without waiting for
 * the peer, and a peer whose unsent bytes pass the limit is closed and its subscriptions released
 * at once, so one connection cannot hold more than its share of memory.
 */
export class GraphqlSocketServer {
  private readonly transport: WebSocketServer;
  private readonly protocol: ProtocolServer<SocketState>;
  private readonly open = new Set<SocketState>();
  private runtime: (() => GraphqlRuntimeParts) | null = null;
  private keepAlive: NodeJS.Timeout | null = null;
  /** The payloads of the events being delivered now, executed once for all subscribers who see the same. */
  readonly sharedPayloads = new SharedPayloads();
  /** The connection under each websocket this server completed. */
  private readonly streams = new WeakMap<WebSocket, Duplex>();
  /** Sockets written to in this turn of the event loop, uncorked and counted anew when it ends. */
  private readonly writtenThisTurn: SocketState[] = [];

  constructor(private readonly options: GraphqlSocketServerOptions) {
    this.transport = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      maxPayload: options.maxFrameBytes,
      handleProtocols: (protocols) => graphqlWsRuntime.handleProtocols(protocols),
      verifyClient: (info, next) => next(options.verifyOrigin(info.origin, info.req.headers.host), 403, 'Origin not allowed'),
    });
    this.protocol = createProtocolServer({
      ...options,
      graphql: () => {
        if (!this.runtime) throw new Error('the GraphQL schema is not ready');
        return this.runtime();
      },
      onStuckConsumer: (state) => this.dropSlowConsumer(state, 'queue'),
      send: (state, message) => this.send(state, message),
      sharedPayloads: this.sharedPayloads,
    });
  }

  /** Where the schema and loaders come from, once mercurius has built them. */
  useGraphql(runtime: () => GraphqlRuntimeParts): void {
    this.runtime = runtime;
  }

  /**
   * @fastify/websocket completes every upgrade with its one ws server, whose frame limit is the doc
   * rooms'. Upgrades to our path are completed by this server's transport instead, so they get its
   * own limit, enforced by ws from each frame's header before the frame is read.
   */
  takeUpgrades(shared: WebSocketServer): void {
    const completeShared = shared.handleUpgrade.bind(shared);
    shared.handleUpgrade = ((
      request: IncomingMessage,
      socket: Duplex,
      head: Buffer,
      callback: (client: WebSocket, request: IncomingMessage) => void,
    ) => {
      if ((request.url ?? '').split('?')[0] === this.options.path)
        this.transport.handleUpgrade(request, socket, head, (client, upgraded) => {
          this.streams.set(client, socket);
          callback(client, upgraded);
        });
      else completeShared(request, socket, head, callback);
    }) as typeof shared.handleUpgrade;
  }

  /** The route's websocket handler (after the upgrade). */
  readonly handle = (socket: WebSocket, request: FastifyRequest): void => {
    const state: SocketState = {
      socket,
      request,
      log: request.log,
      connection: { userId: null },
      topics: new Set(),
      alive: true,
      ended: false,
      stream: this.streams.get(socket),
      messagesThisTurn: 0,
      corked: false,
    };
    this.open.add(state);
    this.startKeepAlive();
    socket.on('pong', () => (state.alive = true));
    const closed = this.protocol.opened(
      {
        protocol: socket.protocol,
        send: (data) => {
          this.send(state, data);
        },
        close: (code, reason) => this.close(state, code ?? 1000, reason ?? ''),
        onMessage: (receive) => socket.on('message', (data) => void this.receive(state, receive, data)),
      },
      state,
    );
    socket.once('close', (code, reason) => {
      this.open.delete(state);
      state.ended = true;
      this.options.services.sockets.detach(state.connection);
      this.releaseSubscriptions(state);
      if (this.open.size === 0) this.stopKeepAlive();
      closed(code, reason.toString()).catch((error: unknown) =>
        state.log.error({ err: error, requestId: request.id }, 'graphql websocket: cleanup after close failed'),
      );
    });
  };

  /** Open sockets and the subscriptions they run (for tests and diagnostics). */
  stats(): { sockets: number; subscriptions: number } {
    let subscriptions = 0;
    for (const state of this.open) subscriptions += state.topics.size;
    return { sockets: this.open.size, subscriptions };
  }

  /**
   * Closes every socket (1001) and stops accepting: the server is shutting down. The HTTP server
   * waits for every connection to end, so a peer that does not answer the close is cut after a
   * short grace rather than holding the shutdown for ws's 30 s close timeout.
   */
  async shutdown(graceMs = 1000): Promise<void> {
    this.stopKeepAlive();
    const closing = [...this.open].map((state) => {
      state.ended = true;
      this.releaseSubscriptions(state);
      const closed = new Promise<void>((resolve) => state.socket.once('close', () => resolve()));
      state.socket.close(socketCloseCodes.goingAway, 'Server shutting down');
      return closed;
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(closing), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    for (const state of this.open) state.socket.terminate();
    this.sharedPayloads.clear();
    await new Promise<void>((resolve) => this.transport.close(() => resolve()));
  }

  private async receive(state: SocketState, receive: (data: string) => Promise<void>, data: RawData): Promise<void> {
    if (state.ended) return;
    try {
      await receive(
        Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8'),
      );
    } catch (error) {
      if (error instanceof SocketRefusal) {
        state.log[error.level]({ code: error.code, reason: error.reason }, 'graphql websocket: connection refused');
        this.close(state, error.code, error.reason);
        return;
      }
      state.log.error({ err: error, requestId: state.request.id }, 'graphql websocket: unexpected error');
      this.close(state, socketCloseCodes.internalError, `Internal server error (request ${state.request.id})`);
    }
  }

  /**
   * Writes one message; false once the socket takes nothing more (closed, or dropped as a slow consumer
   * now). The first message of a turn of the event loop is written at once; when more follow in the same
   * turn (events committed together), the connection is corked until the turn ends, so they leave in
   * one write instead of one system call each.
   */
  private send(state: SocketState, data: string): boolean {
    const { socket } = state;
    if (state.ended || socket.readyState !== WebSocket.OPEN) return false;
    if (state.messagesThisTurn === 0) {
      if (this.writtenThisTurn.push(state) === 1) process.nextTick(() => this.endTurn());
    } else if (state.messagesThisTurn === 1 && state.stream) {
      state.stream.cork();
      state.corked = true;
    }
    state.messagesThisTurn += 1;
    socket.send(data);
    if (socket.bufferedAmount <= this.options.maxBufferedBytes) return true;
    // Corked bytes count as waiting: write them before judging the peer.
    this.uncork(state);
    if (socket.bufferedAmount <= this.options.maxBufferedBytes) return true;
    this.dropSlowConsumer(state, 'send buffer');
    return false;
  }

  private endTurn(): void {
    for (const state of this.writtenThisTurn) {
      this.uncork(state);
      state.messagesThisTurn = 0;
    }
    this.writtenThisTurn.length = 0;
  }

  /** Writes what this server holds corked on the connection. */
  private uncork(state: SocketState): void {
    if (!state.corked) return;
    state.corked = false;
    state.stream?.uncork();
  }

  /** Closes with a protocol or policy code; refusals are the client's doing, so they are logged as information. */
  private close(state: SocketState, code: number, reason: string): void {
    if (state.socket.readyState !== WebSocket.OPEN) return;
    const fitted = fitCloseReason(reason);
    if (code !== socketCloseCodes.internalError) state.log.info({ code, reason: fitted }, 'graphql websocket: closed by the server');
    state.socket.close(code, fitted);
  }

  private dropSlowConsumer(state: SocketState, cause: 'send buffer' | 'queue'): void {
    if (state.ended) return;
    state.ended = true;
    state.log.warn(
      { cause, bufferedBytes: state.socket.bufferedAmount, limit: this.options.maxBufferedBytes },
      'graphql websocket: slow consumer dropped',
    );
    this.releaseSubscriptions(state);
    state.socket.close(socketCloseCodes.slowConsumer, 'Slow consumer: too much data waiting to be sent');
    // The close frame waits behind everything unsent; a peer that is not reading never takes it.
    setTimeout(() => state.socket.terminate(), slowConsumerGraceMs).unref();
  }

  private releaseSubscriptions(state: SocketState): void {
    for (const topics of state.topics) topics.close();
    state.topics.clear();
  }

  private startKeepAlive(): void {
    if (this.keepAlive || this.options.keepAliveMs <= 0) return;
    this.keepAlive = setInterval(() => {
      for (const state of this.open) {
        if (!state.alive) {
          state.log.info('graphql websocket: no answer to the keep-alive ping, connection dropped');
          state.socket.terminate();
          continue;
        }
        state.alive = false;
        state.socket.ping();
      }
    }, this.options.keepAliveMs);
    this.keepAlive.unref();
  }

  private stopKeepAlive(): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = null;
  }
}

/** A close reason is at most 123 bytes (RFC 6455); graphql-ws puts the client's operation id in one ("Subscriber for <id> already exists"). */
export function fitCloseReason(reason: string): string {
  if (Buffer.byteLength(reason) <= 123) return reason;
  // Cut to 120 bytes: a character cut in half decodes as one U+FFFD (3 bytes), so the result stays within 123.
  return Buffer.from(reason).subarray(0, 120).toString('utf8');
}
