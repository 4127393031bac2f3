// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { appStore } from '../../lib/store';
import { DialogHost } from '../../ui';
import CalendarSyncPage from './CalendarSyncPage';
import { account } from './fixtures';

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noFeed = { getCalendarFeed: () => ({ data: { getCalendarFeed: { url: null, createdAt: null, active: false } } }) };

function mount() {
  return renderWithStore(
    <>
      <CalendarSyncPage />
      <DialogHost />
    </>,
    // openDialog's confirmations go through the app's own store, as in the app.
    { store: appStore, path: '/overview/calendar/sync' },
  );
}

describe('CalendarSyncPage', () => {
  it('lists each account with its state, last error and calendars', async () => {
    mockGraphQL({
      ...noFeed,
      getCalendarAccounts: () => ({
        data: { getCalendarAccounts: [account({ status: 'error', error: 'The server refused the password (401).' })] },
      }),
    });
    mount();
    const card = await screen.findByRole('listitem', { name: 'ada@cloud.example.com' });
    expect(within(card).getByText('Needs attention')).toBeTruthy();
    expect(within(card).getByText('The server refused the password (401).')).toBeTruthy();
    expect((within(card).getByRole('checkbox', { name: /Work/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(card).getByText('New events go here')).toBeTruthy();
  });

  it('connects a CalDAV account and shows the server refusal in the form', async () => {
    let refuse = true;
    const graphql = mockGraphQL({
      ...noFeed,
      getCalendarAccounts: () => ({ data: { getCalendarAccounts: [] } }),
      syncFeatureCalendar: () =>
        refuse
          ? failure(
              'CALDAV_ADDRESS_REFUSED',
              'This server does not connect to calendar servers on private or local network addresses. Ask your administrator to allow them.',
            )
          : { data: { syncFeatureCalendar: account() } },
    });
    mount();
    expect(await screen.findByText('No account connected')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Connect an account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Server URL'), 'https://cloud.example.com/remote.php/dav');
    await user.type(within(dialog).getByLabelText('Username'), 'ada');
    await user.type(within(dialog).getByLabelText('Password or app password'), 'app-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('private or local network addresses');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('listitem', { name: 'ada@cloud.example.com' })).toBeTruthy();
    expect(graphql.callsOf('syncFeatureCalendar').at(-1)?.variables).toEqual({
      sync: { type: 'caldav', serverUrl: 'https://cloud.example.com/remote.php/dav', username: 'ada', password: 'app-password-1' },
      feature: 'calendar',
      active: true,
    });
  });

  it('pauses an account, syncs it now, and removes it after saying remote events are kept', async () => {
    const graphql = mockGraphQL({
      ...noFeed,
      getCalendarAccounts: () => ({ data: { getCalendarAccounts: [account()] } }),
      syncFeatureCalendar: ({ active }) => ({ data: { syncFeatureCalendar: account({ active: active as boolean }) } }),
      syncCalendarAccount: () => ({ data: { syncCalendarAccount: account({ lastSyncedAt: '2026-11-26T10:00:00.000Z' }) } }),
      removeCalendarAccount: () => ({ data: { removeCalendarAccount: true } }),
    });
    mount();
    const card = await screen.findByRole('listitem', { name: 'ada@cloud.example.com' });
    fireEvent.click(within(card).getByRole('switch', { name: 'Sync this account' }));
    expect(await within(card).findByText('Paused')).toBeTruthy();
    expect(graphql.callsOf('syncFeatureCalendar')[0]?.variables).toEqual({ sync: { account: 'a1' }, feature: 'calendar', active: false });

    fireEvent.click(within(card).getByRole('switch', { name: 'Sync this account' }));
    await waitFor(() => expect(within(card).getByText('Up to date')).toBeTruthy());
    fireEvent.click(within(card).getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(graphql.callsOf('syncCalendarAccount')).toHaveLength(1));

    fireEvent.click(within(card).getByRole('button', { name: 'Remove account' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('The events stay in the remote calendar.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove account' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'ada@cloud.example.com' })).toBeNull());
    expect(graphql.callsOf('removeCalendarAccount')[0]?.variables).toEqual({ account: 'a1' });
  });

  it('shows a new feed address once, with copy, and turns the feed off', async () => {
    const graphql = mockGraphQL({
      ...noFeed,
      getCalendarAccounts: () => ({ data: { getCalendarAccounts: [] } }),
      resetCalendarFeed: () => ({
        data: {
          resetCalendarFeed: {
            url: 'http://localhost/calendar/feed/secret-token.ics',
            createdAt: '2026-11-26T10:00:00.000Z',
            active: true,
          },
        },
      }),
      revokeCalendarFeed: () => ({ data: { revokeCalendarFeed: { url: null, createdAt: null, active: false } } }),
    });
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Create feed address' }));
    expect(((await screen.findByLabelText('Your feed address')) as HTMLInputElement).value).toBe(
      'http://localhost/calendar/feed/secret-token.ics',
    );
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Turn off feed' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Turn off feed' }));
    expect(await screen.findByText('You have no feed address.')).toBeTruthy();
    expect(screen.queryByLabelText('Your feed address')).toBeNull();
    expect(graphql.callsOf('revokeCalendarFeed')).toHaveLength(1);
  });
});
