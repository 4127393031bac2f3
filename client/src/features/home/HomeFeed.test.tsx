// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { currentTeamAtom, currentUserAtom } from '../auth/session';
import { storeSpacesAtom, type SpaceSummary } from '../spaces/atoms';
import HomePage from './HomePage';

vi.mock('../../lib/subscriptions', () => ({ useSubscription: () => undefined, useOnReconnect: () => undefined }));

const engines = '65a1f0c2b3d4e5f6a7b8c9d0';
const routes = [{ path: ':project/:category?/:id?/:id2?', element: <HomePage /> }];
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const engineSpace: SpaceSummary = {
  id: engines,
  name: 'Engines',
  color: '#5e6ad2',
  logo: null,
  isMember: true,
  unread: 0,
  lastMessage: null,
};

function open(handlers: Parameters<typeof mockGraphQL>[0]) {
  const store = createAppStore();
  store.set(currentUserAtom, {
    id: 'u1',
    email: 'ada@example.com',
    firstname: 'Ada',
    lastname: 'Lovelace',
    language: 'en',
    profileImg: null,
  });
  store.set(currentTeamAtom, { id: 't1', name: 'Works', logo: null, url: null, role: 'admin' });
  store.set(storeSpacesAtom, [engineSpace], { replaceList: true });
  const graphql = mockGraphQL({
    getTasks: () => ({ data: { getTasks: [] } }),
    getWalls: () => ({ data: { docs_0: { walls: [] } } }),
    getFiles: () => ({ data: { files_0: [] } }),
    getNotifications: () => ({ data: { getNotifications: { notifications: [], unread: 0, hasMore: false } } }),
    getEventsCalendar: () => ({ data: { getEventsCalendar: [] } }),
    getAwaySummary: () => ({ data: { getAwaySummary: { since: null, lines: [] } } }),
    visitHome: () => ({ data: { visitHome: true } }),
    ...handlers,
  });
  return { graphql, ...renderRoute('/overview', routes, store) };
}

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Home: while you were away', () => {
  it('sums up what changed since the last visit, each line opening its item, remembers this visit, and can be dismissed', async () => {
    const { graphql } = open({
      getAwaySummary: () => ({
        data: {
          getAwaySummary: {
            since: hoursAgo(6),
            lines: [
              { kind: 'taskCreated', project: engines, count: 3, item: null, name: null, route: `/${engines}/tasks` },
              { kind: 'messages', project: engines, count: 1, item: null, name: null, route: `/chats/${engines}` },
              { kind: 'docEdited', project: engines, count: 1, item: 'd1', name: 'Plan', route: `/${engines}/docs/d/d1` },
              { kind: 'somethingNew', project: engines, count: 1, item: null, name: null, route: `/${engines}` },
            ],
          },
        },
      }),
    });
    const away = await screen.findByRole('region', { name: 'While you were away' });
    const links = within(away).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/${engines}/tasks`, `/chats/${engines}`, `/${engines}/docs/d/d1`]);
    // Each line starts with its space's icon (its initial), then says what changed.
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/3 new tasks in Engines$/),
      expect.stringMatching(/1 message in Engines$/),
      expect.stringMatching(/1 doc edited in Engines · Plan$/),
    ]);
    expect(within(away).getByText(/^Since your last visit, \d+ hours ago$/)).toBeTruthy();
    await waitFor(() => expect(graphql.callsOf('visitHome')).toHaveLength(1));
    await userEvent.click(within(away).getByRole('button', { name: 'Dismiss the summary' }));
    expect(screen.queryByRole('region', { name: 'While you were away' })).toBeNull();
  });

  it('keeps the summary when I open one of its lines and come back (the server has nothing more to say by then)', async () => {
    let visits = 0;
    const { store } = open({
      getAwaySummary: () => ({
        data: {
          getAwaySummary:
            visits === 0
              ? {
                  since: hoursAgo(9),
                  lines: [{ kind: 'fileAdded', project: engines, count: 2, item: null, name: null, route: `/${engines}/files` }],
                }
              : { since: hoursAgo(0), lines: [] },
        },
      }),
      visitHome: () => {
        visits += 1;
        return { data: { visitHome: true } };
      },
    });
    await screen.findByRole('link', { name: /2 files added in Engines/ });
    await waitFor(() => expect(visits).toBe(1));
    cleanup();
    renderRoute('/overview', routes, store);
    await waitFor(() => expect(visits).toBe(2));
    expect(await screen.findByRole('link', { name: /2 files added in Engines/ })).toBeTruthy();
  });

  it('shows nothing when there is nothing to sum up', async () => {
    const { graphql } = open({});
    await screen.findByRole('region', { name: 'Mentions' });
    await waitFor(() => expect(graphql.callsOf('visitHome')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'While you were away' })).toBeNull();
  });
});

describe('Home: mentions, today and files', () => {
  it('lists my mentions, each opening its conversation, today’s events and meetings, and the newest files', async () => {
    const { graphql } = open({
      getNotifications: () => ({
        data: {
          getNotifications: {
            notifications: [
              {
                id: 'n1',
                type: 'USER_MENTIONED',
                description: 'Can you check the gears?',
                read: false,
                marked: false,
                author: { id: 'u2', firstname: 'Ben', lastname: 'Ng', profileImg: null },
                project: engines,
                task: null,
                meetingroom: null,
                file: null,
                doc: null,
                event: null,
                message: 'm1',
                privat: null,
                createdAt: hoursAgo(1),
              },
            ],
            unread: 1,
            hasMore: false,
          },
        },
      }),
      getEventsCalendar: () => ({
        data: {
          getEventsCalendar: [
            {
              id: 'e1',
              event: 'e1',
              title: 'Standup',
              start: hoursAgo(0),
              end: hoursAgo(-0.25),
              allDay: false,
              type: 'event',
              meet: 'r1',
              location: null,
            },
            {
              id: 'e2',
              event: 'e2',
              title: 'Offsite',
              start: hoursAgo(0),
              end: hoursAgo(-24),
              allDay: true,
              type: 'event',
              meet: null,
              location: null,
            },
          ],
        },
      }),
      getFiles: () => ({
        data: {
          files_0: [
            { id: 'f1', name: 'gears.pdf', type: 'application/pdf', category: 'Pdf', project: engines, task: null, createdAt: hoursAgo(2) },
          ],
        },
      }),
    });
    const mentions = await screen.findByRole('region', { name: 'Mentions' });
    const mention = await within(mentions).findByRole('link', { name: /Can you check the gears\?/ });
    expect(mention.getAttribute('href')).toBe(`/chats/${engines}?message=m1`);
    expect(graphql.callsOf('getNotifications')[0]?.variables).toEqual({ first: 5, filter: 'mentions' });

    const today = screen.getByRole('region', { name: 'Today' });
    expect((await within(today).findByRole('link', { name: /Standup/ })).getAttribute('href')).toBe('/overview/calendar/d/e1');
    expect(within(today).getByRole('link', { name: /Offsite/ }).textContent).toContain('All day');
    const range = graphql.callsOf('getEventsCalendar')[0]?.variables as { start: string; end: string };
    expect(Date.parse(range.end) - Date.parse(range.start)).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(new Date(range.start).getHours()).toBe(0);

    const files = screen.getByRole('region', { name: 'Recent files' });
    expect((await within(files).findByRole('link', { name: /gears\.pdf/ })).getAttribute('href')).toBe(`/${engines}/files/d/f1`);
    expect(graphql.callsOf('getFiles')[0]?.variables).toEqual({ project_0: engines });
  });

  it('says so when there are no mentions or events, and shows a failure with a retry', async () => {
    let up = false;
    open({
      getEventsCalendar: () =>
        up ? { data: { getEventsCalendar: [] } } : failure('INTERNAL_SERVER_ERROR', 'Something went wrong on the server.'),
    });
    const mentions = await screen.findByRole('region', { name: 'Mentions' });
    expect(await within(mentions).findByText('No one has mentioned you yet.')).toBeTruthy();
    const today = screen.getByRole('region', { name: 'Today' });
    await within(today).findByText('Today could not be loaded.');
    up = true;
    await userEvent.click(within(today).getByRole('button', { name: 'Try again' }));
    expect(await within(today).findByText('Nothing on your calendar today.')).toBeTruthy();
  });
});
