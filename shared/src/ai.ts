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

/** Who the assistant answers as (AI conversations); labels under `ai.personas.*` in the locale files. */
export const aiPersonas = ['assistant', 'projectManager', 'engineer', 'marketer', 'writer'] as const;
export type AiPersona = (typeof aiPersonas)[number];

export function isAiPersona(value: unknown): value is AiPersona {
  return isOneOf(aiPersonas, value);
}

export function isAiWritingLanguage(value: unknown): value is AiWritingLanguage {
  return isOneOf(aiWritingLanguages, value);
}

export function isAiWritingTone(value: unknown): value is AiWritingTone {
  return isOneOf(aiWritingTones, value);
}

export function isAiWritingAction(value: unknown): value is AiWritingAction {
  return isOneOf(aiWritingActions, value);
}

/** The codes an AI request can fail with (their messages are in errors.ts); the streams carry them as errorCode. */
export const aiErrorCodes = [
  'AI_NOT_CONFIGURED',
  'AI_PROMPT_TOO_LARGE',
  'AI_TEAM_LIMIT_REACHED',
  'AI_RATE_LIMITED',
  'AI_TIMEOUT',
  'AI_CONTEXT_TOO_LONG',
  'AI_KEY_REFUSED',
  'AI_MALFORMED_ANSWER',
  'AI_PROVIDER_FAILED',
] as const;
export type AiErrorCode = (typeof aiErrorCodes)[number];

export function isAiErrorCode(value: unknown): value is AiErrorCode {
  return isOneOf(aiErrorCodes, value);
}
