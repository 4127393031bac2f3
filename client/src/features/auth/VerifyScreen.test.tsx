// @vitest-environment happy-dom
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { errorMessages } from '#shared/errors';
import { createAppStore, StoreProvider } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import AuthPage from './AuthPage';
import { currentUserAtom } from './session';
import type * as Preload from '../../app/preload';

vi.mock('../../app/preload', async (importOriginal) => ({
  ...(await importOriginal<typeof Preload>()),
  scheduleDelayedPreloads: vi.fn(),
}));

const routes = [
  { path: '/signup/verify', element: <AuthPage screen="verify" /> },
  { path: '/signup/finish', element: <AuthPage screen="finish" /> },
  { path: '/overview', element: <h1>Dashboard</h1> },
];

const grace = { id: 'u7', email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper', language: 'en', profileImg: null };

beforeAll(async () => {
  await setupAppI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'user=; Max-Age=0; path=/';
});

describe('e-mail verification', () => {
  it('follows the mailed link once, even in strict mode, then welcomes the user by name', async () => {
    const graphql = mockGraphQL({
      verifyAccount: () => {
        document.cookie = 'user=u7; path=/';
        return { data: { verifyAccount: { user: grace, team: { id: 't7', name: "Grace's team", logo: null, url: null } } } };
      },
    });
    const store = createAppStore();
    const router = createMemoryRouter(routes, { initialEntries: ['/signup/verify?email=grace%40example.com&token=secret-1'] });
    render(
      <StrictMode>
        <StoreProvider store={store}>
          <RouterProvider router={router} />
        </StoreProvider>
      </StrictMode>,
    );
    expect(screen.getByRole('status').textContent).toContain('Confirming your email address');
    expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/signup/finish?new=1');
    expect(screen.getByText('Welcome to Workspace, Grace!')).toBeTruthy();
    expect(graphql.callsOf('verifyAccount')).toHaveLength(1);
    expect(graphql.callsOf('verifyAccount')[0]?.variables).toEqual({ email: 'grace@example.com', token: 'secret-1' });
    expect(store.get(currentUserAtom)).toEqual(grace);
    await userEvent.click(screen.getByRole('button', { name: 'Go to your dashboard' }));
    expect(router.state.location.pathname).toBe('/overview');
  });

  it('explains an expired link and sends a new one, showing the wait when rate-limited', async () => {
    let resends = 0;
    const graphql = mockGraphQL({
      verifyAccount: () => failure('INVALID_LINK', errorMessages.INVALID_LINK),
      resendEmail: () =>
        ++resends === 1 ? { data: { resendEmail: true } } : failure('RATE_LIMITED', errorMessages.RATE_LIMITED, { retryAfterSeconds: 42 }),
    });
    renderRoute('/signup/verify?email=grace%40example.com&token=old', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(screen.getByText('This link has expired or was already used. Ask for a new one.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend the email' }));
    expect(await screen.findByText('Sent. A new link is on its way to grace@example.com.')).toBeTruthy();
    expect(graphql.callsOf('resendEmail')[0]?.variables).toEqual({ email: 'grace@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Resend the email' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 42 seconds.');
  });

  it('without a link, asks the user to check the inbox of the address they signed up with', async () => {
    mockGraphQL({});
    renderRoute('/signup/verify?email=grace%40example.com', routes);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Check your inbox');
    expect(screen.getByText('grace@example.com').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('a network failure while verifying can be retried', async () => {
    let attempts = 0;
    mockGraphQL({
      verifyAccount: () =>
        ++attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : failure('INVALID_LINK', errorMessages.INVALID_LINK),
    });
    renderRoute('/signup/verify?email=grace%40example.com&token=t', routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link no longer works'));
  });
});
