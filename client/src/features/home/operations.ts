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

/** "While you were away": what changed in the caller's spaces since their last visit (empty unless they were away 4 hours). */
export const getAwaySummaryDocument = graphql(`
  query GetAwaySummary {
    getAwaySummary {
      since
      lines {
        kind
        project
        count
        item
        name
        route
      }
    }
  }
`);

export type AwayLine = ResultOf<typeof getAwaySummaryDocument>['getAwaySummary']['lines'][number];

/** Remembers this visit on the server, for every device of the person. */
export const visitHomeDocument = graphql('mutation VisitHome { visitHome }');

/** Today's calendar entries of the caller (events and meetings), from the calendar area. */
export const getTodayEventsDocument = graphql(`
  query GetHomeEvents($start: String!, $end: String!) {
    getEventsCalendar(start: $start, end: $end) {
      id
      event
      title
      start
      end
      allDay
      type
      meet
      location
    }
  }
`);

export type HomeEvent = ResultOf<typeof getTodayEventsDocument>['getEventsCalendar'][number];

const homeFileFragment = graphql('fragment HomeFile on File { id name type category project task createdAt }');

export type HomeFile = ResultOf<typeof homeFileFragment>;

const recentSpaceFilesDocument = graphql(
  'query GetRecentFiles($project: ID!) { files: getFiles(project: $project, limit: 6) { ...HomeFile } }',
  [homeFileFragment],
);

/** The newest files of each space, in one request, as recentDocsDocument does for docs. */
export function recentFilesDocument(spaceCount: number) {
  return repeatedDocument(recentSpaceFilesDocument, Math.max(1, Math.min(spaceCount, homeDocSpaces)));
}

/** A change on a space's board: the space's home reads its tasks again (only that something changed is needed). */
export const homeTaskChangesDocument = graphql('subscription HomeTaskChanges($project: ID!) { subTask(project: $project) { type seq } }');

/** A change to a space's docs (created, renamed, edited, deleted): Home reads its recent docs again. */
export const homeDocChangesDocument = graphql('subscription HomeDocChanges($project: ID!) { subDoc(project: $project) { type seq } }');

/** A change to a space's own files (added, renamed, moved, deleted): Home reads its recent files again. */
export const homeFileChangesDocument = graphql('subscription HomeFileChanges($project: ID!) { subFile(project: $project) { type seq } }');
