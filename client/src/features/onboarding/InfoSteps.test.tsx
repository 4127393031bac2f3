// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { signedInStore } from '../../test/signedInStore';
import { toastsAtom } from '../../ui/toastStore';
import { currentTeamAtom } from '../auth/session';
import { billingOf } from '../billing/fixtures';
import { TrialStep } from './InfoSteps';

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => appStore.set(toastsAtom, []));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(role: 'admin' | 'basic', startTrial: Parameters<typeof mockGraphQL>[0][string]) {
  const graphql = mockGraphQL({ startTrial });
  const store = signedInStore();
  store.set(currentTeamAtom, { id: 't1', name: 'Engines', logo: null, url: null, role });
  const next = vi.fn();
  renderWithStore(<TrialStep next={next} footer={(buttons) => <footer>{buttons}</footer>} />, { store });
  return { graphql, next };
}

describe('onboarding trial offer (SPEC §2, §9)', () => {
  it('a team admin starts the 15-day trial, is told until when, and moves on', async () => {
    const started = billingOf({ type: 'trial', state: 'trialing', trialUsed: true, trialEnd: '2026-12-11T12:00:00.000Z' });
    const { graphql, next } = open('admin', () => ({ data: { startTrial: started } }));
    expect(screen.getByText(/Try every feature of the paid plans free for 15 days/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start the 15-day trial' }));
    await waitFor(() => expect(next).toHaveBeenCalledTimes(1));
    expect(graphql.callsOf('startTrial')[0]?.variables).toEqual({ team: 't1' });
    expect(appStore.get(toastsAtom)[0]?.message).toMatch(/^Your trial has started\. It runs until Dec 11, 2026\.$/);
  });

  it('says why when the trial cannot start, and stays on the step', async () => {
    const { next } = open('admin', () =>
      failure('TRIAL_UNAVAILABLE', 'The free trial is for teams on the free plan that have not had it yet.'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start the 15-day trial' }));
    expect(await screen.findByText('The free trial is for teams on the free plan that have not had it yet.')).toBeTruthy();
    expect(next).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('tells a member who is not an admin that their admins can start it, and only continues', async () => {
    const { graphql, next } = open('basic', () => ({ data: {} }));
    expect(screen.getByText(/Your team's admins can start a free 15-day trial/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start the 15-day trial' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(next).toHaveBeenCalledTimes(1);
    expect(graphql.callsOf('startTrial')).toHaveLength(0);
  });
});
