import type { GraphqlResponse, TestServer } from './harness';
import { expectData, type Person } from './teamFactories';
import { sql } from 'drizzle-orm';
import { PostgresJsPreparedQuery } from 'drizzle-orm/postgres-js';
import { appRow } from '../support/appRows';

export const messageFields = `id body type author { id firstname } file { id } createdAt editedAt project privat task meetingroom
  replyTo { id body author { id } } reactions { emoji count users } mentions clientId canEdit canDelete`;

export interface Message {
  id: string;
  body: string;
  type: string;
  author: { id: string; firstname: string } | null;
  file: { id: string } | null;
  createdAt: string;
  editedAt: string | null;
  project: string | null;
  privat: string | null;
  task: string | null;
  meetingroom: string | null;
  replyTo: { id: string; body: string | null; author: { id: string } | null } | null;
  reactions: { emoji: string; count: number; users: string[] }[];
  mentions: string[];
  clientId: string | null;
  canEdit: boolean;
  canDelete: boolean;
}

const conversationVariables = '$project: ID, $privat: ID, $task: ID, $meetingroom: ID';
const conversationArguments = 'project: $project, privat: $privat, task: $task, meetingroom: $meetingroom';

export function sendMessage(
  someone: Person,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<GraphqlResponse<{ setMessage: Message }>> {
  return someone.client.execute(
    `mutation (${conversationVariables}, $body: String!, $type: String, $file: ID, $replyTo: ID, $clientId: String) {
      setMessage(${conversationArguments}, body: $body, type: $type, file: $file, replyTo: $replyTo, clientId: $clientId) { ${messageFields} }
    }`,
    variables,
    headers,
  );
}

export async function postMessage(someone: Person, variables: Record<string, unknown>): Promise<Message> {
  return expectData(await sendMessage(someone, variables)).setMessage;
}

export function readMessages(someone: Person, variables: Record<string, unknown>): Promise<GraphqlResponse<{ getMessages: Message[] }>> {
  return someone.client.execute(
    `query (${conversationVariables}, $invitation: ID, $first: Int, $before: ID) {
      getMessages(${conversationArguments}, invitation: $invitation, first: $first, before: $before) { ${messageFields} }
    }`,
    variables,
  );
}

export async function messagesOf(someone: Person, variables: Record<string, unknown>): Promise<Message[]> {
  return expectData(await readMessages(someone, variables)).getMessages;
}

export async function markRead(someone: Person, variables: Record<string, unknown>): Promise<void> {
  expectData(await someone.client.execute(`mutation (${conversationVariables}) { lastViewed(${conversationArguments}) }`, variables));
}

export interface Privat {
  id: string;
  name: string | null;
  logo: string | null;
  inactive: boolean;
  users: { id: string }[];
  lastMessage: { id: string; body: string } | null;
  unread: number;
  updated: string;
}

export const privatFields = 'id name logo inactive users { id } lastMessage { id body } unread createdAt updated';

export function startPrivat(someone: Person, users: string[], name?: string): Promise<GraphqlResponse<{ setPrivat: Privat }>> {
  return someone.client.execute(`mutation ($users: [ID!]!, $name: String) { setPrivat(users: $users, name: $name) { ${privatFields} } }`, {
    users,
    name: name ?? null,
  });
}

export async function privatsOf(someone: Person): Promise<Privat[]> {
  return expectData(await someone.client.execute<{ getPrivats: Privat[] }>(`{ getPrivats { ${privatFields} } }`)).getPrivats;
}

export const countRows = async (server: TestServer, table: string) =>
  (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM ${sql.identifier(table)}`))!.count;

type Run = (...parameters: unknown[]) => unknown;

/**
 * The SQL text of every statement the server runs while `work` does, on either database. Queries built once and kept
 * (db/prepared.ts) are not built again, so runs are counted, not builds: on SQLite every statement runs through
 * better-sqlite3's Statement methods, on PostgreSQL every drizzle query through its prepared query's execute or all.
 */
export async function statementsDuring(server: TestServer, work: () => Promise<unknown>): Promise<string[]> {
  const { sqlite } = server.app.services.database;
  const [methods, names, textOf] = sqlite
    ? [
        Object.getPrototypeOf(sqlite.prepare('SELECT 1')) as Record<string, Run>,
        ['get', 'all', 'run', 'iterate'],
        (statement: unknown) => (statement as { source: string }).source,
      ]
    : [
        PostgresJsPreparedQuery.prototype as unknown as Record<string, Run>,
        ['execute', 'all'],
        (statement: unknown) => (statement as { queryString: string }).queryString,
      ];
  const originals = names.map((name) => [name, methods[name]!] as const);
  const seen: string[] = [];
  for (const [name, original] of originals)
    methods[name] = function (this: unknown, ...parameters: unknown[]) {
      seen.push(textOf(this));
      return original.apply(this, parameters);
    };
  try {
    await work();
  } finally {
    for (const [name, original] of originals) methods[name] = original;
  }
  return seen;
}
