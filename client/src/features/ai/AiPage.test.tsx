// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { deletionsAtom } from '../../lib/deletions';
import { appStore, StoreProvider } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { live, resetLive } from '../../test/liveMock';
import { DialogHost, TooltipProvider } from '../../ui';
import { aiConversationsAtom, aiMessagesAtom, aiStatusAtom } from './atoms';
import { aiConversation, aiMessage } from './fixtures';
import AiPage from './AiPage';
import type { AiConversationChange, AiMessage } from './operations';

vi.mock('../../lib/subscriptions', async (importOriginal) => (await import('../../test/liveMock')).liveModule(importOriginal));

const configured = { configured: true, model: 'llama3.2', maxPromptBytes: 200 };
const launch = aiConversation({ id: 'c1', name: 'Launch plan', updatedAt: '2026-03-01T10:00:00.000Z' });
const older = aiConversation({ id: 'c2', name: 'Hiring', type: 'search', updatedAt: '2026-02-01T10:00:00.000Z' });

type Handlers = Parameters<typeof mockGraphQL>[0];

function open(path: string, handlers: Handlers = {}) {
  const graphql = mockGraphQL({
    getAiStatus: () => ({ data: { getAiStatus: configured } }),
    getAiConversations: () => ({ data: { getAiConversations: [older, launch] } }),
    getAiMessages: () => ({ data: { getAiMessages: [] } }),
    ...handlers,
  });
  const router = createMemoryRouter(
    [
      {
        path: ':project/ai/:id?',
        element: (
          <>
            <AiPage />
            <DialogHost />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  // Confirmations and toasts go through the app's own store, as in the app.
  render(
    <StoreProvider store={appStore}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </StoreProvider>,
  );
  return { graphql, router };
}

/** Delivers one subAiMessage event, as the server streams an answer. */
function stream(message: AiMessage, delta = '') {
  act(() => live.subscriptions.get('subAiMessage')?.next({ subAiMessage: { message, delta } }));
}

/** Delivers one subAiConversations change, as the server sends another tab's change of the list. */
function listChange(change: Omit<AiConversationChange, 'seq'>) {
  act(() => live.subscriptions.get('subAiConversations')?.next({ subAiConversations: { seq: 1, ...change } }));
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  resetLive();
  appStore.set(aiStatusAtom, null);
  appStore.set(aiConversationsAtom, null);
  appStore.set(aiMessagesAtom, new Map());
  // Conversations deleted in one test are not deleted in the next, which reuses their ids.
  appStore.set(deletionsAtom, new Map());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const question = aiMessage({ id: 'q1', type: 'question', body: 'When is the launch?', persona: 'engineer', tone: 'formal' });
const answer = (changes: Partial<AiMessage>) => aiMessage({ id: 'a1', state: 'streaming', ...changes });

describe('the AI assistant page', () => {
  it('explains how an administrator enables it when no provider is configured, with the Ollama commands', async () => {
    open('/overview/ai', { getAiStatus: () => ({ data: { getAiStatus: { configured: false, model: null, maxPromptBytes: 200 } } }) });
    expect(await screen.findByRole('heading', { name: 'The AI assistant is not set up on this server' })).toBeTruthy();
    const commands = document.querySelector('pre')?.textContent ?? '';
    expect(commands).toContain('ollama pull llama3.2');
    expect(commands).toContain('AI_BASE_URL=http://localhost:11434/v1 AI_MODEL=llama3.2');
    expect(screen.queryByRole('button', { name: 'New chat' })).toBeNull();
  });

  it('lists the conversations latest first, and New AI search starts one and opens it', async () => {
    const { graphql, router } = open('/overview/ai', {
      setAiConversation: () => ({
        data: { setAiConversation: aiConversation({ id: 'c3', type: 'search', updatedAt: '2026-03-02T00:00:00.000Z' }) },
      }),
    });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Launch plan', 'Hiring']);
    await userEvent.click(screen.getByRole('button', { name: 'New AI search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview/ai/c3'));
    expect(graphql.callsOf('setAiConversation')[0]?.variables).toEqual({ type: 'search' });
    expect(within(list).getAllByRole('link')[0]?.textContent).toBe('New conversation');
    expect(await screen.findByText(/the answer cites where it found things/, undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('asks with the persona, tone and mode chosen; the answer streams with Writing… and Stop, which stops it mid-way', async () => {
    const { graphql } = open('/overview/ai/c1', {
      setAiMessage: () => ({ data: { setAiMessage: [question, answer({ body: '' })] } }),
      stopAiMessage: () => ({ data: { stopAiMessage: answer({ body: 'The launch is', state: 'stopped' }) } }),
    });
    const box = await screen.findByRole('textbox', { name: 'Ask anything…' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Persona' }), 'Engineer');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tone' }), 'Formal');
    await userEvent.type(box, 'When is the launch?{Enter}');
    await waitFor(() =>
      expect(graphql.callsOf('setAiMessage')[0]?.variables).toEqual({
        aiconversation: 'c1',
        body: 'When is the launch?',
        type: 'chat',
        persona: 'engineer',
        tone: 'formal',
      }),
    );
    expect(await screen.findByText('Writing…')).toBeTruthy();
    stream(answer({ body: 'The launch' }), 'The launch');
    stream(answer({ body: 'The launch is' }), ' is');
    const thread = screen.getByRole('list', { name: 'Questions and answers' });
    expect(within(thread).getByRole('listitem', { name: 'Answer' }).textContent).toContain('The launch is');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(graphql.callsOf('stopAiMessage')[0]?.variables).toEqual({ id: 'a1' }));
    expect(await screen.findByText('Stopped. The answer is incomplete.')).toBeTruthy();
    expect(screen.queryByText('Writing…')).toBeNull();
    // A late streaming event does not bring a stopped answer back.
    stream(answer({ body: 'The launch is on' }), ' on');
    expect(within(thread).getByRole('listitem', { name: 'Answer' }).textContent).not.toContain('The launch is on');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('stops a streaming answer with Esc', async () => {
    const { graphql } = open('/overview/ai/c1', {
      getAiMessages: () => ({ data: { getAiMessages: [question, answer({ body: 'Partly' })] } }),
      stopAiMessage: () => ({ data: { stopAiMessage: answer({ body: 'Partly', state: 'stopped' }) } }),
    });
    await screen.findByText('Writing…');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(graphql.callsOf('stopAiMessage')).toHaveLength(1));
  });

  it('shows a failed answer’s message with Retry, which asks the same question again', async () => {
    const failed = answer({
      state: 'failed',
      error: 'The AI provider is busy (rate limited). Try again in a moment.',
      errorCode: 'AI_RATE_LIMITED',
    });
    const { graphql } = open('/overview/ai/c1', {
      getAiMessages: () => ({ data: { getAiMessages: [question, failed] } }),
      setAiMessage: () => ({
        data: { setAiMessage: [{ ...question, id: 'q2' }, answer({ id: 'a2', createdAt: '2026-03-01T10:01:00.000Z' })] },
      }),
    });
    const alert = await screen.findByRole('alert');
    // Shown in the person's language from its code (the server's English text is the fallback for unknown codes).
    expect(alert.textContent).toContain('The AI provider is receiving too many requests. Wait a moment and try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(graphql.callsOf('setAiMessage')[0]?.variables).toEqual({
        aiconversation: 'c1',
        body: 'When is the launch?',
        type: 'chat',
        persona: 'engineer',
        tone: 'formal',
      }),
    );
  });

  it('shows an AI search answer’s citations as links to what it used', async () => {
    const cited = answer({
      state: 'done',
      mode: 'search',
      body: 'The launch is **Monday** [1].',
      citations: [
        { kind: 'task', id: 't1', title: 'ENG-1 Launch', link: '/p1/tasks/d/t1', project: 'p1' },
        { kind: 'doc', id: 'd1', title: 'Launch plan', link: '/p1/docs/d/d1', project: 'p1' },
      ],
    });
    open('/overview/ai/c1', { getAiMessages: () => ({ data: { getAiMessages: [question, cited] } }) });
    const sources = await screen.findByRole('list', { name: 'Sources' });
    expect(
      within(sources)
        .getByRole('link', { name: /ENG-1 Launch/ })
        .getAttribute('href'),
    ).toBe('/p1/tasks/d/t1');
    expect(
      within(sources)
        .getByRole('link', { name: /Launch plan/ })
        .getAttribute('href'),
    ).toBe('/p1/docs/d/d1');
    // Markdown rendered as elements.
    expect(screen.getByText('Monday').tagName).toBe('STRONG');
  });

  it('shows a calendar event’s citation with the calendar icon, its kind, and a link to the event', async () => {
    const cited = answer({
      state: 'done',
      mode: 'search',
      body: 'The regatta briefing is on Monday [1].',
      citations: [
        { kind: 'event', id: 'e1', title: 'Regatta briefing', link: '/overview/calendar/d/e1', project: null },
        { kind: 'task', id: 't1', title: 'ENG-1 Launch', link: '/p1/tasks/d/t1', project: 'p1' },
      ],
    });
    open('/overview/ai/c1', { getAiMessages: () => ({ data: { getAiMessages: [question, cited] } }) });
    const sources = await screen.findByRole('list', { name: 'Sources' });
    const event = within(sources).getByRole('link', { name: 'Regatta briefing (event)' });
    expect(event.getAttribute('href')).toBe('/overview/calendar/d/e1');
    // The search page's icon for events, not a document's.
    const icon = event.querySelector('svg');
    expect(icon?.getAttribute('class')).toContain('lucide-calendar-days');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    const task = within(sources).getByRole('link', { name: 'ENG-1 Launch (task)' });
    expect(task.querySelector('svg')?.getAttribute('class')).not.toContain('lucide-calendar-days');
  });

  it('refuses a prompt over the server’s limit before sending, and files pasted in', async () => {
    const { graphql } = open('/overview/ai/c1');
    const box = await screen.findByRole('textbox', { name: 'Ask anything…' });
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(201));
    expect(screen.getByRole('alert').textContent).toBe('Your question is too long: at most 200 B.');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    await userEvent.keyboard('{Enter}');
    expect(graphql.callsOf('setAiMessage')).toHaveLength(0);

    await userEvent.clear(box);
    const file = new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' });
    fireEvent.paste(box, { clipboardData: { files: [file], items: [{ kind: 'file' }], getData: () => '' } });
    expect(screen.getByRole('alert').textContent).toBe('File uploads are not supported in AI chat');
  });

  it('renames a conversation in place, and deletes one after confirming', async () => {
    const { graphql, router } = open('/overview/ai/c1', {
      ediAiConversation: (variables) => ({ data: { ediAiConversation: { ...launch, name: variables.name } } }),
      delAiConversation: () => ({ data: { delAiConversation: 'c1' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Launch plan' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const field = await screen.findByRole('textbox', { name: 'Conversation name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Launch week{Enter}');
    await waitFor(() => expect(graphql.callsOf('ediAiConversation')[0]?.variables).toEqual({ id: 'c1', name: 'Launch week' }));
    expect(await screen.findByRole('link', { name: 'Launch week' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Launch week' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Launch week”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview/ai'));
    expect(graphql.callsOf('delAiConversation')[0]?.variables).toEqual({ id: 'c1' });
    expect(screen.queryByRole('link', { name: 'Launch week' })).toBeNull();
  });

  it('keeps the list live: a conversation made, renamed or deleted in another tab shows here', async () => {
    open('/overview/ai/c2');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const names = () =>
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(names()).toEqual(['Launch plan', 'Hiring']);

    const fresh = aiConversation({ id: 'c3', name: 'Budget', updatedAt: '2026-03-05T10:00:00.000Z' });
    listChange({ type: 'created', id: 'c3', aiconversation: fresh });
    expect(names()).toEqual(['Budget', 'Launch plan', 'Hiring']);
    listChange({ type: 'updated', id: 'c2', aiconversation: { ...older, name: 'Hiring plan', updatedAt: '2026-03-06T10:00:00.000Z' } });
    expect(names()).toEqual(['Hiring plan', 'Budget', 'Launch plan']);
    listChange({ type: 'deleted', id: 'c1', aiconversation: null });
    expect(names()).toEqual(['Hiring plan', 'Budget']);
    // The conversation open here deleted elsewhere: the page says it is gone.
    listChange({ type: 'deleted', id: 'c2', aiconversation: null });
    expect(await screen.findByText('Conversation not found')).toBeTruthy();
  });

  it('puts a change heard while the list is being read back on the read’s answer, and reads again when the feed cannot resume', async () => {
    let answer: (reply: { data: { getAiConversations: unknown[] } }) => void = () => undefined;
    const { graphql } = open('/overview/ai', {
      getAiConversations: () => new Promise((resolve) => (answer = resolve)),
    });
    await waitFor(() => expect(graphql.callsOf('getAiConversations')).toHaveLength(1));
    await waitFor(() => expect(live.subscriptions.get('subAiConversations')).toBeTruthy());
    listChange({ type: 'deleted', id: 'c1', aiconversation: null });
    // The answer was read before the deletion it did not see.
    answer({ data: { getAiConversations: [older, launch] } });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Hiring']);

    act(() => live.subscriptions.get('subAiConversations')?.reload?.());
    await waitFor(() => expect(graphql.callsOf('getAiConversations')).toHaveLength(2));
    // A deleted conversation never comes back: the second read has the other one renamed meanwhile.
    answer({ data: { getAiConversations: [{ ...older, name: 'Hiring plan' }] } });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Hiring plan']),
    );
  });

  it('says what failed when the conversations cannot be read, and Try again reads them again', async () => {
    let fails = true;
    open('/overview/ai', {
      getAiConversations: () =>
        fails ? failure('INTERNAL_SERVER_ERROR', 'Something went wrong on the server.') : { data: { getAiConversations: [launch] } },
    });
    const alert = await screen.findByRole('alert');
    fails = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Launch plan' })).toBeTruthy();
  });
});
