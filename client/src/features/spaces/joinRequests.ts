/**
 * Open requests to join a space. The server announces each request live (subProject
 * project.join_requested) but has no query listing the open ones, so for team admins they are
 * read back from the team's activity log: the newest event per person decides whether their
 * request is still open (join_requested) or answered (member_added, join_refused, member_removed).
 */
import { request } from '../../lib/graphql';
import { jsonObject } from '../../lib/graphqlDocument';
import type { AppStore } from '../../lib/store';
import { getTeamActivityDocument } from '../teams/operations';
import { addRequest } from './atoms';

/** How far back the log is read: 3 pages of 100 events. */
const pages = 3;
const pageSize = 100;
const answers = new Set(['project.member_added', 'project.join_refused', 'project.member_removed', 'project.permission_changed']);

export async function loadOpenRequests(store: AppStore, teamId: string, projectId: string, memberIds: readonly string[]): Promise<void> {
  const decided = new Set<string>(memberIds);
  let after: string | undefined;
  for (let page = 0; page < pages; page += 1) {
    const { getTeamActivity } = await request(
      getTeamActivityDocument,
      { team: teamId, first: pageSize, ...(after ? { after } : {}) },
      { silent: true },
    );
    for (const entry of getTeamActivity.entries) {
      const details = jsonObject(entry.details);
      if (details.projectId !== projectId || typeof details.userId !== 'string' || decided.has(details.userId)) continue;
      decided.add(details.userId);
      if (entry.type === 'project.join_requested') addRequest(store, projectId, details.userId);
      else if (!answers.has(entry.type)) decided.delete(details.userId);
    }
    if (!getTeamActivity.nextCursor) return;
    after = getTeamActivity.nextCursor;
  }
}
