// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages } from '#shared/errors';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import AuthPage from './AuthPage';

const routes = [
  { path: '/signup/recover', element: <AuthPage screen="recover" /> },
  { path: '/signup/forgot', element: <AuthPage screen="forgot" /> },
  { path: '/signin', element: <h1>Sign in</h1> },
];
const link = '/signup/recover?email=ada%40example.com&token=reset-1';

beforeAll(async () => {
  await setupAppI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('password recovery', () => {
  it('refuses a confirmation that does not match, in place and without a request', async () => {
    const graphql = mockGraphQL({});
    renderRoute(link, routes);
    await userEvent.type(screen.getByLabelText('New password'), 'difference9');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'difference8');
    await userEvent.tab();
    expect(screen.getByText("The passwords don't match.")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm new password'));
    expect(graphql.callsOf('updatePassword')).toHaveLength(0);
  });

  it('sets the new password, then offers to sign in', async () => {
    const graphql = mockGraphQL({ updatePassword: () => ({ data: { updatePassword: true } }) });
    const { router } = renderRoute(link, routes);
    await userEvent.type(screen.getByLabelText('New password'), 'difference9');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'difference9{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Password updated' })).toBeTruthy();
    expect(graphql.callsOf('updatePassword')[0]?.variables).toEqual({
      email: 'ada@example.com',
      password: 'difference9',
      token: 'reset-1',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('an expired link leads to asking for a new one', async () => {
    mockGraphQL({ updatePassword: () => failure('INVALID_LINK', errorMessages.INVALID_LINK) });
    const { router } = renderRoute(link, routes);
    await userEvent.type(screen.getByLabelText('New password'), 'difference9');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'difference9{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(router.state.location.pathname).toBe('/signup/forgot');
  });

  it('forgot password always answers the same, naming the address', async () => {
    const graphql = mockGraphQL({ forgotPassword: () => ({ data: { forgotPassword: true } }) });
    renderRoute('/signup/forgot', routes);
    await userEvent.type(screen.getByLabelText('Email'), 'nobody@example.com{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText(/If an account exists for/).textContent).toBe(
      'If an account exists for nobody@example.com, we sent a link to choose a new password.',
    );
    expect(graphql.callsOf('forgotPassword')[0]?.variables).toEqual({ email: 'nobody@example.com' });
  });
});
