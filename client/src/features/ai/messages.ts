/**
 * How the assistant's messages and conversations are kept on the page: pure functions, so the order in which the
 * mutation's answer and the stream's events arrive never matters.
 */
import type { AiConversation, AiMessage } from './operations';

export const aiModes = ['chat', 'search'] as const;
export type AiMode = (typeof aiModes)[number];

export function isAiMode(value: unknown): value is AiMode {
  return value === 'chat' || value === 'search';
}

/** Whether an answer is still being written. */
export const isStreaming = (message: Pick<AiMessage, 'state'>) => message.state === 'streaming';

/**
 * The newer of two copies of one message. A finished answer (done, stopped, failed) is never taken back to streaming
 * by a copy that was on its way before it ended (setAiMessage's answer can arrive after the first events), and of
 * two streaming copies the one with more text wins.
 */
export function newerCopy(known: AiMessage, incoming: AiMessage): AiMessage {
  if (!isStreaming(known) && isStreaming(incoming)) return known;
  if (isStreaming(known) && isStreaming(incoming) && incoming.body.length < known.body.length) return known;
  return incoming;
}

function byCreation(left: AiMessage, right: AiMessage): number {
  if (left.createdAt !== right.createdAt) return left.createdAt < right.createdAt ? -1 : 1;
  // A question and its answer share their time: the question first.
  if (left.type !== right.type) return left.type === 'question' ? -1 : 1;
  return left.id < right.id ? -1 : left.id > right.id ? 1 : 0;
}

/** The messages with `incoming` merged in by id, oldest first. */
export function mergeMessages(existing: readonly AiMessage[], incoming: readonly AiMessage[]): AiMessage[] {
  const byId = new Map(existing.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    byId.set(message.id, known ? newerCopy(known, message) : message);
  }
  return [...byId.values()].sort(byCreation);
}

/** The question an answer replies to: the question just before it. */
export function questionOf(messages: readonly AiMessage[], answerId: string): AiMessage | null {
  const at = messages.findIndex((message) => message.id === answerId);
  for (let index = at - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.type === 'question') return message;
  }
  return null;
}

/** The answer being written, if any: Esc and the Stop button stop it. */
export function streamingAnswer(messages: readonly AiMessage[]): AiMessage | null {
  return messages.findLast((message) => message.type === 'answer' && isStreaming(message)) ?? null;
}

function activity(conversation: AiConversation): string {
  return conversation.lastMessage?.createdAt ?? conversation.updatedAt;
}

/** Latest activity first (SPEC: getAiConversations' order, kept as conversations change on the page). */
export function sortConversations(conversations: readonly AiConversation[]): AiConversation[] {
  return [...conversations].sort((left, right) => {
    const [a, b] = [activity(left), activity(right)];
    return a === b ? (left.createdAt < right.createdAt ? 1 : -1) : a < b ? 1 : -1;
  });
}

/** The list with one conversation put in (new or changed), re-sorted. */
export function upsertConversation(conversations: readonly AiConversation[], conversation: AiConversation): AiConversation[] {
  return sortConversations([...conversations.filter((known) => known.id !== conversation.id), conversation]);
}

/** The size of a prompt as the server counts it: UTF-8 bytes. */
export function promptBytes(text: string): number {
  return new TextEncoder().encode(text).length;
}
