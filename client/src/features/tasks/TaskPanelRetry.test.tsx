// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '../../lib/store';
import { failure } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { currentUserAtom } from '../auth/session';
import { boardTask, testProject } from './fixtures';
import { openTasks } from './testBoard';
import type * as Subscriptions from '../../lib/subscriptions';

const live = vi.hoisted(() => ({ reconnects: [] as (() => void)[] }));

vi.mock('../../lib/subscriptions', async (importOriginal) => ({
  ...(await importOriginal<typeof Subscriptions>()),
  useSubscription: () => undefined,
  useOnReconnect: (refetch: () => void) => {
    live.reconnects.push(refetch);
  },
}));

const ada = { id: 'u1', firstname: 'Ada', lastname: 'Lovelace', profileImg: null };
const task = boardTask({ id: 't1', name: 'Write the spec', idCode: 'ENG-1' });
const description = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Cover every field.' }] }] };

/** getTask fails while `failing` is true, then answers the task with its description. */
async function openFailingPanel() {
  const server = { failing: true };
  const store = createAppStore();
  store.set(currentUserAtom, { ...ada, email: 'ada@example.com', language: 'en' });
  const opened = await openTasks({
    store,
    tasks: [task],
    path: `/${testProject}/tasks/d/t1`,
    handlers: {
      getTask: () =>
        server.failing
          ? failure('INTERNAL_SERVER_ERROR', 'Something went wrong on the server.')
          : { data: { getTask: { ...task, description, createdAt: '2025-01-01T00:00:00.000Z', author: ada, unread: 0 } } },
      getMessages: () => ({ data: { getMessages: [] } }),
    },
  });
  return { ...opened, server, panel: await screen.findByRole('complementary', { name: 'Task details' }) };
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  live.reconnects.length = 0;
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('task panel when the task could not be read', () => {
  it('says so with Try again, and shows the description once a retry gets through', async () => {
    const { panel, server, graphql } = await openFailingPanel();
    expect(await within(panel).findByText('The description could not be loaded.')).toBeTruthy();
    server.failing = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Cover every field.')).toBeTruthy();
    expect(graphql.callsOf('getTask')).toHaveLength(2);
  });

  it('reads the task again after a reconnection', async () => {
    const { panel, server } = await openFailingPanel();
    await within(panel).findByText('The description could not be loaded.');
    server.failing = false;
    act(() => live.reconnects.forEach((reconnect) => reconnect()));
    expect(await within(panel).findByText('Cover every field.')).toBeTruthy();
  });

  it('still opens the task’s chat, which does not need the task’s details', async () => {
    const { panel, graphql } = await openFailingPanel();
    await within(panel).findByText('The description could not be loaded.');
    await userEvent.click(within(panel).getByRole('tab', { name: 'Chat' }));
    expect(await within(panel).findByRole('log')).toBeTruthy();
    expect(within(panel).queryByRole('progressbar', { name: 'Loading the task' })).toBeNull();
    expect(graphql.callsOf('getMessages')[0]?.variables).toMatchObject({ task: 't1' });
  });
});
