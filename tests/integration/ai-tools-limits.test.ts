import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { aiToolsModule } from '../../server/src/domains/ai/tools';
import { startTestServer, subscriptionClient, type TestServer } from './harness';
import { runWriting } from './support/aiWriting';
import { startFakeOpenAi, type FakeOpenAi } from './support/fakeOpenAi';
import { countEvents, expectData, joinTeam, person, type Person } from './teamFactories';
import { replayedBesideLive } from '../support/appRows';

let fake: FakeOpenAi;
let server: TestServer;
const sockets: Client[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({
    AI_BASE_URL: fake.baseUrl,
    AI_MODEL: 'assistant-model',
    AI_REQUESTS_PER_MINUTE: '50',
    AI_TOKENS_PER_DAY: '20000',
  });
});

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await server.close();
  await fake.close();
});

beforeEach(() => fake.reset());

function socketOf(someone: Person): Client {
  const socket = subscriptionClient(server, { token: someone.token });
  sockets.push(socket);
  return socket;
}

const usageQuery = `query ($team: ID!) {
  getAiUsage(team: $team) {
    limits { requestsPerMinute tokensPerDay }
    tokensToday
    members { user firstname lastname requestsToday tokensToday tokensThisMonth }
  }
}`;
const setLimits = `mutation ($team: ID!, $requestsPerMinute: Int!, $tokensPerDay: Int!) {
  setAiLimits(team: $team, requestsPerMinute: $requestsPerMinute, tokensPerDay: $tokensPerDay) { requestsPerMinute tokensPerDay }
}`;

interface Usage {
  getAiUsage: {
    limits: { requestsPerMinute: number; tokensPerDay: number };
    tokensToday: number;
    members: { user: string; firstname: string; requestsToday: number; tokensToday: number; tokensThisMonth: number }[];
  };
}

describe('AI team limits', () => {
  it('starts from the instance defaults, and an admin sets the team’s own', async () => {
    const admin = await person(server, 'Lin');
    const before = expectData(await admin.client.execute<Usage>(usageQuery, { team: admin.teamId }));
    expect(before.getAiUsage.limits).toEqual({ requestsPerMinute: 50, tokensPerDay: 20000 });
    const set = expectData(await admin.client.execute(setLimits, { team: admin.teamId, requestsPerMinute: 7, tokensPerDay: 9000 }));
    expect(set).toEqual({ setAiLimits: { requestsPerMinute: 7, tokensPerDay: 9000 } });
    const after = expectData(await admin.client.execute<Usage>(usageQuery, { team: admin.teamId }));
    expect(after.getAiUsage.limits).toEqual({ requestsPerMinute: 7, tokensPerDay: 9000 });
  });

  it('refuses limits out of bounds, naming the argument, and changes nothing', async () => {
    const admin = await person(server, 'Max');
    const refusals: [number, number, string, string, Record<string, number>][] = [
      [0, 5000, 'requestsPerMinute', 'NUMBER_TOO_SMALL', { minimum: 1 }],
      [100_001, 5000, 'requestsPerMinute', 'NUMBER_TOO_LARGE', { maximum: 100_000 }],
      [10, 999, 'tokensPerDay', 'NUMBER_TOO_SMALL', { minimum: 1000 }],
      [10, 1_000_000_001, 'tokensPerDay', 'NUMBER_TOO_LARGE', { maximum: 1_000_000_000 }],
    ];
    const events = await countEvents(server);
    for (const [requestsPerMinute, tokensPerDay, field, code, params] of refusals) {
      const result = await admin.client.execute(setLimits, { team: admin.teamId, requestsPerMinute, tokensPerDay });
      expect(result.errors?.[0]?.extensions, `${requestsPerMinute}/${tokensPerDay}`).toMatchObject({ code, field, params });
    }
    expect(await countEvents(server)).toBe(events);
    const usage = expectData(await admin.client.execute<Usage>(usageQuery, { team: admin.teamId }));
    expect(usage.getAiUsage.limits).toEqual({ requestsPerMinute: 50, tokensPerDay: 20000 });
  });

  it('refuses a request past the team’s requests per minute before calling the provider', async () => {
    const admin = await person(server, 'Ren');
    expectData(await admin.client.execute(setLimits, { team: admin.teamId, requestsPerMinute: 2, tokensPerDay: 20000 }));
    const socket = socketOf(admin);
    for (let request = 0; request < 2; request += 1)
      expect((await runWriting(socket, { action: 'shorter', text: 'Some text' }).ended).at(-1)?.errorCode).toBeNull();
    const refused = await runWriting(socket, { action: 'shorter', text: 'Some text' }).ended;
    expect(refused).toEqual([
      {
        delta: '',
        done: true,
        error: 'Your team reached its AI limit of 2 requests per minute. Try again in a minute, or ask a team admin to raise it.',
        errorCode: 'AI_TEAM_LIMIT_REACHED',
      },
    ]);
    expect(fake.requests).toHaveLength(2);
    // Another team is not held back by this one's requests.
    const other = await person(server, 'Sol');
    expect((await runWriting(socketOf(other), { action: 'shorter', text: 'Some text' }).ended).at(-1)?.errorCode).toBeNull();
    expect(fake.requests).toHaveLength(3);
  });

  it('refuses a request once the team used its tokens for the day', async () => {
    const admin = await person(server, 'Tao');
    expectData(await admin.client.execute(setLimits, { team: admin.teamId, requestsPerMinute: 50, tokensPerDay: 1000 }));
    const socket = socketOf(admin);
    fake.script({ chunks: ['Long answer'], usage: { promptTokens: 600, completionTokens: 450 } });
    expect((await runWriting(socket, { action: 'longer', text: 'Some text' }).ended).at(-1)?.errorCode).toBeNull();
    const refused = await runWriting(socket, { action: 'longer', text: 'Some text' }).ended;
    expect(refused.at(-1)).toEqual({
      delta: '',
      done: true,
      error: 'Your team reached its AI limit of 1000 tokens per day. Try again tomorrow (UTC), or ask a team admin to raise it.',
      errorCode: 'AI_TEAM_LIMIT_REACHED',
    });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('AI usage', () => {
  it('counts requests and tokens per member: the provider’s count, else characters / 4, failed requests too', async () => {
    const admin = await person(server, 'Uma');
    const member = await joinTeam(admin, await person(server, 'Vic'), 'basic');
    fake.script(
      { chunks: ['Done'], usage: { promptTokens: 100, completionTokens: 20 } },
      { chunks: ['Also done'], usage: { promptTokens: 50, completionTokens: 5 } },
      // No usage chunk: estimated from the prompt's and the answer's characters.
      { chunks: ['12345678'], usage: null },
      { status: 500 },
    );
    await runWriting(socketOf(admin), { action: 'shorter', text: 'Some text' }).ended;
    await runWriting(socketOf(admin), { action: 'shorter', text: 'Some text' }).ended;
    const memberSocket = socketOf(member);
    await runWriting(memberSocket, { action: 'fixSpelling', text: 'Speling' }).ended;
    const failed = await runWriting(memberSocket, { action: 'fixSpelling', text: 'Speling' }).ended;
    expect(failed.at(-1)?.errorCode).toBe('AI_PROVIDER_FAILED');

    const promptCharacters = (fake.requests[2]!.body.messages ?? []).reduce((total, message) => total + message.content.length, 0);
    const estimated = Math.ceil(promptCharacters / 4) + Math.ceil(8 / 4);
    const failedPrompt = Math.ceil(
      (fake.requests[3]!.body.messages ?? []).reduce((total, message) => total + message.content.length, 0) / 4,
    );
    const usage = expectData(await admin.client.execute<Usage>(usageQuery, { team: admin.teamId })).getAiUsage;
    expect(usage.members).toEqual([
      { user: admin.id, firstname: 'Uma', lastname: 'Lovelace', requestsToday: 2, tokensToday: 175, tokensThisMonth: 175 },
      {
        user: member.id,
        firstname: 'Vic',
        lastname: 'Lovelace',
        requestsToday: 2,
        tokensToday: estimated + failedPrompt,
        tokensThisMonth: estimated + failedPrompt,
      },
    ]);
    expect(usage.tokensToday).toBe(175 + estimated + failedPrompt);

    const refused = await member.client.execute(usageQuery, { team: admin.teamId });
    expect(refused.errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    const stranger = await person(server, 'Wes');
    const hidden = await stranger.client.execute(usageQuery, { team: admin.teamId });
    expect(hidden.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });

  it('rebuilds the usage and limits tables from the log to the same rows', async () => {
    const { live, rebuilt } = await replayedBesideLive(server, aiToolsModule.projections);
    expect(rebuilt).toEqual(live);
  });
});
