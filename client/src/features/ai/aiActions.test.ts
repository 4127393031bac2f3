// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../lib/store';
import { heldReply, mockGraphQL } from '../../test/graphqlMock';
import { applyAiConversationChange, askAi, renameAiConversation } from './aiActions';
import { aiConversationsAtom, aiMessagesAtom, storeAiConversations } from './atoms';
import { aiConversation, aiMessage } from './fixtures';

const plans = aiConversation({ id: 'c1', name: 'Plans' });
const notes = aiConversation({ id: 'c2', name: 'Notes' });

function setup(): AppStore {
  const store = createAppStore();
  store.set(aiConversationsAtom, [plans, notes]);
  return store;
}

const deletedHeard = (id: string) => ({ type: 'deleted', seq: 2, id, aiconversation: null });
const listedNames = (store: AppStore) => store.get(aiConversationsAtom)?.map((conversation) => conversation.name);

afterEach(() => vi.unstubAllGlobals());

describe('a conversation deleted while a write of it was on its way', () => {
  it('does not come back with a rename’s answer, whichever of the rename’s echo and the deletion came first', async () => {
    for (const renameHeard of [true, false]) {
      const answer = heldReply();
      mockGraphQL({ ediAiConversation: answer.asked });
      const store = setup();
      const renaming = renameAiConversation(store, 'c1', 'Roadmap');
      await answer.sent();
      if (renameHeard)
        applyAiConversationChange(store, { type: 'updated', seq: 1, id: 'c1', aiconversation: { ...plans, name: 'Roadmap' } });
      applyAiConversationChange(store, deletedHeard('c1'));
      answer.release({ data: { ediAiConversation: { ...plans, name: 'Roadmap' } } });
      await renaming;
      expect(listedNames(store)).toEqual(['Notes']);
    }
  });

  it('keeps no messages of it from a question’s answer that lands after the deletion', async () => {
    const answer = heldReply();
    mockGraphQL({ setAiMessage: answer.asked });
    const store = setup();
    const asking = askAi(store, 'c1', { body: 'Why?', mode: 'chat', persona: 'assistant', tone: '' });
    await answer.sent();
    applyAiConversationChange(store, deletedHeard('c1'));
    answer.release({ data: { setAiMessage: [aiMessage({ id: 'q1', type: 'question' }), aiMessage({ id: 'a1', state: 'streaming' })] } });
    await asking;
    expect([listedNames(store), store.get(aiMessagesAtom).has('c1')]).toEqual([['Notes'], false]);
  });

  it('is left out of a list read that was on its way, even when heard before the list was first read', () => {
    const store = createAppStore();
    applyAiConversationChange(store, deletedHeard('c1'));
    storeAiConversations(store, [plans, notes]);
    expect(listedNames(store)).toEqual(['Notes']);
  });
});
