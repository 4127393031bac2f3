import type { GraphqlResponse, TestServer } from './harness';
import { expectData, type Person } from './teamFactories';
import { sql } from 'drizzle-orm';
import { appRows, jsonValue } from '../support/appRows';

export const taskFields = `id idCode name letter route color description cover priority deadline length { amount unit } parentTask project state
  stateProject { id value icon position } sprint { id name } tags { id name } users { id } followers { id } author { id }
  positionSection positionDuedate positionAsignee isFollowing canEdit canDelete createdAt updatedAt updated unread lastMessage { id body } files { id name task url category }`;

export interface Task {
  id: string;
  idCode: string;
  name: string;
  letter: string;
  route: string;
  color: string;
  description: unknown;
  cover: string | null;
  priority: number;
  deadline: string | null;
  length: { amount: number; unit: string } | null;
  parentTask: string | null;
  project: string;
  state: string;
  stateProject: { id: string; value: string; icon: number; position: number };
  sprint: { id: string; name: string } | null;
  tags: { id: string; name: string }[];
  users: { id: string }[];
  followers: { id: string }[];
  author: { id: string } | null;
  positionSection: number;
  positionDuedate: number;
  positionAsignee: number;
  isFollowing: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export interface Section {
  id: string;
  value: string;
  icon: number;
  position: number;
}

const taskArguments: Record<string, string> = {
  state: 'ID',
  description: 'JSON',
  color: 'String',
  cover: 'String',
  letter: 'String',
  priority: 'Int',
  deadline: 'String',
  length: 'TaskLengthInput',
  parentTask: 'ID',
  sprint: 'ID',
  tags: '[ID!]',
  users: '[ID!]',
  positionSection: 'Float',
  positionDuedate: 'Float',
  positionAsignee: 'Float',
  project: 'ID',
};

/** A setTask or ediTask document declaring exactly the variables given, so absent arguments stay absent. */
function taskDocument(operation: 'setTask' | 'ediTask', variables: Record<string, unknown>): string {
  const fixed = operation === 'setTask' ? { project: 'ID!', name: 'String!' } : { id: 'ID!', name: 'String' };
  const declared = {
    ...Object.fromEntries(
      Object.keys(variables)
        .filter((name) => name in taskArguments)
        .map((name) => [name, taskArguments[name]!]),
    ),
    ...fixed,
  };
  const used = Object.keys(declared).filter((name) => name in fixed || name in variables);
  return `mutation (${used.map((name) => `$${name}: ${declared[name as keyof typeof declared]}`).join(', ')}) {
    ${operation}(${used.map((name) => `${name}: $${name}`).join(', ')}) { ${taskFields} }
  }`;
}

export function setTask(
  someone: Person,
  variables: Record<string, unknown> & { project: string; name: string },
  headers: Record<string, string> = {},
): Promise<GraphqlResponse<{ setTask: Task }>> {
  return someone.client.execute(taskDocument('setTask', variables), variables, headers);
}

export function ediTask(someone: Person, variables: Record<string, unknown> & { id: string }): Promise<GraphqlResponse<{ ediTask: Task }>> {
  return someone.client.execute(taskDocument('ediTask', variables), variables);
}

export async function createTask(someone: Person, project: string, name: string, variables: Record<string, unknown> = {}): Promise<Task> {
  return expectData(await setTask(someone, { project, name, ...variables })).setTask;
}

export async function editTask(someone: Person, id: string, variables: Record<string, unknown>): Promise<Task> {
  return expectData(await ediTask(someone, { id, ...variables })).ediTask;
}

export async function getTask(someone: Person, id: string): Promise<Task> {
  return expectData(await someone.client.execute<{ getTask: Task }>(`query ($id: ID!) { getTask(id: $id) { ${taskFields} } }`, { id }))
    .getTask;
}

export async function getTasks(someone: Person, project: string): Promise<Task[]> {
  return expectData(
    await someone.client.execute<{ getTasks: Task[] }>(`query ($project: ID!) { getTasks(project: $project) { ${taskFields} } }`, {
      project,
    }),
  ).getTasks;
}

export async function sectionsOf(someone: Person, project: string): Promise<Section[]> {
  return expectData(
    await someone.client.execute<{ getStatesProject: Section[] }>(
      'query ($project: ID!) { getStatesProject(project: $project) { id value icon position } }',
      { project },
    ),
  ).getStatesProject;
}

export async function createTag(
  someone: Person,
  project: string,
  name: string,
  isSprint = false,
): Promise<{ id: string; name: string; color: string; isSprint: boolean }> {
  const data = await someone.client.execute<{ setTag: { id: string; name: string; color: string; isSprint: boolean } }>(
    'mutation ($project: ID!, $name: String!, $isSprint: Boolean) { setTag(project: $project, name: $name, isSprint: $isSprint) { id name color isSprint } }',
    { project, name, isSprint },
  );
  return expectData(data).setTag;
}

/** Joins a public space (tasks are written by the space's members). */
export async function joinSpace(someone: Person, project: string): Promise<void> {
  expectData(await someone.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project }));
}

/** Notification events recorded for a user, oldest first. */
export async function notificationsOf(server: TestServer, userId: string): Promise<{ type: string; taskId: string; authorId: string }[]> {
  const rows = await appRows<{ payload: unknown }>(
    server.app,
    sql`SELECT payload FROM events WHERE stream = ${`notifications:${userId}`} AND type = 'notification.created' ORDER BY seq`,
  );
  return rows.map((row) => jsonValue<{ type: string; taskId: string; authorId: string }>(row.payload));
}
