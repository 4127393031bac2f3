import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors';
import { checkWritingArguments, writingAnswerRule, writingMessages } from './writing';

const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field };
    throw error;
  }
  return null;
};

describe('checkWritingArguments', () => {
  it('refuses an unknown action, empty text, a missing or unknown language or tone, naming the argument', () => {
    expect(refusalOf(() => checkWritingArguments({ action: 'poem', text: 'x' }))).toEqual({
      code: 'AI_WRITING_ACTION_UNKNOWN',
      field: 'action',
    });
    expect(refusalOf(() => checkWritingArguments({ action: 'shorter', text: ' \n ' }))).toEqual({
      code: 'AI_WRITING_TEXT_REQUIRED',
      field: 'text',
    });
    expect(refusalOf(() => checkWritingArguments({ action: 'translate', text: 'x' }))).toEqual({
      code: 'AI_WRITING_LANGUAGE_UNKNOWN',
      field: 'language',
    });
    expect(refusalOf(() => checkWritingArguments({ action: 'translate', text: 'x', language: 'german' }))).toEqual({
      code: 'AI_WRITING_LANGUAGE_UNKNOWN',
      field: 'language',
    });
    expect(refusalOf(() => checkWritingArguments({ action: 'changeTone', text: 'x', tone: null }))).toEqual({
      code: 'AI_WRITING_TONE_UNKNOWN',
      field: 'tone',
    });
  });

  it('keeps what the action needs and ignores the rest', () => {
    expect(checkWritingArguments({ action: 'shorter', text: 'x', language: 'German', tone: 'formal' })).toEqual({
      action: 'shorter',
      text: 'x',
      context: null,
    });
    expect(checkWritingArguments({ action: 'translate', text: 'x', language: 'Japanese', context: '  ' })).toEqual({
      action: 'translate',
      text: 'x',
      language: 'Japanese',
      context: null,
    });
  });
});

describe('writingMessages', () => {
  it('asks for the text alone, with the language and the tone named', () => {
    const translate = writingMessages(checkWritingArguments({ action: 'translate', text: 'Bonjour', language: 'Korean' }));
    expect(translate).toEqual([
      { role: 'system', content: `You are a writing assistant. Translate the text into Korean. ${writingAnswerRule}` },
      { role: 'user', content: 'Bonjour' },
    ]);
    const tone = writingMessages(checkWritingArguments({ action: 'changeTone', text: 'Hi', tone: 'formal' }));
    expect(tone[0]!.content).toBe(
      `You are a writing assistant. Rewrite the text in a formal tone, keeping its meaning. ${writingAnswerRule}`,
    );
    expect(writingAnswerRule).toMatch(/^Return only the resulting text: no preamble/);
  });

  it('adds the surrounding text as context before the text', () => {
    const messages = writingMessages(checkWritingArguments({ action: 'continue', text: 'And then', context: 'Once upon a time.' }));
    expect(messages.map((message) => message.role)).toEqual(['system', 'system', 'user']);
    expect(messages[1]!.content).toBe('The surrounding text, for context only (do not repeat it):\n\nOnce upon a time.');
    expect(messages[2]!.content).toBe('And then');
  });
});
