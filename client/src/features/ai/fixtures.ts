/** Test data: AI messages and conversations as the server answers them. */
import type { AiConversation, AiMessage } from './operations';

export function aiMessage(overrides: Partial<AiMessage> & Pick<AiMessage, 'id'>): AiMessage {
  return {
    aiconversation: 'c1',
    body: '',
    type: 'answer',
    state: 'done',
    error: null,
    errorCode: null,
    persona: 'assistant',
    tone: null,
    mode: 'chat',
    createdAt: '2026-03-01T10:00:00.000Z',
    citations: [],
    ...overrides,
  };
}

export function aiConversation(overrides: Partial<AiConversation> & Pick<AiConversation, 'id'>): AiConversation {
  return {
    name: '',
    type: 'chat',
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    lastMessage: null,
    ...overrides,
  };
}
