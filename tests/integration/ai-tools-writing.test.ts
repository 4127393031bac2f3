import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { aiRequestStream } from '../../server/src/core/streams';
import { streamCompletion } from '../../server/src/domains/ai/completion';
import { appRow } from '../support/appRows';
import { startTestServer, subscriptionClient, type TestServer } from './harness';
import { runWriting } from './support/aiWriting';
import { startFakeOpenAi, type FakeOpenAi } from './support/fakeOpenAi';
import { person, type Person } from './teamFactories';

const answerRule =
  'Return only the resulting text: no preamble, no explanation, no quotation marks around it. Markdown is allowed. ' +
  'Keep the language of the text unless the task says otherwise.';
const system = (task: string) => ({ role: 'system', content: `You are a writing assistant. ${task} ${answerRule}` });

let fake: FakeOpenAi;
let server: TestServer;
let ada: Person;
let socket: Client;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: 'test-key',
    AI_MODEL: 'assistant-model',
    AI_WRITING_MODEL: 'writing-model',
    AI_TIMEOUT_MS: '1000',
    // The limits are ai-tools-limits.test.ts's subject; here they must not get in the way.
    AI_REQUESTS_PER_MINUTE: '100000',
  });
  ada = await person(server, 'Ada');
  socket = subscriptionClient(server, { token: ada.token });
});

afterAll(async () => {
  await socket.dispose();
  await server.close();
  await fake.close();
});

beforeEach(() => fake.reset());

/** The usage row of the request started last: the one whose start the log holds at the highest position. */
const latestUsage = () =>
  appRow(
    server.app,
    sql`SELECT outcome, prompt_tokens, completion_tokens FROM ai_usage
      JOIN events ON events.stream = ${aiRequestStream('')} || ai_usage.id AND events.type = 'ai.request.started'
      ORDER BY events.seq DESC LIMIT 1`,
  );

describe('aiWriting', () => {
  it('sends each action its exact prompt, with the writing model, the key and a request for usage', async () => {
    const text = 'Teh quick brown fox jumpd over the lazy dog.';
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'shorter' }, 'Make the text shorter, keeping its meaning and key points.'],
      [{ action: 'longer' }, 'Make the text longer, expanding it with relevant detail in the same voice.'],
      [{ action: 'improveWriting' }, 'Improve the writing of the text: clarity, flow and word choice, keeping its meaning.'],
      [{ action: 'fixSpelling' }, 'Fix the spelling and grammar mistakes in the text; change nothing else.'],
      [{ action: 'simplify' }, 'Simplify the text: plain words and short sentences, keeping its meaning.'],
      [{ action: 'summarize' }, 'Summarize the text in a few sentences or bullet points.'],
      [{ action: 'translate', language: 'German' }, 'Translate the text into German.'],
      [{ action: 'changeTone', tone: 'friendly' }, 'Rewrite the text in a friendly tone, keeping its meaning.'],
      [
        { action: 'continue' },
        'Continue the text from where it ends, in the same language, voice and format. Return only the new text that follows it.',
      ],
    ];
    for (const [variables] of cases) {
      const chunks = await runWriting(socket, { ...variables, text }).ended;
      expect(chunks.at(-1)).toEqual({ delta: '', done: true, error: null, errorCode: null });
    }
    expect(fake.requests).toHaveLength(cases.length);
    cases.forEach(([, task], index) => {
      const { body, authorization } = fake.requests[index]!;
      expect(body.messages).toEqual([system(task), { role: 'user', content: text }]);
      expect(body.model).toBe('writing-model');
      expect(body.stream).toBe(true);
      expect(body.stream_options).toEqual({ include_usage: true });
      expect(authorization).toBe('Bearer test-key');
    });
  });

  it('puts the surrounding text in its own system message', async () => {
    await runWriting(socket, { action: 'continue', text: 'The second paragraph', context: 'The first paragraph.' }).ended;
    expect(fake.requests[0]!.body.messages).toEqual([
      system('Continue the text from where it ends, in the same language, voice and format. Return only the new text that follows it.'),
      { role: 'system', content: 'The surrounding text, for context only (do not repeat it):\n\nThe first paragraph.' },
      { role: 'user', content: 'The second paragraph' },
    ]);
  });

  it('streams the deltas in order, then done', async () => {
    fake.script({ chunks: ['One', ' two', ' **three**', '\n\n- four'], chunkDelayMs: 20 });
    const chunks = await runWriting(socket, { action: 'longer', text: 'One two' }).ended;
    expect(chunks).toEqual([
      { delta: 'One', done: false, error: null, errorCode: null },
      { delta: ' two', done: false, error: null, errorCode: null },
      { delta: ' **three**', done: false, error: null, errorCode: null },
      { delta: '\n\n- four', done: false, error: null, errorCode: null },
      { delta: '', done: true, error: null, errorCode: null },
    ]);
  });

  it('aborts the upstream request when the client stops', async () => {
    fake.script({ chunks: ['Partial'], neverEnd: true });
    const writing = runWriting(socket, { action: 'longer', text: 'Some text' });
    await writing.received(1);
    expect(writing.chunks[0]!.delta).toBe('Partial');
    writing.stop();
    await fake.waitForAbort(0, 900);
    expect(fake.requests[0]!.aborted).toBe(true);
    // The stopped request is still counted, with the tokens estimated from what came.
    await expect.poll(() => latestUsage()).toMatchObject({ outcome: 'aborted', completion_tokens: 2 });
  });

  it('ends a stream that goes silent with AI_TIMEOUT and aborts it', async () => {
    fake.script({ chunks: ['Start'], neverEnd: true });
    const chunks = await runWriting(socket, { action: 'longer', text: 'Some text' }).ended;
    expect(chunks).toEqual([
      { delta: 'Start', done: false, error: null, errorCode: null },
      { delta: '', done: true, error: 'The AI provider took too long to answer. Try again.', errorCode: 'AI_TIMEOUT' },
    ]);
    await fake.waitForAbort(0);
    await expect.poll(() => latestUsage()).toMatchObject({ outcome: 'failed' });
  });

  it('gives each provider failure its code and message', async () => {
    const failures: [Parameters<FakeOpenAi['script']>[0], string, string][] = [
      [{ status: 429 }, 'AI_RATE_LIMITED', 'The AI provider is receiving too many requests. Wait a moment and try again.'],
      [{ status: 401 }, 'AI_KEY_REFUSED', "The AI provider refused this server's key. An administrator checks AI_API_KEY."],
      [{ status: 403 }, 'AI_KEY_REFUSED', "The AI provider refused this server's key. An administrator checks AI_API_KEY."],
      [
        {
          status: 400,
          errorBody: {
            error: {
              message: "This model's maximum context length is 8192 tokens.",
              type: 'invalid_request_error',
              code: 'context_length_exceeded',
            },
          },
        },
        'AI_CONTEXT_TOO_LONG',
        'This is more text than the AI model can take at once. Shorten it and try again.',
      ],
      [
        { status: 400, errorBody: { error: 'the prompt exceeds the context window of this model' } },
        'AI_CONTEXT_TOO_LONG',
        'This is more text than the AI model can take at once. Shorten it and try again.',
      ],
      [{ status: 500 }, 'AI_PROVIDER_FAILED', 'The AI provider could not answer. Try again in a moment.'],
      [{ status: 404 }, 'AI_PROVIDER_FAILED', 'The AI provider could not answer. Try again in a moment.'],
      [
        { chunks: ['Half'], malformed: '{"choices": [ not json' },
        'AI_MALFORMED_ANSWER',
        'The AI provider sent an answer this server cannot read. Try again.',
      ],
      [
        { chunks: [], malformed: '{"unexpected": true}' },
        'AI_MALFORMED_ANSWER',
        'The AI provider sent an answer this server cannot read. Try again.',
      ],
    ];
    for (const [script, code, message] of failures) {
      fake.script(script);
      const chunks = await runWriting(socket, { action: 'shorter', text: 'Some text' }).ended;
      expect(chunks.at(-1), code).toEqual({ delta: '', done: true, error: message, errorCode: code });
    }
    expect(fake.requests).toHaveLength(failures.length);
  });

  it('says when the provider cannot be reached', async () => {
    const closed = await startFakeOpenAi();
    await closed.close();
    const offline = await startTestServer({ AI_BASE_URL: closed.baseUrl, AI_MODEL: 'm' });
    try {
      const someone = await person(offline, 'Ori');
      const client = subscriptionClient(offline, { token: someone.token });
      const chunks = await runWriting(client, { action: 'shorter', text: 'Some text' }).ended;
      expect(chunks).toEqual([
        { delta: '', done: true, error: 'The AI provider could not answer. Try again in a moment.', errorCode: 'AI_PROVIDER_FAILED' },
      ]);
      await client.dispose();
    } finally {
      await offline.close();
    }
  });

  it('refuses a prompt over AI_MAX_PROMPT_BYTES (1 MB here) before calling the provider', async () => {
    const chunks = await runWriting(socket, { action: 'summarize', text: 'x'.repeat(1_000_000) }).ended;
    expect(chunks).toEqual([
      { delta: '', done: true, error: 'This is too much text for the AI: send at most 200 KB.', errorCode: 'AI_PROMPT_TOO_LARGE' },
    ]);
    // Multi-byte characters count as the bytes they take: 70,000 "é" are 140,000 bytes, with 70,000 more of context.
    const counted = await runWriting(socket, { action: 'summarize', text: 'é'.repeat(70_000), context: 'y'.repeat(70_000) }).ended;
    expect(counted.at(-1)!.errorCode).toBe('AI_PROMPT_TOO_LARGE');
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a bad action, language, tone or empty text with a clear error', async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ action: 'rhyme', text: 'Some text' }, 'AI_WRITING_ACTION_UNKNOWN', 'action'],
      [{ action: 'shorter', text: '   ' }, 'AI_WRITING_TEXT_REQUIRED', 'text'],
      [{ action: 'translate', text: 'Some text' }, 'AI_WRITING_LANGUAGE_UNKNOWN', 'language'],
      [{ action: 'translate', text: 'Some text', language: 'Klingon' }, 'AI_WRITING_LANGUAGE_UNKNOWN', 'language'],
      [{ action: 'changeTone', text: 'Some text', tone: 'angry' }, 'AI_WRITING_TONE_UNKNOWN', 'tone'],
    ];
    for (const [variables, code, field] of refusals) {
      const error = await runWriting(socket, variables).ended.then(
        () => null,
        (failure: { graphqlErrors?: { extensions: { code: string; field?: string } }[] }) => failure.graphqlErrors?.[0],
      );
      expect(error?.extensions, code).toMatchObject({ code, field });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('counts towards the socket’s subscription limit, and a refused one never reaches the provider', async () => {
    const limited = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_MODEL: 'm', WS_MAX_SUBSCRIPTIONS_PER_SOCKET: '2' });
    try {
      const someone = await person(limited, 'Kim');
      const client = subscriptionClient(limited, { token: someone.token });
      fake.script({ chunks: ['One'], neverEnd: true }, { chunks: ['Two'], neverEnd: true });
      const first = runWriting(client, { action: 'longer', text: 'First' });
      const second = runWriting(client, { action: 'longer', text: 'Second' });
      await Promise.all([first.received(1), second.received(1)]);
      const third = await runWriting(client, { action: 'longer', text: 'Third' }).ended.then(
        () => null,
        (failure: { graphqlErrors?: { extensions: { code: string } }[] }) => failure.graphqlErrors?.[0]?.extensions.code,
      );
      expect(third).toBe('TOO_MANY_SUBSCRIPTIONS');
      expect(fake.requests).toHaveLength(2);
      first.stop();
      second.stop();
      await Promise.all([fake.waitForAbort(0), fake.waitForAbort(1)]);
      await client.dispose();
    } finally {
      await limited.close();
    }
  });

  it('refuses anonymous callers', async () => {
    const anonymous = subscriptionClient(server);
    const error = await runWriting(anonymous, { action: 'shorter', text: 'Some text' }).ended.then(
      () => null,
      (failure: { graphqlErrors?: { extensions: { code: string } }[] }) => failure.graphqlErrors?.[0]?.extensions.code,
    );
    expect(error).toBe('UNAUTHENTICATED');
    await anonymous.dispose();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('streamCompletion', () => {
  it('asks the assistant model and returns the provider usage', async () => {
    fake.script({ chunks: ['Hello', ' there'], usage: { promptTokens: 31, completionTokens: 7 } });
    const stream = streamCompletion(server.app.services, {
      teamId: ada.teamId,
      userId: ada.id,
      purpose: 'assistant',
      messages: [{ role: 'user', content: 'Hi' }],
      signal: new AbortController().signal,
    });
    const deltas: string[] = [];
    let step = await stream.next();
    while (!step.done) {
      deltas.push(step.value);
      step = await stream.next();
    }
    expect(deltas).toEqual(['Hello', ' there']);
    expect(step.value).toEqual({ promptTokens: 31, completionTokens: 7 });
    expect(fake.requests[0]!.body.model).toBe('assistant-model');
  });

  it('fails with AI_NOT_CONFIGURED, naming AI_BASE_URL and AI_MODEL, when no provider is set', async () => {
    const bare = await startTestServer();
    try {
      const someone = await person(bare, 'Noa');
      const status = await someone.client.execute<{ getAiStatus: Record<string, unknown> }>(
        '{ getAiStatus { configured model writingModel maxPromptBytes } }',
      );
      expect(status.data?.getAiStatus).toEqual({ configured: false, model: null, writingModel: null, maxPromptBytes: 200_000 });
      const client = subscriptionClient(bare, { token: someone.token });
      const chunks = await runWriting(client, { action: 'shorter', text: 'Some text' }).ended;
      expect(chunks).toEqual([
        {
          delta: '',
          done: true,
          error:
            'AI is not set up on this server. An administrator enables it by setting AI_BASE_URL and AI_MODEL (any OpenAI-compatible endpoint, e.g. Ollama).',
          errorCode: 'AI_NOT_CONFIGURED',
        },
      ]);
      await client.dispose();
      const direct = streamCompletion(bare.app.services, {
        teamId: someone.teamId,
        userId: someone.id,
        purpose: 'assistant',
        messages: [{ role: 'user', content: 'Hi' }],
        signal: new AbortController().signal,
      });
      await expect(direct.next()).rejects.toMatchObject({ code: 'AI_NOT_CONFIGURED' });
    } finally {
      await bare.close();
    }
  });

  it('reports the configured models to any signed-in person', async () => {
    const status = await ada.client.execute<{ getAiStatus: Record<string, unknown> }>(
      '{ getAiStatus { configured model writingModel maxPromptBytes } }',
    );
    expect(status.data?.getAiStatus).toEqual({
      configured: true,
      model: 'assistant-model',
      writingModel: 'writing-model',
      maxPromptBytes: 200_000,
    });
  });
});
