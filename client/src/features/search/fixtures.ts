/** Test data: search results as the server answers them. */
import type { SearchResult } from './operations';

export const engines = '65a1f0c2b3d4e5f6a7b8c9d0';
export const looms = '65a1f0c2b3d4e5f6a7b8c9d1';

export function searchResult(overrides: Partial<SearchResult> & Pick<SearchResult, 'id' | 'title'>): SearchResult {
  return {
    type: 'task',
    logo: null,
    color: '#5e6ad2',
    emoji: null,
    createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    description: null,
    highlights: [],
    titleHighlights: [],
    project: engines,
    projectTitle: 'Engines',
    projectLogo: null,
    projectColor: '#5e6ad2',
    messageId: null,
    messageType: null,
    link: `/${engines}/tasks/d/${overrides.id}`,
    ...overrides,
  };
}
