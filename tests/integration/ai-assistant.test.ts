import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type SqliteApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { answerStopTopic } from '../../server/src/domains/ai/answerRunner';
import { aiAssistantModule } from '../../server/src/domains/ai/assistant';
import { stopWaitMs } from '../../server/src/domains/ai/conversationResolvers';
import { aiConversationStream } from '../../server/src/core/streams';
import {
  aiMessageFields,
  ask,
  conversationsOf,
  finishedAnswer,
  messagesOf,
  startConversation,
  until,
  watchAnswers,
  watchConversations,
  type AiMessage,
} from './ai-assistantFactories';
import { appRow, replayedBesideLive } from '../support/appRows';
import { databaseEnvironment, startTestServer, type TestServer } from './harness';
import { startFakeOpenAi, type FakeOpenAi } from './support/fakeOpenAi';
import { countEvents, expectData, joinTeam, person, type Person } from './teamFactories';

let fake: FakeOpenAi;
let server: TestServer;
let ada: Person;
let bob: Person;
const sockets: Client[] = [];

const aiSettings = (fakeOpenAi: FakeOpenAi) => ({
  AI_BASE_URL: fakeOpenAi.baseUrl,
  AI_API_KEY: 'test-key',
  AI_MODEL: 'assistant-model',
  AI_TIMEOUT_MS: '2000',
  AI_REQUESTS_PER_MINUTE: '100000',
});

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer(aiSettings(fake));
  ada = await person(server, 'Ada');
  bob = await joinTeam(ada, await person(server, 'Bob'));
}, 60_000);

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server?.close();
  await fake?.close();
});

beforeEach(() => fake.reset());

const codeOf = (result: { errors?: { extensions: { code: string } }[] | undefined }) => result.errors?.[0]?.extensions.code;

describe('AI conversations', () => {
  it('creates, renames, lists latest activity first with the last message, and deletes', async () => {
    const first = await startConversation(ada, 'chat');
    expect(first).toMatchObject({ name: '', type: 'chat', lastMessage: null });
    const second = await startConversation(ada, 'search');
    expect(second.type).toBe('search');
    expect(codeOf(await ada.client.execute('mutation { setAiConversation(type: "poem") { id } }'))).toBe('CHOICE_INVALID');

    const renamed = expectData(
      await ada.client.execute<{ ediAiConversation: { name: string } }>(
        'mutation ($id: ID!) { ediAiConversation(id: $id, name: "  Plans  ") { name } }',
        {
          id: first.id,
        },
      ),
    );
    expect(renamed.ediAiConversation.name).toBe('Plans');
    const empty = await ada.client.execute('mutation ($id: ID!) { ediAiConversation(id: $id, name: "   ") { name } }', { id: first.id });
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: 'NAME_REQUIRED', field: 'name' });

    // A question in the second makes it the latest; its name is the question's start.
    const [, answer] = expectData(
      await ask(ada, second.id, 'What should we plan for the spring release of the harbour app?', { type: 'chat' }),
    ).setAiMessage;
    await finishedAnswer(ada, second.id, answer!.id);
    const listed = await conversationsOf(ada);
    expect(listed.map((conversation) => conversation.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(listed[0]).toMatchObject({
      // Its name is the question's start, cut at a word.
      name: 'What should we plan for the spring release of the harbour…',
      lastMessage: { id: answer!.id, type: 'answer' },
    });
    // Bob, in the same team, sees none of Ada's conversations.
    expect(await conversationsOf(bob)).toEqual([]);

    expect(expectData(await ada.client.execute('mutation ($id: ID!) { delAiConversation(id: $id) }', { id: second.id }))).toEqual({
      delAiConversation: second.id,
    });
    expect((await conversationsOf(ada)).map((conversation) => conversation.id)).not.toContain(second.id);
    const before = await countEvents(server);
    expect(codeOf(await messagesOf(ada, second.id))).toBe('NOT_FOUND');
    expect(codeOf(await ask(ada, second.id, 'Still there?'))).toBe('NOT_FOUND');
    expect(
      codeOf(await ada.client.execute('mutation ($id: ID!) { ediAiConversation(id: $id, name: "Back") { id } }', { id: second.id })),
    ).toBe('NOT_FOUND');
    expect(codeOf(await ada.client.execute('mutation ($id: ID!) { delAiConversation(id: $id) }', { id: second.id }))).toBe('NOT_FOUND');
    expect(codeOf(await ada.client.execute('mutation ($id: ID!) { stopAiMessage(id: $id) { id } }', { id: answer!.id }))).toBe('NOT_FOUND');
    expect(await countEvents(server)).toBe(before);
    expect(fake.requests).toHaveLength(1);
  });

  it("refuses another person's conversation and message ids everywhere, changing nothing", async () => {
    const conversation = await startConversation(ada);
    fake.script({ chunks: ['Private ', 'answer'] });
    const [question, answer] = expectData(await ask(ada, conversation.id, 'A private question')).setAiMessage;
    await finishedAnswer(ada, conversation.id, answer!.id);
    const before = await countEvents(server);
    const attempts: [string, Record<string, unknown>][] = [
      [`query ($id: ID!) { getAiMessages(aiconversation: $id) { id } }`, { id: conversation.id }],
      ['mutation ($id: ID!) { setAiMessage(aiconversation: $id, body: "Let me in") { id } }', { id: conversation.id }],
      ['mutation ($id: ID!) { ediAiConversation(id: $id, name: "Mine now") { id } }', { id: conversation.id }],
      ['mutation ($id: ID!) { delAiConversation(id: $id) }', { id: conversation.id }],
      ['mutation ($id: ID!) { delAiMessage(id: $id) }', { id: question!.id }],
      ['mutation ($id: ID!) { stopAiMessage(id: $id) { id } }', { id: answer!.id }],
    ];
    for (const [query, variables] of attempts) expect(codeOf(await bob.client.execute(query, variables)), query).toBe('NOT_FOUND');
    const watcher = watchAnswers(server, bob, conversation.id, sockets);
    await until(() => watcher.state.errors.length > 0 || watcher.state.completed, 'the subscription to be refused');
    expect(JSON.stringify(watcher.state.errors)).toContain('NOT_FOUND');
    expect(watcher.received).toEqual([]);
    expect(await countEvents(server)).toBe(before);
    expect(fake.requests).toHaveLength(1);
    expect(expectData(await messagesOf(ada, conversation.id)).getAiMessages.map((message) => message.body)).toEqual([
      'A private question',
      'Private answer',
    ]);
  });

  it('tells the person’s other tabs of each change of their list live, and nobody else', async () => {
    const watcher = watchConversations(server, ada, sockets);
    const bobWatcher = watchConversations(server, bob, sockets);
    await Promise.all([watcher.listening(), bobWatcher.listening()]);

    // A change's conversation is read when it is delivered, which on PostgreSQL can be after the next change
    // committed: each is heard before the next is made.
    const heard = (count: number) => until(() => watcher.received.length >= count, `${count} changes`);
    const conversation = await startConversation(ada);
    await heard(1);
    await ada.client.execute('mutation ($id: ID!) { ediAiConversation(id: $id, name: "Roadmap") { id } }', { id: conversation.id });
    await heard(2);
    fake.script({ chunks: ['Next ', 'quarter.'] });
    const [, answer] = expectData(await ask(ada, conversation.id, 'What comes next?')).setAiMessage;
    await finishedAnswer(ada, conversation.id, answer!.id);
    await heard(4);
    // Bob's conversation, in the same team, is not Ada's business.
    const bobs = await startConversation(bob);
    await ada.client.execute('mutation ($id: ID!) { delAiConversation(id: $id) }', { id: conversation.id });

    await until(() => watcher.received.some((change) => change.type === 'deleted'), 'the deletion');
    expect(watcher.received.map((change) => [change.type, change.id, change.aiconversation?.name ?? null])).toEqual([
      ['created', conversation.id, ''],
      ['updated', conversation.id, 'Roadmap'],
      ['updated', conversation.id, 'Roadmap'],
      ['updated', conversation.id, 'Roadmap'],
      ['deleted', conversation.id, null],
    ]);
    // The question asked, then its answer finished, as the list's last message. The answer streams on while the
    // question's change is delivered: it may be done by then.
    expect(watcher.received[2]!.aiconversation?.lastMessage).toMatchObject({ id: answer!.id });
    expect(['streaming', 'done']).toContain(watcher.received[2]!.aiconversation?.lastMessage?.state);
    expect(watcher.received[3]!.aiconversation?.lastMessage).toMatchObject({ id: answer!.id, state: 'done', body: 'Next quarter.' });
    expect(watcher.received.every((change) => change.seq > 0)).toBe(true);
    await until(() => bobWatcher.received.length > 0, 'Bob’s own conversation');
    expect(bobWatcher.received.map((change) => [change.type, change.id])).toEqual([['created', bobs.id]]);
    expect(watcher.state.errors).toEqual([]);
  });

  it('ends the list’s feed for someone removed from the team', async () => {
    const cleo = await joinTeam(ada, await person(server, 'Cleo'));
    const watcher = watchConversations(server, cleo, sockets);
    await watcher.listening();
    expectData(
      await ada.client.execute('mutation ($user: ID!, $team: ID!) { removeUserTeam(user: $user, team: $team) { id } }', {
        user: cleo.id,
        team: ada.teamId,
      }),
    );
    await until(() => watcher.state.completed, 'the feed to end');
    expect(watcher.state.errors).toEqual([]);
    expect(watcher.received).toEqual([]);
  });

  it('ends the list’s feed when its person switches to another team', async () => {
    const dana = await person(server, 'Dana');
    const ownTeam = dana.teamId;
    const inAdasTeam = await joinTeam(ada, dana);
    const watcher = watchConversations(server, inAdasTeam, sockets);
    await watcher.listening();
    expectData(await dana.client.execute('mutation ($team: ID!) { switchTeam(team: $team) { id } }', { team: ownTeam }));
    await until(() => watcher.state.completed, 'the feed to end');
    expect(watcher.state.errors).toEqual([]);
    expect(watcher.received).toEqual([]);
  });

  it('deletes one message of the conversation', async () => {
    const conversation = await startConversation(ada);
    const [question, answer] = expectData(await ask(ada, conversation.id, 'Short one')).setAiMessage;
    await finishedAnswer(ada, conversation.id, answer!.id);
    expect(expectData(await ada.client.execute('mutation ($id: ID!) { delAiMessage(id: $id) }', { id: question!.id }))).toEqual({
      delAiMessage: question!.id,
    });
    expect(expectData(await messagesOf(ada, conversation.id)).getAiMessages.map((message) => message.id)).toEqual([answer!.id]);
    expect(codeOf(await ada.client.execute('mutation ($id: ID!) { delAiMessage(id: $id) }', { id: question!.id }))).toBe('NOT_FOUND');
  });
});

describe('asking', () => {
  it('streams the answer live in order and records the whole of it; the next question carries the earlier turns', async () => {
    const conversation = await startConversation(ada);
    const watcher = watchAnswers(server, ada, conversation.id, sockets);
    await watcher.listening();
    fake.script({ chunks: ['The ', 'harbour ', 'opens ', 'at **nine**.'], chunkDelayMs: 60 });
    const asked = expectData(
      await ask(ada, conversation.id, 'When does the harbour open?', { persona: 'projectManager', tone: 'formal' }),
    ).setAiMessage;
    expect(asked.map((message) => [message.type, message.state, message.body])).toEqual([
      ['question', 'done', 'When does the harbour open?'],
      ['answer', 'streaming', ''],
    ]);
    const answerId = asked[1]!.id;
    await until(() => watcher.received.at(-1)?.message.state === 'done', 'the last event');
    const events = watcher.received;
    // The answer's start is a log event and its text is not: on PostgreSQL the log's events reach the feed through
    // the database's notifications, which the first text can overtake (the client reads a start after its text). So
    // the start is looked for among the events, and the text's order is checked on its own.
    const [start, ...others] = events.filter((event) => event.delta === '');
    expect(start).toMatchObject({ message: { id: answerId, state: 'streaming', body: '' } });
    expect(others).toEqual([events.at(-1)]);
    expect(events.at(-1)).toMatchObject({ delta: '', message: { id: answerId, state: 'done', body: 'The harbour opens at **nine**.' } });
    const middle = events.filter((event) => event.delta !== '');
    expect(middle.length).toBeGreaterThan(1);
    expect(middle.every((event) => event.message.state === 'streaming' && event.delta !== '')).toBe(true);
    // Each event's body is the one before it plus its delta, and together they make the answer.
    let body = '';
    for (const event of middle) {
      body += event.delta;
      expect(event.message.body).toBe(body);
    }
    expect(body).toBe('The harbour opens at **nine**.');

    const recorded = expectData(await messagesOf(ada, conversation.id)).getAiMessages;
    expect(recorded.map((message) => [message.type, message.state, message.body, message.persona, message.tone, message.mode])).toEqual([
      ['question', 'done', 'When does the harbour open?', 'projectManager', 'formal', 'chat'],
      ['answer', 'done', 'The harbour opens at **nine**.', 'projectManager', 'formal', 'chat'],
    ]);
    const [request] = fake.requests;
    expect(request!.body.model).toBe('assistant-model');
    const messages = request!.body.messages!;
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content).toContain('project manager');
    expect(messages[0]!.content).toContain('Markdown');
    expect(messages[0]!.content).toContain('formal tone');
    expect(messages[0]!.content).toContain('English');
    expect(messages.slice(1)).toEqual([{ role: 'user', content: 'When does the harbour open?' }]);

    fake.script({ chunks: ['At ten on Sundays.'] });
    const [, second] = expectData(await ask(ada, conversation.id, 'And on Sundays?')).setAiMessage;
    await finishedAnswer(ada, conversation.id, second!.id);
    expect(fake.requests[1]!.body.messages!.slice(1)).toEqual([
      { role: 'user', content: 'When does the harbour open?' },
      { role: 'assistant', content: 'The harbour opens at **nine**.' },
      { role: 'user', content: 'And on Sundays?' },
    ]);
  });

  it('sends a fast model’s text in a few throttled events rather than one per token', async () => {
    const conversation = await startConversation(ada);
    const watcher = watchAnswers(server, ada, conversation.id, sockets);
    await watcher.listening();
    const tokens = Array.from({ length: 300 }, (_, index) => `w${index} `);
    fake.script({ chunks: tokens });
    expectData(await ask(ada, conversation.id, 'Count quickly'));
    await until(() => watcher.received.at(-1)?.message.state === 'done', 'the last event');
    // The text only: the answer's start can come after the first of it on PostgreSQL (see the test above).
    const deltas = watcher.received.filter((event) => event.delta !== '');
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.length).toBeLessThan(tokens.length / 10);
    expect(deltas.map((event) => event.delta).join('')).toBe(tokens.join(''));
    expect(watcher.received.at(-1)!.message.body).toBe(tokens.join(''));
  });

  it('stops an answer mid-way: the upstream request is aborted and what came so far is kept', async () => {
    const conversation = await startConversation(ada);
    const watcher = watchAnswers(server, ada, conversation.id, sockets);
    await watcher.listening();
    fake.script({ chunks: ['Half ', 'an answer'], neverEnd: true });
    const [, answer] = expectData(await ask(ada, conversation.id, 'Tell me a long story')).setAiMessage;
    await until(() => watcher.received.some((event) => event.message.body === 'Half an answer'), 'the text so far');
    const stopped = expectData(
      await ada.client.execute<{ stopAiMessage: AiMessage }>(`mutation ($id: ID!) { stopAiMessage(id: $id) { ${aiMessageFields} } }`, {
        id: answer!.id,
      }),
    ).stopAiMessage;
    expect(stopped).toMatchObject({ id: answer!.id, state: 'stopped', body: 'Half an answer', error: null });
    await fake.waitForAbort(0);
    await until(() => watcher.received.at(-1)?.message.state === 'stopped', 'the stop to be published');
    expect(watcher.received.at(-1)).toMatchObject({ delta: '', message: { body: 'Half an answer' } });
    // Stopping an answer that ended changes nothing.
    const events = await countEvents(server);
    expect(expectData(await ada.client.execute('mutation ($id: ID!) { stopAiMessage(id: $id) { state } }', { id: answer!.id }))).toEqual({
      stopAiMessage: { state: 'stopped' },
    });
    expect(await countEvents(server)).toBe(events);
  });

  it('hears a stop published by another process through the live interface', async () => {
    const conversation = await startConversation(ada);
    fake.script({ chunks: ['Some '], neverEnd: true });
    const [, answer] = expectData(await ask(ada, conversation.id, 'Go on forever')).setAiMessage;
    await fake.waitForRequests(1);
    // What a stopAiMessage on another process publishes; this process runs the answer and must abort it.
    server.app.services.live.emitter.emit({ topic: answerStopTopic, payload: { answerId: answer!.id } });
    await fake.waitForAbort(0);
    expect(await finishedAnswer(ada, conversation.id, answer!.id)).toMatchObject({ state: 'stopped' });
  });

  it('records an answer no process runs any more as stopped once the stop’s wait is over, with nothing kept', async () => {
    const conversation = await startConversation(ada);
    // A question whose answer nobody writes: recorded as another process that has since gone would have left it.
    const [questionId, answerId] = ['0a0b0c0d0e0f101112131415', '0a0b0c0d0e0f101112131416'];
    await server.app.services.store.append(
      aiConversationStream(conversation.id),
      [
        {
          type: 'ai.question.asked',
          payload: {
            conversationId: conversation.id,
            questionId,
            answerId,
            body: 'Anyone?',
            mode: 'chat',
            persona: 'assistant',
            tone: null,
          },
        },
      ],
      { teamId: ada.teamId, actorId: ada.id },
    );
    // The stop's wait goes through the jobs port: the test holds it and ends it, instead of waiting 5 s.
    const jobs = server.app.services.jobs;
    const waits: { delayMs: number; end: () => void | Promise<void> }[] = [];
    server.app.services.jobs = {
      ...jobs,
      every: jobs.every.bind(jobs),
      soon: jobs.soon.bind(jobs),
      stop: jobs.stop.bind(jobs),
      after: (name, delayMs, task) => {
        if (!name.startsWith('ai: stop of')) return jobs.after(name, delayMs, task);
        waits.push({ delayMs, end: task });
        return () => undefined;
      },
    };
    try {
      const stopping = ada.client.execute<{ stopAiMessage: AiMessage }>(
        `mutation ($id: ID!) { stopAiMessage(id: $id) { ${aiMessageFields} } }`,
        { id: answerId },
      );
      await until(() => waits.length === 1, 'the stop to wait for the process running the answer');
      expect(waits[0]!.delayMs).toBe(stopWaitMs);
      await waits[0]!.end();
      expect(expectData(await stopping).stopAiMessage).toMatchObject({ id: answerId, state: 'stopped', body: '', error: null });
    } finally {
      server.app.services.jobs = jobs;
    }
    expect(await finishedAnswer(ada, conversation.id, answerId)).toMatchObject({ state: 'stopped', body: '' });
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    [429, 'AI_RATE_LIMITED', 'The AI provider is receiving too many requests. Wait a moment and try again.'],
    [401, 'AI_KEY_REFUSED', "The AI provider refused this server's key. An administrator checks AI_API_KEY."],
  ])('records a provider status %i as a failed answer with its message', async (status, code, message) => {
    const conversation = await startConversation(ada);
    fake.script({ status });
    const [, answer] = expectData(await ask(ada, conversation.id, 'Anything')).setAiMessage;
    expect(await finishedAnswer(ada, conversation.id, answer!.id)).toMatchObject({
      state: 'failed',
      errorCode: code,
      error: message,
      body: '',
    });
  });

  it('refuses a prompt over AI_MAX_PROMPT_BYTES before recording anything or asking the provider, and bad choices', async () => {
    const conversation = await startConversation(ada);
    const before = await countEvents(server);
    const huge = await ask(ada, conversation.id, 'x'.repeat(1_000_000));
    expect(huge.errors?.[0]?.extensions).toMatchObject({ code: 'AI_PROMPT_TOO_LARGE', field: 'body' });
    expect(huge.errors?.[0]?.message).toContain('200 KB');
    expect(codeOf(await ask(ada, conversation.id, '   '))).toBe('VALUE_REQUIRED');
    expect((await ask(ada, conversation.id, 'Hi', { persona: 'pirate' })).errors?.[0]?.extensions).toMatchObject({
      code: 'CHOICE_INVALID',
      field: 'persona',
    });
    expect((await ask(ada, conversation.id, 'Hi', { tone: 'rude' })).errors?.[0]?.extensions).toMatchObject({
      code: 'CHOICE_INVALID',
      field: 'tone',
    });
    expect((await ask(ada, conversation.id, 'Hi', { type: 'poem' })).errors?.[0]?.extensions).toMatchObject({
      code: 'CHOICE_INVALID',
      field: 'type',
    });
    expect(await countEvents(server)).toBe(before);
    expect(fake.requests).toHaveLength(0);
    expect(expectData(await messagesOf(ada, conversation.id)).getAiMessages).toEqual([]);
  });
});

describe('a server without an AI provider', () => {
  it('refuses a question with AI_NOT_CONFIGURED and records nothing', async () => {
    const bare = await startTestServer();
    try {
      const dora = await person(bare, 'Dora');
      const conversation = await startConversation(dora);
      const before = await countEvents(bare);
      const refused = await ask(dora, conversation.id, 'Anyone there?');
      expect(refused.errors?.[0]?.extensions.code).toBe('AI_NOT_CONFIGURED');
      expect(refused.errors?.[0]?.message).toContain('AI_BASE_URL');
      expect(await countEvents(bare)).toBe(before);
    } finally {
      await bare.close();
    }
  });
});

describe('the log', () => {
  it('rebuilds the conversations and messages tables to the same rows', async () => {
    const { live, rebuilt } = await replayedBesideLive(server, aiAssistantModule.projections);
    expect(rebuilt).toEqual(live);
    expect(JSON.stringify(rebuilt)).toContain('The harbour opens at **nine**.');
  });
});

describe('a server stopped mid-answer', () => {
  it('records the answer it left streaming as failed, interrupted, when it starts again', async () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-ai-restart-'));
    const environment = await databaseEnvironment(dataDirectory);
    const configFor = () =>
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDirectory,
        LOG_LEVEL: 'silent',
        RATE_LIMITS: 'false',
        ...aiSettings(fake),
        ...environment,
      });
    const first = await buildApp(configFor());
    try {
      await first.server.listen({ port: 0, host: '127.0.0.1' });
      const address = first.server.server.address() as { port: number };
      const url = `http://127.0.0.1:${address.port}`;
      // Its mails are read as the harness's are: through appRow, on either database (the SQLite type is the harness's too).
      const carl = await person({ graphqlUrl: `${url}/graphql`, app: first as SqliteApp }, 'Carl');
      const conversation = await startConversation(carl);
      fake.script({ chunks: ['Never '], neverEnd: true });
      const [, answer] = expectData(await ask(carl, conversation.id, 'Will this end?')).setAiMessage;
      await fake.waitForRequests(1);
      await first.server.close();

      const second = await buildApp(configFor());
      try {
        const stateOf = async () =>
          (await appRow<{ state: string; error: string | null; errorCode: string | null }>(
            second,
            sql`SELECT state, error, error_code AS "errorCode" FROM ai_messages WHERE id = ${answer!.id}`,
          ))!;
        await until(async () => (await stateOf()).state !== 'streaming', 'the interrupted answer to be recorded');
        const interrupted = await stateOf();
        expect(interrupted).toMatchObject({ state: 'failed', errorCode: 'AI_PROVIDER_FAILED' });
        expect(interrupted.error).toContain('interrupted');
      } finally {
        await second.server.close();
      }
    } finally {
      rmSync(dataDirectory, { recursive: true, force: true });
    }
  });
});
