// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore, useAtomValue } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { signedInStore } from '../../test/signedInStore';
import { dialogQueueAtom, settleDialog } from '../../ui/dialogStore';
import { toastsAtom } from '../../ui/toastStore';
import { teamDetailAtom } from '../teams/atoms';
import type { TeamDetail } from '../teams/operations';
import { BillingSection } from './BillingSection';
import { billingOf, teamDetail } from './fixtures';
import type { Billing } from './operations';
import { leaveForPayment } from './redirect';

vi.mock('./redirect', () => ({ leaveForPayment: vi.fn() }));

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  appStore.set(toastsAtom, []);
  appStore.set(dialogQueueAtom, []);
  vi.mocked(leaveForPayment).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const business = billingOf({
  type: 'business',
  state: 'active',
  period: 'yearly',
  currency: 'eur',
  price: 19000,
  total: 95000,
  seats: 5,
  seatsAssigned: 3,
  seatsAvailable: 2,
  currentPeriodEnd: '2027-01-15T00:00:00.000Z',
  credit: 10000,
  creditCurrency: 'gbp',
  invoices: [
    {
      id: 'in_1',
      number: 'WS-0001',
      amount: 95000,
      currency: 'eur',
      state: 'paid',
      createdAt: '2026-01-15T00:00:00.000Z',
      ticket: 'https://invoice.stripe.test/i/1',
    },
  ],
});

const stats = {
  getStats: () => ({
    data: { getStats: { team: 't1', plan: 'business', storage: 1048576, storageLimit: 2 * 1024 ** 4, uploadLimit: 1024 ** 3, files: 1 } },
  }),
};

function open(billing: Billing, role: 'admin' | 'basic' = 'admin', handlers: Parameters<typeof mockGraphQL>[0] = {}) {
  const graphql = mockGraphQL({ getBilling: () => ({ data: { getBilling: billing } }), ...stats, ...handlers });
  const team = teamDetail(role, billing.type) as TeamDetail;
  const view = renderWithStore(<BillingSection team={team} />, { store: signedInStore() });
  return { graphql, view, team };
}

const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('admin plans and billing (SPEC §2, §3 Billing)', () => {
  it('shows the plan, state, period, seats, price and total, the renewal, credit and storage, and the invoices with their receipts', async () => {
    open(business);
    expect(await screen.findByText('Business', { selector: 'dd' })).toBeTruthy();
    expect(valueOf('State')).toBe('Active');
    expect(valueOf('Billing period')).toBe('Yearly');
    expect(valueOf('Seats')).toBe('3 of 5 assigned, 2 available');
    expect(valueOf('Price')).toBe('€190 per seat');
    expect(valueOf('Total per period')).toBe('€950');
    expect(valueOf('Renews on')).toBe('Jan 15, 2027');
    expect(valueOf('Credit')).toBe('£100');
    await waitFor(() => expect(valueOf('Storage')).toBe('1 MB of 2 TB'));
    const invoices = screen.getByRole('table', { name: 'Invoices' });
    expect(within(invoices).getByText('WS-0001')).toBeTruthy();
    expect(within(invoices).getByText('Paid')).toBeTruthy();
    expect(within(invoices).getByRole('link', { name: 'Receipt WS-0001' }).getAttribute('href')).toBe('https://invoice.stripe.test/i/1');
  });

  it('cancels after a confirmation that says the benefits last until the period end, then offers to reactivate', async () => {
    const { graphql } = open(business, 'admin', {
      cancelSubscription: () => ({ data: { cancelSubscription: { ...business, state: 'cancelled' } } }),
      reactivateSubscription: () => ({ data: { reactivateSubscription: business } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const [dialog] = appStore.get(dialogQueueAtom);
    expect(dialog?.options.title).toBe('Cancel the Business plan?');
    expect(dialog?.options.description).toContain('until the end of the paid period, on Jan 15, 2027');
    settleDialog(dialog!.id, { confirmed: true, values: [] });
    await waitFor(() => expect(graphql.callsOf('cancelSubscription')[0]?.variables).toEqual({ team: 't1' }));
    expect(await screen.findByText('Benefits end on')).toBeTruthy();
    expect(valueOf('State')).toBe('Cancelled');
    await userEvent.click(screen.getByRole('button', { name: 'Reactivate subscription' }));
    await waitFor(() => expect(valueOf('State')).toBe('Active'));
    expect(graphql.callsOf('reactivateSubscription')).toHaveLength(1);
  });

  it('a cancellation not confirmed changes nothing', async () => {
    const { graphql } = open(business);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const [dialog] = appStore.get(dialogQueueAtom);
    settleDialog(dialog!.id, { confirmed: false, values: [] });
    await waitFor(() => expect(appStore.get(dialogQueueAtom)).toEqual([]));
    expect(graphql.callsOf('cancelSubscription')).toHaveLength(0);
  });

  it('opens Stripe’s customer portal when Stripe manages the subscription', async () => {
    open(business, 'admin', {
      manageSubscriptions: () => ({ data: { manageSubscriptions: { url: 'https://billing.stripe.test/p/session' } } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage in Stripe' }));
    await waitFor(() => expect(leaveForPayment).toHaveBeenCalledWith('https://billing.stripe.test/p/session'));
  });

  it.each([
    ['PROMOTION_CODE_UNKNOWN', 'This promotion code does not exist.'],
    ['PROMOTION_CODE_EXPIRED', 'This promotion code has expired.'],
    ['PROMOTION_CODE_USED', 'This promotion code was already used.'],
    [
      'PROMOTION_CODE_PAID_PLAN',
      'This code gives a plan for some days, and your team already has a paid or lifetime plan. Keep the code for when that plan ends.',
    ],
  ])('a promotion code refused with %s says so under the field', async (code, message) => {
    open(billingOf(), 'admin', { setCode: () => failure(code, message) });
    await userEvent.type(await screen.findByLabelText('Promotion code'), 'SPRING-26');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Promotion code').getAttribute('aria-invalid')).toBe('true');
  });

  it('redeems a promotion code and lists it with its credit', async () => {
    const redeemed = billingOf({
      credit: 10000,
      codes: [{ code: 'WELCOME', kind: 'credit', amount: 10000, currency: 'gbp', plan: null, redeemedAt: '2026-11-26T10:00:00.000Z' }],
    });
    const { graphql } = open(billingOf(), 'admin', { setCode: () => ({ data: { setCode: redeemed } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Enter a promotion code.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Promotion code'), ' WELCOME ');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(graphql.callsOf('setCode')[0]?.variables).toEqual({ code: 'WELCOME' }));
    const list = await screen.findByRole('list', { name: 'Redeemed codes' });
    expect(list.textContent).toContain('£100');
    expect(valueOf('Credit')).toBe('£100');
  });

  it('lets an instance administrator set the plan, period, seats and currency when Stripe does not, refusing a bad seat count', async () => {
    const free = billingOf({ managedBy: 'administrator', instanceAdministrator: true });
    const { graphql } = open(free, 'admin', {
      setTeamPlan: (variables) => ({
        data: {
          setTeamPlan: { ...free, type: variables.plan, period: variables.period, seats: variables.seats, currency: variables.currency },
        },
      }),
    });
    const form = await screen.findByRole('form', { name: "Set the team's plan" });
    await userEvent.selectOptions(within(form).getByLabelText('Plan'), 'business');
    await userEvent.selectOptions(within(form).getByLabelText('Billing period'), 'yearly');
    await userEvent.selectOptions(within(form).getByLabelText('Currency'), 'gbp');
    await userEvent.clear(within(form).getByLabelText('Seats'));
    await userEvent.type(within(form).getByLabelText('Seats'), '10001');
    await userEvent.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await within(form).findByText('Seats must be a whole number from 1 to 10000.')).toBeTruthy();
    expect(graphql.callsOf('setTeamPlan')).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('Seats'));
    await userEvent.type(within(form).getByLabelText('Seats'), '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() =>
      expect(graphql.callsOf('setTeamPlan')[0]?.variables).toEqual({
        team: 't1',
        plan: 'business',
        period: 'yearly',
        seats: 12,
        currency: 'gbp',
      }),
    );
    await waitFor(() => expect(valueOf('Plan')).toBe('Business'));
  });

  it('lets an instance administrator make a promotion code, in cents', async () => {
    const { graphql } = open(billingOf({ managedBy: 'administrator', instanceAdministrator: true }), 'admin', {
      setPromotionCode: (variables) => ({ data: { setPromotionCode: { ...variables, redeemedAt: '' } } }),
    });
    const form = await screen.findByRole('form', { name: 'Make a promotion code' });
    await userEvent.type(within(form).getByLabelText('Code'), 'LAUNCH-50');
    await userEvent.type(within(form).getByLabelText('Amount'), '50');
    await userEvent.type(within(form).getByLabelText('Uses (optional)'), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Make code' }));
    await waitFor(() =>
      expect(graphql.callsOf('setPromotionCode')[0]?.variables).toEqual({
        code: 'LAUNCH-50',
        kind: 'credit',
        amount: 5000,
        currency: 'gbp',
        plan: null,
        days: null,
        expiresAt: null,
        maxUses: 3,
      }),
    );
  });

  it('is read-only for a member who is not an admin, and shows no administrator tools to a team admin', async () => {
    open(business, 'basic');
    expect(await screen.findByText('Only team admins change the plan and billing. You can see them here.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.queryByLabelText('Promotion code')).toBeNull();
    cleanup();
    open(billingOf({ managedBy: 'administrator' }));
    expect(await screen.findByText(/This server takes no payments/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: "Set the team's plan" })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Make a promotion code' })).toBeNull();
  });

  it('reads the billing again when the live team path replaces the team (a plan set elsewhere)', async () => {
    let answer = billingOf();
    const graphql = mockGraphQL({ getBilling: () => ({ data: { getBilling: answer } }), ...stats });
    const store = signedInStore();
    store.set(teamDetailAtom, teamDetail('admin', 'free') as TeamDetail);
    function LiveTeam() {
      const team = useAtomValue(teamDetailAtom);
      return team ? <BillingSection team={team} /> : null;
    }
    renderWithStore(<LiveTeam />, { store });
    expect(await screen.findByText('Free', { selector: 'dd' })).toBeTruthy();
    answer = business;
    act(() => store.set(teamDetailAtom, teamDetail('admin', 'business') as TeamDetail));
    expect(await screen.findByText('Business', { selector: 'dd' })).toBeTruthy();
    expect(graphql.callsOf('getBilling')).toHaveLength(2);
  });
});
