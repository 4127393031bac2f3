/** What the search area reads: getSearch (SPEC §7), one result per task, message, doc or file the caller may read. */
import type { GraphQLDocument } from '../../lib/graphqlDocument';

/** Where a query matched, in UTF-16 offsets (as JavaScript strings count). */
export interface TextRange {
  start: number;
  length: number;
}

/** SPEC §3 Search result, with where the query matched in its title and snippet. */
export interface SearchResult {
  id: string;
  type: string;
  logo: string | null;
  color: string | null;
  title: string;
  emoji: string | null;
  createdAt: string;
  description: string | null;
  highlights: TextRange[];
  titleHighlights: TextRange[];
  project: string | null;
  projectTitle: string | null;
  projectLogo: string | null;
  projectColor: string | null;
  messageId: string | null;
  messageType: string | null;
  link: string;
}

export type SearchVariables = {
  text: string;
  filter?: string | null;
  startdate?: string | null;
  enddate?: string | null;
  space?: string | null;
  first?: number | null;
};

export const getSearchDocument: GraphQLDocument<{ getSearch: SearchResult[] }, SearchVariables> = {
  text: `query GetSearch($text: String!, $filter: String, $startdate: String, $enddate: String, $space: ID, $first: Int) {
    getSearch(text: $text, filter: $filter, startdate: $startdate, enddate: $enddate, space: $space, first: $first) {
      id
      type
      logo
      color
      title
      emoji
      createdAt
      description
      highlights { start length }
      titleHighlights { start length }
      project
      projectTitle
      projectLogo
      projectColor
      messageId
      messageType
      link
    }
  }`,
  fragments: [],
} as GraphQLDocument<{ getSearch: SearchResult[] }, SearchVariables>;
