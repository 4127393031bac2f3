import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './harness';

const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-shutdown-'));
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }));

describe('graceful shutdown', () => {
  it('on SIGTERM closes websockets, checkpoints SQLite and exits 0', async () => {
    const { child, exited, url, port } = await startServerProcess(dataDirectory);
    await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation { setUserBasic(firstname: "S", lastname: "T", email: "shutdown@example.com", password: "secret123") { email } }',
      }),
    });
    const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await socketClosed).toBeGreaterThan(0);
    const wal = join(dataDirectory, 'workspace.sqlite-wal');
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
  }, 60_000);

  it('a request in flight when SIGTERM arrives is answered, and its keep-alive connection does not hold the exit', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'workspace-shutdown-inflight-'));
    try {
      const { child, exited, url, port } = await startServerProcess(directory);
      const body = JSON.stringify({ query: '{ serverInfo { name } }' });
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      let startClosing: () => void = () => {};
      const closing = new Promise<void>((resolve) => (startClosing = resolve));
      let headersSent: () => void = () => {};
      const sent = new Promise<void>((resolve) => (headersSent = resolve));
      const response = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
        const outgoing = httpRequest(
          {
            host: '127.0.0.1',
            port,
            agent,
            method: 'POST',
            path: '/graphql',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (incoming) => {
            let text = '';
            incoming.on('data', (chunk: Buffer) => (text += chunk.toString()));
            incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, connection: incoming.headers.connection, text }));
          },
        );
        outgoing.on('error', reject);
        // Half the body: the request is in flight until the rest is sent.
        outgoing.write(body.slice(0, 5), () => headersSent());
        void closing.then(() => outgoing.end(body.slice(5)));
      });
      // The request's head is on the wire before a later request on another connection is answered.
      await sent;
      await expect.poll(async () => (await fetch(`${url}/healthz`)).ok).toBe(true);
      child.kill('SIGTERM');
      await expect
        .poll(
          async () =>
            fetch(`${url}/healthz`).then(
              () => 'open',
              () => 'closed',
            ),
          { timeout: 20_000, interval: 50 },
        )
        .toBe('closed');
      startClosing();
      const answered = await response;
      expect(answered.status).toBe(200);
      expect(answered.text).toContain('Workspace');
      expect(answered.connection).toBe('close');
      // Without draining, the idle keep-alive socket held close() until the 10 s watchdog exited with 1.
      expect(await exited).toBe(0);
      agent.destroy();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
