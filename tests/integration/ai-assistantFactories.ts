import type { Client } from 'graphql-ws';
import { subscriptionClient, type GraphqlResponse, type TestServer } from './harness';
import { expectData, wait, type Person } from './teamFactories';

export const aiMessageFields =
  'id aiconversation body type state error errorCode persona tone mode citations { kind id title link project } createdAt';
export const aiConversationFields = `id name type createdAt updatedAt lastMessage { ${aiMessageFields} }`;

export interface AiMessage {
  id: string;
  aiconversation: string;
  body: string;
  type: string;
  state: string;
  error: string | null;
  errorCode: string | null;
  persona: string | null;
  tone: string | null;
  mode: string;
  citations: { kind: string; id: string; title: string; link: string; project: string | null }[];
  createdAt: string;
}

export interface AiConversation {
  id: string;
  name: string;
  type: string;
  createdAt: string;
  updatedAt: string;
  lastMessage: AiMessage | null;
}

export interface AiStreamEvent {
  message: AiMessage;
  delta: string;
}

export async function startConversation(someone: Person, type: 'chat' | 'search' = 'chat'): Promise<AiConversation> {
  return expectData(
    await someone.client.execute<{ setAiConversation: AiConversation }>(
      `mutation ($type: String!) { setAiConversation(type: $type) { ${aiConversationFields} } }`,
      { type },
    ),
  ).setAiConversation;
}

export function ask(
  someone: Person,
  aiconversation: string,
  body: string,
  options: { type?: string; persona?: string; tone?: string } = {},
): Promise<GraphqlResponse<{ setAiMessage: AiMessage[] }>> {
  return someone.client.execute(
    `mutation ($aiconversation: ID!, $body: String!, $type: String, $persona: String, $tone: String) {
      setAiMessage(aiconversation: $aiconversation, body: $body, type: $type, persona: $persona, tone: $tone) { ${aiMessageFields} }
    }`,
    { aiconversation, body, ...options },
  );
}

export function messagesOf(someone: Person, aiconversation: string): Promise<GraphqlResponse<{ getAiMessages: AiMessage[] }>> {
  return someone.client.execute(`query ($aiconversation: ID!) { getAiMessages(aiconversation: $aiconversation) { ${aiMessageFields} } }`, {
    aiconversation,
  });
}

export async function conversationsOf(someone: Person): Promise<AiConversation[]> {
  return expectData(
    await someone.client.execute<{ getAiConversations: AiConversation[] }>(`{ getAiConversations { ${aiConversationFields} } }`),
  ).getAiConversations;
}

/** Polls until the message is no longer streaming, and answers it. */
export async function finishedAnswer(someone: Person, aiconversation: string, answerId: string, timeoutMs = 5000): Promise<AiMessage> {
  const started = Date.now();
  for (;;) {
    const answer = expectData(await messagesOf(someone, aiconversation)).getAiMessages.find((message) => message.id === answerId);
    if (answer && answer.state !== 'streaming') return answer;
    if (Date.now() - started > timeoutMs) throw new Error(`answer ${answerId} still ${answer?.state ?? 'missing'}`);
    await wait(20);
  }
}

export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await wait(10);
  }
}

/**
 * A subscriber that follows log positions: the server tells it once it listens (a message without data), so a
 * test waits for that instead of for time to pass. `field` is the subscription's field in each answer.
 */
function watchFeed<Item>(
  server: Pick<TestServer, 'websocketUrl'>,
  someone: Person,
  sockets: Client[],
  field: string,
  request: { query: string; variables?: Record<string, unknown> },
) {
  const socket = subscriptionClient(server, { cookie: someone.client.cookieHeader() });
  sockets.push(socket);
  const received: Item[] = [];
  const state = { listening: false, completed: false, errors: [] as unknown[] };
  socket.subscribe<Record<string, Item>>(
    { ...request, extensions: { resumeAfter: null } },
    {
      next: (value) => {
        if (value.errors) state.errors.push(value.errors);
        // What comes before that message was committed before it listened (the feed starts at the log's settled
        // position, which a transaction open elsewhere can hold below it): left out.
        // A feed not fed from the log sends no positions, nor that message: it listens by its first result.
        else if (!state.listening && typeof (value.extensions as { seq?: unknown } | undefined)?.seq === 'number')
          state.listening = !value.data;
        else {
          state.listening = true;
          if (value.data) received.push(value.data[field]!);
        }
      },
      error: (error) => state.errors.push(error),
      complete: () => (state.completed = true),
    },
  );
  return {
    received,
    state,
    listening: () => until(() => state.listening || state.errors.length > 0 || state.completed, 'the subscription to listen'),
  };
}

/** A subAiMessage subscriber of one conversation (see watchFeed). */
export function watchAnswers(server: Pick<TestServer, 'websocketUrl'>, someone: Person, aiconversation: string, sockets: Client[]) {
  return watchFeed<AiStreamEvent>(server, someone, sockets, 'subAiMessage', {
    query: `subscription ($aiconversation: ID!) { subAiMessage(aiconversation: $aiconversation) { delta message { ${aiMessageFields} } } }`,
    variables: { aiconversation },
  });
}

export interface AiConversationChange {
  type: string;
  seq: number;
  id: string;
  aiconversation: AiConversation | null;
}

/** A subAiConversations subscriber (see watchFeed). */
export function watchConversations(server: Pick<TestServer, 'websocketUrl'>, someone: Person, sockets: Client[]) {
  return watchFeed<AiConversationChange>(server, someone, sockets, 'subAiConversations', {
    query: `subscription { subAiConversations { type seq id aiconversation { ${aiConversationFields} } } }`,
  });
}
