// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages } from '#shared/errors';
import { toastsAtom } from '../../ui/toastStore';
import { appStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import AuthPage from './AuthPage';
import { currentTeamAtom, currentUserAtom } from './session';
import { socialProvidersAtom } from './SocialSignIn';
import type * as Preload from '../../app/preload';

vi.mock('../../app/preload', async (importOriginal) => ({
  ...(await importOriginal<typeof Preload>()),
  scheduleDelayedPreloads: vi.fn(),
}));

const taskPage = '/65a1f0c2b3d4e5f6a7b8c9d0/tasks/d/65a1f0c2b3d4e5f6a7b8c9d1';
const routes = [
  { path: '/signin', element: <AuthPage screen="signIn" /> },
  { path: '/overview', element: <h1>Dashboard</h1> },
  { path: '/:project/:category/d/:id', element: <h1>The task</h1> },
];

const ada = { id: 'u1', email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', language: 'en', profileImg: null };
const team = { id: 't1', name: "Ada's team", logo: null, url: null };

beforeAll(async () => {
  await setupAppI18n();
});

beforeEach(() => {
  appStore.set(toastsAtom, []);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.keyboard('{Enter}');
}

describe('sign-in form', () => {
  it('validates on the client: submitting empty shows both problems and focuses the e-mail field, without a request', async () => {
    const graphql = mockGraphQL({});
    renderRoute('/signin', routes);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(graphql.callsOf('login')).toHaveLength(0);
  });

  it('checks the e-mail rule as the user types once the field was left', async () => {
    mockGraphQL({});
    renderRoute('/signin', routes);
    const email = screen.getByLabelText('Email');
    await userEvent.type(email, 'ada@example');
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    await userEvent.tab();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(email, '.com');
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
  });

  it('shows a wrong password in place, not as a toast, and enables the button again', async () => {
    const graphql = mockGraphQL({ login: () => failure('WRONG_CREDENTIALS', errorMessages.WRONG_CREDENTIALS) });
    renderRoute('/signin', routes);
    await fillAndSubmit('ada@example.com', 'not-the-password1');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong e-mail or password.');
    expect(graphql.callsOf('login')[0]?.variables).toEqual({ email: 'ada@example.com', password: 'not-the-password1' });
    expect(appStore.get(toastsAtom)).toEqual([]);
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says a new link was sent when the address is not confirmed yet', async () => {
    mockGraphQL({ login: () => failure('EMAIL_NOT_VERIFIED', errorMessages.EMAIL_NOT_VERIFIED) });
    renderRoute('/signin', routes);
    await fillAndSubmit('ada@example.com', 'correct-horse1');
    expect(await screen.findByText('Confirm your email first')).toBeTruthy();
    expect(screen.getByText(/sent a new confirmation link to ada@example.com/)).toBeTruthy();
  });

  it('shows a field error from the server next to its field', async () => {
    mockGraphQL({ login: () => failure('VALUE_REQUIRED', 'Enter a value.', { field: 'password', params: {} }) });
    renderRoute('/signin', routes);
    await fillAndSubmit('ada@example.com', 'x');
    await waitFor(() => expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter a value.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('disables the button while signing in, then keeps the user and team for the dashboard', async () => {
    let answer: (value: unknown) => void = () => undefined;
    mockGraphQL({ login: () => new Promise((resolve) => (answer = resolve)).then(() => ({ data: { login: { user: ada, team } } })) });
    const { router, store } = renderRoute('/signin', routes);
    await fillAndSubmit('ada@example.com', 'correct-horse1');
    const button = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    answer(undefined);
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
    expect(store.get(currentUserAtom)).toEqual(ada);
    expect(store.get(currentTeamAtom)).toEqual(team);
  });

  it('offers the configured social providers and explains a failed social sign-in', async () => {
    mockGraphQL({ socialProviders: () => ({ data: { socialProviders: ['microsoft', 'google'] } }) });
    const { store } = renderRoute('/signin?error=SOCIAL_SIGN_IN_CANCELLED', routes);
    expect(screen.getByRole('alert').textContent).toBe('Sign-in was cancelled at the provider.');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe('/auth/google/start');
    expect(screen.getByRole('link', { name: 'Continue with Microsoft' }).getAttribute('href')).toBe('/auth/microsoft/start');
    expect(store.get(socialProvidersAtom)).toEqual(['microsoft', 'google']);
  });

  it('shows no social buttons when none is configured', async () => {
    const graphql = mockGraphQL({ socialProviders: () => ({ data: { socialProviders: [] } }) });
    renderRoute('/signin', routes);
    await waitFor(() => expect(graphql.callsOf('socialProviders')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });
});

describe('returning to the page asked for', () => {
  it('goes to next after signing in, and passes it to the providers and to sign-up', async () => {
    mockGraphQL({
      login: () => ({ data: { login: { user: ada, team } } }),
      socialProviders: () => ({ data: { socialProviders: ['google'] } }),
    });
    const { router } = renderRoute(`/signin?next=${encodeURIComponent(taskPage)}`, routes);
    expect((await screen.findByRole('link', { name: 'Continue with Google' })).getAttribute('href')).toBe(
      `/auth/google/start?next=${encodeURIComponent(taskPage)}`,
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(`/signup/user?next=${encodeURIComponent(taskPage)}`);
    await fillAndSubmit('ada@example.com', 'correct-horse1');
    await waitFor(() => expect(router.state.location.pathname).toBe(taskPage));
  });

  it('ignores a next that leads off this site', async () => {
    mockGraphQL({ login: () => ({ data: { login: { user: ada, team } } }) });
    const { router } = renderRoute('/signin?next=%2F%2Fevil.example%2F', routes);
    await fillAndSubmit('ada@example.com', 'correct-horse1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
  });
});
