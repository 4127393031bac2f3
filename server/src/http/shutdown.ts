import type { FastifyInstance } from 'fastify';

/** How often idle keep-alive connections are closed while the server shuts down. */
const idleSweepIntervalMs = 250;

/**
 * Lets `server.close()` end promptly. Node closes only the connections idle at that instant: a request
 * still running finishes with `Connection: keep-alive` and its socket then idles for the keep-alive
 * timeout (72 s), holding close() and the onClose hooks (rooms saved, WAL checkpointed) until the process
 * is killed. While closing, every response says `Connection: close`, idle sockets are swept until the
 * server has closed, and a websocket that completes its upgrade after the sweep of open sockets is
 * closed as going away (1001) so its client reconnects to the next process.
 */
export function drainConnectionsOnClose(server: FastifyInstance): void {
  let closing = false;
  server.addHook('preClose', async () => {
    closing = true;
    const sweep = setInterval(() => server.server.closeIdleConnections(), idleSweepIntervalMs);
    sweep.unref();
    server.server.once('close', () => clearInterval(sweep));
  });
  server.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  server.websocketServer?.on('connection', (socket) => {
    if (closing) socket.close(1001, 'The server is restarting.');
  });
}
