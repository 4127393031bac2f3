/** What the search area reads: getSearch (SPEC §7), one result per task, message, doc, file or calendar event the caller may read, typed from the schema. */
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphqlDocument';

export const getSearchDocument = graphql(`
  query GetSearch($text: String!, $filter: String, $startdate: String, $enddate: String, $space: ID, $first: Int) {
    getSearch(text: $text, filter: $filter, startdate: $startdate, enddate: $enddate, space: $space, first: $first) {
      id
      type
      logo
      color
      title
      emoji
      createdAt
      description
      highlights {
        start
        length
      }
      titleHighlights {
        start
        length
      }
      project
      projectTitle
      projectLogo
      projectColor
      messageId
      messageType
      link
    }
  }
`);

/** SPEC §3 Search result, with where the query matched in its title and snippet. */
export type SearchResult = ResultOf<typeof getSearchDocument>['getSearch'][number];
/** Where a query matched, in UTF-16 offsets (as JavaScript strings count). */
export type TextRange = SearchResult['highlights'][number];
export type SearchVariables = VariablesOf<typeof getSearchDocument>;
