import type { StoredEvent } from '../../core/events';
import type { IndexChange, SearchSource } from '../../core/searchSources';
import type { ProjectDeleted } from './events';

function changesOf(stored: StoredEvent): IndexChange[] {
  if (stored.type !== 'project.deleted') return [];
  return [{ type: 'remove', where: { spaceId: (stored.payload as ProjectDeleted).projectId } }];
}

/** Spaces in the search index: a deleted space takes every item placed in it along (its tasks, messages, docs and files). */
export const teamsSearchSource: SearchSource = {
  area: 'teams',
  eventTypes: ['project.deleted'],
  changesOf,
};
