// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useParams } from 'react-router';
import { darkModePreferenceAtom } from '../../app/theme';
import { createAppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { currentTeamAtom } from '../auth/session';
import { storeSpacesAtom } from '../spaces/atoms';
import { teamsAtom } from '../teams/atoms';
import { CommandPalette, paletteResultCount } from './CommandPalette';
import { engines, looms, searchResult } from './fixtures';
import { useCommandPaletteShortcut } from './useCommandPaletteShortcut';

vi.mock('../../lib/subscriptions', () => ({ useSubscription: () => undefined, useOnReconnect: () => undefined }));

/** The dashboard's part of the palette: the shortcut, and the palette in the scope of the URL. */
function Frame() {
  const { project } = useParams();
  useCommandPaletteShortcut();
  return (
    <>
      <button type="button">Opener</button>
      <Outlet />
      <CommandPalette scope={project ?? 'overview'} />
    </>
  );
}

const routes = [{ path: ':project', element: <Frame />, children: [{ path: '*', element: <p>Page</p> }] }];

function open(path: string, handlers: Parameters<typeof mockGraphQL>[0] = {}) {
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

async function openPalette() {
  screen.getByRole('button', { name: 'Opener' }).focus();
  await userEvent.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Command menu' });
  return { dialog, input: within(dialog).getByRole('combobox') };
}

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the command palette', () => {
  it('opens on Ctrl+K, searches what is typed once typing pauses, and Enter opens the best result', async () => {
    const { graphql, router } = open('/overview', {
      getSearch: () => ({
        data: {
          getSearch: [
            searchResult({ id: 't1', title: 'ENG-1 Rocket launch', titleHighlights: [{ start: 13, length: 6 }] }),
            searchResult({ id: 't2', title: 'ENG-2 Launch party' }),
          ],
        },
      }),
    });
    const { dialog, input } = await openPalette();
    expect(document.activeElement).toBe(input);
    await userEvent.type(input, 'launch');
    const best = await within(dialog).findByRole('option', { name: /ENG-1 Rocket launch/ });
    await waitFor(() => expect(best.getAttribute('aria-selected')).toBe('true'));
    expect(graphql.callsOf('getSearch').map((call) => call.variables)).toEqual([{ text: 'launch', first: paletteResultCount }]);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${engines}/tasks/d/t1`));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('searches nothing for 4 characters or fewer, and offers the search page with the query', async () => {
    const { graphql, router } = open('/overview');
    const { dialog, input } = await openPalette();
    await userEvent.type(input, 'plan');
    await userEvent.click(within(dialog).getByRole('option', { name: 'Search for “plan”' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/overview/search?q=plan'));
    expect(graphql.callsOf('getSearch')).toHaveLength(0);
  });

  it('closes on Escape and gives focus back to what had it', async () => {
    open('/overview');
    await openPalette();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Opener' })));
  });

  it('toggles dark mode through the stored preference', async () => {
    const { store } = open('/overview');
    const { dialog, input } = await openPalette();
    await userEvent.type(input, 'dark');
    await userEvent.click(within(dialog).getByRole('option', { name: 'Switch to dark mode' }));
    expect(store.get(darkModePreferenceAtom)).toBe('true');
    expect(localStorage.getItem('darkmode')).toBe('true');
  });

  it('goes to a space, narrowed by its name', async () => {
    const { router } = open('/overview');
    const { dialog, input } = await openPalette();
    await userEvent.type(input, 'loo');
    expect(within(dialog).queryByRole('option', { name: 'Go to Engines' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('option', { name: 'Go to Looms' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${looms}`));
  });

  it('asks which space a new task goes to outside a space, and opens that space’s board', async () => {
    const { router } = open('/overview');
    const { dialog, input } = await openPalette();
    await userEvent.type(input, 'new task');
    await userEvent.keyboard('{Enter}');
    expect(await within(dialog).findByText('New task in…')).toBeTruthy();
    expect(within(dialog).queryByRole('option', { name: /Search for/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('option', { name: 'Engines' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${engines}/tasks`));
  });

  it('opens the new task flow of the space it was opened in without asking', async () => {
    const { router } = open(`/${looms}/docs`);
    const { dialog, input } = await openPalette();
    await userEvent.type(input, 'new task');
    await userEvent.click(within(dialog).getByRole('option', { name: 'New task' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${looms}/tasks`));
  });

  it('creates a doc in the space it was opened in and opens it', async () => {
    const { graphql, router } = open(`/${looms}`, {
      setWorkspace: (variables) => ({
        data: {
          setWorkspace: {
            id: 'd9',
            title: variables.title,
            emoji: null,
            folder: null,
            project: looms,
            updatedAt: new Date().toISOString(),
          },
        },
      }),
    });
    const { dialog, input } = await openPalette();
    await userEvent.type(input, 'new doc');
    await userEvent.click(within(dialog).getByRole('option', { name: 'New doc' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${looms}/docs/d/d9`));
    expect(graphql.callsOf('setWorkspace')[0]?.variables).toMatchObject({ project: looms, title: 'Untitled' });
  });

  it('switches to another team named by what is typed, closing the palette and loading that team', async () => {
    const foundry = { id: 'team-2', name: 'Foundry', logo: null, url: null, isDefault: false, role: 'basic' };
    const { graphql, store } = open('/overview', {
      switchTeam: () => ({ data: { switchTeam: foundry } }),
      getTeam: () => ({ data: { getTeam: { id: foundry.id, name: foundry.name, logo: null, url: null, role: 'basic' } } }),
    });
    store.set(currentTeamAtom, { id: 'team-1', name: 'Mill', logo: null, url: null, role: 'admin' });
    store.set(teamsAtom, [{ id: 'team-1', name: 'Mill', logo: null, url: null, isDefault: true, role: 'admin' }, foundry]);
    const { dialog, input } = await openPalette();
    await userEvent.type(input, 'foundry');
    // The current team is not offered; the other one is.
    expect(within(dialog).queryByRole('option', { name: 'Switch to Mill' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('option', { name: 'Switch to Foundry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(graphql.callsOf('switchTeam').map((call) => call.variables)).toEqual([{ team: 'team-2' }]);
    await waitFor(() => expect(store.get(currentTeamAtom)?.id).toBe('team-2'));
  });
});
