// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { signedInStore } from '../../test/signedInStore';
import { toastsAtom } from '../../ui/toastStore';
import { currentTeamAtom } from '../auth/session';
import { currencyStorageKey, readPreferredCurrency } from './atoms';
import { billingOf, plansFor, teamDetail } from './fixtures';
import type { Billing } from './operations';
import { leaveForPayment } from './redirect';
import UpgradePage from './UpgradePage';

vi.mock('./redirect', () => ({ leaveForPayment: vi.fn() }));

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  appStore.set(toastsAtom, []);
  vi.mocked(leaveForPayment).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const intervals: Record<string, string> = { month: 'month', year: 'year', lifetime: 'lifetime' };

type Handlers = Parameters<typeof mockGraphQL>[0];

function open({
  role = 'admin',
  billing = billingOf(),
  handlers = {},
}: { role?: 'admin' | 'basic'; billing?: Billing; handlers?: Handlers } = {}) {
  const graphql = mockGraphQL({
    getTeam: () => ({ data: { getTeam: teamDetail(role, billing.type) } }),
    getBilling: () => ({ data: { getBilling: billing } }),
    getTeamSubscriptions: (variables) => ({
      data: {
        getTeamSubscriptions: plansFor(billing.type, String(variables.currency), intervals[String(variables.frequency)], billing.trialUsed),
      },
    }),
    setCheckout: () => ({ data: { setCheckout: { url: 'https://checkout.stripe.test/c/pay_123' } } }),
    startTrial: () => ({
      data: { startTrial: { ...billing, type: 'trial', state: 'trialing', trialUsed: true, trialEnd: '2026-12-11T12:00:00.000Z' } },
    }),
    ...handlers,
  });
  const store = signedInStore();
  store.set(currentTeamAtom, { id: 't1', name: 'Engines', logo: null, url: null, role });
  renderWithStore(<UpgradePage />, { store, path: '/overview/upgrade' });
  return { graphql, store };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('plans page (SPEC §2, §7)', () => {
  it('shows each plan per seat in the chosen period and currency, marks the current plan, and keeps the currency on the device', async () => {
    const { graphql } = open();
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeTruthy();
    expect(graphql.callsOf('getTeamSubscriptions')[0]?.variables).toEqual({
      team: 't1',
      currency: 'usd',
      frequency: 'year',
      payment: 'user',
    });
    expect(within(card('Starter')).getByText('$60')).toBeTruthy();
    expect(within(card('Starter')).getByText('per seat / year')).toBeTruthy();
    expect(within(card('Free')).getByText('Current plan')).toBeTruthy();
    expect(within(card('Starter')).queryByText('Current plan')).toBeNull();
    expect(within(card('Business')).getByRole('list', { name: 'What Business includes' }).textContent).toContain('Project analytics');
    // The trial is offered above the cards, not as one.
    expect(screen.queryByRole('article', { name: 'Trial' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(await within(card('Starter')).findByText('$6')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Monthly' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(card('Starter')).getByText('per seat / month')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'GBP' }));
    expect(await within(card('Starter')).findByText('£4.80')).toBeTruthy();
    expect(localStorage.getItem(currencyStorageKey)).toBe('gbp');
    expect(graphql.callsOf('getTeamSubscriptions').at(-1)?.variables).toEqual({
      team: 't1',
      currency: 'gbp',
      frequency: 'month',
      payment: 'user',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Lifetime' }));
    expect(await within(card('Unlimited')).findByText('£288')).toBeTruthy();
    expect(within(card('Unlimited')).getByText('per seat, paid once')).toBeTruthy();
  });

  it('SPEC §5: reads the currency stored on the device, and usd in place of one that is not valid', () => {
    localStorage.setItem(currencyStorageKey, 'eur');
    expect(readPreferredCurrency()).toBe('eur');
    localStorage.setItem(currencyStorageKey, 'yen');
    expect(readPreferredCurrency()).toBe('usd');
  });

  it('sends a team admin to Stripe Checkout for an upgrade, and business to contact sales', async () => {
    const { graphql } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Unlimited' }));
    await waitFor(() => expect(leaveForPayment).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay_123'));
    expect(graphql.callsOf('setCheckout')[0]?.variables).toEqual({ plan: 'unlimited', type: 'yearly', team: 't1', currency: 'usd' });
    expect(within(card('Business')).getByRole('link', { name: 'Contact sales' }).getAttribute('href')).toBe('/overview/sales');
  });

  it('without Stripe, charges nobody: no upgrade buttons, a note that an administrator sets plans, and for one the way to admin billing', async () => {
    open({ billing: billingOf({ managedBy: 'administrator', instanceAdministrator: true }) });
    expect(await screen.findByText('An administrator of this server sets the plans')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Starter' });
    expect(screen.queryByRole('button', { name: /Upgrade to/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Set the plan in admin billing' }).getAttribute('href')).toBe(
      '/overview/preferences/admin/billing',
    );
  });

  it('a checkout refused because payments are not configured shows the administrator note instead', async () => {
    open({ handlers: { setCheckout: () => failure('PAYMENTS_NOT_CONFIGURED', 'Payments are not configured on this server.') } });
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Starter' }));
    expect(await screen.findByText('An administrator of this server sets the plans')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Set the plan in admin billing' })).toBeNull();
    expect(leaveForPayment).not.toHaveBeenCalled();
  });

  it('offers the 15-day trial once: a team admin starts it, after which it runs until its end', async () => {
    const { graphql } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Start the 15-day trial' }));
    await waitFor(() => expect(graphql.callsOf('startTrial')[0]?.variables).toEqual({ team: 't1' }));
    expect(await screen.findByText(/Your team's trial runs until/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start the 15-day trial' })).toBeNull();
  });

  it('tells a member who is not an admin to ask one, with no buttons that change the plan', async () => {
    open({ role: 'basic' });
    expect(await screen.findByText('Only team admins change the plan. Ask one of them.')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Starter' });
    expect(screen.queryByRole('button', { name: /Upgrade to|Start the/ })).toBeNull();
    expect(screen.getByText('Try every feature free for 15 days')).toBeTruthy();
  });
});
