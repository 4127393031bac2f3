// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { errorMessages } from '#shared/errors';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { signedInStore } from '../../test/signedInStore';
import { appStore, StoreProvider } from '../../lib/store';
import { DialogHost } from '../../ui';
import { toastsAtom } from '../../ui/toastStore';
import { teamPeopleAtom } from '../teams/atoms';
import { newEventForm, type EditScope } from './calendarModel';
import { EventDialog, type DialogTarget } from './EventDialog';
import { calendarEvent, entry, person } from './fixtures';

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mount(target: DialogTarget, askScope: (purpose: 'edit' | 'delete') => Promise<EditScope | null> = async () => 'this') {
  const store = signedInStore();
  store.set(teamPeopleAtom, [
    { id: 'grace', firstname: 'Grace', lastname: 'Hopper', profileImg: null, email: 'grace@example.com', isAuth: true, role: 'member' },
    { id: 'alan', firstname: 'Alan', lastname: 'Turing', profileImg: null, email: 'alan@example.com', isAuth: true, role: 'member' },
  ]);
  const onClose = vi.fn();
  const onChanged = vi.fn();
  const view = renderWithStore(
    <>
      <EventDialog target={target} onClose={onClose} onChanged={onChanged} askScope={askScope} />
      <DialogHost />
    </>,
    { store, path: '/overview/calendar', routes: [{ path: '/meetingroom/:id', element: <p>the meeting room</p> }] },
  );
  return { ...view, onClose, onChanged };
}

describe('EventDialog, a new event', () => {
  it('creates the event with the times, zone, invitees and guests given', async () => {
    const graphql = mockGraphQL({ setEvent: () => ({ data: { setEvent: calendarEvent() } }) });
    const { onChanged, onClose } = mount({
      kind: 'new',
      form: newEventForm({ start: new Date(2026, 10, 26, 9), end: new Date(2026, 10, 26, 10), allDay: false }),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Planning');
    await user.click(screen.getByLabelText('Alan Turing'));
    await user.type(screen.getByLabelText('Guests by e-mail'), 'guest@example.com{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create event' }));

    await waitFor(() => expect(graphql.callsOf('setEvent')).toHaveLength(1));
    expect(graphql.callsOf('setEvent')[0]?.variables).toMatchObject({
      title: 'Planning',
      startDate: new Date(2026, 10, 26, 9).toISOString(),
      endDate: new Date(2026, 10, 26, 10).toISOString(),
      type: 'event',
      recurring: 'none',
      invited: ['alan'],
      guests: ['guest@example.com'],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(onChanged).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('says what is wrong before sending, and shows the server refusal in the dialog', async () => {
    const graphql = mockGraphQL({ setEvent: () => failure('EVENT_END_BEFORE_START', errorMessages.EVENT_END_BEFORE_START) });
    const { onClose } = mount({ kind: 'new', form: newEventForm() });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Give the event a title.')).toBeTruthy();
    expect(graphql.callsOf('setEvent')).toHaveLength(0);

    await user.type(screen.getByLabelText('Title'), 'Planning');
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The event must end after it starts.');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('EventDialog, an existing event', () => {
  it('lets an invitee accept, and shows the lists as the answer left them', async () => {
    const invited = calendarEvent({ editable: false, myResponse: 'invited' });
    const accepted = calendarEvent({
      editable: false,
      myResponse: 'accepted',
      usersInvited: [person('grace', 'accepted', 'Grace Hopper')],
      usersAccepted: [person('grace', 'accepted', 'Grace Hopper')],
    });
    const graphql = mockGraphQL({
      getEvent: () => ({ data: { getEvent: invited } }),
      respondEvent: () => ({ data: { respondEvent: accepted } }),
    });
    const { onChanged } = mount({ kind: 'entry', entry: entry({ editable: false, myResponse: 'invited' }) });
    expect(await screen.findByText('Organised by Ada Lovelace')).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('You accepted.')).toBeTruthy();
    expect(graphql.callsOf('respondEvent')[0]?.variables).toEqual({ id: 'e1', response: 'accept' });
    expect(screen.getByRole('region', { name: 'Accepted' }).textContent).toContain('Grace Hopper');
    expect(onChanged).toHaveBeenCalled();
  });

  it('deletes one occurrence of a series after asking which', async () => {
    const series = calendarEvent({ recurring: 'weekly', rrule: 'FREQ=WEEKLY' });
    const graphql = mockGraphQL({ getEvent: () => ({ data: { getEvent: series } }), delEvent: () => ({ data: { delEvent: true } }) });
    const askScope = vi.fn(async () => 'this' as const);
    const occurrence = entry({
      id: 'e1:2026-12-03T09:00:00.000Z',
      occurrence: '2026-12-03T09:00:00.000Z',
      start: '2026-12-03T09:00:00.000Z',
      end: '2026-12-03T10:00:00.000Z',
      recurring: 'weekly',
    });
    const { onChanged } = mount({ kind: 'entry', entry: occurrence }, askScope);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(graphql.callsOf('delEvent')).toHaveLength(1));
    expect(askScope).toHaveBeenCalledWith('delete');
    expect(graphql.callsOf('delEvent')[0]?.variables).toEqual({ id: 'e1', scope: 'this', occurrence: '2026-12-03T09:00:00.000Z' });
    expect(onChanged).toHaveBeenCalled();
  });

  it('changes nothing when the scope question is closed', async () => {
    const series = calendarEvent({ recurring: 'weekly', rrule: 'FREQ=WEEKLY' });
    const graphql = mockGraphQL({ getEvent: () => ({ data: { getEvent: series } }) });
    const askScope = vi.fn(async () => null);
    const { onClose } = mount({ kind: 'entry', entry: entry({ occurrence: '2026-11-26T09:00:00.000Z', recurring: 'weekly' }) }, askScope);
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(askScope).toHaveBeenCalledWith('edit'));
    expect(graphql.callsOf('ediEvent')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a meeting event’s invitation link and joins its room', async () => {
    const meeting = calendarEvent({ type: 'meeting', meet: 'm1', invitationLink: 'http://localhost/meetingroom/m1' });
    mockGraphQL({ getEvent: () => ({ data: { getEvent: meeting } }) });
    const { router } = mount({ kind: 'entry', entry: entry({ type: 'meeting', meet: 'm1' }) });
    expect(((await screen.findByLabelText('Invitation link')) as HTMLInputElement).value).toBe('http://localhost/meetingroom/m1');
    fireEvent.click(screen.getByRole('button', { name: 'Join meeting' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meetingroom/m1'));
  });
});

describe('EventDialog, deleting a single event', () => {
  it('asks first, deletes, and Undo makes the event again in the same meeting room', async () => {
    const meeting = calendarEvent({ type: 'meeting', meet: 'm1', invitationLink: 'http://localhost/meetingroom/m1' });
    const graphql = mockGraphQL({
      getEvent: () => ({ data: { getEvent: meeting } }),
      delEvent: () => ({ data: { delEvent: true } }),
      setEvent: () => ({ data: { setEvent: meeting } }),
    });
    const store = signedInStore();
    // The confirmation and the toast go through the app's own store, as in the app.
    appStore.set(toastsAtom, []);
    renderWithStore(
      <>
        <EventDialog
          target={{ kind: 'entry', entry: entry({ type: 'meeting', meet: 'm1' }) }}
          onClose={vi.fn()}
          onChanged={vi.fn()}
          askScope={vi.fn()}
        />
        <StoreProvider store={appStore}>
          <DialogHost />
        </StoreProvider>
      </>,
      { store, path: '/overview/calendar' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this event?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(graphql.callsOf('delEvent')).toHaveLength(1));
    expect(graphql.callsOf('delEvent')[0]?.variables).toEqual({ id: 'e1' });

    const toast = await waitFor(() => {
      const shown = appStore.get(toastsAtom).find((candidate) => candidate.message === '“Planning” deleted.');
      if (!shown?.action) throw new Error('no Undo yet');
      return shown;
    });
    toast.action?.onClick();
    await waitFor(() => expect(graphql.callsOf('setEvent')).toHaveLength(1));
    expect(graphql.callsOf('setEvent')[0]?.variables).toMatchObject({
      title: 'Planning',
      type: 'meeting',
      meeting: 'm1',
      invited: ['grace'],
    });
  });
});
