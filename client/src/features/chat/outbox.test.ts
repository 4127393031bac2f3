// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore, type AppStore } from '../../lib/store';
import { connectionStatusAtom } from '../../lib/subscriptions';
import { failure, heldReply, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { currentUserAtom } from '../auth/session';
import { conversationsAtom, emptyConversation } from './atoms';
import { applyLiveChange } from './conversationActions';
import { message } from './testFixtures';
import {
  discardMessage,
  flushOutbox,
  outboxAtom,
  outboxStorageKey,
  readStoredOutbox,
  restoreOutbox,
  retryMessage,
  sendMessage,
} from './outbox';

const target = { project: 'p1' };
const me = { id: 'me', email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', language: 'en', profileImg: null };

function setup(): AppStore {
  const store = createAppStore();
  store.set(currentUserAtom, me);
  store.set(conversationsAtom, new Map([['project:p1', { ...emptyConversation, status: 'ready' as const }]]));
  return store;
}

function serverMessage(variables: Record<string, unknown>, id = 'm1') {
  return message(id, {
    body: String(variables.body),
    clientId: String(variables.clientId),
    author: { id: 'me', firstname: 'Ada', lastname: 'Lovelace', profileImg: null },
  });
}

const listed = (store: AppStore) => store.get(conversationsAtom).get('project:p1')?.messages ?? [];

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the outbox', () => {
  it('sends with a fresh clientId and replaces the pending item with the server message', async () => {
    const graphql = mockGraphQL({ setMessage: (variables) => ({ data: { setMessage: serverMessage(variables) } }) });
    const store = setup();
    const item = sendMessage(store, { target, body: 'Hello' }, () => 'client-1');
    expect(item?.state).toBe('pending');
    expect(store.get(outboxAtom)).toHaveLength(1);
    await flushOutbox(store);
    expect(graphql.callsOf('setMessage')[0]?.variables).toEqual({ project: 'p1', body: 'Hello', clientId: 'client-1' });
    expect(store.get(outboxAtom)).toEqual([]);
    expect(listed(store).map((known) => known.clientId)).toEqual(['client-1']);
  });

  it('queues while the socket is reconnecting, keeps the queue across a reload, and sends once when back', async () => {
    const graphql = mockGraphQL({ setMessage: (variables) => ({ data: { setMessage: serverMessage(variables) } }) });
    const store = setup();
    store.set(connectionStatusAtom, 'reconnecting');
    sendMessage(store, { target, body: 'Offline hello' }, () => 'client-2');
    await flushOutbox(store);
    expect(graphql.callsOf('setMessage')).toHaveLength(0);
    expect(store.get(outboxAtom)[0]?.state).toBe('pending');
    expect(readStoredOutbox().map((item) => item.clientId)).toEqual(['client-2']);

    // A reload: a fresh store restores the queue from storage.
    const reloaded = setup();
    restoreOutbox(reloaded);
    restoreOutbox(reloaded);
    expect(reloaded.get(outboxAtom).map((item) => item.clientId)).toEqual(['client-2']);
    reloaded.set(connectionStatusAtom, 'connected');
    await Promise.all([flushOutbox(reloaded), flushOutbox(reloaded)]);
    expect(graphql.callsOf('setMessage')).toHaveLength(1);
    expect(reloaded.get(outboxAtom)).toEqual([]);
    expect(localStorage.getItem(outboxStorageKey)).toBe('[]');
  });

  it('keeps the item pending after a network failure and resends it with the same clientId', async () => {
    let down = true;
    const graphql = mockGraphQL({
      setMessage: (variables) => {
        if (down) throw new TypeError('Failed to fetch');
        return { data: { setMessage: serverMessage(variables) } };
      },
    });
    const store = setup();
    sendMessage(store, { target, body: 'Retry me' }, () => 'client-3');
    await flushOutbox(store);
    expect(store.get(outboxAtom)[0]?.state).toBe('pending');
    down = false;
    await flushOutbox(store);
    const calls = graphql.callsOf('setMessage');
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(calls.map((call) => call.variables.clientId))).toEqual(new Set(['client-3']));
    expect(store.get(outboxAtom)).toEqual([]);
    expect(listed(store)).toHaveLength(1);
  });

  it('after a network failure tries again by itself, with a growing backoff, even while the socket still reads reconnecting', async () => {
    vi.useFakeTimers();
    try {
      let failures = 2;
      const graphql = mockGraphQL({
        setMessage: (variables) => {
          if (failures > 0) {
            failures -= 1;
            throw new TypeError('Failed to fetch');
          }
          return { data: { setMessage: serverMessage(variables) } };
        },
      });
      const store = setup();
      sendMessage(store, { target, body: 'Sent at last' }, () => 'client-7');
      await vi.advanceTimersByTimeAsync(0);
      expect(graphql.callsOf('setMessage')).toHaveLength(1);
      // The socket dropped too, and no reconnection, online or connected event comes.
      store.set(connectionStatusAtom, 'reconnecting');
      await vi.advanceTimersByTimeAsync(1_200);
      expect(graphql.callsOf('setMessage')).toHaveLength(2);
      expect(store.get(outboxAtom)[0]?.state).toBe('pending');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(graphql.callsOf('setMessage')).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1_400);
      expect(graphql.callsOf('setMessage')).toHaveLength(3);
      expect(store.get(outboxAtom)).toEqual([]);
      expect(listed(store).map((known) => known.clientId)).toEqual(['client-7']);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(graphql.callsOf('setMessage')).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends its clientId as the Idempotency-Key of every attempt, and without the key when the server says it was used for another request', async () => {
    const keys: (string | undefined)[] = [];
    let answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(failure('IDEMPOTENCY_KEY_REUSED', 'Used')),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { variables: Record<string, unknown> };
        keys.push((init.headers as Record<string, string>)['idempotency-key']);
        const answer = answers.shift();
        const reply = answer ? await answer() : { data: { setMessage: serverMessage(body.variables) } };
        return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const store = setup();
    sendMessage(store, { target, body: 'Keyed' }, () => 'client-9');
    // sendMessage's own flush meets the network failure; this one the refused key, then the resend without it.
    await flushOutbox(store);
    expect(keys.slice(0, 2)).toEqual(['client-9', 'client-9']);
    // The resend without the item's key gets a key of its own; the clientId still makes the server answer the first message.
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe('client-9');
    expect(store.get(outboxAtom)).toEqual([]);
    expect(listed(store).map((known) => known.clientId)).toEqual(['client-9']);
    answers = [];
  });

  it('marks a refused message failed; retry uses the same clientId, discard drops it', async () => {
    let refuse = true;
    const graphql = mockGraphQL({
      setMessage: (variables) =>
        refuse ? failure('PERMISSION_DENIED', 'Not a member.') : { data: { setMessage: serverMessage(variables) } },
    });
    const store = setup();
    sendMessage(store, { target, body: 'One' }, () => 'client-4');
    await flushOutbox(store);
    expect(store.get(outboxAtom)[0]).toMatchObject({ state: 'failed', error: 'Not a member.' });
    refuse = false;
    await retryMessage(store, 'client-4');
    expect(graphql.callsOf('setMessage').map((call) => call.variables.clientId)).toEqual(['client-4', 'client-4']);
    expect(store.get(outboxAtom)).toEqual([]);

    refuse = true;
    sendMessage(store, { target, body: 'Two' }, () => 'client-5');
    await flushOutbox(store);
    discardMessage(store, 'client-5');
    expect(store.get(outboxAtom)).toEqual([]);
  });

  it('settles on the subscription echo before the mutation answers, and never shows the message twice', async () => {
    let answer: (() => void) | undefined;
    mockGraphQL({
      setMessage: (variables) =>
        new Promise((resolve) => {
          answer = () => resolve({ data: { setMessage: serverMessage(variables) } });
        }),
    });
    const store = setup();
    sendMessage(store, { target, body: 'Echo' }, () => 'client-6');
    const flushed = flushOutbox(store);
    await vi.waitFor(() => expect(answer).toBeDefined());
    applyLiveChange(store, target, {
      type: 'message.created',
      seq: 7,
      messageId: 'm1',
      message: serverMessage({ body: 'Echo', clientId: 'client-6' }),
      user: null,
      guest: null,
    });
    expect(store.get(outboxAtom)).toEqual([]);
    answer?.();
    await flushed;
    expect(listed(store).map((known) => known.id)).toEqual(['m1']);
    expect(store.get(outboxAtom)).toEqual([]);
  });

  it('does not show a message deleted (heard live) before its answer came, and still settles the outbox', async () => {
    const answer = heldReply();
    mockGraphQL({ setMessage: answer.asked });
    const store = setup();
    sendMessage(store, { target, body: 'Oops' }, () => 'client-7');
    const flushed = flushOutbox(store);
    await answer.sent();
    const sent = serverMessage({ body: 'Oops', clientId: 'client-7' });
    const heard = { seq: 8, messageId: 'm1', user: null, guest: null };
    applyLiveChange(store, target, { ...heard, type: 'message.created', message: sent });
    applyLiveChange(store, target, { ...heard, type: 'message.deleted', message: null });
    answer.release({ data: { setMessage: sent } });
    await flushed;
    expect(listed(store)).toEqual([]);
    expect(store.get(outboxAtom)).toEqual([]);
  });

  it('sends queued messages in order, one at a time', async () => {
    const order: string[] = [];
    mockGraphQL({
      setMessage: (variables) => {
        order.push(String(variables.body));
        return { data: { setMessage: serverMessage(variables, `m-${String(variables.body)}`) } };
      },
    });
    const store = setup();
    store.set(connectionStatusAtom, 'reconnecting');
    let next = 0;
    for (const body of ['a', 'b', 'c']) sendMessage(store, { target, body }, () => `c${next++}`);
    store.set(connectionStatusAtom, 'connected');
    await flushOutbox(store);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('never sends another user’s queued messages', async () => {
    const graphql = mockGraphQL({});
    localStorage.setItem(
      outboxStorageKey,
      JSON.stringify([
        {
          clientId: 'x',
          userId: 'someone-else',
          conversation: 'project:p1',
          target,
          body: 'theirs',
          replyTo: null,
          createdAt: '',
          state: 'pending',
        },
      ]),
    );
    const store = setup();
    restoreOutbox(store);
    await flushOutbox(store);
    expect(graphql.callsOf('setMessage')).toHaveLength(0);
  });
});
