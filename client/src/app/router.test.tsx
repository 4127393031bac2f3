// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { currentTeamAtom, currentUserAtom } from '../features/auth/session';
import { spaceIdsAtom, spacesAtom } from '../features/spaces/atoms';
import { testSpace } from '../features/spaces/fixtures';
import { appStore } from '../lib/store';
import { setupTestI18n } from '../test/i18n';
import { App } from './App';
import { routes } from './router';

const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const space = '65a1f0c2b3d4e5f6a7b8c9d0';

beforeAll(async () => {
  await setupTestI18n();
  // The pages the dashboard cases wait for are loaded lazily: loaded here, so that each case's 5 s wait is for the
  // route, not for the modules of a page no case has shown yet (seconds on a loaded machine).
  await Promise.all([
    import('../features/shell/DashboardLayout'),
    import('../features/shell/AreaView'),
    import('../features/chat/ChatsPage'),
    import('../features/home/HomePage'),
    import('../features/tasks/TasksPage'),
    import('../features/docs/DocsPage'),
    import('../features/files/FilesPage'),
    import('../features/admin/PreferencesPage'),
  ]);
});

beforeEach(() => {
  appStore.set(currentUserAtom, {
    id: 'u1',
    email: 'ada@example.com',
    firstname: 'Ada',
    lastname: 'Lovelace',
    language: 'en',
    profileImg: null,
  });
  appStore.set(currentTeamAtom, { id: 't1', name: 'Analytical Engines', logo: null, url: null, role: null });
  // Spaces learnt by an earlier test would skip the check these tests are about.
  appStore.set(spacesAtom, new Map());
  appStore.set(spaceIdsAtom, null);
  vi.stubGlobal('fetch', vi.fn(answer));
});

const knownSpace = testSpace(space, 'Engines');

/**
 * The server as these tests need it: `space` exists, any other space id is NOT_FOUND, as is any doc's public link;
 * everything else answers empty.
 */
async function answer(_url: string, init?: RequestInit) {
  const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { query?: string; variables?: { id?: string } }) : {};
  if (body.query?.includes('getProjectBasic(')) {
    return body.variables?.id === space
      ? json({ data: { getProjectBasic: knownSpace } })
      : json({ data: null, errors: [{ message: 'This space does not exist or you cannot see it.', extensions: { code: 'NOT_FOUND' } }] });
  }
  if (body.query?.includes('getWorkspace(')) {
    return json({ data: null, errors: [{ message: 'This doc is not shared.', extensions: { code: 'NOT_FOUND' } }] });
  }
  // As the server answers a file that is not shared; an empty answer would be a result the schema never gives.
  if (body.query?.includes('getSharedFile(')) {
    return json({ data: null, errors: [{ message: 'This file does not exist or you cannot see it.', extensions: { code: 'NOT_FOUND' } }] });
  }
  return json({ data: {} });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.cookie = 'user=; Max-Age=0; path=/';
  localStorage.clear();
  delete (window as { dataLayer?: unknown[] }).dataLayer;
});

function signIn() {
  document.cookie = 'user=u1; path=/';
}

async function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<App router={router} />);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return router;
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('router (SPEC §2)', () => {
  it('SPEC §2: / goes to /signin without a user cookie', async () => {
    const router = await open('/');
    expect(router.state.location.pathname).toBe('/signin');
    expect(heading()).toBe('Sign in to Workspace');
  });

  it('SPEC §2: / goes to /overview with a user cookie', async () => {
    signIn();
    const router = await open('/');
    expect(router.state.location.pathname).toBe('/overview');
    expect(heading()).toBe('Home');
  });

  it('SPEC §2: / goes to /redirect on mobile', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iPhone);
    signIn();
    const router = await open('/');
    expect(router.state.location.pathname).toBe('/redirect');
    expect(heading()).toBe('Get the mobile app');
  });

  it.each(['/signin', '/signup/forgot', '/signup/recover', '/signup/finish', '/signup/verify'])(
    'SPEC §2: %s sends a signed-in desktop user to /',
    async (path) => {
      signIn();
      const router = await open(path);
      expect(router.state.location.pathname).toBe('/overview');
    },
  );

  it('shows the welcome after sign-up to the signed-in desktop user it was meant for', async () => {
    signIn();
    const router = await open('/signup/finish?new=1');
    expect(router.state.location.pathname).toBe('/signup/finish');
    expect(heading()).toBe("You're all set");
    expect(screen.getByText('Welcome to Workspace, Ada!')).toBeTruthy();
  });

  it.each([
    ['/signin', 'Sign in to Workspace'],
    ['/signup/forgot', 'Forgot your password?'],
    ['/signup/recover', 'This link is incomplete'],
    ['/signup/finish', "You're all set"],
    ['/signup/verify', 'Check your inbox'],
  ])('SPEC §2: %s shows on mobile even when signed in', async (path, title) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iPhone);
    signIn();
    const router = await open(path);
    expect(router.state.location.pathname).toBe(path);
    expect(heading()).toBe(title);
  });

  it.each([
    ['/redirect', 'Get the mobile app'],
    ['/mobile', 'Get the mobile app'],
    ['/mobile/tasks/1', 'Get the mobile app'],
    ['/mobile/tasks/1/d/2', 'Get the mobile app'],
    [`/signup/invite/${space}`, 'Join your team'],
    [`/signup/invite/${space}/inv1`, 'Join your team'],
    [`/signup/user/p/${space}`, 'Join your team'],
    [`/signup/user/p/${space}/inv1`, 'Join your team'],
    ['/signup/user/u/u2', 'Create your account'],
    ['/signup/user/i/inv1', 'Join your team'],
    ['/signup/user/', 'Create your account'],
    ['/meetingroom/room1', 'Meeting room'],
    ['/share/media/file1', 'Shared media'],
    ['/share/doc/doc1', 'Shared document'],
  ])('SPEC §2: %s shows "%s" without a session', async (path, title) => {
    await open(path);
    expect(heading()).toBe(title);
  });

  it.each([
    ['/chats', 'Chats'],
    ['/chats/c1', 'Chats'],
    ['/overview', 'Home'],
    ['/overview/tasks', 'Tasks'],
    [`/${space}/docs`, 'Docs'],
    [`/${space}/files/f1`, 'Files'],
    [`/${space}/tasks/t1/d/t2`, 'Tasks'],
    [`/${space}/docs/folder/doc`, 'Docs'],
  ])('SPEC §2: %s shows the %s area in the dashboard', async (path, title) => {
    signIn();
    await open(path);
    expect(heading()).toBe(title);
    expect(await screen.findByRole('heading', { level: 2, name: title }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it.each([
    ['/overview/preferences', 'Profile'],
    ['/overview/preferences/account', 'My account'],
    ['/overview/preferences/admin', 'Admin'],
    ['/overview/preferences/team', 'Team'],
    ['/overview/preferences/analytics', 'Project analytics'],
    ['/overview/preferences/activity', 'Activity reports'],
  ])('SPEC §2: %s shows the %s tab of the preferences area', async (path, tab) => {
    signIn();
    await open(path);
    expect(heading()).toBe('Preferences');
    expect(await screen.findByRole('heading', { level: 2, name: tab }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: tab }).getAttribute('aria-current')).toBe('page');
  });

  it('shows "Page not found" for an unknown area or scope', async () => {
    signIn();
    await open('/overview/nowhere');
    expect(heading()).toBe('Page not found');
  });

  it.each([
    ['a space id the server does not know', '/65a1f0c2b3d4e5f6a7b8c9ff/tasks'],
    ['the home of an unknown space', '/65a1f0c2b3d4e5f6a7b8c9ff'],
    ['a path deeper than any route', '/overview/tasks/a/b/c/d'],
  ])('shows the not-found page for %s, never the area with "Try again"', async (_case, path) => {
    signIn();
    await open(path);
    expect(await screen.findByRole('button', { name: 'Go to home' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText("This page doesn't exist, or you don't have access to it.")).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Tasks' })).toBeNull();
  });

  it('tells a space it could not check (the server unreachable) apart from a missing one, and retries', async () => {
    signIn();
    let reachable = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => (reachable ? answer(url, init) : Promise.reject(new TypeError('Failed to fetch')))),
    );
    await open(`/${space}/docs`);
    expect(await screen.findByText('This page could not be loaded', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Page not found', { selector: 'h2' })).toBeNull();
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Docs' }, { timeout: 5000 })).toBeTruthy();
  });

  it('sends a visitor without a session from the dashboard to /signin', async () => {
    const router = await open('/overview/tasks');
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('SPEC §2: sign-in pages stay light when dark mode is stored; the dashboard turns dark', async () => {
    localStorage.setItem('darkmode', 'true');
    const { darkModePreferenceAtom } = await import('./theme');
    appStore.set(darkModePreferenceAtom, 'true');
    await open('/signin');
    expect(document.documentElement.dataset.theme).toBe('light');
    cleanup();
    signIn();
    await open('/overview');
    expect(document.documentElement.dataset.theme).toBe('dark');
    appStore.set(darkModePreferenceAtom, null);
  });

  it('SPEC §7: pushes a virtual page view for each page into the tag manager’s data layer', async () => {
    // A deployment's own tag manager made the data layer before the app loaded (with none, analytics stay off).
    const host = window as { dataLayer?: unknown[] };
    host.dataLayer = [];
    signIn();
    const router = await open('/overview');
    await act(() => router.navigate('/share/doc/d1'));
    expect(host.dataLayer.filter((entry) => (entry as { event: string }).event === 'virtualPageView')).toEqual([
      { event: 'virtualPageView', pageTitle: 'Platform', pagePath: '/overview' },
      { event: 'virtualPageView', pageTitle: 'Share Doc', pagePath: '/share/doc/d1' },
    ]);
    // The signed-in user's status, with the e-mail hashed by SHA-256, never the address itself.
    await vi.waitFor(() =>
      expect(host.dataLayer).toContainEqual({
        event: 'userStatus',
        status: 'signedIn',
        userId: 'u1',
        emailSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    );
    expect(JSON.stringify(host.dataLayer)).not.toContain('@');
    delete host.dataLayer;
  });

  it('sets the document title from the page', async () => {
    signIn();
    await open('/overview/calendar');
    expect(document.title).toBe('Calendar · Workspace');
  });

  it('the dark mode switch in the avatar menu writes localStorage darkmode and applies at once', async () => {
    signIn();
    await open('/overview');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Dark mode' }));
    expect(localStorage.getItem('darkmode')).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Dark mode' }));
    expect(localStorage.getItem('darkmode')).toBe('false');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('logout calls the logout mutation and goes to /signin', async () => {
    signIn();
    const router = await open('/overview');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    const bodies = vi.mocked(fetch).mock.calls.map(([, init]) => String(init?.body));
    expect(bodies.some((body) => body.includes('mutation Logout'))).toBe(true);
    expect(document.cookie).not.toContain('user=u1');
  });
});
