import { describe, expect, it } from 'vitest';
import type { AiMessage } from '../../graphql/schemaTypes';
import { HeardAnswerText, type Delivery } from './conversationLive';

const answer = (body: string, state: AiMessage['state'] = 'streaming'): Delivery => ({
  message: {
    id: 'answer-1',
    aiconversation: 'conversation-1',
    body,
    type: 'answer',
    state,
    error: null,
    errorCode: null,
    persona: null,
    tone: null,
    mode: 'answer',
    citations: [],
    createdAt: '2026-11-27T00:00:00.000Z',
  } as AiMessage,
  delta: body,
});

describe('HeardAnswerText', () => {
  it("keeps the words heard before an answer's start, which arrives later through the log", () => {
    const heard = new HeardAnswerText();
    expect(heard.keep('ai.answer.delta', answer('Hello')).message.body).toBe('Hello');
    expect(heard.keep('ai.question.asked', answer('')).message.body).toBe('Hello');
    expect(heard.keep('ai.answer.delta', answer('Hello there')).message.body).toBe('Hello there');
    expect(heard.keep('ai.answer.finished', answer('Hello there.', 'done')).message.body).toBe('Hello there.');
  });

  it('sends a start heard first as it is', () => {
    const heard = new HeardAnswerText();
    expect(heard.keep('ai.question.asked', answer('')).message.body).toBe('');
    heard.keep('ai.answer.delta', answer('Hi'));
    heard.keep('ai.answer.finished', answer('Hi', 'done'));
    // Forgotten once finished: a later replay of the start (a resume) is the log's.
    expect(heard.keep('ai.question.asked', answer('')).message.body).toBe('');
  });
});
