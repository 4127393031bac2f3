import {
  isAiWritingAction,
  isAiWritingLanguage,
  isAiWritingTone,
  type AiWritingAction,
  type AiWritingLanguage,
  type AiWritingTone,
} from '#shared/ai';
import type { ChatMessage } from '../../ai/provider';
import { codedError } from '../../errors';

/** A writing tool's request once checked: the action and what it needs. */
export type WritingRequest =
  | { action: Exclude<AiWritingAction, 'translate' | 'changeTone'>; text: string; context: string | null }
  | { action: 'translate'; text: string; language: AiWritingLanguage; context: string | null }
  | { action: 'changeTone'; text: string; tone: AiWritingTone; context: string | null };

export interface WritingArguments {
  action: string;
  text: string;
  language?: string | null | undefined;
  tone?: string | null | undefined;
  context?: string | null | undefined;
}

/** aiWriting's arguments, refused with a clear error naming the argument when they make no request. */
export function checkWritingArguments(input: WritingArguments): WritingRequest {
  const { action, text } = input;
  const context = input.context?.trim() ? input.context : null;
  if (!isAiWritingAction(action)) throw codedError('AI_WRITING_ACTION_UNKNOWN', { field: 'action' });
  if (text.trim() === '') throw codedError('AI_WRITING_TEXT_REQUIRED', { field: 'text' });
  if (action === 'translate') {
    if (!isAiWritingLanguage(input.language)) throw codedError('AI_WRITING_LANGUAGE_UNKNOWN', { field: 'language' });
    return { action, text, language: input.language, context };
  }
  if (action === 'changeTone') {
    if (!isAiWritingTone(input.tone)) throw codedError('AI_WRITING_TONE_UNKNOWN', { field: 'tone' });
    return { action, text, tone: input.tone, context };
  }
  return { action, text, context };
}

/** What every writing tool's answer must be: the text alone, ready to replace or follow the selection. */
export const writingAnswerRule =
  'Return only the resulting text: no preamble, no explanation, no quotation marks around it. Markdown is allowed. ' +
  'Keep the language of the text unless the task says otherwise.';

function taskOf(request: WritingRequest): string {
  switch (request.action) {
    case 'shorter':
      return 'Make the text shorter, keeping its meaning and key points.';
    case 'longer':
      return 'Make the text longer, expanding it with relevant detail in the same voice.';
    case 'improveWriting':
      return 'Improve the writing of the text: clarity, flow and word choice, keeping its meaning.';
    case 'fixSpelling':
      return 'Fix the spelling and grammar mistakes in the text; change nothing else.';
    case 'simplify':
      return 'Simplify the text: plain words and short sentences, keeping its meaning.';
    case 'summarize':
      return 'Summarize the text in a few sentences or bullet points.';
    case 'translate':
      return `Translate the text into ${request.language}.`;
    case 'changeTone':
      return `Rewrite the text in a ${request.tone} tone, keeping its meaning.`;
    case 'continue':
      return 'Continue the text from where it ends, in the same language, voice and format. Return only the new text that follows it.';
  }
}

/** The messages a writing tool sends: its task and the answer rule, the surrounding text if any, then the text. */
export function writingMessages(request: WritingRequest): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: `You are a writing assistant. ${taskOf(request)} ${writingAnswerRule}` }];
  if (request.context !== null)
    messages.push({ role: 'system', content: `The surrounding text, for context only (do not repeat it):\n\n${request.context}` });
  messages.push({ role: 'user', content: request.text });
  return messages;
}
