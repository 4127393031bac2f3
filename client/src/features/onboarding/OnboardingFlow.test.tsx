// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { darkModeEnabledAtom } from '../../app/theme';
import { appStore, createAppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { toastsAtom } from '../../ui/toastStore';
import { currentTeamAtom } from '../auth/session';
import { settingsAtom } from '../settings/atoms';
import { onboardingVisibleAtom } from './atoms';
import { OnboardingFlow } from './OnboardingFlow';

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => appStore.set(toastsAtom, []));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const saved = {
  setSetting: (variables: Record<string, unknown>) => ({
    data: { setSetting: { id: 's1', name: variables.name, active: variables.active, type: variables.type ?? null } },
  }),
};

function open(role: 'admin' | 'basic' = 'admin') {
  const graphql = mockGraphQL({ ...saved, getProjects: () => ({ data: { getProjects: [] } }) });
  const store = createAppStore();
  store.set(currentTeamAtom, { id: 't1', name: 'Engines', logo: null, url: null, role });
  store.set(settingsAtom, new Map());
  renderWithStore(<OnboardingFlow />, { store });
  return { graphql, store };
}

const progress = () => screen.getByRole('progressbar', { name: 'Setup progress' }).getAttribute('aria-valuenow');

describe('onboarding welcome flow (SPEC §2)', () => {
  it('walks through the steps in order with progress, moving focus to each step, and stores that it was completed', async () => {
    const { graphql, store } = open();
    expect(store.get(onboardingVisibleAtom)).toBe(true);
    expect(screen.getByText('Step 1 of 6')).toBeTruthy();
    expect(progress()).toBe('1');
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('Your team');
    expect((screen.getByLabelText('Team name') as HTMLInputElement).value).toBe('Engines');

    // Unchanged team: nothing to save, straight on.
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Invite your teammates' })).toBe(document.activeElement);
    expect(progress()).toBe('2');
    expect(graphql.callsOf('updateTeam')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(screen.getByRole('heading', { name: 'Customise the theme' })).toBe(document.activeElement);
    await userEvent.click(screen.getByRole('radio', { name: /Dark/ }));
    expect(store.get(darkModeEnabledAtom)).toBe(true);
    expect(localStorage.getItem('darkmode')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('heading', { name: 'Use it everywhere' })).toBeTruthy();
    expect(screen.getByText('Desktop')).toBeTruthy();
    expect(screen.getByText('Mobile')).toBeTruthy();
    expect(document.querySelector('a[href*="apps.apple.com"], a[href*="play.google.com"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('heading', { name: 'Try every feature' })).toBeTruthy();
    expect(screen.getByText(/Try every feature of the paid plans free for 15 days/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start the 15-day trial' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));

    expect(screen.getByRole('heading', { name: "You're all set up" })).toBeTruthy();
    expect(progress()).toBe('6');
    // Back to a finished step through the stepper, and forward again.
    await userEvent.click(screen.getByRole('button', { name: /Theme/ }));
    expect(progress()).toBe('3');
    for (const label of ['Continue', 'Continue', 'Skip']) await userEvent.click(screen.getByRole('button', { name: label }));
    expect(graphql.callsOf('setSetting')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Go to the dashboard' }));
    await waitFor(() =>
      expect(graphql.callsOf('setSetting')[0]?.variables).toEqual({ name: 'onboardingCompleted', active: true, type: 'onboarding' }),
    );
    expect(store.get(onboardingVisibleAtom)).toBe(false);
    expect(store.get(settingsAtom)?.get('onboardingCompleted')?.active).toBe(true);
  });

  it('can be skipped from any step, which also counts as seen', async () => {
    const { graphql, store } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Skip setup' }));
    expect(store.get(onboardingVisibleAtom)).toBe(false);
    await waitFor(() =>
      expect(graphql.callsOf('setSetting')[0]?.variables).toEqual({ name: 'onboardingCompleted', active: true, type: 'onboarding' }),
    );
  });

  it('does not offer team settings or invitations to a basic member', async () => {
    open('basic');
    expect(screen.getByText("You're a member of Engines. Its admins take care of its name and logo.")).toBeTruthy();
    expect(screen.queryByLabelText('Team name')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(screen.getByText(/Team admins invite new people/)).toBeTruthy();
  });
});
