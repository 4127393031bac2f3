import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interruptedMessage, stoppedProcessesJob } from '../../server/src/domains/ai/answerRunner';
import { startAppCluster, type AppCluster, type AppProcess } from '../support/appCluster';
import { ask, messagesOf, startConversation, type AiMessage } from './ai-assistantFactories';
import { GraphqlTestClient } from './harness';
import { expectData, person, type Person } from './teamFactories';

/**
 * AI answers across two app processes on one PostgreSQL database (issue 22, plan §2.3): an answer whose writer was
 * killed is recorded failed ("interrupted") by the periodic job "ai: answers of stopped processes" of a process that
 * lives on, and an answer a living process is writing is left alone by another's runs of that job.
 */

const processTimeoutMs = 1_500;
const jobIntervalMs = 500;

/**
 * An OpenAI-compatible provider that streams the first words of each answer and then holds the stream open until the
 * test releases it, so an answer stays "being written" for as long as the test needs.
 */
interface HeldProvider {
  baseUrl: string;
  /** Requests received so far, in order. */
  requests: { release(): void }[];
  close(): Promise<void>;
}

async function startHeldProvider(): Promise<HeldProvider> {
  const requests: HeldProvider['requests'] = [];
  const chunk = (response: ServerResponse, delta: Record<string, unknown>, finishReason: string | null = null) =>
    response.write(
      `data: ${JSON.stringify({ id: 'held', object: 'chat.completion.chunk', created: 0, model: 'held', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
    );
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.statusCode = 404;
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      chunk(response, { role: 'assistant', content: 'Being ' });
      requests.push({
        release: () => {
          if (response.destroyed) return;
          chunk(response, { content: 'written.' });
          chunk(response, {}, 'stop');
          response.end('data: [DONE]\n\n');
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let provider: HeldProvider;
let cluster: AppCluster;
let a: AppProcess;
let b: AppProcess;
let ada: Person;

beforeAll(async () => {
  provider = await startHeldProvider();
  cluster = await startAppCluster(2, {
    AI_BASE_URL: provider.baseUrl,
    AI_API_KEY: 'test-key',
    AI_MODEL: 'assistant-model',
    // The held stream must not end by the provider's idle time-out while the test waits.
    AI_TIMEOUT_MS: '120000',
    AI_REQUESTS_PER_MINUTE: '100000',
    CLUSTER_PROCESS_TIMEOUT_MS: String(processTimeoutMs),
    JOB_INTERVALS_MS: `${stoppedProcessesJob}=${jobIntervalMs}`,
  });
  [a, b] = cluster.processes as [AppProcess, AppProcess];
  ada = await person({ graphqlUrl: a.graphqlUrl, outboxText: cluster.mail.outboxText }, 'Ada');
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await provider?.close();
});

/** The same person, signed in by the same cookies, talking to another process. */
function through(process: AppProcess, someone: Person): Person {
  const client = new GraphqlTestClient({ graphqlUrl: process.graphqlUrl, outboxText: cluster.mail.outboxText });
  for (const [name, value] of someone.client.cookies) client.cookies.set(name, value);
  return { ...someone, client };
}

async function processIdOf(process: AppProcess): Promise<string> {
  const [row] = await cluster.query<{ id: string }>('SELECT id FROM cluster_processes WHERE internal_url = $1', [process.url]);
  if (!row) throw new Error(`no registry row for ${process.url}`);
  return row.id;
}

/** Finished runs of the job by one process that began after `after` (the database's clock). */
async function runsBy(processId: string, after: Date): Promise<number> {
  const [row] = await cluster.query<{ runs: number }>(
    'SELECT count(*)::int AS runs FROM job_runs WHERE name = $1 AND process_id = $2 AND started_at > $3 AND finished_at IS NOT NULL AND error IS NULL',
    [stoppedProcessesJob, processId, after],
  );
  return row!.runs;
}

async function answerOn(reader: Person, conversationId: string, answerId: string): Promise<AiMessage | undefined> {
  return expectData(await messagesOf(reader, conversationId)).getAiMessages.find((message) => message.id === answerId);
}

/** Asks through `writer`, which then writes the answer; resolves once the provider holds its stream. */
async function askThrough(writer: AppProcess, question: string) {
  const conversation = await startConversation(ada);
  const requestsBefore = provider.requests.length;
  const [, answer] = expectData(await ask(through(writer, ada), conversation.id, question)).setAiMessage;
  await expect.poll(() => provider.requests.length, { timeout: 10_000 }).toBe(requestsBefore + 1);
  return { conversationId: conversation.id, answer: answer!, request: provider.requests[requestsBefore]! };
}

describe('AI answers across processes', () => {
  it("leaves alone an answer a living process is writing, however many of another process's runs of the job pass", async () => {
    const { conversationId, answer, request } = await askThrough(b, 'Will you finish?');
    expect(answer.state).toBe('streaming');
    // Runs of A past the age the job waits for (the process time-out): they looked at the answer and found B's claim.
    const oldEnough = new Date(Date.parse(answer.createdAt) + processTimeoutMs);
    const aId = await processIdOf(a);
    await expect.poll(() => runsBy(aId, oldEnough), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    expect((await answerOn(ada, conversationId, answer.id))?.state).toBe('streaming');

    request.release();
    await expect
      .poll(async () => {
        const finished = await answerOn(ada, conversationId, answer.id);
        return { state: finished?.state, body: finished?.body };
      })
      .toEqual({ state: 'done', body: 'Being written.' });
  }, 60_000);

  it('records as failed, interrupted, the answer of a killed process, through the job of the process that lives', async () => {
    const { conversationId, answer } = await askThrough(b, 'Will this end?');
    const killedAt = new Date();
    await b.stop('SIGKILL');

    await expect
      .poll(async () => (await answerOn(ada, conversationId, answer.id))?.state, { timeout: 30_000, interval: 100 })
      .toBe('failed');
    const failed = await answerOn(ada, conversationId, answer.id);
    expect(failed).toMatchObject({ state: 'failed', error: interruptedMessage });
    // Within about the process time-out and one period of the job (plus the age the job waits for, here as long).
    expect(Date.now() - killedAt.getTime()).toBeLessThan(2 * processTimeoutMs + jobIntervalMs + 10_000);
    // A lives on and ran the job; B is gone from the living.
    const living = await cluster.query<{ id: string }>(
      `SELECT id FROM cluster_processes WHERE heartbeat_at > now() - make_interval(secs => $1::float8 / 1000)`,
      [processTimeoutMs],
    );
    expect(living.map((row) => row.id)).toEqual([await processIdOf(a)]);
    // Its claim went with the recording.
    expect(await cluster.query('SELECT 1 FROM process_work WHERE kind = $1 AND key = $2', ['ai-answer', answer.id])).toEqual([]);
  }, 60_000);
});
