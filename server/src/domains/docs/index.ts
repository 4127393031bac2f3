import type { DomainModule } from '../module';
import { startCollab } from '../../collab/rooms';
import { docSubscriptions } from './live';
import { docsProjection } from './projection';
import { docMutations, docQueries } from './resolvers';
import { docsTypeDefs } from './schema';
import { imageQueries } from './images';
import { docsMeetingNotes } from './meetingNotes';

export { docPlacesById, findDocRow } from './state';
export { type DocMentionsChanged } from './mentions';

export { docsSearchSource } from './searchSource';

/** Docs: walls of a space, folders of type doc, public share links, live list; content in collab rooms (issue 7). */
export const docsModule: DomainModule = {
  name: 'docs',
  typeDefs: docsTypeDefs,
  resolvers: {
    Query: { ...docQueries, ...imageQueries },
    Mutation: docMutations,
    Subscription: docSubscriptions,
  },
  projections: [docsProjection],
  // A meeting room's notes are a doc of its space, made and found through the core's port.
  meetingNotesDocs: docsMeetingNotes,
  access: {
    getWalls: 'spaceMember',
    getWall: 'spaceMember',
    getWorkspace: 'public',
    signedDownloadPublicURLDoc: 'public',
    setWorkspace: 'spaceMember',
    updateWall: 'spaceMember',
    delWorkspace: 'spaceMember',
    subDoc: 'spaceMember',
  },
  // The rooms listen to committed events from the start (removals cut sockets) and persist on close.
  start: (services) => startCollab(services),
};
