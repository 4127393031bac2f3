/** What the assistant's screens ask the server, writing the answers into the area's atoms. */
import { request } from '../../lib/graphql';
import type { AppStore } from '../../lib/store';
import { aiConversationsAtom, aiStatusAtom, forgetAiConversation, storeAiConversation, storeAiMessages } from './atoms';
import { sortConversations, type AiMode } from './messages';
import {
  delAiConversationDocument,
  ediAiConversationDocument,
  getAiConversationsDocument,
  getAiMessagesDocument,
  getAiStatusDocument,
  setAiConversationDocument,
  setAiMessageDocument,
  stopAiMessageDocument,
  type AiConversation,
  type AiMessage,
} from './operations';

export async function loadAiStatus(store: AppStore): Promise<void> {
  const { getAiStatus } = await request(getAiStatusDocument, undefined, { handledByCaller: true });
  store.set(aiStatusAtom, getAiStatus);
}

export async function loadAiConversations(store: AppStore): Promise<void> {
  const { getAiConversations } = await request(getAiConversationsDocument, undefined, { handledByCaller: true });
  store.set(aiConversationsAtom, sortConversations(getAiConversations));
}

export async function loadAiMessages(store: AppStore, conversation: string, signal?: AbortSignal): Promise<void> {
  const { getAiMessages } = await request(
    getAiMessagesDocument,
    { aiconversation: conversation },
    { handledByCaller: true, ...(signal ? { signal } : {}) },
  );
  storeAiMessages(store, conversation, getAiMessages);
}

export async function createAiConversation(store: AppStore, mode: AiMode): Promise<AiConversation> {
  const { setAiConversation } = await request(setAiConversationDocument, { type: mode }, { handledByCaller: true });
  storeAiConversation(store, setAiConversation);
  return setAiConversation;
}

export async function renameAiConversation(store: AppStore, id: string, name: string): Promise<void> {
  const { ediAiConversation } = await request(ediAiConversationDocument, { id, name }, { handledByCaller: true });
  storeAiConversation(store, ediAiConversation);
}

export async function deleteAiConversation(store: AppStore, id: string): Promise<void> {
  await request(delAiConversationDocument, { id }, { handledByCaller: true });
  forgetAiConversation(store, id);
}

export interface Question {
  body: string;
  mode: AiMode;
  persona: string;
  /** '' for the persona's own tone. */
  tone: string;
}

/** Asks in a conversation: the question and the answer (streaming) are on the page as soon as the server has them. */
export async function askAi(store: AppStore, conversation: string, question: Question): Promise<readonly AiMessage[]> {
  const { setAiMessage } = await request(
    setAiMessageDocument,
    {
      aiconversation: conversation,
      body: question.body,
      type: question.mode,
      persona: question.persona,
      tone: question.tone === '' ? null : question.tone,
    },
    { handledByCaller: true },
  );
  storeAiMessages(store, conversation, setAiMessage);
  // A new conversation is named after its first question by the server.
  const known = store.get(aiConversationsAtom)?.find((item) => item.id === conversation);
  if (known && known.name === '') void loadAiConversations(store).catch(() => undefined);
  return setAiMessage;
}

export async function stopAiAnswer(store: AppStore, answer: AiMessage): Promise<void> {
  const { stopAiMessage } = await request(stopAiMessageDocument, { id: answer.id }, { handledByCaller: true });
  storeAiMessages(store, answer.aiconversation, [stopAiMessage]);
}
