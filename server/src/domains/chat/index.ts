import type { DomainModule } from '../module';
import { finishedCallsLeaveAChatEntry } from './callEntries';
import { chatPrivateChatDirectory } from './privateChatDirectory';
import { chatSubscriptions } from './live';
import { messageMutations, messageQueries } from './messageResolvers';
import { presenceMutations, presenceOf, presenceQueries, presenceSubscriptions } from './presence';
import { privatMutations, privatQueries } from './privatResolvers';
import { chatProjection } from './projection';
import { chatTypeDefs } from './schema';
import { bindSpaceChatSummaries } from '../../core/spaceChatSummaries';
import { chatLoaders, spaceChatSummaries } from './summaries';
import { taskChatQueries } from './taskChats';

export { conversationReaders, findMessage, loadConversationAccess } from './access';
export { conversationOf } from './conversation';
export { parseConversationKey, refOf } from './conversation';
export { checkAttachment, excerpt as messageExcerpt, fileBelongsTo, type AttachmentFacts } from './commands';
export { chatStream, type MessageCreated } from './events';
export { peopleById } from './present';
export { presenceCounts } from './presence';
export { chatSearchSource } from './searchSource';
export { privatMembers, privats } from './tables';

/** Chat: messages in spaces, private chats and task threads, unread counts, typing and presence (issue 6). */
export const chatModule: DomainModule = {
  name: 'chat',
  typeDefs: chatTypeDefs,
  resolvers: {
    Query: { ...messageQueries, ...privatQueries, ...presenceQueries, ...taskChatQueries },
    Mutation: { ...messageMutations, ...privatMutations, ...presenceMutations },
    Subscription: { ...chatSubscriptions, ...presenceSubscriptions },
  },
  loaders: chatLoaders,
  projections: [chatProjection],
  reactions: [finishedCallsLeaveAChatEntry],
  privatDirectory: chatPrivateChatDirectory,
  // getMessages, getMessageHistory, setMessage, ediMessage, delMessage, typingMessage and subMessage are public
  // because a meeting room's admitted guest (no account) uses them for that room's chat: the resolvers refuse
  // everyone else who is not signed in exactly as the server refuses an anonymous caller (guests.ts).
  access: {
    getMessages: 'public',
    getMessageHistory: 'public',
    getPrivats: 'teamMember',
    getPresence: 'teamMember',
    getTaskChats: 'teamMember',
    setMessage: 'public',
    ediMessage: 'public',
    delMessage: 'public',
    lastViewed: 'spaceMember',
    reactMessage: 'spaceMember',
    setPrivat: 'teamMember',
    ediPrivat: 'teamMember',
    leavePrivat: 'teamMember',
    typingMessage: 'public',
    setPresence: 'teamMember',
    subMessage: 'public',
    subPrivat: 'teamMember',
    subPresence: 'teamMember',
  },
  // Presence listens to websocket connections from the start, before anyone asks for it. The chat list's subProject
  // deliveries (teams area) read each space's summary through the port bound here.
  start: (services) => {
    bindSpaceChatSummaries(services.database.db, spaceChatSummaries);
    return presenceOf(services).stop;
  },
};
