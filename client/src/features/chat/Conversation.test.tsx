// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore, createAppStore } from '../../lib/store';
import { toastsAtom } from '../../ui/toastStore';
import { connectionStatusAtom } from '../../lib/subscriptions';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { currentUserAtom } from '../auth/session';
import { FakeXhr } from '../files/fakeXhr';
import { signedUpload, storedFile } from '../files/testFixtures';
import { storeSpacesAtom } from '../spaces/atoms';
import { bodyIn, typeIn } from './composerTesting';
import { Conversation } from './Conversation';
import type { Message, MessageChange } from './operations';
import { outboxAtom } from './outbox';
import { message } from './testFixtures';
import type * as Subscriptions from '../../lib/subscriptions';

const live = vi.hoisted(() => ({
  handlers: [] as ((data: { subMessage: MessageChange }) => void)[],
  /** Each render's `reload`: what the subscription runs when it could not catch up after a reconnection. */
  reloads: [] as ((() => void) | undefined)[],
  reconnects: [] as (() => void)[],
}));

vi.mock('../../lib/subscriptions', async (importOriginal) => ({
  ...(await importOriginal<typeof Subscriptions>()),
  useSubscription: (
    _document: unknown,
    _variables: unknown,
    onNext: (data: { subMessage: MessageChange }) => void,
    options?: Subscriptions.LiveOptions,
  ) => {
    live.handlers.push(onNext);
    live.reloads.push(options?.reload);
  },
  useOnReconnect: (refetch: () => void) => {
    live.reconnects.push(refetch);
  },
}));

const ada = { id: 'me', firstname: 'Ada', lastname: 'Lovelace', profileImg: null };
const at = (minute: number) => new Date(2025, 2, 10, 10, minute).toISOString();
const history: Message[] = [
  message('m1', { createdAt: at(1), body: 'Morning' }),
  message('m2', { createdAt: at(2), body: 'Mine', author: ada, canEdit: true, canDelete: true }),
  message('m3', { createdAt: at(3), body: 'Did you see **this**?' }),
  message('m4', { createdAt: at(4), body: 'And that' }),
];

function push(change: MessageChange) {
  act(() => live.handlers.at(-1)?.({ subMessage: change }));
}

function open(handlers: Parameters<typeof mockGraphQL>[0] = {}) {
  const graphql = mockGraphQL({
    getMessages: () => ({ data: { getMessages: [...history].reverse() } }),
    getUsers: () => ({
      data: {
        getUsers: [
          { ...ada, email: 'a@x', isAuth: true },
          { id: 'u2', firstname: 'Grace', lastname: 'Hopper', profileImg: null, email: 'g@x', isAuth: false },
        ],
      },
    }),
    ...handlers,
  });
  const store = createAppStore();
  store.set(currentUserAtom, { ...ada, email: 'ada@example.com', language: 'en' });
  store.set(storeSpacesAtom, [{ id: 'p1', name: 'Design', color: null, logo: null, isMember: true, unread: 2 }], { replaceList: true });
  const view = renderWithStore(<Conversation project="p1" />, { store });
  return { graphql, ...view };
}

function messageTexts(): string[] {
  return screen.getAllByRole('article').map((article) => within(article).queryByText(/./, { selector: 'p' })?.textContent ?? '');
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  live.handlers.length = 0;
  live.reloads.length = 0;
  live.reconnects.length = 0;
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('conversation', () => {
  it('shows the newest page oldest first, with the unread divider before the first unread', async () => {
    const { graphql } = open();
    await screen.findByText('Morning');
    expect(graphql.callsOf('getMessages')[0]?.variables).toEqual({ project: 'p1', first: 50 });
    expect(messageTexts()).toEqual(['Morning', 'Mine', 'Did you see this?', 'And that']);
    const log = screen.getByRole('log');
    const divider = within(log).getByRole('separator', { name: 'Unread messages' });
    // Two unread messages of others: the divider sits right before m3.
    expect(divider.nextElementSibling?.getAttribute('data-row')).toBe('m3');
    // lastViewed is throttled per conversation for the whole page (2 s): this is the file's first test to open p1, so it goes at once.
    await waitFor(() => expect(graphql.callsOf('lastViewed')[0]?.variables).toEqual({ project: 'p1' }));
  });

  it('sends with a clientId, shows it pending, and keeps one copy when the echo and the result both arrive', async () => {
    let answer: ((value: { data: { setMessage: Message } }) => void) | undefined;
    const { graphql, store } = open({
      setMessage: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    await screen.findByText('Morning');
    await typeIn(screen.getByRole('textbox', { name: 'Message' }), 'Hello *team*{Enter}');
    const pending = await screen.findByRole('article', { name: 'Unsent message from Ada Lovelace' });
    expect(within(pending).getByRole('img', { name: 'Sending…' })).toBeTruthy();
    await waitFor(() => expect(graphql.callsOf('setMessage')).toHaveLength(1));
    const clientId = String(graphql.callsOf('setMessage')[0]?.variables.clientId);
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    const sent = message('m5', { createdAt: at(5), body: 'Hello *team*', author: ada, clientId, canEdit: true });
    push({ type: 'message.created', seq: 9, messageId: 'm5', message: sent, user: null, guest: null });
    await act(async () => answer?.({ data: { setMessage: sent } }));
    expect(screen.getAllByText('team')).toHaveLength(1);
    expect(screen.queryByRole('article', { name: /Unsent message/ })).toBeNull();
    expect(store.get(outboxAtom)).toEqual([]);
  });

  it('applies live edits, deletions, reactions and typing', async () => {
    open();
    await screen.findByText('Morning');
    push({
      type: 'message.edited',
      seq: 2,
      messageId: 'm1',
      message: { ...history[0]!, body: 'Good morning', editedAt: at(6) },
      user: null,
      guest: null,
    });
    expect(screen.getByText('Good morning')).toBeTruthy();
    expect(screen.getByText('(edited)')).toBeTruthy();
    push({
      type: 'message.reacted',
      seq: 3,
      messageId: 'm4',
      message: { ...history[3]!, reactions: [{ emoji: '🎉', count: 2, users: ['me', 'u2'] }] },
      user: null,
      guest: null,
    });
    const reaction = screen.getByRole('button', { name: /🎉 2/ });
    expect(reaction.getAttribute('aria-pressed')).toBe('true');
    push({ type: 'message.deleted', seq: 4, messageId: 'm4', message: null, user: null, guest: null });
    expect(screen.queryByText('And that')).toBeNull();
    push({
      type: 'typing',
      seq: 0,
      messageId: null,
      message: null,
      user: { id: 'u2', firstname: 'Grace', lastname: 'Hopper', profileImg: null },
      guest: null,
    });
    expect(screen.getByText('Grace Hopper is typing…')).toBeTruthy();
    push({
      type: 'typing.stopped',
      seq: 0,
      messageId: null,
      message: null,
      user: { id: 'u2', firstname: 'Grace', lastname: 'Hopper', profileImg: null },
      guest: null,
    });
    expect(screen.queryByText('Grace Hopper is typing…')).toBeNull();
  });

  it('says the caller is typing on the first keystroke, stops when the text is cleared, and starts again at once', async () => {
    const { graphql } = open({ typingMessage: () => ({ data: { typingMessage: true } }) });
    await screen.findByText('Morning');
    const textbox = screen.getByRole('textbox', { name: 'Message' });
    await typeIn(textbox, 'ok');
    await waitFor(() => expect(graphql.callsOf('typingMessage').map((call) => call.variables)).toEqual([{ project: 'p1' }]));
    await userEvent.keyboard('{Backspace}{Backspace}');
    await waitFor(() =>
      expect(graphql.callsOf('typingMessage').map((call) => call.variables)).toEqual([{ project: 'p1' }, { project: 'p1', stopped: true }]),
    );
    // Well inside the throttle's interval, yet sent: the stop reset it.
    await userEvent.keyboard('n');
    await waitFor(() => expect(graphql.callsOf('typingMessage')).toHaveLength(3));
    expect(graphql.callsOf('typingMessage')[2]?.variables).toEqual({ project: 'p1' });
  });

  it('keeps the text being written as a draft of the conversation and restores it when the conversation opens again', async () => {
    const first = open({ setMessage: () => new Promise(() => undefined) });
    await screen.findByText('Morning');
    await typeIn(screen.getByRole('textbox', { name: 'Message' }), 'Half a thought for @Gr');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('about this');
    first.view.unmount();

    open({ setMessage: () => new Promise(() => undefined) });
    await screen.findByText('Morning');
    const textbox = screen.getByRole('textbox', { name: 'Message' });
    expect(bodyIn(textbox)).toBe('Half a thought for @[Grace Hopper](u2) about this');
    expect(within(textbox).getByText('@Grace Hopper')).toBeTruthy();
    await typeIn(textbox, '{Enter}');
    await waitFor(() => expect(localStorage.length).toBe(1));
    // Only the outbox is left: the draft went with the message.
    expect(localStorage.key(0)).toBe('chat.outbox');
  });

  it('after a reconnection shows the replayed changes, once each, and sends what waited in the outbox, without reading the page again', async () => {
    const { graphql, store } = open({
      setMessage: (variables) => ({
        data: {
          setMessage: message('m7', { createdAt: at(8), body: String(variables.body), author: ada, clientId: String(variables.clientId) }),
        },
      }),
    });
    await screen.findByText('Morning');
    act(() => store.set(connectionStatusAtom, 'reconnecting'));
    await typeIn(screen.getByRole('textbox', { name: 'Message' }), 'Written offline{Enter}');
    await screen.findByRole('article', { name: 'Unsent message from Ada Lovelace' });
    expect(graphql.callsOf('setMessage')).toHaveLength(0);
    const readsBefore = graphql.callsOf('getMessages').length;

    act(() => store.set(connectionStatusAtom, 'connected'));
    await act(async () => live.reconnects.forEach((reconnected) => reconnected()));
    // What the server replays: a message written meanwhile, and one this page had already (applied by id, not added twice).
    push({
      type: 'message.created',
      seq: 20,
      messageId: 'm6',
      message: message('m6', { createdAt: at(7), body: 'Missed while offline' }),
      user: null,
      guest: null,
    });
    push({ type: 'message.created', seq: 21, messageId: 'm4', message: history[3]!, user: null, guest: null });

    await waitFor(() => expect(graphql.callsOf('setMessage')).toHaveLength(1));
    expect(await screen.findByText('Written offline')).toBeTruthy();
    expect(screen.getAllByText('Missed while offline')).toHaveLength(1);
    expect(screen.getAllByText('And that')).toHaveLength(1);
    expect(graphql.callsOf('getMessages')).toHaveLength(readsBefore);
  });

  it('reads the newest page again when the subscription could not catch up (a gap), once for a burst, merged without duplicates', async () => {
    const newer = message('m6', { createdAt: at(7), body: 'Missed while offline' });
    open();
    await screen.findByText('Morning');
    const again = mockGraphQL({ getMessages: () => ({ data: { getMessages: [newer, ...[...history].reverse()] } }) });
    act(() => {
      live.reloads.at(-1)?.();
      live.reloads.at(-1)?.();
    });
    expect(await screen.findByText('Missed while offline')).toBeTruthy();
    expect(screen.getAllByText('Morning')).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(again.callsOf('getMessages')).toHaveLength(1);
  });

  it('edits the last own message with Up and saves it with ediMessage', async () => {
    const { graphql } = open({
      ediMessage: (variables) => ({ data: { ediMessage: { ...history[1]!, body: String(variables.body), editedAt: at(8) } } }),
    });
    await screen.findByText('Morning');
    const textbox = screen.getByRole('textbox', { name: 'Message' });
    await typeIn(textbox, '{ArrowUp}');
    expect(bodyIn(textbox)).toBe('Mine');
    await typeIn(textbox, ' (fixed){Enter}');
    await waitFor(() => expect(graphql.callsOf('ediMessage')[0]?.variables).toEqual({ id: 'm2', body: 'Mine (fixed)' }));
    expect(await screen.findByText('Mine (fixed)')).toBeTruthy();
    expect(bodyIn(textbox)).toBe('');
  });

  it('shows file messages: an image inline, another file as a card, a deleted one as removed', async () => {
    const image = {
      id: 'f1',
      name: 'Sketch.png',
      type: 'image/png',
      size: 2048,
      url: '/media/files/f1',
      thumbnail: '/media/files/f1/thumbnail',
      category: 'image',
      width: 4,
      height: 3,
      duration: null,
    };
    const withFiles = [
      ...history,
      message('m7', { createdAt: at(9), body: '', type: 'file', file: image }),
      message('m8', {
        createdAt: at(10),
        body: 'Minutes',
        type: 'file',
        file: {
          ...image,
          id: 'f2',
          name: 'minutes.pdf',
          type: 'application/pdf',
          url: '/media/files/f2',
          thumbnail: null,
          category: 'Pdf',
        },
      }),
      message('m9', { createdAt: at(11), body: '', type: 'file', file: null }),
    ];
    open({ getMessages: () => ({ data: { getMessages: [...withFiles].reverse() } }) });
    expect((await screen.findByRole('img', { name: 'Sketch.png' })).getAttribute('src')).toBe('/media/files/f1/thumbnail');
    expect(screen.getByRole('link', { name: 'Download minutes.pdf' })).toBeTruthy();
    expect(screen.getByText('Minutes')).toBeTruthy();
    expect(screen.getByText('File removed')).toBeTruthy();
  });

  it('uploads files dropped on the conversation with a progress bar in the pending message, then sends them as file messages', async () => {
    FakeXhr.reset();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { graphql, store } = open({
      getStats: () => ({ data: { getStats: { team: 't', plan: 'business', storage: 0, storageLimit: null, uploadLimit: 1, files: 0 } } }),
      signedUploadURL: (variables) => ({ data: { signedUploadURL: signedUpload('f9', Number(variables.size)) } }),
      setFile: (variables) => ({
        data: { setFile: storedFile({ id: 'f9', name: String(variables.name), size: Number(variables.size), project: 'p1' }) },
      }),
      setMessage: () => new Promise(() => undefined),
    });
    await screen.findByText('Morning');
    const file = new File(['%PDF-1.4 hello'], 'notes.pdf', { type: 'application/pdf' });
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    const dataTransfer = { files: [file], types: ['Files'], dropEffect: 'none', getData: () => '' };
    fireEvent.dragOver(conversation, { dataTransfer });
    expect(screen.getByRole('status').textContent).toBe('Drop files to send them here');
    fireEvent.drop(conversation, { dataTransfer });
    const pending = await screen.findByRole('article', { name: 'Ada Lovelace is sending notes.pdf' });
    await waitFor(() => expect(FakeXhr.instances[0]?.sent).toBe(true));
    act(() => FakeXhr.instances[0]!.progress(7, file.size));
    expect(within(pending).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    await act(async () => FakeXhr.instances[0]!.respond(201));
    await waitFor(() =>
      expect(graphql.callsOf('setMessage')[0]?.variables).toMatchObject({ project: 'p1', body: '', type: 'file', file: 'f9' }),
    );
    const queued = await screen.findByRole('article', { name: 'Unsent message from Ada Lovelace' });
    // A PDF's card opens the media viewer (the server sends the bytes as a download).
    expect(within(queued).getByRole('button', { name: 'Open notes.pdf' })).toBeTruthy();
    expect(store.get(outboxAtom)[0]?.file?.id).toBe('f9');
  });

  it('shows a message a link names (?message=): reads older pages until it is there, then scrolls to it and marks it', async () => {
    const scrolled: string[] = [];
    const scrollIntoView = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.getAttribute('data-row') ?? '');
    });
    const older = message('m0', { createdAt: at(0), body: 'From the day before' });
    // A full page (50) says older ones may exist.
    const manyNewest = [
      ...history,
      ...Array.from({ length: 46 }, (_, index) => message(`n${index}`, { createdAt: at(5 + index), body: `Later ${index}` })),
    ].reverse();
    const { graphql, router } = open({
      getMessages: (variables) => (variables.before ? { data: { getMessages: [older] } } : { data: { getMessages: manyNewest } }),
    });
    await screen.findByText('Morning');
    await act(() => router.navigate('/overview?message=m0'));
    await screen.findByText('From the day before');
    await waitFor(() => expect(scrolled).toEqual(['m0']));
    expect(graphql.callsOf('getMessages').at(-1)?.variables).toEqual({ project: 'p1', first: 50, before: 'm1' });
    expect(screen.getByRole('article', { name: /10:00/ }).className).toMatch(/focused/);
    scrollIntoView.mockRestore();
  });

  it('says once that a linked message is gone when no older page has it', async () => {
    const { router } = open();
    await screen.findByText('Morning');
    await act(() => router.navigate('/overview?message=nowhere'));
    await waitFor(() =>
      expect(appStore.get(toastsAtom).map((toast) => toast.message)).toEqual(['That message is no longer in this conversation.']),
    );
  });

  it('says when the messages cannot be loaded and tries again', async () => {
    let fail = true;
    open({
      getMessages: () => (fail ? { errors: [{ message: 'Boom', extensions: { code: 'INTERNAL' } }] } : { data: { getMessages: [] } }),
    });
    expect(await screen.findByText('The messages could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeTruthy();
  });

  it('says at its beginning that the plan hides older messages, with the way to upgrade', async () => {
    const { graphql } = open({ getMessageHistory: () => ({ data: { getMessageHistory: { plan: 'free', days: 90, hidden: true } } }) });
    await screen.findByText('Morning');
    const notice = await screen.findByText(/Messages older than 90 days are hidden on the Free plan\./);
    expect(graphql.callsOf('getMessageHistory')[0]?.variables).toEqual({ project: 'p1' });
    expect(within(notice).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/overview/upgrade');
  });

  it('shows no history notice when nothing is hidden', async () => {
    const { graphql } = open({ getMessageHistory: () => ({ data: { getMessageHistory: { plan: 'free', days: 90, hidden: false } } }) });
    await screen.findByText('Morning');
    await waitFor(() => expect(graphql.callsOf('getMessageHistory')).toHaveLength(1));
    expect(screen.queryByText(/Messages older than/)).toBeNull();
  });
});
