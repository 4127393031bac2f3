/** Test helper of the tasks area: the tasks page on a memory router with a mocked server. */
import { screen } from '@testing-library/react';
import { createAppStore, type AppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { renderRoute } from '../../test/renderRoute';
import { TooltipProvider } from '../../ui';
import { boardTask, section, testProject } from './fixtures';
import type { BoardTask } from './operations';
import TasksPage from './TasksPage';

export const testStates = [section('s1', 'To do', 1024), section('s2', 'In progress', 2048, 1), section('s3', 'Done', 3072, 3)];

const page = (
  <TooltipProvider>
    <TasksPage />
  </TooltipProvider>
);
const routes = [
  { path: ':project/:category?/:id?/d/:id2', element: page },
  { path: ':project/:category?/:id?/:id2?', element: page },
];

export const defaultTasks: BoardTask[] = [
  boardTask({ id: 't1', name: 'Write the spec', idCode: 'ENG-1', positionSection: 1024 }),
  boardTask({ id: 't2', name: 'Review the spec', idCode: 'ENG-2', positionSection: 2048 }),
  boardTask({ id: 't3', name: 'Ship the board', idCode: 'ENG-3', state: 's2' }),
];

/** Renders the board at `path` (the board itself by default) once its first column is on screen. */
export async function openTasks({
  tasks = defaultTasks,
  handlers = {},
  path = `/${testProject}/tasks`,
  store = createAppStore(),
}: { tasks?: BoardTask[]; handlers?: Parameters<typeof mockGraphQL>[0]; path?: string; store?: AppStore } = {}) {
  const graphql = mockGraphQL({
    getStatesProject: () => ({ data: { getStatesProject: testStates } }),
    getTasks: () => ({ data: { getTasks: tasks } }),
    getTags: () => ({ data: { getTags: [] } }),
    ...handlers,
  });
  const view = renderRoute(path, routes, store);
  await screen.findAllByRole('textbox', { name: /^New task in/ });
  return { graphql, ...view };
}
