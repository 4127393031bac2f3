// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore, createAppStore } from '../../lib/store';
import { failure, type GraphQLReply } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { dialogQueueAtom, settleDialog } from '../../ui/dialogStore';
import { toastsAtom } from '../../ui/toastStore';
import { currentUserAtom } from '../auth/session';
import { boardTask, taskChange, testProject } from './fixtures';
import type { BoardTask, RichNode, TaskChange } from './operations';
import { pendingEditsOf } from './pendingEdits';
import { descriptionIdleMs } from './TaskDescription';
import { openTasks } from './testBoard';
import type { Editor } from '@tiptap/core';

const live = vi.hoisted(() => ({ handlers: [] as ((data: { subTask: TaskChange }) => void)[] }));

vi.mock('../../lib/subscriptions', () => ({
  useSubscription: (_document: unknown, _variables: unknown, onNext: (data: { subTask: TaskChange }) => void) => {
    live.handlers.push(onNext);
  },
  useOnReconnect: () => undefined,
}));

const paragraphs = (...lines: string[]): RichNode => ({
  type: 'doc',
  content: lines.map((line) => (line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' })),
});

const spec = boardTask({ id: 't1', name: 'Write the spec', idCode: 'ENG-1' });

/** The panel of `task` with a server that keeps one description and version per task, and records every write. */
async function openDescription({
  task = spec,
  description = paragraphs('Cover every field.'),
  ediTask,
}: {
  task?: BoardTask;
  description?: RichNode | null;
  ediTask?: (variables: Record<string, unknown>) => GraphQLReply | Promise<GraphQLReply>;
} = {}) {
  const server = { task, description };
  const opened = await openTasks({
    tasks: [task],
    path: `/${testProject}/tasks/d/${task.id}`,
    handlers: {
      getTask: () => ({
        data: { getTask: { ...server.task, description: server.description, createdAt: '2025-01-01T00:00:00.000Z', author: null } },
      }),
      ediTask:
        ediTask ??
        ((variables) => {
          if ('description' in variables) server.description = variables.description as RichNode | null;
          return { data: { ediTask: server.task } };
        }),
    },
  });
  const panel = await screen.findByRole('complementary', { name: 'Task details' });
  const field = await within(panel).findByRole('textbox', { name: 'Description' });
  return { ...opened, panel, field, server };
}

/** A teammate's edit: the server has a newer version, and subTask says so. */
function teammateEdits(server: { task: BoardTask; description: RichNode | null }, description: RichNode) {
  server.description = description;
  server.task = { ...server.task, updatedAt: new Date(Date.parse(server.task.updatedAt) + 60_000).toISOString() };
  act(() =>
    live.handlers.at(-1)?.({
      subTask: taskChange({ type: 'task.updated', seq: 2, taskId: server.task.id, task: server.task }),
    }),
  );
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  appStore.set(toastsAtom, []);
  appStore.set(dialogQueueAtom, []);
  live.handlers.length = 0;
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('task description editor', () => {
  it('keeps what is typed on the device before the pause is over, and forgets it once saved', async () => {
    const store = createAppStore();
    store.set(currentUserAtom, {
      id: 'u1',
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      language: 'en',
      profileImg: null,
    });
    const { graphql } = await openTasks({
      store,
      tasks: [spec],
      path: `/${testProject}/tasks/d/${spec.id}`,
      handlers: {
        getTask: () => ({
          data: {
            getTask: { ...spec, description: paragraphs('Cover every field.'), createdAt: '2025-01-01T00:00:00.000Z', author: null },
          },
        }),
        ediTask: () => ({ data: { ediTask: spec } }),
      },
    });
    const field = await within(await screen.findByRole('complementary', { name: 'Task details' })).findByRole('textbox', {
      name: 'Description',
    });
    await userEvent.click(field);
    await userEvent.type(field, '{Enter}Typed just before a reload.');
    expect(pendingEditsOf('u1', testProject)).toMatchObject([
      {
        taskId: 't1',
        field: 'description',
        value: paragraphs('Cover every field.', 'Typed just before a reload.'),
        base: paragraphs('Cover every field.'),
      },
    ]);
    await waitFor(
      () =>
        expect(graphql.callsOf('ediTask').at(-1)?.variables.description).toEqual(
          paragraphs('Cover every field.', 'Typed just before a reload.'),
        ),
      { timeout: descriptionIdleMs * 3 },
    );
    await waitFor(() => expect(pendingEditsOf('u1', testProject)).toEqual([]));
  });

  it('turns Markdown typed at the start of a line into lists and headings, and saves them', async () => {
    const { graphql, field } = await openDescription({ description: null });
    await userEvent.click(field);
    await userEvent.type(field, '## Plan{Enter}- one{Enter}{Enter}1. first');
    act(() => field.blur());
    await waitFor(() =>
      expect(graphql.callsOf('ediTask')[0]?.variables).toEqual({
        id: 't1',
        description: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Plan' }] },
            {
              type: 'bulletList',
              content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] }],
            },
            {
              type: 'orderedList',
              attrs: { start: 1 },
              content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'first' }] }] }],
            },
          ],
        },
      }),
    );
  });

  it('saves after a second of idle typing, saying Saving… then Saved', async () => {
    let answer: (() => void) | undefined;
    const { graphql, field, panel } = await openDescription({
      ediTask: () =>
        new Promise<GraphQLReply>((resolve) => {
          answer = () => resolve({ data: { ediTask: spec } });
        }),
    });
    await userEvent.click(field);
    await userEvent.type(field, ' Twice.');
    // Still typing: nothing is sent yet.
    expect(graphql.callsOf('ediTask')).toHaveLength(0);
    await waitFor(() => expect(graphql.callsOf('ediTask')).toHaveLength(1), { timeout: descriptionIdleMs * 3 });
    expect(graphql.callsOf('ediTask')[0]?.variables).toEqual({ id: 't1', description: paragraphs('Cover every field. Twice.') });
    expect(within(panel).getByRole('status', { name: '' }).textContent).toBe('Saving…');
    act(() => answer?.());
    await waitFor(() => expect(within(panel).getByText('Saved')).toBeTruthy());
    // The editor kept the focus and the text.
    expect(document.activeElement).toBe(field);
    expect(field.textContent).toBe('Cover every field. Twice.');
  });

  it('does not write when the text did not change', async () => {
    const { graphql, field } = await openDescription();
    await userEvent.click(field);
    act(() => field.blur());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(graphql.callsOf('ediTask')).toHaveLength(0);
  });

  it('rolls a refused save back and says why in a toast', async () => {
    const { graphql, field } = await openDescription({ ediTask: () => failure('PERMISSION_DENIED', 'Join the space to edit tasks.') });
    await userEvent.click(field);
    await userEvent.type(field, ' Refused.');
    act(() => field.blur());
    await waitFor(() => expect(graphql.callsOf('ediTask')).toHaveLength(1));
    await waitFor(() => expect(field.textContent).toBe('Cover every field.'));
    const toast = appStore.get(toastsAtom)[0];
    expect(toast?.title).toBe('The task could not be saved');
    expect(toast?.message).toBe('Join the space to edit tasks.');
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('shows a teammate’s new description when the editor is not focused', async () => {
    const { field, server, graphql } = await openDescription();
    teammateEdits(server, paragraphs('Rewritten by a teammate.'));
    await waitFor(() => expect(field.textContent).toBe('Rewritten by a teammate.'));
    // Showing it is not an edit: nothing is written back.
    act(() => field.blur());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(graphql.callsOf('ediTask')).toHaveLength(0);
  });

  it('keeps the user’s text while focused and saves it over a teammate’s version', async () => {
    const { field, server, graphql } = await openDescription();
    await userEvent.click(field);
    await userEvent.type(field, ' Mine.');
    teammateEdits(server, paragraphs('Theirs.'));
    await waitFor(() => expect(graphql.callsOf('getTask')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field.textContent).toBe('Cover every field. Mine.');
    act(() => field.blur());
    await waitFor(() =>
      expect(graphql.callsOf('ediTask').at(-1)?.variables).toEqual({ id: 't1', description: paragraphs('Cover every field. Mine.') }),
    );
    expect(field.textContent).toBe('Cover every field. Mine.');
  });

  it('is read-only, without a toolbar, when the task cannot be edited', async () => {
    const { field, panel } = await openDescription({ task: boardTask({ ...spec, canEdit: false }) });
    expect(field.getAttribute('contenteditable')).toBe('false');
    expect(within(panel).queryByRole('toolbar', { name: 'Formatting' })).toBeNull();
    expect(field.textContent).toBe('Cover every field.');
  });

  it('formats with the toolbar and links the selection to a safe address only', async () => {
    const { field, panel, graphql } = await openDescription({ description: paragraphs('Read the guide') });
    const toolbar = within(panel).getByRole('toolbar', { name: 'Formatting' });
    await userEvent.click(field);
    const editor = (field as HTMLElement & { editor: Editor }).editor;
    act(() => void editor.commands.setTextSelection({ from: 10, to: 15 }));
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Bold' }));
    expect(within(toolbar).getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(within(toolbar).getByRole('button', { name: 'Link' }));
    let dialog = appStore.get(dialogQueueAtom)[0]!;
    expect(dialog.options.title).toBe('Add a link');
    act(() => settleDialog(dialog.id, { confirmed: true, values: ['javascript:alert(1)'] }));
    await waitFor(() =>
      expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain(
        'Only web (http, https) and email (mailto) links can be added.',
      ),
    );

    await userEvent.click(within(toolbar).getByRole('button', { name: 'Link' }));
    dialog = appStore.get(dialogQueueAtom)[0]!;
    act(() => settleDialog(dialog.id, { confirmed: true, values: ['example.com/guide'] }));
    await waitFor(() => expect(field.querySelector('a')?.getAttribute('href')).toBe('https://example.com/guide'));
    expect(field.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(field.querySelector('a')?.getAttribute('target')).toBe('_blank');

    act(() => field.blur());
    await waitFor(() =>
      expect(graphql.callsOf('ediTask').at(-1)?.variables).toEqual({
        id: 't1',
        description: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Read the ' },
                { type: 'text', text: 'guide', marks: [{ type: 'link', attrs: { href: 'https://example.com/guide' } }, { type: 'bold' }] },
              ],
            },
          ],
        },
      }),
    );
  });
});
