// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { appStore, StoreProvider } from '../../lib/store';
import { DialogHost, TooltipProvider } from '../../ui';
import CalendarSyncPage from './CalendarSyncPage';

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pageData = {
  getCalendarFeed: () => ({ data: { getCalendarFeed: { url: null, createdAt: null, active: false } } }),
  getCalendarAccounts: () => ({ data: { getCalendarAccounts: [] } }),
};

function mount(address: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/:project/calendar/sync',
        element: (
          <>
            <CalendarSyncPage />
            <DialogHost />
          </>
        ),
      },
    ],
    { initialEntries: [address] },
  );
  render(
    <StoreProvider store={appStore}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </StoreProvider>,
  );
  return router;
}

async function openGoogle() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Connect an account' }));
  const dialog = await screen.findByRole('dialog');
  await user.selectOptions(within(dialog).getByLabelText('Account type'), 'google');
  return { user, dialog };
}

describe('connecting a Google account', () => {
  it('offers “Connect with Google” when Google sign-in is set up, going to the consent with the sync page to come back to', async () => {
    mockGraphQL({ ...pageData, socialProviders: () => ({ data: { socialProviders: ['microsoft', 'google'] } }) });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mount('/space-1/calendar/sync');
    const { user, dialog } = await openGoogle();
    const button = await within(dialog).findByRole('button', { name: 'Connect with Google' });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(within(dialog).queryByLabelText('Password or app password')).toBeNull();
    expect(dialog.textContent).toContain('The access Google grants is stored encrypted');
    await user.click(button);
    expect(assign).toHaveBeenCalledWith('/calendar/google/start?next=%2Fspace-1%2Fcalendar%2Fsync');
  });

  it('says Google sign-in is not set up, and offers no way there, when the server has none', async () => {
    mockGraphQL({ ...pageData, socialProviders: () => ({ data: { socialProviders: ['microsoft'] } }) });
    mount('/space-1/calendar/sync');
    const { dialog } = await openGoogle();
    expect(await within(dialog).findByText(/Google calendars need Google sign-in to be set up on this server/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Connect with Google' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the consent’s result from the query string once, then takes it out of the address', async () => {
    mockGraphQL(pageData);
    const router = mount('/space-1/calendar/sync?calendarError=CALENDAR_GOOGLE_CANCELLED');
    expect(await screen.findByText('Connecting the Google account was cancelled at Google.')).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('Connecting the Google account was cancelled at Google.')).toBeTruthy();
    cleanup();

    mount('/space-1/calendar/sync?calendarConnected=a1');
    expect(await screen.findByText('Your Google account is connected. Choose which of its calendars to sync.')).toBeTruthy();
    cleanup();

    mount('/space-1/calendar/sync?calendarError=SOMETHING_ELSE');
    expect(await screen.findByText('The Google account could not be connected. Try again.')).toBeTruthy();
  });
});
