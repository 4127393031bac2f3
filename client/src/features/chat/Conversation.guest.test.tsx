// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { createAppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { currentUserAtom } from '../auth/session';
import { chatViewerOf } from './chatViewer';
import { typeIn } from './composerTesting';
import { Conversation } from './Conversation';
import type { Message, MessageChange } from './operations';
import { message } from './testFixtures';
import type * as Subscriptions from '../../lib/subscriptions';

const live = vi.hoisted(() => ({ handlers: [] as ((data: { subMessage: MessageChange }) => void)[] }));

vi.mock('../../lib/subscriptions', async (importOriginal) => ({
  ...(await importOriginal<typeof Subscriptions>()),
  useSubscription: (_document: unknown, _variables: unknown, onNext: (data: { subMessage: MessageChange }) => void) => {
    live.handlers.push(onNext);
  },
  useOnReconnect: () => undefined,
}));

const room = 'r0000000000000000000000a';
const MENTION = 'Mention someone';
const me = '6b07af30e4e0bfacbd1c03e9';
const vera = { id: '6b07af30e4e0bfacbd1c03ea', name: 'Vera Visitor' };
const ada = { id: 'u1', firstname: 'Ada', lastname: 'Lovelace', profileImg: null };
const at = (minute: number) => new Date(2025, 2, 10, 10, minute).toISOString();
const inRoom = { project: null, meetingroom: room };
const history: Message[] = [
  message('m1', { ...inRoom, createdAt: at(1), body: 'Welcome to the call', author: ada }),
  message('m2', { ...inRoom, createdAt: at(2), body: 'Hi all', author: null, authorGuest: vera }),
  message('m3', {
    ...inRoom,
    createdAt: at(3),
    body: 'Hello from me',
    author: null,
    authorGuest: { id: me, name: 'Grace Guest' },
    canEdit: true,
  }),
];

/** Operations a guest may use in the room's chat; anything else would be answered as to an anonymous caller. */
const guestOperations = new Set(['GetMessages', 'getMessages', 'SetMessage', 'setMessage', 'TypingMessage', 'typingMessage']);

function open(options: { guest: boolean; handlers?: Parameters<typeof mockGraphQL>[0] }) {
  const graphql = mockGraphQL({
    getMessages: () => ({ data: { getMessages: [...history].reverse() } }),
    getUsers: () => ({ data: { getUsers: [] } }),
    ...options.handlers,
  });
  const store = createAppStore();
  if (options.guest) localStorage.setItem(`meetings.guest.${room}`, me);
  else store.set(currentUserAtom, { ...ada, email: 'ada@example.com', language: 'en' });
  const view = renderWithStore(<Conversation meetingroom={room} />, { store });
  return { graphql, ...view };
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  live.handlers.length = 0;
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a meeting room's chat seen by its guest", () => {
  it('shows guests’ messages under their names with a Guest badge and initials, and offers no reactions', async () => {
    const { graphql } = open({ guest: true });
    const fromVera = await screen.findByRole('article', { name: /^Vera Visitor/ });
    expect(within(fromVera).getByText('Guest')).toBeTruthy();
    expect(within(fromVera).getByText('VV')).toBeTruthy();
    const fromAda = screen.getByRole('article', { name: /^Ada Lovelace/ });
    expect(within(fromAda).queryByText('Guest')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add reaction' })).toBeNull();
    // A guest can mention nobody: no @ button.
    expect(screen.queryByRole('button', { name: MENTION })).toBeNull();
    // Their own message is theirs: sent mark, and editable.
    const own = screen.getByRole('article', { name: /^Grace Guest/ });
    expect(within(own).getByRole('img', { name: 'Sent' })).toBeTruthy();
    await waitFor(() => expect(graphql.callsOf('getMessages')).toHaveLength(1));
    expect(graphql.calls.map((call) => call.operation).filter((operation) => !guestOperations.has(operation))).toEqual([]);
  });

  it('sends at once without the outbox, shows it pending under the guest’s name, and calls nothing of members', async () => {
    let answer: ((value: { data: { setMessage: Message } }) => void) | undefined;
    const { graphql } = open({
      guest: true,
      handlers: {
        setMessage: () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
        typingMessage: () => ({ data: { typingMessage: true } }),
      },
    });
    await screen.findByText('Welcome to the call');
    await typeIn(screen.getByRole('textbox', { name: 'Message' }), 'Thanks for having me{Enter}');
    const pending = await screen.findByRole('article', { name: 'Unsent message from Grace Guest' });
    expect(within(pending).getByText('Guest')).toBeTruthy();
    await waitFor(() => expect(graphql.callsOf('setMessage')).toHaveLength(1));
    const sent = graphql.callsOf('setMessage')[0]!.variables;
    expect(sent).toMatchObject({ meetingroom: room, body: 'Thanks for having me', replyTo: null });
    expect(typeof sent.clientId).toBe('string');
    act(() =>
      answer?.({
        data: {
          setMessage: message('m4', {
            ...inRoom,
            createdAt: at(4),
            body: 'Thanks for having me',
            author: null,
            authorGuest: { id: me, name: 'Grace Guest' },
            clientId: sent.clientId as string,
            canEdit: true,
            canDelete: true,
          }),
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Unsent message from Grace Guest' })).toBeNull());
    expect(screen.getAllByText('Thanks for having me')).toHaveLength(1);
    // No read marker, no people list, no draft: those are members'.
    expect(graphql.calls.map((call) => call.operation).filter((operation) => !guestOperations.has(operation))).toEqual([]);
    expect(Object.keys(localStorage).filter((key) => key.includes('draft'))).toEqual([]);
  });

  it('says the send failed with the server’s reason, and retries with the same client id', async () => {
    let refuse = true;
    const { graphql } = open({
      guest: true,
      handlers: {
        setMessage: (variables) =>
          refuse
            ? { errors: [{ message: 'Write a message first.', extensions: { code: 'MESSAGE_BODY_REQUIRED' } }] }
            : {
                data: {
                  setMessage: message('m5', {
                    ...inRoom,
                    author: null,
                    authorGuest: { id: me, name: 'Grace Guest' },
                    clientId: variables.clientId as string,
                    body: 'Again',
                  }),
                },
              },
      },
    });
    await screen.findByText('Welcome to the call');
    await typeIn(screen.getByRole('textbox', { name: 'Message' }), 'Again{Enter}');
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Not sent: Write a message first.');
    refuse = false;
    within(failed).getByRole('button', { name: 'Retry' }).click();
    await waitFor(() => expect(graphql.callsOf('setMessage')).toHaveLength(2));
    const [first, second] = graphql.callsOf('setMessage');
    expect(second!.variables.clientId).toBe(first!.variables.clientId);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe("a meeting room's chat seen by a member", () => {
  it('shows a guest’s message and their typing under the guest’s name', async () => {
    open({ guest: false });
    const fromVera = await screen.findByRole('article', { name: /^Vera Visitor/ });
    expect(within(fromVera).getByText('Guest')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add reaction' }).length).toBeGreaterThan(0);
    act(() =>
      live.handlers.at(-1)?.({
        subMessage: { type: 'typing', seq: 0, messageId: null, message: null, user: null, guest: { id: vera.id, name: 'Vera Visitor' } },
      }),
    );
    expect(await screen.findByText(/Vera Visitor is typing/)).toBeTruthy();
    expect(screen.getByRole('button', { name: MENTION })).toBeTruthy();
    // Their message ends it, as a member's does.
    act(() =>
      live.handlers.at(-1)?.({
        subMessage: {
          type: 'message.created',
          seq: 7,
          messageId: 'm9',
          message: message('m9', { ...inRoom, createdAt: at(9), body: 'Done typing', author: null, authorGuest: vera }),
          user: null,
          guest: null,
        },
      }),
    );
    expect(await screen.findByText('Done typing')).toBeTruthy();
    expect(screen.queryByText(/Vera Visitor is typing/)).toBeNull();
  });
});

describe('who views a chat', () => {
  it('is the signed-in user, else on a meeting room page without a user cookie the room’s guest', () => {
    const guestOf = () => me;
    expect(chatViewerOf({ meetingroom: room }, { id: 'u1' }, '', guestOf)).toEqual({ guest: false, id: 'u1', sessionLoaded: true });
    expect(chatViewerOf({ meetingroom: room }, null, '', guestOf)).toEqual({ guest: true, id: me, sessionLoaded: false });
    expect(chatViewerOf({ meetingroom: room }, null, 'user=u1', guestOf)).toEqual({ guest: false, id: 'u1', sessionLoaded: false });
    expect(chatViewerOf({ project: 'p1' }, null, '', guestOf)).toEqual({ guest: false, id: null, sessionLoaded: false });
  });
});
