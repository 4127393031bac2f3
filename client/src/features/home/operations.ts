/** What Home reads (until the notifications and reports issue gives it a feed of its own), typed from the schema. */
import { graphql, repeatedDocument, type ResultOf } from '../../lib/graphqlDocument';

/** At most this many tasks: the soonest due come first, so the cut keeps what matters. */
export const homeTaskLimit = 50;

/**
 * Open tasks, soonest deadline first: mine across the team's spaces (users), or a space's (project). A task's route
 * (/<project>/tasks/d/<task>) is where it opens.
 */
export const getHomeTasksDocument = graphql(`
  query GetHomeTasks($project: ID, $users: [ID!], $open: Boolean, $first: Int) {
    getTasks(project: $project, users: $users, open: $open, first: $first) {
      id
      idCode
      name
      route
      deadline
      priority
      project
      stateProject {
        id
        value
      }
    }
  }
`);

/** A task as Home lists it: enough to name it, date it and open it. */
export type HomeTask = ResultOf<typeof getHomeTasksDocument>['getTasks'][number];

const homeDocFragment = graphql('fragment HomeDoc on Wall { id title emoji folder project updatedAt }');

export type HomeDoc = ResultOf<typeof homeDocFragment>;

/** Docs read per space for Home; one request reads them all (at most this many spaces, below the alias limit). */
export const homeDocSpaces = 20;
/** The newest docs Home shows, and how many it reads per space (the limit in the document below). */
export const homeDocLimit = 6;

const recentSpaceDocsDocument = graphql(
  'query GetRecentWalls($project: ID!) { docs: getWalls(project: $project, sort: "updated", limit: 6) { walls { ...HomeDoc } } }',
  [homeDocFragment],
);

/** The most recently updated docs of each space, in one request: `docs_<n>: getWalls(project: $project_<n> …)` per space. */
export function recentDocsDocument(spaceCount: number) {
  return repeatedDocument(recentSpaceDocsDocument, Math.max(1, Math.min(spaceCount, homeDocSpaces)));
}
