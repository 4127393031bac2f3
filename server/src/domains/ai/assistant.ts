import type { DomainModule } from '../module';
import { answerRunnerOf } from './answerRunner';
import { aiConversationSubscriptions } from './conversationLive';
import { aiConversationsProjection } from './conversationProjection';
import { aiConversationMutations, aiConversationQueries } from './conversationResolvers';
import { aiConversationTypeDefs } from './conversationSchema';

/**
 * AI conversations, their answers streamed live, and AI search: each person's conversations per team in the
 * log, answers written in the background by the tools' completion and published live as they come, stops that
 * reach whichever process writes the answer, and questions answered from what the asker may read.
 */
export const aiAssistantModule: DomainModule = {
  name: 'ai',
  typeDefs: aiConversationTypeDefs,
  resolvers: {
    Query: aiConversationQueries,
    Mutation: aiConversationMutations,
    Subscription: aiConversationSubscriptions,
  },
  projections: [aiConversationsProjection],
  // Listens for stops from any process, and records answers a stopped server left unfinished as failed.
  start: (services) => answerRunnerOf(services).start(),
  access: {
    getAiConversations: 'teamMember',
    getAiMessages: 'teamMember',
    setAiConversation: 'teamMember',
    ediAiConversation: 'teamMember',
    delAiConversation: 'teamMember',
    setAiMessage: 'teamMember',
    delAiMessage: 'teamMember',
    stopAiMessage: 'teamMember',
    subAiMessage: 'teamMember',
    subAiConversations: 'teamMember',
  },
};
