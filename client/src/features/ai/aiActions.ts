/** What the assistant's screens ask the server, writing the answers into the area's atoms. */
import { request } from '../../lib/graphql';
import type { AppStore } from '../../lib/store';
import { subscribe } from '../../lib/subscriptions';
import {
  aiConversationsAtom,
  aiStatusAtom,
  forgetAiConversation,
  storeAiConversation,
  storeAiConversations,
  storeAiMessages,
} from './atoms';
import type { AiMode } from './messages';
import {
  delAiConversationDocument,
  ediAiConversationDocument,
  getAiConversationsDocument,
  getAiMessagesDocument,
  getAiStatusDocument,
  setAiConversationDocument,
  setAiMessageDocument,
  stopAiMessageDocument,
  subAiConversationsDocument,
  type AiConversation,
  type AiConversationChange,
  type AiMessage,
} from './operations';

export async function loadAiStatus(store: AppStore): Promise<void> {
  const { getAiStatus } = await request(getAiStatusDocument, undefined, { handledByCaller: true });
  store.set(aiStatusAtom, getAiStatus);
}

/**
 * A live change of the list: the conversation as it is now put in its place, or gone. Nothing before the list is
 * read, except that a deletion is kept (an answer on its way must not bring the conversation back).
 */
export function applyAiConversationChange(store: AppStore, change: AiConversationChange): void {
  if (change.aiconversation) {
    if (store.get(aiConversationsAtom) !== null) storeAiConversation(store, change.aiconversation);
  } else forgetAiConversation(store, change.id);
}

/**
 * Reads the caller's conversations in their current team and keeps them current with subAiConversations, so a
 * conversation made, renamed, asked in or deleted in another tab shows here too. The subscription starts first;
 * changes heard while a read is on its way are put back on its answer (it may predate them). A feed that could
 * not resume reads the list again. `onRead` hears how each read went; the returned function stops it all.
 */
export function followAiConversations(store: AppStore, onRead: (failure: unknown) => void): () => void {
  let stopped = false;
  /** Changes heard since the read in flight started; null when no read is on its way. */
  let heard: AiConversationChange[] | null = null;
  const read = () => {
    if (heard) return;
    const heardNow: AiConversationChange[] = [];
    heard = heardNow;
    request(getAiConversationsDocument, undefined, { handledByCaller: true })
      .then(
        ({ getAiConversations }) => {
          if (stopped) return;
          storeAiConversations(store, getAiConversations);
          for (const change of heardNow) applyAiConversationChange(store, change);
          onRead(null);
        },
        (error: unknown) => {
          if (!stopped) onRead(error);
        },
      )
      .finally(() => {
        if (heard === heardNow) heard = null;
      });
  };
  const stop = subscribe(
    subAiConversationsDocument,
    {},
    ({ subAiConversations }) => {
      heard?.push(subAiConversations);
      applyAiConversationChange(store, subAiConversations);
    },
    undefined,
    read,
  );
  read();
  return () => {
    stopped = true;
    stop();
  };
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
  // A new conversation's name (the server names it after its first question) comes with subAiConversations.
  storeAiMessages(store, conversation, setAiMessage);
  return setAiMessage;
}

export async function stopAiAnswer(store: AppStore, answer: AiMessage): Promise<void> {
  const { stopAiMessage } = await request(stopAiMessageDocument, { id: answer.id }, { handledByCaller: true });
  storeAiMessages(store, answer.aiconversation, [stopAiMessage]);
}
