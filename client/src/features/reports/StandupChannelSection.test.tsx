// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages } from '#shared/errors';
import { appStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { toastsAtom } from '../../ui/toastStore';
import { browserTimeZone } from './dates';
import { StandupChannelSection } from './StandupChannelSection';

const space = '65a1f0c2b3d4e5f6a7b8c9d0';
const saved = {
  project: space,
  enabled: true,
  time: '08:30',
  timeZone: 'Europe/Madrid',
  weekdays: [1, 2, 3, 4, 6],
  language: 'en',
  lastPostedDate: null,
  canManage: true,
};

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => appStore.set(toastsAtom, []));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const day = (name: string) => screen.getByRole('checkbox', { name });

describe('StandupChannelSection', () => {
  it('starts from 09:00 in the browser’s zone, Monday to Friday, off, and saves what the admin chose', async () => {
    const graphql = mockGraphQL({
      getStandupChannel: () => ({ data: { getStandupChannel: null } }),
      setStandupChannel: (variables) => ({ data: { setStandupChannel: { ...saved, ...variables } } }),
    });
    renderWithStore(<StandupChannelSection spaceId={space} onDenied={() => undefined} />);
    const enabled = await screen.findByRole('switch', { name: 'Post the standup to the channel' });
    expect(enabled.getAttribute('aria-checked')).toBe('false');
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('09:00');
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe(browserTimeZone());
    expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].every((name) => (day(name) as HTMLInputElement).checked)).toBe(true);
    expect([(day('Sat') as HTMLInputElement).checked, (day('Sun') as HTMLInputElement).checked]).toEqual([false, false]);

    await userEvent.click(enabled);
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '08:30' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/Madrid' } });
    await userEvent.click(day('Fri'));
    await userEvent.click(day('Sat'));
    await userEvent.click(screen.getByRole('button', { name: 'Save standup' }));

    await waitFor(() => expect(graphql.callsOf('setStandupChannel')).toHaveLength(1));
    expect(graphql.callsOf('setStandupChannel')[0]!.variables).toEqual({
      project: space,
      enabled: true,
      time: '08:30',
      timeZone: 'Europe/Madrid',
      weekdays: [1, 2, 3, 4, 6],
    });
    await waitFor(() => expect(appStore.get(toastsAtom).map((toast) => toast.message)).toEqual(['Standup settings saved']));
  });

  it('shows the saved schedule and when it was last posted', async () => {
    mockGraphQL({ getStandupChannel: () => ({ data: { getStandupChannel: { ...saved, lastPostedDate: '2026-11-27' } } }) });
    renderWithStore(<StandupChannelSection spaceId={space} onDenied={() => undefined} />);
    expect((await screen.findByRole('switch', { name: 'Post the standup to the channel' })).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('08:30');
    expect((day('Sat') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Last posted on Friday, November 27.')).toBeTruthy();
  });

  it('asks for a day before sending, and shows the server’s refusal beside its field', async () => {
    const graphql = mockGraphQL({
      getStandupChannel: () => ({ data: { getStandupChannel: null } }),
      setStandupChannel: () => failure('STANDUP_TIME_INVALID', errorMessages.STANDUP_TIME_INVALID, { field: 'time' }),
    });
    renderWithStore(<StandupChannelSection spaceId={space} onDenied={() => undefined} />);
    await screen.findByRole('switch', { name: 'Post the standup to the channel' });
    for (const name of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await userEvent.click(day(name));
    await userEvent.click(screen.getByRole('button', { name: 'Save standup' }));
    expect(await screen.findByText('Choose at least one day.')).toBeTruthy();
    expect(graphql.callsOf('setStandupChannel')).toHaveLength(0);

    await userEvent.click(day('Mon'));
    await userEvent.click(screen.getByRole('button', { name: 'Save standup' }));
    expect(await screen.findByText(errorMessages.STANDUP_TIME_INVALID)).toBeTruthy();
    expect(screen.getByLabelText('Time').getAttribute('aria-invalid')).toBe('true');
  });

  it('hands a permission refusal to the dialog', async () => {
    const denied = vi.fn();
    mockGraphQL({
      getStandupChannel: () => ({ data: { getStandupChannel: null } }),
      setStandupChannel: () => failure('PERMISSION_DENIED', errorMessages.PERMISSION_DENIED),
    });
    renderWithStore(<StandupChannelSection spaceId={space} onDenied={denied} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save standup' }));
    await waitFor(() => expect(denied).toHaveBeenCalledWith(errorMessages.PERMISSION_DENIED));
  });
});
