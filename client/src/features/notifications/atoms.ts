/** The latest notifications, preloaded after start-up (SPEC §7: a list query with first 20). */
import { gql } from '../../lib/graphql';
import { atom } from '../../lib/store';

export interface NotificationSummary {
  id: string;
  type: string;
  read: boolean | null;
  createdAt: string;
}

export const notificationsAtom = atom<readonly NotificationSummary[] | null>(null);

export const getNotificationsDocument = gql<{ getNotifications: NotificationSummary[] | null }, { first: number }>(
  'query GetNotifications($first: Int) { getNotifications(first: $first) { id type read createdAt } }',
);
