// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { formatRecordedTime, TeamStatsSection } from './TeamStatsSection';

const stats = { team: 't1', duration: 3900, active: 4, away: 1 };

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TeamStatsSection', () => {
  it('shows the recorded time and who is online or away, and reads them again on Refresh', async () => {
    let reads = 0;
    const graphql = mockGraphQL({ getStats: () => ({ data: { getStats: { ...stats, active: 4 + reads++ } } }) });
    renderWithStore(<TeamStatsSection />);
    const section = await screen.findByRole('region', { name: 'Team activity' });
    await waitFor(() => expect(within(section).getByText('1 hr 5 min')).toBeTruthy());
    const figure = (term: string) => within(section).getByText(term).nextElementSibling?.textContent;
    expect([figure('Online now'), figure('Away now')]).toEqual(['4', '1']);
    await userEvent.click(within(section).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(figure('Online now')).toBe('5'));
    expect(graphql.callsOf('getStats')).toHaveLength(2);
  });

  it('writes recorded time in seconds, minutes or hours', () => {
    expect(formatRecordedTime(45, 'en')).toBe('45 sec');
    expect(formatRecordedTime(12 * 60 + 10, 'en')).toBe('12 min');
    expect(formatRecordedTime(2 * 3600, 'en')).toBe('2 hr');
  });
});
