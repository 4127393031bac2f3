// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../lib/store';
import { heldReply, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { currentUserAtom } from '../auth/session';
import { conversationsAtom, emptyConversation } from './atoms';
import { applyLiveChange, deleteMessage, editMessage, loadNewest, loadOlder, toggleReaction } from './conversationActions';
import { messagePageSize, type Message, type MessageChange } from './operations';
import { message } from './testFixtures';

const target = { project: 'p1' };
const me = { id: 'me', email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', language: 'en', profileImg: null };
const mine = message('m1', { author: { id: 'me', firstname: 'Ada', lastname: 'Lovelace', profileImg: null }, canEdit: true });
const reacted: Message = { ...mine, reactions: [{ emoji: '👍', count: 1, users: ['me'] }] };

function setup(): AppStore {
  const store = createAppStore();
  store.set(currentUserAtom, me);
  store.set(conversationsAtom, new Map([['project:p1', { ...emptyConversation, status: 'ready' as const, messages: [mine] }]]));
  return store;
}

const listed = (store: AppStore) => store.get(conversationsAtom).get('project:p1')?.messages ?? [];

const change = (type: MessageChange['type'], changed: Message | null): MessageChange => ({
  type,
  seq: 1,
  messageId: 'm1',
  message: changed,
  user: null,
  guest: null,
});

/** A mutation's answer held until the test lets it go. */
beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => vi.unstubAllGlobals());

describe('a reaction and its live echo', () => {
  it('shows one reaction whether the echo comes before the answer or after it', async () => {
    for (const echoFirst of [true, false]) {
      const answer = heldReply();
      mockGraphQL({ reactMessage: () => answer.reply });
      const store = setup();
      const toggled = toggleReaction(store, mine, '👍');
      expect(listed(store)[0]?.reactions).toEqual(reacted.reactions);
      if (echoFirst) applyLiveChange(store, target, change('message.reacted', reacted));
      answer.release({ data: { reactMessage: reacted } });
      await toggled;
      if (!echoFirst) applyLiveChange(store, target, change('message.reacted', reacted));
      expect(listed(store)).toHaveLength(1);
      expect(listed(store)[0]?.reactions).toEqual([{ emoji: '👍', count: 1, users: ['me'] }]);
    }
  });

  it('does not bring back a message deleted while the reaction’s answer was on its way', async () => {
    const answer = heldReply();
    mockGraphQL({ reactMessage: () => answer.reply, delMessage: () => ({ data: { delMessage: true } }) });
    const store = setup();
    const toggled = toggleReaction(store, mine, '👍');
    await deleteMessage(store, reacted);
    applyLiveChange(store, target, change('message.reacted', reacted));
    applyLiveChange(store, target, change('message.deleted', null));
    answer.release({ data: { reactMessage: reacted } });
    await toggled;
    expect(listed(store)).toEqual([]);
  });
});

describe('an edit and its live echo', () => {
  it('does not bring back a message deleted while the edit’s answer was on its way, nor one whose edit was refused', async () => {
    const edited: Message = { ...mine, body: 'fixed', editedAt: '2025-03-10T10:05:00.000Z' };
    const answer = heldReply();
    mockGraphQL({ ediMessage: () => answer.reply, delMessage: () => ({ data: { delMessage: true } }) });
    const store = setup();
    const saving = editMessage(store, mine, 'fixed');
    expect(listed(store)[0]?.body).toBe('fixed');
    applyLiveChange(store, target, change('message.deleted', null));
    answer.release({ data: { ediMessage: edited } });
    expect(await saving).toBe(true);
    expect(listed(store)).toEqual([]);

    const refusal = heldReply();
    mockGraphQL({ ediMessage: () => refusal.reply });
    const other = setup();
    const refused = editMessage(other, mine, 'fixed');
    applyLiveChange(other, target, change('message.deleted', null));
    refusal.release({ errors: [{ message: 'Only the author can edit.', extensions: { code: 'PERMISSION_DENIED' } }] });
    expect(await refused).toBe(false);
    expect(listed(other)).toEqual([]);
  });

  it('shows the edited message once whether the echo comes before the answer or after it', async () => {
    const edited: Message = { ...mine, body: 'fixed', editedAt: '2025-03-10T10:05:00.000Z' };
    for (const echoFirst of [true, false]) {
      const answer = heldReply();
      mockGraphQL({ ediMessage: () => answer.reply });
      const store = setup();
      const saving = editMessage(store, mine, 'fixed');
      if (echoFirst) applyLiveChange(store, target, change('message.edited', edited));
      answer.release({ data: { ediMessage: edited } });
      await saving;
      if (!echoFirst) applyLiveChange(store, target, change('message.edited', edited));
      expect(listed(store).map((known) => [known.id, known.body])).toEqual([['m1', 'fixed']]);
    }
  });
});

describe('a deletion and its live echo', () => {
  it('does not bring back a message someone else deleted first, whether their echo comes before the refusal or after it', async () => {
    for (const echoFirst of [true, false]) {
      const refusal = heldReply();
      mockGraphQL({ delMessage: () => refusal.reply });
      const store = setup();
      const deleting = deleteMessage(store, mine);
      expect(listed(store)).toEqual([]);
      if (echoFirst) applyLiveChange(store, target, change('message.deleted', null));
      refusal.release({ errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] });
      expect(await deleting).toBe(false);
      if (!echoFirst) applyLiveChange(store, target, change('message.deleted', null));
      expect(listed(store)).toEqual([]);
    }
  });

  it('keeps a message the caller deleted gone when an earlier edit’s or reaction’s echo comes before the deletion’s', async () => {
    for (const [type, echo] of [
      ['message.edited', { ...mine, body: 'Edited', editedAt: '2025-01-01T00:01:00.000Z' }],
      ['message.reacted', reacted],
    ] as const) {
      for (const echoFirst of [true, false]) {
        const answer = heldReply();
        mockGraphQL({ delMessage: answer.asked });
        const store = setup();
        const deleting = deleteMessage(store, mine);
        await answer.sent();
        if (echoFirst) applyLiveChange(store, target, change(type, echo));
        expect(listed(store)).toEqual([]);
        answer.release({ data: { delMessage: true } });
        expect(await deleting).toBe(true);
        if (!echoFirst) applyLiveChange(store, target, change(type, echo));
        expect(listed(store)).toEqual([]);
      }
    }
  });

  it('does not put back a message whose deletion was refused when someone’s deletion of it was heard meanwhile', async () => {
    const answer = heldReply();
    mockGraphQL({ delMessage: answer.asked });
    const store = setup();
    const deleting = deleteMessage(store, mine);
    await answer.sent();
    applyLiveChange(store, target, change('message.deleted', null));
    answer.release({ errors: [{ message: 'Only the author can delete.', extensions: { code: 'PERMISSION_DENIED' } }] });
    expect(await deleting).toBe(false);
    expect(listed(store)).toEqual([]);
  });

  it('keeps an edit heard and a reaction answered while a page of the conversation was on its way, which the page predates', async () => {
    const page = heldReply();
    const answer = heldReply();
    mockGraphQL({ getMessages: page.asked, reactMessage: answer.asked });
    const store = setup();
    const loading = loadNewest(store, target);
    await page.sent();
    const edited = { ...mine, body: 'Edited', editedAt: '2025-01-01T00:01:00.000Z' };
    applyLiveChange(store, target, change('message.edited', edited));
    const reacting = toggleReaction(store, edited, '👍');
    await answer.sent();
    answer.release({ data: { reactMessage: { ...edited, reactions: reacted.reactions } } });
    await reacting;
    page.release({ data: { getMessages: [mine] } });
    await loading;
    expect(listed(store)).toEqual([{ ...edited, reactions: reacted.reactions }]);
  });

  it('leaves out a message deleted while a page of the conversation was on its way', async () => {
    const page = heldReply();
    mockGraphQL({ getMessages: page.asked });
    const store = setup();
    const loading = loadNewest(store, target);
    await page.sent();
    applyLiveChange(store, target, change('message.deleted', null));
    page.release({ data: { getMessages: [mine] } });
    await loading;
    expect(listed(store)).toEqual([]);
  });

  it('keeps the deletion when it is refused as not found: a page on its way that lists the message does not bring it back', async () => {
    const page = heldReply();
    mockGraphQL({
      getMessages: page.asked,
      delMessage: () => ({ errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] }),
    });
    const store = setup();
    const loading = loadNewest(store, target);
    await page.sent();
    expect(await deleteMessage(store, mine)).toBe(false);
    page.release({ data: { getMessages: [mine] } });
    await loading;
    expect(listed(store)).toEqual([]);
  });

  it('leaves out a message shown while a page was on its way and then deleted by the caller', async () => {
    const older = message('m0', { createdAt: '2025-03-10T09:00:00.000Z' });
    for (const read of ['newest', 'older'] as const) {
      const page = heldReply();
      mockGraphQL({ getMessages: page.asked, delMessage: () => ({ data: { delMessage: true } }) });
      const store = setup();
      store.set(conversationsAtom, (all) => new Map(all).set('project:p1', { ...all.get('project:p1')!, hasOlder: true }));
      const loading = read === 'newest' ? loadNewest(store, target) : loadOlder(store, target);
      await page.sent();
      const edited = { ...mine, body: 'Edited', editedAt: '2025-03-10T10:01:00.000Z' };
      applyLiveChange(store, target, change('message.edited', edited));
      expect(await deleteMessage(store, edited)).toBe(true);
      page.release({ data: { getMessages: read === 'newest' ? [mine] : [older] } });
      await loading;
      expect([read, listed(store)]).toEqual([read, read === 'newest' ? [] : [older]]);
    }
  });

  it('puts the message back when its deletion is refused for another reason', async () => {
    mockGraphQL({
      delMessage: () => ({ errors: [{ message: 'Only the author can delete.', extensions: { code: 'PERMISSION_DENIED' } }] }),
    });
    const store = setup();
    expect(await deleteMessage(store, mine)).toBe(false);
    expect(listed(store)).toEqual([mine]);
  });
});

describe('a message older than the loaded messages', () => {
  const minute = (index: number) => new Date(Date.UTC(2025, 2, 10, 10, index)).toISOString();
  const numbered = (from: number, to: number) => {
    const messages: Message[] = [];
    for (let index = from; index < to; index += 1) messages.push(message(`m${index}`, { createdAt: minute(index) }));
    return messages;
  };
  const asked = (graphql: ReturnType<typeof mockGraphQL>) =>
    graphql.callsOf('getMessages').map((call) => (call.variables as { before?: string }).before ?? null);

  it('is not listed when someone edits it or reacts to it, and scrolling up reads every message before the loaded ones', async () => {
    for (const type of ['message.edited', 'message.reacted'] as const) {
      const store = createAppStore();
      store.set(
        conversationsAtom,
        new Map([['project:p1', { ...emptyConversation, status: 'ready' as const, messages: numbered(100, 150), hasOlder: true }]]),
      );
      const graphql = mockGraphQL({ getMessages: () => ({ data: { getMessages: [] } }) });
      const ancient = message('m3', { createdAt: minute(3), body: 'Edited', reactions: [{ emoji: '👍', count: 1, users: ['u9'] }] });
      applyLiveChange(store, target, { ...change(type, ancient), messageId: 'm3' });
      expect(listed(store)[0]?.id).toBe('m100');
      await loadOlder(store, target);
      expect([type, asked(graphql)]).toEqual([type, ['m100']]);
    }
  });

  it('is not put above a newest page read after more than a page was missed, when it was edited while the page was on its way', async () => {
    const old = message('old', { createdAt: minute(0) });
    const store = createAppStore();
    store.set(
      conversationsAtom,
      new Map([['project:p1', { ...emptyConversation, status: 'ready' as const, messages: [old], hasOlder: false }]]),
    );
    const page = heldReply();
    const graphql = mockGraphQL({
      getMessages: (variables) => ((variables as { before?: string }).before ? { data: { getMessages: [] } } : page.asked()),
    });
    const loading = loadNewest(store, target);
    await page.sent();
    applyLiveChange(store, target, { ...change('message.edited', { ...old, body: 'Edited' }), messageId: 'old' });
    // Sixty messages were missed: the newest page has the last fifty of them, newest first.
    const newest = numbered(10, 10 + messagePageSize).reverse();
    page.release({ data: { getMessages: newest } });
    await loading;
    expect(listed(store).map((shown) => shown.id)).toEqual(numbered(10, 10 + messagePageSize).map((shown) => shown.id));
    await loadOlder(store, target);
    expect(asked(graphql)).toEqual([null, 'm10']);
  });
});
