import { describe, expect, it } from 'vitest';
import { applyModesOf, chunkErrorText, formatByteLimit, promptBytes, refusalOf, writingVariables } from './writingRequest';

describe('writing tool requests', () => {
  it('sends the language only for translate, the tone only for change tone, and the context when there is one', () => {
    expect(writingVariables({ action: 'shorter' }, { text: 'Hello' })).toEqual({ action: 'shorter', text: 'Hello' });
    expect(writingVariables({ action: 'translate', language: 'Japanese' }, { text: 'Hello' })).toEqual({
      action: 'translate',
      text: 'Hello',
      language: 'Japanese',
    });
    expect(writingVariables({ action: 'changeTone', tone: 'formal' }, { text: 'Hi' })).toEqual({
      action: 'changeTone',
      text: 'Hi',
      tone: 'formal',
    });
    expect(writingVariables({ action: 'continue' }, { text: 'Once', context: 'Title\n\nOnce' })).toEqual({
      action: 'continue',
      text: 'Once',
      context: 'Title\n\nOnce',
    });
  });

  it('counts the prompt in UTF-8 bytes, text and context together, and refuses more than the limit before sending', () => {
    expect(promptBytes({ text: 'é', context: 'ab' })).toBe(4);
    expect(refusalOf({ text: 'x'.repeat(2001) }, 2000)).toEqual({ kind: 'tooLarge', limit: '2 KB' });
    expect(refusalOf({ text: 'x'.repeat(1000), context: 'y'.repeat(1001) }, 2000)).toEqual({ kind: 'tooLarge', limit: '2 KB' });
    expect(refusalOf({ text: 'x'.repeat(2000) }, 2000)).toBeNull();
    expect(refusalOf({ text: 'x'.repeat(5_000_000) }, null)).toBeNull();
  });

  it('refuses empty or blank text', () => {
    expect(refusalOf({ text: '  \n ' }, 1000)).toEqual({ kind: 'empty' });
  });

  it('writes limits as the server does', () => {
    expect(formatByteLimit(200_000)).toBe('200 KB');
    expect(formatByteLimit(1_500_000)).toBe('1.5 MB');
    expect(formatByteLimit(512)).toBe('512 B');
  });

  it('offers Insert for continue, Replace and Insert below for the rest', () => {
    expect(applyModesOf('continue')).toEqual(['insert']);
    expect(applyModesOf('summarize')).toEqual(['replace', 'insertBelow']);
  });

  it("translates a failed chunk's code when its message has no parameters, else shows the server's message", () => {
    const translate = (key: string, fallback: string) => `[${key}|${fallback}]`;
    expect(chunkErrorText(translate, 'Too many requests.', 'RATE_LIMITED', 'failed')).toBe(
      '[errors.codes.RATE_LIMITED|Too many requests.]',
    );
    expect(chunkErrorText(translate, 'The prompt is too large: at most 200 KB.', 'UNKNOWN_CODE', 'failed')).toBe(
      'The prompt is too large: at most 200 KB.',
    );
    expect(chunkErrorText(translate, null, null, 'The AI could not finish.')).toBe('The AI could not finish.');
  });
});
