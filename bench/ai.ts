// AI benchmark: what the product adds to a provider's stream. A local OpenAI-compatible provider (the tests' fake)
// streams the same scripted answer to the benchmark directly (the peer figure: the provider alone) and through the
// product, where the answer is asked with setAiMessage and read back live from subAiMessage over graphql-ws:
//   1. first text: from sending the question to its first text, provider alone vs through the product;
//   2. whole answer: to its last event (recorded done), for an answer of AI_BENCH_CHUNKS chunks sent back to back;
//   3. AI_BENCH_PEOPLE people asking at once: each one's whole answer, p50/p99, and answers per second.
// The server runs as `npm start` does, in its own process. Prints figures; asserts nothing.
import { rmSync } from 'node:fs';
import type { Client } from 'graphql-ws';
import { subscriptionClient } from '../tests/integration/harness';
import { startFakeOpenAi } from '../tests/integration/support/fakeOpenAi';
import {
  call,
  inBatches,
  loadAverage,
  milliseconds,
  percentile,
  signUp,
  startBenchServer,
  synchronousFromEnvironment,
  type BenchAccount,
} from './support';

const rounds = Number(process.env.AI_BENCH_ROUNDS ?? 20);
const chunkCount = Number(process.env.AI_BENCH_CHUNKS ?? 400);
const peopleCount = Number(process.env.AI_BENCH_PEOPLE ?? 20);
const synchronous = synchronousFromEnvironment();

const provider = await startFakeOpenAi();
const chunks = Array.from({ length: chunkCount }, (_, index) => `word${index} `);
const script = { chunks, chunkDelayMs: 0, usage: { promptTokens: 50, completionTokens: chunkCount } };
const { dataDirectory, server, database, target } = await startBenchServer('ai', synchronous, {
  RATE_LIMITS: 'false',
  AI_BASE_URL: provider.baseUrl,
  AI_MODEL: 'bench-model',
  AI_REQUESTS_PER_MINUTE: '100000',
  AI_TOKENS_PER_DAY: '1000000000',
});
console.log(
  `AI benchmark (server in its own process, ${database.label}; ${chunkCount} chunks per answer; load average at start ${loadAverage()})`,
);

/** The provider alone: the same script read straight from its streaming endpoint. */
async function direct(): Promise<{ first: number; whole: number }> {
  provider.script(script);
  const started = performance.now();
  const response = await fetch(`${provider.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer none' },
    body: JSON.stringify({ model: 'bench-model', stream: true, messages: [{ role: 'user', content: 'Question?' }] }),
  });
  const reader = response.body!.getReader();
  let first = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (first === 0 && value && new TextDecoder().decode(value).includes('"content"')) first = performance.now() - started;
  }
  return { first, whole: performance.now() - started };
}

interface Asker {
  person: BenchAccount;
  conversation: string;
  socket: Client;
  /** Resolves the round's wait when the answer's first text and last event arrive. */
  onEvent: ((event: { delta: string; state: string }) => void) | null;
}

async function asker(person: BenchAccount): Promise<Asker> {
  const conversation = (
    await call<{ setAiConversation: { id: string } }>(person.client, 'mutation { setAiConversation(type: "chat") { id } }')
  ).setAiConversation.id;
  const socket = subscriptionClient(target, { cookie: person.client.cookieHeader() });
  const asking: Asker = { person, conversation, socket, onEvent: null };
  let listening!: () => void;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  socket.subscribe<{ subAiMessage: { delta: string; message: { state: string } } }>(
    {
      query: 'subscription ($aiconversation: ID!) { subAiMessage(aiconversation: $aiconversation) { delta message { state } } }',
      variables: { aiconversation: conversation },
      extensions: { resumeAfter: null },
    },
    {
      next: (value) => {
        // A result without data tells where the subscription listens from: it is live from then on.
        if (value.data) asking.onEvent?.({ delta: value.data.subAiMessage.delta, state: value.data.subAiMessage.message.state });
        else listening();
      },
      error: (error) => console.error('subscription error', error),
      complete: () => undefined,
    },
  );
  await ready;
  // A first question, untimed, warms the path up.
  provider.script(script);
  await ask(asking);
  return asking;
}

/** Asks once; resolves with the time to the first text and to the last event (the answer recorded done). */
function ask(asking: Asker): Promise<{ first: number; whole: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let first = 0;
    const timer = setTimeout(() => reject(new Error('no answer within 60 s')), 60_000);
    asking.onEvent = (event) => {
      if (first === 0 && event.delta !== '') first = performance.now() - started;
      if (event.state === 'streaming') return;
      clearTimeout(timer);
      asking.onEvent = null;
      resolve({ first, whole: performance.now() - started });
    };
    call(
      asking.person.client,
      'mutation ($aiconversation: ID!, $body: String!) { setAiMessage(aiconversation: $aiconversation, body: $body) { id } }',
      { aiconversation: asking.conversation, body: 'Question?' },
    ).catch(reject);
  });
}

const summary = (label: string, samples: number[]) =>
  `${label} p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))}`;

try {
  const directRuns: { first: number; whole: number }[] = [];
  for (let round = 0; round < rounds; round++) directRuns.push(await direct());

  const first = await asker(await signUp(target, 'Asker'));
  const productRuns: { first: number; whole: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    provider.script(script);
    productRuns.push(await ask(first));
  }
  console.log(
    `  1. first text: ${summary(
      'provider alone',
      directRuns.map((run) => run.first),
    )}; ${summary(
      'through the product',
      productRuns.map((run) => run.first),
    )}`,
  );
  console.log(
    `  2. whole answer: ${summary(
      'provider alone',
      directRuns.map((run) => run.whole),
    )}; ${summary(
      'through the product',
      productRuns.map((run) => run.whole),
    )}`,
  );

  const people = await inBatches(
    Array.from({ length: peopleCount }, (_, index) => index),
    5,
    async (index) => asker(await signUp(target, `Person${index}`)),
  );
  for (let index = 0; index < peopleCount; index++) provider.script(script);
  const started = performance.now();
  const together = await Promise.all(people.map((asking) => ask(asking)));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  3. ${peopleCount} people asking at once: ${summary(
      'whole answer',
      together.map((run) => run.whole),
    )}; ${(peopleCount / seconds).toFixed(1)} answers/s, ${((peopleCount * chunkCount) / seconds).toFixed(0)} chunks/s`,
  );
  for (const asking of [first, ...people]) await asking.socket.dispose();
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await database.close();
  await provider.close();
  rmSync(dataDirectory, { recursive: true, force: true });
}
