// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages } from '#shared/errors';
import { routes } from '../../app/router';
import { i18n } from '../../lib/i18n';
import { appStore, createAppStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { toastsAtom } from '../../ui/toastStore';
import { currentTeamAtom, currentUserAtom } from '../auth/session';
import type { Profile } from './operations';

const ada: Profile = {
  id: 'u1',
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: 'Lovelace',
  language: 'en',
  profileImg: null,
  description: 'Analyst',
  currency: 'gbp',
  rate: 80,
  resume: null,
  role: null,
};

function openPreferences(path: string, handlers: Parameters<typeof mockGraphQL>[0] = {}) {
  const graphql = mockGraphQL({ getUser: () => ({ data: { getUser: ada } }), ...handlers });
  const store = createAppStore();
  store.set(currentUserAtom, {
    id: ada.id,
    email: ada.email,
    firstname: ada.firstname,
    lastname: ada.lastname,
    language: 'en',
    profileImg: null,
  });
  store.set(currentTeamAtom, { id: 't1', name: 'Engines', logo: null, url: null, role: null });
  return { graphql, ...renderRoute(path, routes, store) };
}

beforeAll(async () => {
  await setupAppI18n();
  // The route loads the page lazily: loaded here, so that the first test's wait is for the page, not for its modules
  // (seconds on a loaded machine).
  await import('../admin/PreferencesPage');
});

beforeEach(() => {
  document.cookie = 'user=u1; path=/';
  appStore.set(toastsAtom, []);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'user=; Max-Age=0; path=/';
  await i18n.changeLanguage('en');
});

describe('profile tab', () => {
  it('saves the profile with a success toast and updates the avatar in the top bar at once', async () => {
    const { graphql, store } = openPreferences('/overview/preferences', {
      ediUser: (changes) => ({ data: { ediUser: { ...ada, ...changes } } }),
    });
    const firstname = await screen.findByLabelText('First name', {}, { timeout: 5000 });
    expect((firstname as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('gbp');
    await userEvent.clear(firstname);
    await userEvent.type(firstname, 'Augusta');
    await userEvent.clear(screen.getByLabelText('Hourly rate'));
    await userEvent.type(screen.getByLabelText('Hourly rate'), '95');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain('Profile saved'));
    expect(graphql.callsOf('ediUser')[0]?.variables).toEqual({
      firstname: 'Augusta',
      lastname: 'Lovelace',
      description: 'Analyst',
      currency: 'gbp',
      rate: 95,
      resume: '',
    });
    expect(store.get(currentUserAtom)?.firstname).toBe('Augusta');
    expect(within(screen.getByRole('button', { name: 'Account menu' })).getByRole('img', { name: 'Augusta Lovelace' })).toBeTruthy();
  });

  it('refuses a rate that is not a whole number, in place', async () => {
    const { graphql } = openPreferences('/overview/preferences');
    const rate = await screen.findByLabelText('Hourly rate', {}, { timeout: 5000 });
    await userEvent.clear(rate);
    await userEvent.type(rate, '12.5{Enter}');
    expect(await screen.findByText('Enter a whole number, 0 or more.')).toBeTruthy();
    expect(document.activeElement).toBe(rate);
    expect(graphql.callsOf('ediUser')).toHaveLength(0);
  });

  it('changes the interface language at once and saves it on the profile', async () => {
    const { graphql } = openPreferences('/overview/preferences');
    await userEvent.selectOptions(await screen.findByLabelText('Language', {}, { timeout: 5000 }), 'de');
    await waitFor(() => expect(i18n.language).toBe('de'));
    await waitFor(() => expect(graphql.callsOf('ediUserLanguage')[0]?.variables).toEqual({ id: 'u1', language: 'de' }));
  });

  it('SPEC §5: refuses a photo that is not PNG or JPG, or is over 1 MB, before sending anything', async () => {
    const { graphql } = openPreferences('/overview/preferences');
    await screen.findByRole('button', { name: 'Upload photo' }, { timeout: 5000 });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(screen.getByRole('alert').textContent).toBe('Choose a PNG or JPG image.');
    await userEvent.upload(input, new File([new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe('This image is 2 MB. Choose one of at most 1 MB.');
    expect(graphql.callsOf('ediUser')).toHaveLength(0);
  });

  it('removes the photo', async () => {
    const { graphql, store } = openPreferences('/overview/preferences', {
      getUser: () => ({ data: { getUser: { ...ada, profileImg: '/media/avatars/ada.png' } } }),
      ediUser: () => ({ data: { ediUser: ada } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }, { timeout: 5000 }));
    await waitFor(() => expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain('Photo removed'));
    expect(graphql.callsOf('ediUser')[0]?.variables).toEqual({ profileImg: null });
    expect(store.get(currentUserAtom)?.profileImg).toBeNull();
  });
});

describe('my account tab', () => {
  it('after an e-mail change, says a confirmation link was sent to the new address', async () => {
    const { graphql, store } = openPreferences('/overview/preferences/account', {
      ediUserBasic: ({ email }) => ({ data: { ediUserBasic: { ...ada, email } } }),
    });
    const email = await screen.findByLabelText('Email', {}, { timeout: 5000 });
    await userEvent.clear(email);
    await userEvent.type(email, 'countess@example.com');
    await userEvent.type(screen.getByLabelText('Current password'), 'engine-1843{Enter}');
    expect(await screen.findByText('We sent a confirmation link to countess@example.com. Open it to confirm the address.')).toBeTruthy();
    expect(graphql.callsOf('ediUserBasic')[0]?.variables).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'countess@example.com',
      password: 'engine-1843',
    });
    expect(store.get(currentUserAtom)?.email).toBe('countess@example.com');
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('shows a wrong current password next to that field', async () => {
    openPreferences('/overview/preferences/account', {
      ediUserBasic: () => failure('WRONG_CREDENTIALS', 'Your current password is not right.'),
    });
    await userEvent.type(await screen.findByLabelText('New password', {}, { timeout: 5000 }), 'new-secret-2');
    await userEvent.type(screen.getByLabelText('Current password'), 'guess{Enter}');
    expect(await screen.findByText('Your current password is not right.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    expect(appStore.get(toastsAtom)).toEqual([]);
    expect(errorMessages.WRONG_CREDENTIALS).not.toBe('Your current password is not right.');
  });
});
