// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore, createAppStore } from '../../lib/store';
import { setupAppI18n } from '../../test/i18n';
import { dialogQueueAtom } from '../../ui/dialogStore';
import { toastsAtom } from '../../ui/toastStore';
import { currentUserAtom } from '../auth/session';
import { boardTask, testProject } from './fixtures';
import type { BoardTask } from './operations';
import { openTasks } from './testBoard';

vi.mock('../../lib/subscriptions', () => ({ useSubscription: () => undefined, useOnReconnect: () => undefined }));

const ada = { id: 'u1', firstname: 'Ada', lastname: 'Lovelace', profileImg: null };
const parent = boardTask({ id: 't1', name: 'Write the spec', idCode: 'ENG-1', users: [ada], isFollowing: true });
const child = boardTask({ id: 't2', name: 'Draft section 4', idCode: 'ENG-2', parentTask: 't1' });
const description = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Cover every field.' }] }] };

function handlers(tasks: BoardTask[]) {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  return {
    getTask: (variables: Record<string, unknown>) => ({
      data: {
        getTask: {
          ...byId.get(String(variables.id)),
          description,
          createdAt: '2025-01-01T00:00:00.000Z',
          // Followers come with the task's detail, not with the board's cards.
          followers: byId.get(String(variables.id))?.isFollowing ? [ada] : [],
          author: ada,
        },
      },
    }),
    ediTask: (variables: Record<string, unknown>) => {
      const next = { ...byId.get(String(variables.id))!, ...variables } as BoardTask;
      byId.set(next.id, next);
      return { data: { ediTask: next } };
    },
    setTask: (variables: Record<string, unknown>) => ({
      data: { setTask: boardTask({ id: 't9', name: String(variables.name), parentTask: String(variables.parentTask), idCode: 'ENG-9' }) },
    }),
    delTask: () => ({ data: { delTask: true } }),
    unfollowTask: (variables: Record<string, unknown>) => ({
      data: { unfollowTask: { ...byId.get(String(variables.id)), isFollowing: false, followers: [] } },
    }),
    getTaskActivity: () => ({
      data: {
        getTaskActivity: {
          nextCursor: null,
          entries: [
            {
              id: 'e1',
              type: 'task.updated',
              createdAt: new Date().toISOString(),
              actor: ada,
              changes: [{ field: 'stateId', from: 's1', to: 's3' }],
            },
          ],
        },
      },
    }),
  };
}

async function openPanel(task: BoardTask, tasks: BoardTask[] = [parent, child]) {
  const store = createAppStore();
  store.set(currentUserAtom, {
    id: 'u1',
    email: 'ada@example.com',
    firstname: 'Ada',
    lastname: 'Lovelace',
    language: 'en',
    profileImg: null,
  });
  const opened = await openTasks({ store, tasks, handlers: handlers(tasks), path: `/${testProject}/tasks/d/${task.id}` });
  return { ...opened, panel: await screen.findByRole('complementary', { name: 'Task details' }) };
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  appStore.set(toastsAtom, []);
  appStore.set(dialogQueueAtom, []);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('task detail panel', () => {
  it('edits the description in the rich-text editor and saves it as a Tiptap doc on leaving it', async () => {
    const { graphql, panel } = await openPanel(parent);
    const field = await within(panel).findByRole('textbox', { name: 'Description' });
    expect(field.textContent).toBe('Cover every field.');
    await userEvent.click(field);
    await userEvent.type(field, '{Enter}And the states.');
    act(() => field.blur());
    await waitFor(() =>
      expect(graphql.callsOf('ediTask')[0]?.variables).toEqual({
        id: 't1',
        description: {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Cover every field.' }] },
            { type: 'paragraph', content: [{ type: 'text', text: 'And the states.' }] },
          ],
        },
      }),
    );
  });

  it('tells an assignee why they cannot unfollow, and lets others unfollow', async () => {
    const { panel } = await openPanel(parent);
    expect((within(panel).getByRole('button', { name: 'Unfollow' }) as HTMLButtonElement).disabled).toBe(true);
    expect(panel.textContent).toContain('Assignees follow their tasks automatically.');
    cleanup();
    const follower = boardTask({ id: 't5', name: 'Watch this', isFollowing: true });
    const second = await openPanel(follower, [follower]);
    const followersField = () => within(second.panel).getByText('Followers').parentElement!;
    await waitFor(() => expect(followersField().textContent).toContain('Ada Lovelace'));
    await userEvent.click(within(second.panel).getByRole('button', { name: 'Unfollow' }));
    await waitFor(() => expect(second.graphql.callsOf('unfollowTask')[0]?.variables).toEqual({ id: 't5' }));
    expect(await within(second.panel).findByRole('button', { name: 'Follow' })).toBeTruthy();
    // The followers the unfollow answered replace those the detail listed.
    await waitFor(() => expect(followersField().textContent).toContain('No followers'));
    expect(followersField().textContent).not.toContain('Ada Lovelace');
  });

  it('lists subtasks, adds one inline and completes one by moving it to the last section', async () => {
    const { graphql, panel } = await openPanel(parent);
    const subtasks = within(panel).getByRole('region', { name: /Subtasks/ });
    expect(within(subtasks).getByRole('link', { name: 'Draft section 4' })).toBeTruthy();
    await userEvent.type(within(subtasks).getByRole('textbox', { name: 'New subtask' }), 'Check the names{Enter}');
    await waitFor(() =>
      expect(graphql.callsOf('setTask')[0]?.variables).toMatchObject({ name: 'Check the names', parentTask: 't1', state: 's1' }),
    );
    await userEvent.click(within(subtasks).getByRole('checkbox', { name: 'Complete Draft section 4' }));
    await waitFor(() => expect(graphql.callsOf('ediTask')[0]?.variables).toEqual({ id: 't2', state: 's3' }));
    // Subtasks live in their parent, never as cards of their own.
    expect(screen.queryAllByTestId('task-card').map((card) => card.textContent)).not.toContainEqual(
      expect.stringContaining('Draft section 4'),
    );
  });

  it('asks whether to delete the subtasks too, and keeps them when told to', async () => {
    const { graphql, panel, router } = await openPanel(parent);
    await userEvent.click(within(panel).getByRole('button', { name: 'Task actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Write the spec”?' });
    expect(dialog.textContent).toContain('It has 1 subtask.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep subtasks' }));
    await waitFor(() => expect(graphql.callsOf('delTask')[0]?.variables).toEqual({ task: 't1', delSubtasks: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${testProject}/tasks`));
    // The kept subtask is a top-level card now.
    expect(await screen.findByText('Draft section 4')).toBeTruthy();
  });

  it('shows the activity newest first in words', async () => {
    const { panel } = await openPanel(parent);
    await userEvent.click(within(panel).getByRole('tab', { name: 'Activity' }));
    expect(await within(panel).findByText('Ada Lovelace changed the section from To do to Done')).toBeTruthy();
  });
});
