/**
 * What a writing tool sends (the aiWriting subscription's arguments) and how its answers read: pure, so
 * the rules are tested without a server. The action keys, languages and tones are SPEC §9's (shared/src/ai.ts).
 */
import { type AiWritingAction, type AiWritingLanguage, type AiWritingTone } from '#shared/ai';
import { errorMessages, isErrorCode, messageParameters } from '#shared/errors';

/** One menu choice: the action, with its language (translate) or tone (change tone). */
export type WritingChoice =
  | { action: Exclude<AiWritingAction, 'translate' | 'changeTone'> }
  | { action: 'translate'; language: AiWritingLanguage }
  | { action: 'changeTone'; tone: AiWritingTone };

/** The text a tool works on, read from the editor when the tool is chosen. */
export interface WritingSource {
  /** The selection, or the whole text; for continue, the text being continued. */
  text: string;
  /** For continue: everything before the caret. */
  context?: string;
}

export interface WritingVariables {
  action: string;
  text: string;
  language?: string;
  tone?: string;
  context?: string;
}

export function writingVariables(choice: WritingChoice, source: WritingSource): WritingVariables {
  return {
    action: choice.action,
    text: source.text,
    ...(choice.action === 'translate' ? { language: choice.language } : {}),
    ...(choice.action === 'changeTone' ? { tone: choice.tone } : {}),
    ...(source.context ? { context: source.context } : {}),
  };
}

/** The bytes the server counts against AI_MAX_PROMPT_BYTES (the text and its context, in UTF-8). */
export function promptBytes(source: WritingSource): number {
  const encoder = new TextEncoder();
  return encoder.encode(source.text).length + encoder.encode(source.context ?? '').length;
}

/** A byte limit as people read it: "200 KB", "1.5 MB" (powers of 1000, as the server's message says it). */
export function formatByteLimit(bytes: number): string {
  if (bytes >= 1_000_000) return `${Number((bytes / 1_000_000).toFixed(1))} MB`;
  if (bytes >= 1000) return `${Number((bytes / 1000).toFixed(1))} KB`;
  return `${bytes} B`;
}

/** Why a tool cannot be run on this text before anything is sent, or null when it can. */
export type WritingRefusal = { kind: 'empty' } | { kind: 'tooLarge'; limit: string };

export function refusalOf(source: WritingSource, maxPromptBytes: number | null): WritingRefusal | null {
  if (!source.text.trim()) return { kind: 'empty' };
  if (maxPromptBytes !== null && promptBytes(source) > maxPromptBytes) return { kind: 'tooLarge', limit: formatByteLimit(maxPromptBytes) };
  return null;
}

/** How the result is applied: replacing what it was made from, below it, or (continue) at the caret. */
export type ApplyMode = 'replace' | 'insertBelow' | 'insert';

export function applyModesOf(action: AiWritingAction): ApplyMode[] {
  return action === 'continue' ? ['insert'] : ['replace', 'insertBelow'];
}

/**
 * The text to show for a failed chunk: its code's translation when the code's message needs no parameters
 * (the chunk carries none), else the server's own message, which names the limit or which one was reached.
 */
export function chunkErrorText(
  translate: (key: string, fallback: string) => string,
  error: string | null | undefined,
  code: string | null | undefined,
  fallback: string,
): string {
  const message = error?.trim() || fallback;
  if (isErrorCode(code) && messageParameters(errorMessages[code]).length === 0) return translate(`errors.codes.${code}`, message);
  return message;
}
