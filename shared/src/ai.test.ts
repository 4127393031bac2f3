import { describe, it, expect } from 'vitest';
import { aiWritingActions, aiWritingLanguages, aiWritingTones, isAiWritingAction, isAiWritingLanguage, isAiWritingTone } from './ai';

describe('SPEC §9 AI writing tools', () => {
  it('offers the twelve SPEC languages', () => {
    expect(aiWritingLanguages).toEqual([
      'Chinese',
      'Dutch',
      'English',
      'French',
      'German',
      'Italian',
      'Japanese',
      'Korean',
      'Spanish',
      'Portuguese',
      'Russian',
      'Turkish',
    ]);
  });

  it('offers four tones', () => {
    expect(aiWritingTones).toEqual(['professional', 'friendly', 'casual', 'formal']);
  });

  it('offers nine actions', () => {
    expect(aiWritingActions).toEqual([
      'shorter',
      'longer',
      'improveWriting',
      'fixSpelling',
      'simplify',
      'summarize',
      'translate',
      'changeTone',
      'continue',
    ]);
  });

  it('recognises only listed values', () => {
    expect(isAiWritingLanguage('Korean')).toBe(true);
    expect(isAiWritingLanguage('Klingon')).toBe(false);
    expect(isAiWritingTone('formal')).toBe(true);
    expect(isAiWritingTone('angry')).toBe(false);
    expect(isAiWritingAction('fixSpelling')).toBe(true);
    expect(isAiWritingAction('fix spelling')).toBe(false);
  });
});
