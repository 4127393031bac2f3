import { describe, expect, it } from 'vitest';
import { aiConversation, aiMessage } from './fixtures';
import { mergeMessages, promptBytes, questionOf, sortConversations, streamingAnswer } from './messages';

const question = aiMessage({ id: 'q1', type: 'question', body: 'What is due?', createdAt: '2026-03-01T10:00:00.000Z' });
const streaming = (body: string) => aiMessage({ id: 'a1', state: 'streaming', body, createdAt: '2026-03-01T10:00:00.000Z' });

describe('merging the answer as it arrives', () => {
  it('puts the question before its answer when both share their time, whatever order they came in', () => {
    expect(mergeMessages([], [streaming(''), question]).map((message) => message.id)).toEqual(['q1', 'a1']);
  });

  it('keeps the longer text of two streaming copies: the mutation’s empty answer after the first tokens changes nothing', () => {
    const merged = mergeMessages([question, streaming('The launch')], [streaming('')]);
    expect(merged[1]?.body).toBe('The launch');
  });

  it('never takes a finished answer back to streaming', () => {
    const stopped = aiMessage({ id: 'a1', state: 'stopped', body: 'The la' });
    expect(mergeMessages([question, stopped], [streaming('The launch is')])[1]).toEqual(stopped);
    const done = aiMessage({ id: 'a1', state: 'done', body: 'The launch is on Monday.' });
    expect(mergeMessages([question, streaming('The launch is')], [done])[1]).toEqual(done);
  });

  it('finds the question of an answer and the answer being written', () => {
    const messages = mergeMessages([], [question, streaming('x')]);
    expect(questionOf(messages, 'a1')?.id).toBe('q1');
    expect(streamingAnswer(messages)?.id).toBe('a1');
    expect(streamingAnswer([question])).toBeNull();
  });
});

describe('the conversation list', () => {
  it('shows the latest activity first: the last message, else the last change', () => {
    const old = aiConversation({ id: 'old', updatedAt: '2026-03-01T08:00:00.000Z' });
    const answered = aiConversation({
      id: 'answered',
      updatedAt: '2026-03-01T07:00:00.000Z',
      lastMessage: aiMessage({ id: 'm', createdAt: '2026-03-02T07:00:00.000Z' }),
    });
    const renamed = aiConversation({ id: 'renamed', updatedAt: '2026-03-01T12:00:00.000Z' });
    expect(sortConversations([old, answered, renamed]).map((conversation) => conversation.id)).toEqual(['answered', 'renamed', 'old']);
  });
});

describe('the prompt limit', () => {
  it('counts UTF-8 bytes, as the server does', () => {
    expect(promptBytes('abc')).toBe(3);
    expect(promptBytes('é')).toBe(2);
    expect(promptBytes('🚀')).toBe(4);
  });
});
