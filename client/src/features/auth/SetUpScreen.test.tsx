// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages } from '#shared/errors';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import AuthPage from './AuthPage';
import { currentTeamAtom, currentUserAtom } from './session';
import type * as Preload from '../../app/preload';

vi.mock('../../app/preload', async (importOriginal) => ({
  ...(await importOriginal<typeof Preload>()),
  scheduleDelayedPreloads: vi.fn(),
}));

const routes = [
  { path: '/setup/:token', element: <AuthPage screen="setUp" /> },
  { path: '/signup/finish', element: <h1>Welcome page</h1> },
  { path: '/signin', element: <h1>Sign-in page</h1> },
];

const grace = { id: 'u1', email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper', language: 'en', profileImg: null };
const team = { id: 't1', name: 'Navy Labs', logo: null, url: null, role: 'admin' };

beforeAll(async () => {
  await setupAppI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the set-up page', () => {
  it('creates the first administrator with the team name and goes to the welcome page', async () => {
    const graphql = mockGraphQL({
      checkSetup: () => ({ data: { checkSetup: true } }),
      setUserAdmin: () => ({ data: { setUserAdmin: { user: grace, team } } }),
    });
    const { router, store } = renderRoute('/setup/the-secret', routes);
    expect(await screen.findByRole('heading', { name: 'Set up your workspace' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create workspace' }));
    expect(screen.getByText('Enter a name for the team.')).toBeTruthy();
    expect(graphql.callsOf('setUserAdmin')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('First name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Last name'), 'Hopper');
    await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'analytical1');
    await userEvent.type(screen.getByLabelText('Team name'), 'Navy Labs');
    await userEvent.click(screen.getByRole('button', { name: 'Create workspace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/finish'));
    expect(graphql.callsOf('checkSetup')[0]?.variables).toEqual({ token: 'the-secret' });
    expect(graphql.callsOf('setUserAdmin')[0]?.variables).toEqual({
      token: 'the-secret',
      firstname: 'Grace',
      lastname: 'Hopper',
      email: 'grace@example.com',
      password: 'analytical1',
      team: 'Navy Labs',
      language: 'en',
    });
    expect(store.get(currentUserAtom)).toEqual(grace);
    expect(store.get(currentTeamAtom)).toEqual(team);
  });

  it('says at once when the link was spent or has expired, before anyone types', async () => {
    mockGraphQL({ checkSetup: () => failure('SETUP_LINK_INVALID', errorMessages.SETUP_LINK_INVALID) });
    renderRoute('/setup/spent', routes);
    expect(await screen.findByRole('heading', { name: 'This set-up link no longer works' })).toBeTruthy();
    expect(screen.getByText(errorMessages.SETUP_LINK_INVALID)).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('sends to sign-in when the workspace already has an account', async () => {
    mockGraphQL({ checkSetup: () => failure('SETUP_DONE', errorMessages.SETUP_DONE) });
    const { router } = renderRoute('/setup/late', routes);
    expect(await screen.findByRole('heading', { name: 'Already set up' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });
});
