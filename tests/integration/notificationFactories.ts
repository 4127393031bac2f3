import type { GraphqlResponse } from './harness';
import { expectData, type Person } from './teamFactories';

export const notificationFields =
  'id type description read marked author { id } project task meetingroom file doc event message privat createdAt';

export interface Notice {
  id: string;
  type: string;
  description: string;
  read: boolean;
  marked: boolean;
  author: { id: string } | null;
  project: string | null;
  task: string | null;
  meetingroom: string | null;
  file: string | null;
  doc: string | null;
  event: string | null;
  message: string | null;
  privat: string | null;
  createdAt: string;
}

export interface NoticePage {
  notifications: Notice[];
  unread: number;
  hasMore: boolean;
}

export function readNotificationPage(
  someone: Person,
  variables: { project?: string; first?: number; after?: string; filter?: string } = {},
): Promise<GraphqlResponse<{ getNotifications: NoticePage }>> {
  return someone.client.execute(
    `query ($project: ID, $first: Int, $after: ID, $filter: String) {
      getNotifications(project: $project, first: $first, after: $after, filter: $filter) { notifications { ${notificationFields} } unread hasMore }
    }`,
    variables,
  );
}

export async function notificationPageOf(
  someone: Person,
  variables: { project?: string; first?: number; after?: string; filter?: string } = {},
): Promise<NoticePage> {
  return expectData(await readNotificationPage(someone, variables)).getNotifications;
}

export function readNotifications(someone: Person, variables: { ids?: string[]; project?: string } = {}) {
  return someone.client.execute<{ readNotifications: number }>(
    'mutation ($ids: [ID!], $project: ID) { readNotifications(ids: $ids, project: $project) }',
    variables,
  );
}

export function markNotification(someone: Person, id: string, marked: boolean) {
  return someone.client.execute<{ markNotification: Notice }>(
    `mutation ($id: ID!, $marked: Boolean!) { markNotification(id: $id, marked: $marked) { ${notificationFields} } }`,
    { id, marked },
  );
}

export const subNotificationQuery = `subscription { subNotification { type seq notification { ${notificationFields} } notificationIds unread } }`;

export interface NoticeChange {
  subNotification: { type: string; seq: number; notification: Notice | null; notificationIds: string[]; unread: number };
}
