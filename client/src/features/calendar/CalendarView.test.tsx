// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { live, resetLive } from '../../test/liveMock';
import { renderWithStore } from '../../test/renderWithStore';
import { signedInStore } from '../../test/signedInStore';
import { localDay } from './calendarModel';
import { CalendarView } from './CalendarView';
import { entry, task } from './fixtures';

vi.mock('../../lib/subscriptions', async (importOriginal) => (await import('../../test/liveMock')).liveModule(importOriginal));

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(resetLive);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Today at an hour, as the server sends times (UTC ISO): the week view shows today whatever day the test runs. */
function todayAt(hour: number): string {
  const date = new Date();
  date.setHours(hour, 0, 0, 0);
  return date.toISOString();
}

function mount(entries: () => unknown[]) {
  const graphql = mockGraphQL({
    getEventsCalendar: () => ({ data: { getEventsCalendar: entries() } }),
    getEventsTasks: () => ({ data: { getEventsTasks: [task({ deadline: localDay(new Date()) })] } }),
  });
  const view = renderWithStore(<CalendarView />, {
    store: signedInStore(),
    path: '/:project/calendar',
    routes: [{ path: '/:project/tasks/d/:id', element: <p>the task panel</p> }],
  });
  return { graphql, ...view };
}

describe('CalendarView', () => {
  it('reads the visible week, shows its events and deadlines, and opens a deadline’s task', async () => {
    const { graphql, router } = mount(() => [entry({ start: todayAt(9), end: todayAt(10) })]);
    await router.navigate('/overview/calendar');
    expect(await screen.findByText('Planning')).toBeTruthy();
    const read = graphql.callsOf('getEventsCalendar')[0]?.variables as { start: string; end: string };
    expect(Date.parse(read.end) - Date.parse(read.start)).toBe(7 * 86_400_000);
    expect(screen.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByText('Write the launch post'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p1/tasks/d/t1'));
  });

  it('switches views with the keyboard and reads the new range', async () => {
    const { graphql, router } = mount(() => []);
    await router.navigate('/overview/calendar');
    await waitFor(() => expect(graphql.callsOf('getEventsCalendar')).toHaveLength(1));
    fireEvent.keyDown(document.body, { key: 'm' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Month' }).getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(graphql.callsOf('getEventsCalendar')).toHaveLength(2));
    const month = graphql.callsOf('getEventsCalendar')[1]?.variables as { start: string; end: string };
    expect(Date.parse(month.end) - Date.parse(month.start)).toBeGreaterThanOrEqual(28 * 86_400_000);
    // Typing in a field is not a shortcut.
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 'w' });
    expect(screen.getByRole('button', { name: 'Month' }).getAttribute('aria-pressed')).toBe('true');
    field.remove();
  });

  it('reads the range again when an event changes elsewhere', async () => {
    let entries = [entry({ start: todayAt(9), end: todayAt(10) })];
    const { graphql, router } = mount(() => entries);
    await router.navigate('/overview/calendar');
    expect(await screen.findByText('Planning')).toBeTruthy();
    entries = [...entries, entry({ id: 'e2', event: 'e2', title: 'Retro', start: todayAt(14), end: todayAt(15) })];
    act(() => live.subscriptions.get('subEvent')?.next({ subEvent: { type: 'created', seq: 2, event: 'e2' } }));
    expect(await screen.findByText('Retro')).toBeTruthy();
    expect(graphql.callsOf('getEventsCalendar')).toHaveLength(2);
  });
});
