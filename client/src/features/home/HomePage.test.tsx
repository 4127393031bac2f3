// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { currentUserAtom } from '../auth/session';
import { storeSpacesAtom, type SpaceSummary } from '../spaces/atoms';
import type { HomeDoc, HomeTask } from './operations';
import HomePage from './HomePage';

vi.mock('../../lib/subscriptions', () => ({ useSubscription: () => undefined, useOnReconnect: () => undefined }));

const engines = '65a1f0c2b3d4e5f6a7b8c9d0';
const looms = '65a1f0c2b3d4e5f6a7b8c9d1';
const routes = [{ path: ':project/:category?/:id?/:id2?', element: <HomePage /> }];

const day = (offset: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

const task = (id: string, name: string, deadline: string | null, project = engines): HomeTask => ({
  id,
  idCode: `ENG-${id}`,
  name,
  deadline,
  priority: 1,
  project,
  route: `/${project}/tasks/d/${id}`,
  stateProject: { id: 's1', value: 'To do' },
});
const doc = (id: string, title: string, updatedAt: string, project = engines): HomeDoc => ({
  id,
  title,
  emoji: null,
  folder: null,
  project,
  updatedAt,
});
const space = (id: string, name: string, unread: number, extra: Partial<SpaceSummary> = {}): SpaceSummary => ({
  id,
  name,
  color: '#5e6ad2',
  logo: null,
  isMember: true,
  unread,
  lastMessage: unread
    ? {
        id: 'm1',
        body: 'Ship **it** @[Ada Lovelace](u1)',
        createdAt: new Date().toISOString(),
        author: { id: 'u2', firstname: 'Ben', lastname: 'Ng' },
      }
    : null,
  ...extra,
});

function open(
  path: string,
  handlers: Parameters<typeof mockGraphQL>[0],
  spaces: SpaceSummary[] = [space(engines, 'Engines', 3), space(looms, 'Looms', 0)],
) {
  const store = createAppStore();
  store.set(currentUserAtom, {
    id: 'u1',
    email: 'ada@example.com',
    firstname: 'Ada',
    lastname: 'Lovelace',
    language: 'en',
    profileImg: null,
  });
  store.set(storeSpacesAtom, spaces, { replaceList: true });
  const graphql = mockGraphQL(handlers);
  return { graphql, ...renderRoute(path, routes, store) };
}

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Home', () => {
  it('lists my open tasks by due-date group, each linking to its task, with its space', async () => {
    const { graphql } = open('/overview', {
      getTasks: () => ({
        data: {
          getTasks: [
            task('1', 'Fix the loom', day(-2)),
            task('2', 'Write the notes', day(0), looms),
            task('3', 'Plan the week', day(3)),
            task('4', 'Someday', null),
          ],
        },
      }),
      getWalls: () => ({ data: { docs_0: { walls: [] }, docs_1: { walls: [] } } }),
    });
    const card = await screen.findByRole('region', { name: 'My open tasks' });
    await within(card).findByText('Fix the loom');
    expect(
      within(card)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Due today 1', 'Overdue 1', 'Due in the next 7 days 1', 'No due date 1']);
    const link = within(card).getByRole('link', { name: /Write the notes/ });
    expect(link.getAttribute('href')).toBe(`/${looms}/tasks/d/2`);
    expect(link.textContent).toContain('Looms');
    expect(graphql.callsOf('getTasks')[0]?.variables).toEqual({ users: ['u1'], open: true, first: 50 });
  });

  it('shows the docs edited last across my spaces, read in one request, and the spaces with unread messages', async () => {
    const { graphql } = open('/overview', {
      getTasks: () => ({ data: { getTasks: [] } }),
      getWalls: (variables) => ({
        data: {
          docs_0: {
            walls: [
              doc('d1', 'Roadmap', '2025-03-01T10:00:00.000Z', String(variables.project_0)),
              doc('d2', '', '2025-01-01T10:00:00.000Z', String(variables.project_0)),
            ],
          },
          docs_1: { walls: [doc('d3', 'Minutes', '2025-03-02T10:00:00.000Z', String(variables.project_1))] },
        },
      }),
    });
    const docs = await screen.findByRole('region', { name: 'Recent docs' });
    await within(docs).findByText('Minutes');
    expect(
      within(docs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([`/${looms}/docs/d/d3`, `/${engines}/docs/d/d1`, `/${engines}/docs/d/d2`]);
    expect(within(docs).getByText('Untitled')).toBeTruthy();
    expect(graphql.callsOf('getWalls')).toHaveLength(1);
    const unread = screen.getByRole('region', { name: 'Unread messages' });
    const channel = within(unread).getByRole('link', { name: 'Engines: 3 unread messages' });
    expect(channel.getAttribute('href')).toBe(`/chats/${engines}`);
    expect(channel.textContent).toContain('Ben: Ship it @Ada Lovelace');
    expect(within(unread).queryByText('Looms')).toBeNull();
    expect(screen.getByRole('region', { name: 'My open tasks' }).textContent).toContain('Nothing open is assigned to you.');
  });

  it('names a standup or call entry in an unread channel instead of showing its JSON body', async () => {
    const entry = (id: string, type: string, body: string) => ({
      lastMessage: { id, type, body, createdAt: new Date().toISOString(), author: { id: 'u2', firstname: 'Ben', lastname: 'Ng' } },
    });
    open('/overview', { getTasks: () => ({ data: { getTasks: [] } }) }, [
      space(engines, 'Engines', 1, entry('m1', 'standup', JSON.stringify({ day: '2026-11-27', people: [] }))),
      space(looms, 'Looms', 1, entry('m2', 'call', JSON.stringify({ status: 'missed', duration: 0 }))),
    ]);
    const unread = await screen.findByRole('region', { name: 'Unread messages' });
    expect(within(unread).getByRole('link', { name: 'Engines: 1 unread message' }).textContent).toContain('Ben: Standup');
    const callLine = within(unread).getByRole('link', { name: 'Looms: 1 unread message' }).textContent ?? '';
    expect(callLine).toContain('Ben: ');
    expect(callLine).not.toContain('{');
  });

  it('says so when there is nothing to show', async () => {
    open('/overview', { getTasks: () => ({ data: { getTasks: [] } }) }, []);
    expect(await screen.findByText('You’re all caught up.')).toBeTruthy();
    expect(await screen.findByText('No docs in your spaces yet.')).toBeTruthy();
    expect(await screen.findByText(/Nothing open is assigned to you/)).toBeTruthy();
  });

  it('shows a failure in place with a retry that loads again', async () => {
    let fails = true;
    open('/overview', {
      getTasks: () =>
        fails
          ? failure('INTERNAL_SERVER_ERROR', 'Something went wrong on the server.')
          : { data: { getTasks: [task('1', 'Back again', null)] } },
      getWalls: () => ({ data: { docs_0: { walls: [] }, docs_1: { walls: [] } } }),
    });
    const card = await screen.findByRole('region', { name: 'My open tasks' });
    expect(await within(card).findByText('My open tasks could not be loaded.')).toBeTruthy();
    fails = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('link', { name: /Back again/ })).toBeTruthy();
  });
});

describe('a space home', () => {
  it('shows the space’s open tasks, its docs, its channel with the unread count and its members', async () => {
    const { graphql } = open(`/${engines}`, {
      getTasks: () => ({ data: { getTasks: [task('1', 'Oil the gears', day(1))] } }),
      getWalls: () => ({ data: { docs_0: { walls: [doc('d1', 'Handbook', '2025-03-01T10:00:00.000Z')] } } }),
      getProjectBasic: () => ({
        data: {
          getProjectBasic: {
            id: engines,
            users: [
              {
                id: 'u1',
                firstname: 'Ada',
                lastname: 'Lovelace',
                profileImg: null,
                email: 'ada@example.com',
                isAuth: true,
                role: 'admin',
                permission: 'admin',
              },
            ],
          },
        },
      }),
    });
    const tasks = await screen.findByRole('region', { name: 'Open tasks' });
    expect(await within(tasks).findByRole('link', { name: /Oil the gears/ })).toBeTruthy();
    expect(within(tasks).getByRole('link', { name: 'Open the board' }).getAttribute('href')).toBe(`/${engines}/tasks`);
    expect(graphql.callsOf('getTasks')[0]?.variables).toEqual({ project: engines, open: true, first: 50 });
    expect(await within(screen.getByRole('region', { name: 'Recent docs' })).findByRole('link', { name: /Handbook/ })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Channel' }))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(`/chats/${engines}`);
    expect(screen.getByRole('region', { name: 'Channel' }).textContent).toContain('3 unread messages');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Members' }).textContent).toContain('Ada Lovelace'));
  });
});

describe('Home before the spaces list is known', () => {
  it('reads the spaces itself instead of saying there are no docs, then shows their docs and unread messages', async () => {
    const store = createAppStore();
    store.set(currentUserAtom, {
      id: 'u1',
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      language: 'en',
      profileImg: null,
    });
    const graphql = mockGraphQL({
      getTasks: () => ({ data: { getTasks: [] } }),
      getProjects: () => ({ data: { getProjects: [space(engines, 'Engines', 2)] } }),
      getWalls: (variables) => ({
        data: { docs_0: { walls: [doc('d1', 'Roadmap', '2025-03-01T10:00:00.000Z', String(variables.project_0))] } },
      }),
    });
    renderRoute('/overview', routes, store);
    const docs = await screen.findByRole('region', { name: 'Recent docs' });
    expect(within(docs).queryByText('No docs in your spaces yet.')).toBeNull();
    expect(await within(docs).findByText('Roadmap')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Unread messages' })).getByText('Engines')).toBeTruthy();
    expect(graphql.callsOf('getProjects')).toHaveLength(1);
    expect(graphql.callsOf('getWalls')[0]?.variables).toEqual({ project_0: engines });
  });

  it('says when the spaces could not be read, and Try again reads them', async () => {
    let up = false;
    const store = createAppStore();
    store.set(currentUserAtom, {
      id: 'u1',
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      language: 'en',
      profileImg: null,
    });
    mockGraphQL({
      getTasks: () => ({ data: { getTasks: [] } }),
      getProjects: () =>
        up
          ? { data: { getProjects: [space(engines, 'Engines', 0)] } }
          : failure('INTERNAL_SERVER_ERROR', 'Something went wrong on the server.'),
      getWalls: (variables) => ({
        data: { docs_0: { walls: [doc('d1', 'Roadmap', '2025-03-01T10:00:00.000Z', String(variables.project_0))] } },
      }),
    });
    renderRoute('/overview', routes, store);
    const docs = await screen.findByRole('region', { name: 'Recent docs' });
    await within(docs).findByText('Recent docs could not be loaded.');
    up = true;
    await userEvent.click(within(docs).getByRole('button', { name: 'Try again' }));
    expect(await within(docs).findByText('Roadmap')).toBeTruthy();
  });
});
