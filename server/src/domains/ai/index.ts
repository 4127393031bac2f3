/**
 * The AI assistant (issue 19), served as two modules of one area: the tools (the provider, team limits and
 * usage, the writing tools) and the assistant (conversations, answers streamed live, AI search), which asks
 * the provider through the tools' completion.
 */
export { aiToolsModule } from './tools';
export { aiAssistantModule } from './assistant';
