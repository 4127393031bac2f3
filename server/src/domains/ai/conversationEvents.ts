import type { SearchKind } from '#shared/search';
import type { DomainEvent } from '../../core/events';

/** chat: the model alone; search: from the workspace, with citations. */
export type AiMode = 'chat' | 'search';
export type AiAnswerEnd = 'done' | 'stopped' | 'failed';

/** One source an AI search answer used, as AiCitation presents it. */
export interface AiCitationRecord {
  /** What the search index found: a task, doc, message, file or calendar event. */
  kind: SearchKind;
  id: string;
  title: string;
  link: string;
  project: string | null;
}

export interface AiConversationCreated {
  conversationId: string;
  teamId: string;
  userId: string;
  type: AiMode;
}

export interface AiConversationRenamed {
  conversationId: string;
  name: string;
}

export interface AiConversationDeleted {
  conversationId: string;
}

/** A question and the answer it starts (state streaming, body empty), recorded together. */
export interface AiQuestionAsked {
  conversationId: string;
  questionId: string;
  answerId: string;
  body: string;
  mode: AiMode;
  persona: string | null;
  tone: string | null;
}

/** An answer ended: its whole body, how it ended, and what it used. */
export interface AiAnswerFinished {
  conversationId: string;
  answerId: string;
  body: string;
  state: AiAnswerEnd;
  error: string | null;
  errorCode: string | null;
  citations: AiCitationRecord[];
  promptTokens: number | null;
  completionTokens: number | null;
}

export interface AiMessageDeleted {
  conversationId: string;
  messageId: string;
}

/** Events of the stream `aiConversation:<id>`; `type` strings are stored in the log forever, never renamed. */
export type AiConversationEvent =
  | DomainEvent<'ai.conversation.created', AiConversationCreated>
  | DomainEvent<'ai.conversation.renamed', AiConversationRenamed>
  | DomainEvent<'ai.conversation.deleted', AiConversationDeleted>
  | DomainEvent<'ai.question.asked', AiQuestionAsked>
  | DomainEvent<'ai.answer.finished', AiAnswerFinished>
  | DomainEvent<'ai.message.deleted', AiMessageDeleted>;
