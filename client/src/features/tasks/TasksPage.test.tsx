// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { TooltipProvider } from '../../ui';
import { toastsAtom } from '../../ui/toastStore';
import { boardTask, taskChange } from './fixtures';
import type { BoardTask, ProjectState, TaskChange } from './operations';
import TasksPage from './TasksPage';

const live = vi.hoisted(() => ({
  handlers: [] as ((data: { subTask: TaskChange }) => void)[],
  reloads: [] as (() => void)[],
  reconnects: [] as (() => void)[],
}));

vi.mock('../../lib/subscriptions', () => ({
  useSubscription: (
    _document: unknown,
    _variables: unknown,
    onNext: (data: { subTask: TaskChange }) => void,
    options: { reload?: () => void } = {},
  ) => {
    live.handlers.push(onNext);
    if (options.reload) live.reloads.push(options.reload);
  },
  useOnReconnect: (refetch: () => void) => {
    live.reconnects.push(refetch);
  },
}));

const project = '65a1f0c2b3d4e5f6a7b8c9d0';
const states: ProjectState[] = [
  { id: 's1', value: 'To do', position: 1024, icon: 0, project },
  { id: 's2', value: 'In progress', position: 2048, icon: 1, project },
  { id: 's3', value: 'Done', position: 3072, icon: 2, project },
];

const task = (overrides: Partial<BoardTask> & Pick<BoardTask, 'id' | 'name'>): BoardTask => boardTask(overrides);

const tasks = [
  task({ id: 't1', name: 'Write the spec', idCode: 'ENG-1', priority: 3, tags: [{ id: 'g1', name: 'backend', color: '#16A34A' }] }),
  task({
    id: 't2',
    name: 'Ship the board',
    idCode: 'ENG-2',
    state: 's2',
    users: [{ id: 'u1', firstname: 'Ada', lastname: 'Lovelace', profileImg: null }],
  }),
];

const page = (
  <TooltipProvider>
    <TasksPage />
  </TooltipProvider>
);
const routes = [
  { path: ':project/:category?/:id?/d/:id2', element: page },
  { path: ':project/:category?/:id?/:id2?', element: page },
];

function column(name: string) {
  return screen.getByRole('region', { name });
}

async function openBoard(handlers: Parameters<typeof mockGraphQL>[0] = {}) {
  const graphql = mockGraphQL({
    getStatesProject: () => ({ data: { getStatesProject: states } }),
    getTasks: () => ({ data: { getTasks: tasks } }),
    ...handlers,
  });
  const view = renderRoute(`/${project}/tasks`, routes);
  await screen.findByRole('region', { name: 'To do' });
  return { graphql, ...view };
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  appStore.set(toastsAtom, []);
  live.handlers.length = 0;
  live.reloads.length = 0;
  live.reconnects.length = 0;
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('tasks board', () => {
  it('catches up after a reconnection from the replayed changes, and reads the board again only when the server says the gap is too old', async () => {
    const { graphql } = await openBoard();
    const reads = () => graphql.callsOf('getTasks').length;
    const readsAtStart = reads();
    act(() => live.reconnects.forEach((reconnect) => reconnect()));
    act(() =>
      live.handlers.at(-1)!({
        subTask: { type: 'task.created', seq: 42, project, taskId: 't3', task: task({ id: 't3', name: 'Replayed task' }) } as TaskChange,
      }),
    );
    expect(await screen.findByRole('link', { name: 'Replayed task' })).toBeTruthy();
    expect(reads()).toBe(readsAtStart);
    act(() => live.reloads.at(-1)!());
    await waitFor(() => expect(reads()).toBe(readsAtStart + 1));
  });

  it('renders the sections as columns and the tasks as cards', async () => {
    await openBoard();
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(['To do', 'In progress', 'Done']);
    const todo = column('To do');
    expect(within(todo).getByRole('link', { name: 'Write the spec' })).toHaveProperty('pathname', `/${project}/tasks/d/t1`);
    expect(within(todo).getByText('ENG-1')).toBeTruthy();
    expect(within(todo).getByText('backend')).toBeTruthy();
    expect(within(todo).getByRole('img', { name: 'Urgent' })).toBeTruthy();
    const doing = column('In progress');
    expect(within(doing).getByText('Ship the board')).toBeTruthy();
    expect(within(doing).getByRole('img', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(within(column('Done')).queryAllByTestId('task-card')).toHaveLength(0);
  });

  it('creates a task with setTask and shows the server card', async () => {
    let resolve: (() => void) | undefined;
    const { graphql } = await openBoard({
      setTask: (variables) =>
        new Promise((done) => {
          resolve = () =>
            done({
              data: {
                setTask: task({
                  id: 't3',
                  name: String(variables.name),
                  idCode: 'ENG-3',
                  state: 's3',
                  positionSection: Number(variables.positionSection),
                }),
              },
            });
        }),
    });
    const done = column('Done');
    await userEvent.type(within(done).getByRole('textbox', { name: 'New task in Done' }), 'Review{Enter}');
    // The optimistic card is on screen before the server answers.
    expect(within(done).getByText('Review')).toBeTruthy();
    expect(graphql.callsOf('setTask')[0]?.variables).toMatchObject({ project, name: 'Review', state: 's3', positionSection: 1024 });
    await waitFor(() => expect(resolve).toBeDefined());
    act(() => resolve?.());
    expect(await within(done).findByText('ENG-3')).toBeTruthy();
    expect(within(done).getAllByTestId('task-card')).toHaveLength(1);
  });

  it('rolls a refused create back and says why in a toast', async () => {
    await openBoard({ setTask: () => failure('PERMISSION_DENIED', 'Join the space to add tasks.') });
    const todo = column('To do');
    await userEvent.type(within(todo).getByRole('textbox', { name: 'New task in To do' }), 'Nope{Enter}');
    await waitFor(() => expect(within(todo).queryByText('Nope')).toBeNull());
    expect(within(todo).getAllByTestId('task-card')).toHaveLength(1);
    await waitFor(() => expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain('Join the space to add tasks.'));
    expect(appStore.get(toastsAtom)[0]?.title).toBe('The task could not be created');
  });

  it('adds the card a subTask event brings, and drops it when deleted', async () => {
    await openBoard();
    const change = taskChange({
      type: 'task.created',
      seq: 10,
      project,
      taskId: 't9',
      task: task({ id: 't9', name: 'From a teammate', idCode: 'ENG-9', state: 's2', positionSection: 4096 }),
    });
    act(() => live.handlers.at(-1)?.({ subTask: change }));
    const doing = column('In progress');
    expect(within(doing).getByText('From a teammate')).toBeTruthy();
    expect(
      within(doing)
        .getAllByTestId('task-card')
        .map((card) => within(card).getByRole('link').textContent),
    ).toEqual(['Ship the board', 'From a teammate']);
    act(() => live.handlers.at(-1)?.({ subTask: { ...change, type: 'task.deleted', seq: 11, task: null } }));
    expect(within(doing).queryByText('From a teammate')).toBeNull();
  });

  it('draws the first screen of each section before the whole board arrives, and a move waits for the whole board', async () => {
    const later = task({ id: 't9', name: 'Far down the column', idCode: 'ENG-9', positionSection: 9000 });
    let sendWholeBoard = () => {};
    const wholeBoard = new Promise<void>((resolve) => (sendWholeBoard = resolve));
    const { graphql, store } = await openBoard({
      getTasks: async (variables) => {
        if (variables.perSection !== undefined) return { data: { getTasks: tasks } };
        await wholeBoard;
        return { data: { getTasks: [...tasks, later] } };
      },
      ediTask: (variables) => ({ data: { ediTask: { ...tasks[1]!, ...variables } } }),
    });
    expect(graphql.callsOf('getTasks')[0]?.variables).toEqual({ project, perSection: 40 });
    expect(within(column('To do')).getByText('Write the spec')).toBeTruthy();
    expect(screen.queryByText('Far down the column')).toBeNull();
    const { moveTask } = await import('./boardActions');
    let moved: Promise<boolean> | undefined;
    act(() => {
      moved = moveTask(store, 't2', 's1', null);
    });
    expect(graphql.callsOf('ediTask')).toHaveLength(0);
    await act(async () => {
      sendWholeBoard();
      expect(await moved).toBe(true);
    });
    expect(within(column('To do')).getByText('Far down the column')).toBeTruthy();
    // The end of the column is after the card only the whole board held.
    expect(graphql.callsOf('ediTask')[0]?.variables).toMatchObject({ id: 't2', state: 's1' });
    expect(Number(graphql.callsOf('ediTask')[0]?.variables.positionSection)).toBeGreaterThan(9000);
  });

  it('moves a card with ediTask and rolls it back when refused', async () => {
    const { graphql, store } = await openBoard({ ediTask: () => failure('PERMISSION_DENIED', 'No.') });
    const { moveTask } = await import('./boardActions');
    let moved: Promise<boolean> | undefined;
    act(() => {
      moved = moveTask(store, 't1', 's2', 't2');
    });
    expect(within(column('In progress')).getByText('Write the spec')).toBeTruthy();
    await act(async () => {
      expect(await moved).toBe(false);
    });
    expect(graphql.callsOf('ediTask')[0]?.variables).toEqual({ id: 't1', state: 's2', positionSection: 0 });
    expect(within(column('To do')).getByText('Write the spec')).toBeTruthy();
  });

  it('switches to the list grouped by section', async () => {
    await openBoard();
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByTestId('group-header').map((header) => header.querySelector('h3')?.textContent)).toEqual([
      'To do',
      'In progress',
      'Done',
    ]);
    expect(screen.getAllByTestId('task-row').map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Write the spec',
      'Ship the board',
    ]);
    expect(screen.queryAllByTestId('task-card')).toHaveLength(0);
  });

  it('shows the not-found page when the server says the space does not exist, without a toast', async () => {
    const missing = () => failure('NOT_FOUND', 'This space does not exist or you cannot see it.');
    mockGraphQL({ getStatesProject: missing, getTasks: missing, getTags: missing });
    renderRoute(`/${project}/tasks`, routes);
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(appStore.get(toastsAtom)).toEqual([]);
  });

  it('offers a retry when the board could not be read, and loads it on retry', async () => {
    let reachable = false;
    const graphql = mockGraphQL({
      getStatesProject: () =>
        reachable ? { data: { getStatesProject: states } } : failure('INTERNAL_SERVER_ERROR', 'Something went wrong on the server.'),
      getTasks: () => ({ data: { getTasks: tasks } }),
    });
    renderRoute(`/${project}/tasks`, routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.queryByText('Page not found')).toBeNull();
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'To do' })).toBeTruthy();
    expect(graphql.callsOf('getStatesProject').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a task id the board does not have as not found, with the way back to the board', async () => {
    mockGraphQL({ getStatesProject: () => ({ data: { getStatesProject: states } }), getTasks: () => ({ data: { getTasks: tasks } }) });
    const { router } = renderRoute(`/${project}/tasks/d/65a1f0c2b3d4e5f6a7b8c9ff`, routes);
    const panel = await screen.findByRole('complementary', { name: 'Task details' });
    expect(within(panel).getByText('Page not found')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Back to the board' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${project}/tasks`));
  });

  it('folds the toolbar into one row on a phone: icon-only layouts, the filter, and the rest in "More actions"', async () => {
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: () => undefined,
    }));
    await openBoard();
    const toolbar = screen.getByTestId('task-toolbar');
    expect(within(toolbar).getByRole('button', { name: 'Board' }).textContent).toBe('');
    expect(within(toolbar).getByRole('button', { name: 'Filter' })).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: 'Tags and sprints' })).toBeNull();
    expect(within(toolbar).getByRole('heading', { level: 2, name: 'Tasks' }).className).toBe('visually-hidden');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Tags and sprints' }));
    expect(await screen.findByRole('dialog', { name: 'Tags and sprints' })).toBeTruthy();
  });

  it('asks for a space on the overview', async () => {
    mockGraphQL({});
    renderRoute('/overview/tasks', routes);
    expect(await screen.findByText('Pick a space in the sidebar to see its board.')).toBeTruthy();
  });
});
