/** What Home reads (until the notifications and reports issue gives it a feed of its own): typed documents. */
import { gql } from '../../lib/graphql';

/** A task as Home lists it: enough to name it, date it and open it. */
export interface HomeTask {
  id: string;
  idCode: string;
  name: string;
  /** /<project>/tasks/d/<task>: where the task opens. */
  route: string;
  deadline: string | null;
  priority: number;
  project: string;
  stateProject: { id: string; value: string };
}

export interface HomeDoc {
  id: string;
  title: string;
  emoji: string | null;
  folder: string | null;
  project: string;
  updatedAt: string;
}

/** At most this many tasks: the soonest due come first, so the cut keeps what matters. */
export const homeTaskLimit = 50;

/** Open tasks, soonest deadline first: mine across the team's spaces (users), or a space's (project). */
export const getHomeTasksDocument = gql<{ getTasks: HomeTask[] }, { project?: string; users?: string[]; open: boolean; first: number }>(
  `query GetHomeTasks($project: ID, $users: [ID!], $open: Boolean, $first: Int) {
    getTasks(project: $project, users: $users, open: $open, first: $first) { id idCode name route deadline priority project stateProject { id value } }
  }`,
);

const docFields = 'id title emoji folder project updatedAt';

/** Docs read per space for Home; one aliased request reads them all (at most this many spaces, below the alias limit). */
export const homeDocSpaces = 20;
export const homeDocLimit = 6;

/** The most recently updated docs of each space, in one request: `s0: getWalls(project: $p0 …)` per space. */
export function recentDocsDocument(spaceCount: number) {
  const count = Math.max(1, Math.min(spaceCount, homeDocSpaces));
  const variables = Array.from({ length: count }, (_, index) => `$p${index}: ID!`).join(', ');
  const fields = Array.from(
    { length: count },
    (_, index) => `s${index}: getWalls(project: $p${index}, sort: "updated", limit: ${homeDocLimit}) { walls { ${docFields} } }`,
  ).join('\n');
  return gql<Record<string, { walls: HomeDoc[] }>, Record<string, string>>(`query GetRecentWalls(${variables}) {\n${fields}\n}`);
}
