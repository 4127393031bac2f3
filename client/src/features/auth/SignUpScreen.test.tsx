// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import AuthPage from './AuthPage';
import { takeReturnPath } from './returnPath';
import { emailCheckDelayMs } from './useEmailAvailabilityHint';

const space = '65a1f0c2b3d4e5f6a7b8c9d0';
const routes = [
  { path: '/signup/user', element: <AuthPage screen="user" /> },
  { path: '/signup/invite/:project/:invited?', element: <AuthPage screen="invite" /> },
  { path: '/signup/user/u/:user', element: <AuthPage screen="user" /> },
  { path: '/signup/verify', element: <AuthPage screen="verify" /> },
  { path: '/signup/user/i/:invited', element: <AuthPage screen="user" /> },
  { path: '/signup/finish', element: <AuthPage screen="finish" /> },
];

beforeAll(async () => {
  await setupAppI18n();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const meter = () => screen.getByRole('meter', { name: 'Password strength' });

async function fillForm(password = 'analytical1') {
  await userEvent.type(screen.getByLabelText('First name'), 'Grace');
  await userEvent.type(screen.getByLabelText('Last name'), 'Hopper');
  await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
}

describe('sign-up form', () => {
  it('rates the password as it is typed and ticks the parts of the rule', async () => {
    mockGraphQL({});
    renderRoute('/signup/user', routes);
    expect(meter().getAttribute('aria-valuenow')).toBe('0');
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'abc');
    expect(meter().getAttribute('aria-valuetext')).toBe('Too weak');
    await userEvent.type(password, 'defgh');
    expect(meter().getAttribute('aria-valuetext')).toBe('Too weak');
    await userEvent.type(password, '1');
    expect(meter().getAttribute('aria-valuetext')).toBe('Fair');
    await userEvent.type(password, 'XYZ!');
    expect(meter().getAttribute('aria-valuetext')).toBe('Good');
    await userEvent.type(password, '#Quartz');
    expect(meter().getAttribute('aria-valuetext')).toBe('Strong');
    expect(screen.getByText('A digit').parentElement?.textContent).toContain('(done)');
  });

  it('refuses a password without a digit, in place', async () => {
    const graphql = mockGraphQL({});
    renderRoute('/signup/user', routes);
    await fillForm('onlyletters');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Include at least one digit.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(graphql.callsOf('setUserBasic')).toHaveLength(0);
  });

  it('signs up with the interface language and goes to "check your inbox" for that address', async () => {
    const graphql = mockGraphQL({ setUserBasic: ({ email }) => ({ data: { setUserBasic: { email, verificationRequired: true } } }) });
    const { router } = renderRoute('/signup/user', routes);
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/verify'));
    expect(router.state.location.search).toBe('?email=grace%40example.com');
    expect(graphql.callsOf('setUserBasic')[0]?.variables).toEqual({
      firstname: 'Grace',
      lastname: 'Hopper',
      email: 'grace@example.com',
      password: 'analytical1',
      language: 'en',
    });
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('grace@example.com')).toBeTruthy();
  });

  it('keeps the page asked for before signing up for the welcome page after the verification mail', async () => {
    mockGraphQL({ setUserBasic: ({ email }) => ({ data: { setUserBasic: { email, verificationRequired: true, session: null } } }) });
    const docPage = `/${space}/docs/d/65a1f0c2b3d4e5f6a7b8c9d3`;
    const { router } = renderRoute(`/signup/user?next=${encodeURIComponent(docPage)}`, routes);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/signin?next=${encodeURIComponent(docPage)}`);
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/verify'));
    expect(takeReturnPath()).toBe(docPage);
  });

  it('passes the space and the invitation of an invitation link', async () => {
    const graphql = mockGraphQL({ setUserBasic: ({ email }) => ({ data: { setUserBasic: { email, verificationRequired: true } } }) });
    const { router } = renderRoute(`/signup/invite/${space}/inv1`, routes);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Join your team');
    await fillForm();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/verify'));
    expect(graphql.callsOf('setUserBasic')[0]?.variables).toMatchObject({ project: space, invited: 'inv1' });
  });

  it('names and shows the person whose link brought the visitor', async () => {
    mockGraphQL({
      getUserBasic: ({ id }) => ({
        data: { getUserBasic: { id, firstname: 'Ada', lastname: 'Lovelace', profileImg: '/media/avatars/ada.png' } },
      }),
    });
    renderRoute('/signup/user/u/u42', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('Ada invited you to work together on Workspace.')).toBeTruthy();
  });

  it('hints, without blocking, that an address may already have an account', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const graphql = mockGraphQL({ checkEmail: () => ({ data: { checkEmail: false } }) });
    renderRoute('/signup/user', routes);
    await userEvent.type(screen.getByLabelText('Email'), 'taken@example.com');
    await userEvent.tab();
    await act(() => vi.advanceTimersByTimeAsync(emailCheckDelayMs));
    expect(await screen.findByText('An account may already use this address.')).toBeTruthy();
    expect(graphql.callsOf('checkEmail')[0]?.variables).toEqual({ email: 'taken@example.com' });
    expect((screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('sign-up from an invitation link', () => {
  const invitation = '65a1f0c2b3d4e5f6a7b8c9d2';

  it("sends the link's proof and, signed in at once, lands on the welcome page without a mail to confirm", async () => {
    const session = {
      user: { id: 'u1', email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper', language: 'en', profileImg: null },
      team: { id: 't1', name: 'Acme', logo: null, url: null, role: 'basic' },
    };
    const graphql = mockGraphQL({
      setUserBasic: () => ({ data: { setUserBasic: { email: 'grace@example.com', verificationRequired: false, session } } }),
    });
    document.cookie = 'user=u1; path=/';
    const { router } = renderRoute(`/signup/user/i/${invitation}?email=grace%40example.com&token=proof-from-the-mail`, routes);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
    await userEvent.type(screen.getByLabelText('First name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Last name'), 'Hopper');
    await userEvent.type(screen.getByLabelText('Password'), 'analytical1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/finish'));
    expect(router.state.location.search).toBe('?new=1');
    expect(graphql.callsOf('setUserBasic')[0]?.variables).toMatchObject({
      invited: invitation,
      token: 'proof-from-the-mail',
      email: 'grace@example.com',
    });
    expect(await screen.findByRole('heading', { name: "You're all set" })).toBeTruthy();
    document.cookie = 'user=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('says so when the invitation was withdrawn', async () => {
    mockGraphQL({ setUserBasic: () => failure('INVITATION_WITHDRAWN', 'This invitation was withdrawn. Ask the team for a new one.') });
    renderRoute(`/signup/user/i/${invitation}?email=grace%40example.com&token=proof`, routes);
    await userEvent.type(screen.getByLabelText('First name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Last name'), 'Hopper');
    await userEvent.type(screen.getByLabelText('Password'), 'analytical1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation was withdrawn. Ask the team for a new one.');
  });
});
