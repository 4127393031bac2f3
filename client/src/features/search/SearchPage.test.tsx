// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { storeSpacesAtom } from '../spaces/atoms';
import { engines, looms, searchResult } from './fixtures';
import SearchPage from './SearchPage';

vi.mock('../../lib/subscriptions', () => ({ useSubscription: () => undefined, useOnReconnect: () => undefined }));

const routes = [
  { path: ':project/search', element: <SearchPage /> },
  { path: ':project/tasks/d/:id', element: <p>Task page</p> },
];

function open(path: string, handlers: Parameters<typeof mockGraphQL>[0]) {
  const store = createAppStore();
  store.set(
    storeSpacesAtom,
    [
      { id: engines, name: 'Engines', color: '#5e6ad2', logo: null, isMember: true },
      { id: looms, name: 'Looms', color: '#d25e6a', logo: null, isMember: true },
    ],
    { replaceList: true },
  );
  const graphql = mockGraphQL(handlers);
  return { graphql, ...renderRoute(path, routes, store) };
}

const launchResults = {
  data: {
    getSearch: [
      searchResult({
        id: 't1',
        title: 'ENG-1 Rocket launch',
        titleHighlights: [{ start: 13, length: 6 }],
        description: 'Count down before the <b>launch</b> starts',
        highlights: [{ start: 25, length: 6 }],
      }),
      searchResult({ id: 'd1', type: 'doc', title: 'Launch plan', emoji: '🚀', link: `/${looms}/docs/d/d1`, projectTitle: 'Looms' }),
    ],
  },
};

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the search page', () => {
  it('searches the query in the URL and shows each result with its matches marked, as text', async () => {
    const { graphql } = open(`/overview/search?q=launch&type=task&space=${engines}&from=2026-01-01&to=2026-02-01`, {
      getSearch: () => launchResults,
    });
    const list = await screen.findByRole('list', { name: 'Results' });
    expect(graphql.callsOf('getSearch')[0]?.variables).toEqual({
      text: 'launch',
      filter: 'task',
      space: engines,
      startdate: '2026-01-01',
      enddate: '2026-02-01',
      first: 50,
    });
    const task = within(list).getByRole('link', { name: /ENG-1 Rocket launch/ });
    expect(task.getAttribute('href')).toBe(`/${engines}/tasks/d/t1`);
    expect([...task.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['launch', 'launch']);
    // The server's snippet is text: its angle brackets are shown, never parsed.
    expect(task.querySelector('b')).toBeNull();
    expect(task.textContent).toContain('3 minutes ago');
    expect(task.textContent).toContain('Engines');
    expect(within(list).getByRole('link', { name: /Launch plan/ }).textContent).toContain('🚀');
    expect(screen.getByLabelText('Search')).toHaveProperty('value', 'launch');
    expect(screen.getByLabelText('Type')).toHaveProperty('value', 'task');
    expect(screen.getByLabelText('Space')).toHaveProperty('value', engines);
    expect(await screen.findByText('2 results')).toBeTruthy();
  });

  it('asks nothing and says SPEC’s message for 4 characters or fewer', async () => {
    const { graphql } = open('/overview/search?q=abcd', { getSearch: () => launchResults });
    expect(await screen.findByText('Type more than 4 characteres')).toBeTruthy();
    expect(graphql.callsOf('getSearch')).toHaveLength(0);
  });

  it('puts what is typed into the URL once typing pauses, and searches it', async () => {
    const { graphql, router } = open('/overview/search', { getSearch: () => launchResults });
    expect(screen.getByRole('heading', { name: 'Search your workspace' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search'), 'rocket "launch" -OR');
    await waitFor(() => expect(router.state.location.search).toBe('?q=rocket+%22launch%22+-OR'));
    await screen.findByRole('list', { name: 'Results' });
    expect(graphql.callsOf('getSearch').map((call) => call.variables.text)).toEqual(['rocket "launch" -OR']);
  });

  it('says a range that ends before it starts under its end, and asks nothing', async () => {
    const { graphql } = open('/overview/search?q=launch&from=2026-03-02&to=2026-03-01', { getSearch: () => launchResults });
    expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(graphql.callsOf('getSearch')).toHaveLength(0);
  });

  it('changes the filters in the URL, which searches again', async () => {
    const { graphql, router } = open('/overview/search?q=launch', { getSearch: () => launchResults });
    await screen.findByRole('list', { name: 'Results' });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Docs');
    await userEvent.selectOptions(screen.getByLabelText('Space'), 'Looms');
    await waitFor(() => expect(router.state.location.search).toBe(`?q=launch&type=doc&space=${looms}`));
    await waitFor(() => expect(graphql.callsOf('getSearch').at(-1)?.variables).toMatchObject({ filter: 'doc', space: looms }));
  });

  it('filters by events, and shows an event (in no space) with the calendar as its place and its link', async () => {
    const { graphql, router } = open('/overview/search?q=review', {
      getSearch: () => ({
        data: {
          getSearch: [
            searchResult({
              id: 'e1',
              type: 'event',
              title: 'Quarterly review',
              titleHighlights: [{ start: 10, length: 6 }],
              project: null,
              projectTitle: null,
              projectColor: null,
              link: '/overview/calendar/d/e1',
            }),
          ],
        },
      }),
    });
    const list = await screen.findByRole('list', { name: 'Results' });
    const event = within(list).getByRole('link', { name: /Quarterly review/ });
    expect(event.getAttribute('href')).toBe('/overview/calendar/d/e1');
    expect(event.textContent).toContain('Event');
    expect([...event.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['review']);
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Events');
    await waitFor(() => expect(router.state.location.search).toBe('?q=review&type=event'));
    await waitFor(() => expect(graphql.callsOf('getSearch').at(-1)?.variables).toMatchObject({ filter: 'event' }));
  });

  it('offers no space while Events is chosen, since events are in none, and says why', async () => {
    const { graphql, router } = open(`/overview/search?q=review&space=${looms}`, { getSearch: () => launchResults });
    await screen.findByRole('list', { name: 'Results' });
    const spaceSelect = screen.getByLabelText<HTMLSelectElement>('Space');
    expect(spaceSelect.disabled).toBe(false);
    expect(screen.queryByText('Calendar events are in no space.')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Events');
    await waitFor(() => expect(router.state.location.search).toBe('?q=review&type=event'));
    expect(spaceSelect.disabled).toBe(true);
    expect(spaceSelect.value).toBe('');
    expect(screen.getByText('Calendar events are in no space.')).toBeTruthy();
    await waitFor(() => expect(graphql.callsOf('getSearch').at(-1)?.variables).toMatchObject({ filter: 'event', space: null }));
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Docs');
    await waitFor(() => expect(spaceSelect.disabled).toBe(false));
    expect(screen.queryByText('Calendar events are in no space.')).toBeNull();
  });

  it('says there are no results for the query', async () => {
    open('/overview/search?q=nothing%20here', { getSearch: () => ({ data: { getSearch: [] } }) });
    expect(await screen.findByRole('heading', { name: 'No results for “nothing here”' })).toBeTruthy();
  });

  it('shows the server’s refusal in place, and Try again asks again', async () => {
    let fails = true;
    open(`/overview/search?q=launch&space=${looms}`, {
      getSearch: () => (fails ? failure('NOT_FOUND', 'Not found.') : launchResults),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not found.');
    fails = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Results' })).toBeTruthy();
  });

  it('moves through the results with the arrows and opens one with Enter', async () => {
    const { router } = open('/overview/search?q=launch', { getSearch: () => launchResults });
    const list = await screen.findByRole('list', { name: 'Results' });
    const [first, second] = within(list).getAllByRole('link');
    screen.getByLabelText('Search').focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(first);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByLabelText('Search'));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${engines}/tasks/d/t1`));
  });
});
