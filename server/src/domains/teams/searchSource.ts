import type { SearchSource } from '../../core/searchSources';
import type { ProjectDeleted, SpaceEvent } from './events';

/** Spaces in the search index: a deleted space takes every item placed in it along (its tasks, messages, docs and files). */
export const teamsSearchSource: SearchSource<SpaceEvent['type']> = {
  area: 'teams',
  changes: {
    'project.deleted': (stored) => [{ type: 'remove', where: { spaceId: (stored.payload as ProjectDeleted).projectId } }],
  },
};
