import { isOneOf } from './guards';

/** SPEC §9 AI writing tools. Languages are English names because they go into the prompt as written. */
export const aiWritingLanguages = [
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
] as const;
export type AiWritingLanguage = (typeof aiWritingLanguages)[number];

export const aiWritingTones = ['professional', 'friendly', 'casual', 'formal'] as const;
export type AiWritingTone = (typeof aiWritingTones)[number];

/** Action keys; the labels ("Improve writing", "Fix spelling", ...) live in the locale files. */
export const aiWritingActions = [
  'shorter',
  'longer',
  'improveWriting',
  'fixSpelling',
  'simplify',
  'summarize',
  'translate',
  'changeTone',
  'continue',
] as const;
export type AiWritingAction = (typeof aiWritingActions)[number];

export function isAiWritingLanguage(value: unknown): value is AiWritingLanguage {
  return isOneOf(aiWritingLanguages, value);
}

export function isAiWritingTone(value: unknown): value is AiWritingTone {
  return isOneOf(aiWritingTones, value);
}

export function isAiWritingAction(value: unknown): value is AiWritingAction {
  return isOneOf(aiWritingActions, value);
}
