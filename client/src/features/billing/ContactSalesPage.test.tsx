// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contactSalesFailureMessage, contactSalesTexts } from '#shared/contactSales';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { signedInStore } from '../../test/signedInStore';
import { forgetClientSettings } from '../../app/clientSettings';
import ContactSalesPage from './ContactSalesPage';

beforeAll(async () => {
  await setupAppI18n();
  // The sales address is read once per page load: the file starts as a new page.
  forgetClientSettings();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const clientSettings = {
  getClientSettings: () => ({
    data: {
      getClientSettings: {
        mobileAppUrl: '/download',
        desktopAppUrl: null,
        tagManagerId: null,
        analyticsClientKey: null,
        salesEmail: 'sales@example.com',
      },
    },
  }),
};

describe('contact sales (SPEC §5, §8)', () => {
  it('refuses an empty message with "Please write your requirements." and sends nothing', async () => {
    const graphql = mockGraphQL({ ...clientSettings });
    renderWithStore(<ContactSalesPage />, { store: signedInStore() });
    await userEvent.type(screen.getByLabelText('Your requirements'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(contactSalesTexts.emptyMessage)).toBeTruthy();
    expect(screen.getByLabelText('Your requirements')).toBe(document.activeElement);
    expect(graphql.callsOf('sendEmail')).toHaveLength(0);
  });

  it('sends the request with who asks, prefilled from the account, and says "Request Send"', async () => {
    const graphql = mockGraphQL({ ...clientSettings, sendEmail: () => ({ data: { sendEmail: { ok: true } } }) });
    renderWithStore(<ContactSalesPage />, { store: signedInStore() });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Grace Hopper');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
    await userEvent.type(screen.getByLabelText('Your requirements'), ' 40 seats of Business, yearly ');
    await userEvent.type(screen.getByLabelText('Company'), 'Navy');
    await userEvent.type(screen.getByLabelText('Seats'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(contactSalesTexts.successTitle)).toBeTruthy();
    expect(screen.getByText(contactSalesTexts.successDescription)).toBeTruthy();
    expect(graphql.callsOf('sendEmail')[0]?.variables).toEqual({
      message: '40 seats of Business, yearly',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'Navy',
      seats: 40,
    });
  });

  it('refuses seats that are not a whole number, and a malformed address', async () => {
    const graphql = mockGraphQL({ ...clientSettings });
    renderWithStore(<ContactSalesPage />, { store: signedInStore() });
    await userEvent.type(screen.getByLabelText('Your requirements'), 'Pricing');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'grace@');
    await userEvent.type(screen.getByLabelText('Seats'), '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Seats must be a whole number from 1 to 100,000.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(graphql.callsOf('sendEmail')).toHaveLength(0);
  });

  it('on failure gives the sales address to write to directly', async () => {
    mockGraphQL({ ...clientSettings, sendEmail: () => failure('MAIL_FAILED', 'The mail server did not answer.') });
    renderWithStore(<ContactSalesPage />, { store: signedInStore() });
    await userEvent.type(screen.getByLabelText('Your requirements'), 'A quote for 12 seats');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByText(contactSalesFailureMessage('sales@example.com'))).toBeTruthy());
    expect(screen.queryByText(contactSalesTexts.successTitle)).toBeNull();
  });
});
