// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StandupEntryBody } from '#shared/standupChannel';
import de from '../../../../locales/de/translation.json';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { StandupEntry } from './StandupEntry';

const entry: StandupEntryBody = {
  project: 'p1',
  date: '2026-11-27',
  timeZone: 'Europe/Madrid',
  from: '2026-11-25T23:00:00.000Z',
  until: '2026-11-27T08:00:00.000Z',
  language: 'en',
  members: [
    {
      user: 'u1',
      name: 'Milo Moss',
      lines: [
        { kind: 'finished', task: 't1', idCode: 'HA-1', name: 'Paint the hull', link: '/p1/tasks/d/t1' },
        { kind: 'commented', task: 't2', idCode: 'HA-2', name: 'Fix the pier', link: '/p1/tasks/d/t2' },
      ],
      moreLines: 3,
      overdue: [{ task: 't3', idCode: 'HA-3', name: 'Old chore', deadline: '2026-11-20T00:00:00.000Z', link: '/p1/tasks/d/t3' }],
      moreOverdue: 0,
    },
    { user: 'u2', name: 'Olga Oak', lines: [], moreLines: 0, overdue: [], moreOverdue: 0 },
  ],
};
const message = (body: unknown) => ({ id: 'm1', body: JSON.stringify(body), createdAt: '2026-11-27T08:00:00.000Z' });

let i18n: Awaited<ReturnType<typeof setupAppI18n>>;
beforeAll(async () => {
  i18n = await setupAppI18n();
  i18n.addResourceBundle('de', 'translation', de);
});
afterEach(cleanup);

describe('StandupEntry', () => {
  it('shows each member’s lines and overdue tasks as links to the tasks, not its JSON', async () => {
    const { router } = renderWithStore(<StandupEntry message={message(entry)} />, {
      path: '/p1/chat',
      routes: [{ path: '/p1/tasks/d/:task', element: <p>task page</p> }],
    });
    const card = screen.getByRole('article', { name: /^Standup of Friday, November 27, posted at/ });
    expect(within(card).getByText('Standup · Friday, November 27')).toBeTruthy();
    const milo = within(card).getByRole('group', { name: 'Milo Moss' });
    expect(
      within(milo)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      'Finished HA-1 Paint the hull',
      'Commented HA-2 Fix the pier',
      'and 3 more',
      'Overdue HA-3 Old chore due Friday, November 20',
    ]);
    expect(card.textContent).not.toContain('"kind"');
    await userEvent.click(within(milo).getByRole('link', { name: 'HA-2 Fix the pier' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p1/tasks/d/t2'));
  });

  it('is written in the space’s standup language whatever the reader’s', () => {
    renderWithStore(<StandupEntry message={message({ ...entry, language: 'de' })} />);
    const card = screen.getByRole('article', { name: /^Standup vom Freitag, 27. November, gepostet um/ });
    expect(card.getAttribute('lang')).toBe('de');
    expect(within(card).getByText('Erledigt')).toBeTruthy();
    expect(within(card).getByText('Überfällig')).toBeTruthy();
  });

  it('says a body it cannot read is a standup, never shows it', () => {
    renderWithStore(<StandupEntry message={{ id: 'm2', body: '{"members": "none"}', createdAt: '2026-11-27T08:00:00.000Z' }} />);
    expect(screen.getByText('A standup that could not be read.')).toBeTruthy();
    expect(screen.queryByText(/none/)).toBeNull();
  });
});
