// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import type { TeamDetail } from '../teams/operations';
import { AiAdminSection } from './AiAdminSection';

vi.mock('../../lib/subscriptions', () => ({ useSubscription: () => undefined, useOnReconnect: () => undefined }));

function team(role: string): TeamDetail {
  return {
    id: 't1',
    name: 'Engines',
    logo: null,
    url: null,
    isDefault: true,
    role,
    subscription: 'free',
    memberLimit: null,
    users: ['grace', 'ada'],
    invited: [],
  } as unknown as TeamDetail;
}

const usage = {
  limits: { requestsPerMinute: 20, tokensPerDay: 200000 },
  tokensToday: 1530,
  members: [
    { user: 'grace', firstname: 'Grace', lastname: 'Hopper', requestsToday: 3, tokensToday: 1200, tokensThisMonth: 45000 },
    { user: 'ada', firstname: 'Ada', lastname: 'Lovelace', requestsToday: 1, tokensToday: 330, tokensThisMonth: 330 },
  ],
};

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Admin › AI assistant', () => {
  it('shows each member’s usage today and this month, and an admin changes the team’s limits', async () => {
    const graphql = mockGraphQL({
      getAiUsage: () => ({ data: { getAiUsage: usage } }),
      setAiLimits: (variables) => ({
        data: { setAiLimits: { requestsPerMinute: variables.requestsPerMinute, tokensPerDay: variables.tokensPerDay } },
      }),
    });
    renderWithStore(<AiAdminSection team={team('admin')} />);
    const table = await screen.findByRole('table', { name: 'Usage by member' });
    const grace = within(table).getByRole('row', { name: /Grace Hopper/ });
    expect([...grace.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['3', '1,200', '45,000']);
    expect(screen.getByText('The team used 1,530 of 200,000 tokens today.')).toBeTruthy();
    expect(graphql.callsOf('getAiUsage')[0]?.variables).toEqual({ team: 't1' });

    const requests = screen.getByLabelText('Requests per minute');
    await userEvent.clear(requests);
    expect(await screen.findByText('Enter a whole number, 0 or more.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save limits' })).toHaveProperty('disabled', true);
    await userEvent.type(requests, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(graphql.callsOf('setAiLimits')[0]?.variables).toEqual({ team: 't1', requestsPerMinute: 5, tokensPerDay: 200000 }),
    );
    expect(screen.getByLabelText('Requests per minute')).toHaveProperty('value', '5');
  });

  it('shows the server’s refusal of the limits in place', async () => {
    mockGraphQL({
      getAiUsage: () => ({ data: { getAiUsage: usage } }),
      setAiLimits: () => failure('BAD_USER_INPUT', 'Tokens per day must be at most 100000000.'),
    });
    renderWithStore(<AiAdminSection team={team('admin')} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save limits' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Tokens per day must be at most 100000000.');
  });

  it('is read only for a member, and says only administrators see it when the server refuses', async () => {
    mockGraphQL({ getAiUsage: () => ({ data: { getAiUsage: usage } }) });
    renderWithStore(<AiAdminSection team={team('basic')} />);
    expect(await screen.findByText('Only team administrators can change these limits.')).toBeTruthy();
    expect(screen.getByLabelText('Tokens per day')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save limits' })).toBeNull();
    cleanup();

    mockGraphQL({ getAiUsage: () => failure('PERMISSION_DENIED', 'Only team administrators may do this.') });
    renderWithStore(<AiAdminSection team={team('basic')} />);
    expect(await screen.findByText('Only team administrators see the AI limits and usage.')).toBeTruthy();
  });
});
