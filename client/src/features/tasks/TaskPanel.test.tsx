// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore, createAppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { dialogQueueAtom, settleDialog } from '../../ui/dialogStore';
import { TooltipProvider } from '../../ui';
import { toastsAtom } from '../../ui/toastStore';
import { currentUserAtom } from '../auth/session';
import { boardTask } from './fixtures';
import type { BoardTask } from './operations';
import { pendingEditsOf } from './pendingEdits';
import TasksPage from './TasksPage';

vi.mock('../../lib/subscriptions', () => ({ useSubscription: () => undefined, useOnReconnect: () => undefined }));

const project = '65a1f0c2b3d4e5f6a7b8c9d0';
const spec: BoardTask = boardTask({ id: 't1', idCode: 'ENG-1', name: 'Write the spec', deadline: '2030-01-15' });
const page = (
  <TooltipProvider>
    <TasksPage />
  </TooltipProvider>
);
const routes = [
  { path: ':project/:category?/:id?/d/:id2', element: page },
  { path: ':project/:category?/:id?/:id2?', element: page },
];

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  appStore.set(toastsAtom, []);
  appStore.set(dialogQueueAtom, []);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openPanel(store = createAppStore(), onEdit?: () => void) {
  let current = spec;
  const graphql = mockGraphQL({
    getStatesProject: () => ({ data: { getStatesProject: [{ id: 's1', value: 'To do', position: 1024, icon: 0, project }] } }),
    getTasks: () => ({ data: { getTasks: [spec] } }),
    ediTask: (variables) => {
      onEdit?.();
      current = { ...current, ...variables };
      return { data: { ediTask: current } };
    },
    delTask: () => ({ data: { delTask: true } }),
  });
  const view = renderRoute(`/${project}/tasks/d/t1`, routes, store);
  return { graphql, ...view };
}

describe('task side panel', () => {
  it('shows the task and renames it and changes its priority', async () => {
    const { graphql } = openPanel();
    const panel = await screen.findByRole('complementary', { name: 'Task details' });
    expect(panel.textContent).toContain('ENG-1');
    expect(panel.textContent).toContain('To do');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Write the final spec{Enter}');
    // A slow run may save a partial name after a pause in typing: the last save is the whole name.
    await waitFor(() => expect(graphql.callsOf('ediTask').at(-1)?.variables).toEqual({ id: 't1', name: 'Write the final spec' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'urgent');
    await waitFor(() => expect(graphql.callsOf('ediTask').at(-1)?.variables).toEqual({ id: 't1', priority: 3 }));
    expect(screen.getByRole('link', { name: 'Write the final spec' })).toBeTruthy();
  });

  it('keeps a rename on the device from the first keystroke, saves it after a pause in typing, then forgets it', async () => {
    const store = createAppStore();
    store.set(currentUserAtom, {
      id: 'u1',
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      language: 'en',
      profileImg: null,
    });
    localStorage.clear();
    // What the device kept while the save was on its way: a replay after a reload would send its key.
    const keptWhileSaving: ReturnType<typeof pendingEditsOf>[] = [];
    const { graphql } = openPanel(store, () => keptWhileSaving.push(pendingEditsOf('u1', project)));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.type(name, '!');
    expect(pendingEditsOf('u1', project)).toMatchObject([
      { taskId: 't1', field: 'name', value: 'Write the spec!', base: 'Write the spec' },
    ]);
    expect(document.activeElement).toBe(name);
    await waitFor(() => expect(graphql.callsOf('ediTask').at(-1)?.variables).toEqual({ id: 't1', name: 'Write the spec!' }), {
      timeout: 3000,
    });
    await waitFor(() => expect(pendingEditsOf('u1', project)).toEqual([]));
    expect((name as HTMLInputElement).value).toBe('Write the spec!');
    const save = graphql.callsOf('ediTask').at(-1)!;
    expect(save.idempotencyKey).toEqual(expect.any(String));
    expect(keptWhileSaving.at(-1)).toMatchObject([{ sent: 'Write the spec!', sentKey: save.idempotencyKey }]);
  });

  it('deletes the task after confirmation and goes back to the board', async () => {
    const { graphql, router } = openPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Task actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete task' }));
    const dialog = appStore.get(dialogQueueAtom)[0];
    expect(dialog?.options.title).toBe('Delete “Write the spec”?');
    settleDialog(dialog!.id, { confirmed: true, values: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${project}/tasks`));
    expect(graphql.callsOf('delTask')[0]?.variables).toEqual({ task: 't1' });
    expect(screen.queryByText('Write the spec')).toBeNull();
  });
});
