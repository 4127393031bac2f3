// A stand-in for an OpenAI-compatible provider (OpenAI, Ollama, vLLM...): `POST /v1/chat/completions`, streamed as
// server-sent events or answered whole, by a script the test sets. It records every request body it receives and
// whether the caller closed the request before the answer ended, so tests can check the exact prompts, that a
// refused prompt never reached the provider, and that stopping aborts upstream.
// Browser tests reach the same controls over HTTP on the fake's port: `POST /control/script` (a JSON script or a
// list of scripts for the next requests), `GET /control/requests` (what it received), `POST /control/reset`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** How the fake answers one request. */
export interface FakeOpenAiScript {
  /** Text deltas, sent in order (default: "Fake answer."). */
  chunks?: string[];
  /** Pause before each chunk (pacing); 0 sends them back to back. */
  chunkDelayMs?: number;
  /** Usage in a last chunk with no choices (as OpenAI does with stream_options.include_usage); null: none sent. */
  usage?: { promptTokens: number; completionTokens: number } | null;
  /** An error answer instead of a stream: this status and body (default body: an OpenAI-shaped error). */
  status?: number;
  errorBody?: unknown;
  /** A chunk that is not JSON, sent after the text chunks; the stream then ends. */
  malformed?: string;
  /** After the text chunks, send nothing more and never end (the caller must time out or abort). */
  neverEnd?: boolean;
}

export interface FakeOpenAiRequest {
  /** The parsed JSON body (model, messages, stream, stream_options...). */
  body: {
    model?: string;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    messages?: { role: string; content: string }[];
  } & Record<string, unknown>;
  authorization: string | undefined;
  /** The caller closed the connection before the answer ended (an abort). */
  aborted: boolean;
  /** The answer ended (whole, error, or stream finished) or the caller aborted. */
  finished: boolean;
}

export interface FakeOpenAi {
  /** e.g. http://127.0.0.1:43123/v1 (what AI_BASE_URL takes). */
  baseUrl: string;
  port: number;
  requests: FakeOpenAiRequest[];
  /** Scripts for the next requests, in order; when none is queued the default script answers. */
  script(...scripts: FakeOpenAiScript[]): void;
  /** Forgets the recorded requests and queued scripts. */
  reset(): void;
  /** Resolves when `count` requests have arrived (rejects after timeoutMs). */
  waitForRequests(count: number, timeoutMs?: number): Promise<FakeOpenAiRequest[]>;
  /** Resolves when the request at `index` was aborted by the caller (rejects after timeoutMs). */
  waitForAbort(index: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const defaultScript: FakeOpenAiScript = { chunks: ['Fake ', 'answer.'], usage: { promptTokens: 10, completionTokens: 2 } };

const timeout = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts the fake on `port` (0: a free port). */
export async function startFakeOpenAi(port = 0, host = '127.0.0.1'): Promise<FakeOpenAi> {
  const queued: FakeOpenAiScript[] = [];
  const requests: FakeOpenAiRequest[] = [];
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const waiter of waiters) waiter();
  };
  const waitUntil = (condition: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (condition()) return resolve();
      const check = () => {
        if (!condition()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`fake OpenAI: timed out waiting for ${what} (${requests.length} requests received)`));
      }, timeoutMs);
      waiters.add(check);
    });

  const server: Server = createServer((request, response) => {
    void handle(request, response).catch((error: Error) => {
      if (!response.headersSent) response.statusCode = 500;
      response.end(error.message);
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const body = await readBody(request);
    if (request.method === 'POST' && url.pathname === '/control/script') {
      const parsed = JSON.parse(body || '{}') as FakeOpenAiScript | FakeOpenAiScript[];
      queued.push(...(Array.isArray(parsed) ? parsed : [parsed]));
      response.end('ok');
      return;
    }
    if (request.method === 'POST' && url.pathname === '/control/reset') {
      reset();
      response.end('ok');
      return;
    }
    if (request.method === 'GET' && url.pathname === '/control/requests') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(requests));
      return;
    }
    if (request.method !== 'POST' || !url.pathname.endsWith('/chat/completions')) {
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
      return;
    }
    const recorded: FakeOpenAiRequest = {
      body: JSON.parse(body) as FakeOpenAiRequest['body'],
      authorization: request.headers.authorization,
      aborted: false,
      finished: false,
    };
    requests.push(recorded);
    response.on('close', () => {
      if (!response.writableFinished) recorded.aborted = true;
      recorded.finished = true;
      changed();
    });
    changed();
    const script = queued.shift() ?? defaultScript;
    await answer(recorded, script, response);
  }

  async function answer(recorded: FakeOpenAiRequest, script: FakeOpenAiScript, response: ServerResponse) {
    const model = recorded.body.model ?? 'fake-model';
    if (script.status !== undefined) {
      response.statusCode = script.status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(script.errorBody ?? { error: { message: `fake error ${script.status}`, type: 'error', code: null } }));
      return;
    }
    const chunks = script.chunks ?? defaultScript.chunks ?? [];
    const usage = script.usage === undefined ? defaultScript.usage : script.usage;
    const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
    const usageField = usage
      ? {
          prompt_tokens: usage.promptTokens,
          completion_tokens: usage.completionTokens,
          total_tokens: usage.promptTokens + usage.completionTokens,
        }
      : undefined;
    if (recorded.body.stream !== true) {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: chunks.join('') }, finish_reason: 'stop' }],
          ...(usageField ? { usage: usageField } : {}),
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    response.flushHeaders();
    const send = (data: string) => {
      if (!response.destroyed) response.write(`data: ${data}\n\n`);
    };
    send(JSON.stringify({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }));
    for (const chunk of chunks) {
      if (script.chunkDelayMs) await timeout(script.chunkDelayMs);
      if (response.destroyed) return;
      send(JSON.stringify({ ...base, choices: [{ index: 0, delta: { content: chunk }, finish_reason: null }] }));
    }
    if (script.malformed !== undefined) {
      send(script.malformed);
      response.end();
      return;
    }
    if (script.neverEnd) return;
    send(JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
    if (usageField && recorded.body.stream_options?.include_usage) send(JSON.stringify({ ...base, choices: [], usage: usageField }));
    send('[DONE]');
    response.end();
  }

  function reset() {
    queued.length = 0;
    requests.length = 0;
  }

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actualPort = (server.address() as { port: number }).port;
  return {
    baseUrl: `http://${host}:${actualPort}/v1`,
    port: actualPort,
    requests,
    script: (...scripts) => queued.push(...scripts),
    reset,
    async waitForRequests(count, timeoutMs = 5000) {
      await waitUntil(() => requests.length >= count, timeoutMs, `${count} requests`);
      return requests;
    },
    waitForAbort: (index, timeoutMs = 5000) =>
      waitUntil(() => requests[index]?.aborted === true, timeoutMs, `request ${index} to be aborted`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}
