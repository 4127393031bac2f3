// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { live, resetLive } from '../../test/liveMock';
import { renderWithStore } from '../../test/renderWithStore';
import { signedInStore } from '../../test/signedInStore';
import MeetingsPage from './MeetingsPage';
import type { MeetingParticipant, Meetingroom, MeetingroomChange } from './operations';
import { withChangesHeard } from './useMeetingrooms';

vi.mock('../../lib/subscriptions', async (importOriginal) => (await import('../../test/liveMock')).liveModule(importOriginal));

function participant(name: string, id = name): MeetingParticipant {
  return { id, user: id, invited: null, name, profileImg: null, audio: true, video: true, screen: false, hand: false };
}

function room(overrides: Partial<Meetingroom> = {}): Meetingroom {
  return {
    id: 'room-1',
    name: 'Stand-up',
    project: null,
    team: 't1',
    author: 'ada',
    createdAt: '2026-11-20T14:00:00.000Z',
    updated: '2026-11-20T14:00:00.000Z',
    videocall: null,
    guestLink: 'http://localhost/meetingroom/room-1?guest=secret',
    guestLinkExpiresAt: '2026-12-20T14:00:00.000Z',
    participants: [],
    ...overrides,
  };
}

function push(type: MeetingroomChange['type'], changed: Meetingroom, seq = 1) {
  act(() => live.subscriptions.get('subMeetingrooms')?.next({ subMeetingrooms: { type, seq, meetingroom: changed } }));
}

function mount(rooms: () => Meetingroom[]) {
  const graphql = mockGraphQL({ getMeetingrooms: () => ({ data: { getMeetingrooms: rooms() } }) });
  const store = signedInStore();
  renderWithStore(<MeetingsPage />, { store, path: '/meetings' });
  return { graphql, store };
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(resetLive);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MeetingsPage, live', () => {
  it('shows who comes into a room and goes, and a new room, as they happen, without reading the list again', async () => {
    const { graphql } = mount(() => [room()]);
    await screen.findByText('Stand-up');
    expect(screen.getAllByText('Nobody is in the call').length).toBeGreaterThan(0);

    push('updated', room({ videocall: 'call-1', participants: [participant('Ada Lovelace', 'ada')] }));
    expect(await screen.findByLabelText('Ada Lovelace is in the call')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open the room of Stand-up' }).textContent).toBe('Join');

    push(
      'updated',
      room({ videocall: 'call-1', participants: [participant('Ada Lovelace', 'ada'), participant('Alan Turing', 'alan')] }),
      2,
    );
    expect(await screen.findByLabelText('Ada Lovelace, Alan Turing are in the call')).toBeTruthy();

    push('created', room({ id: 'room-2', name: 'Retro' }), 3);
    expect(await screen.findByText('Retro')).toBeTruthy();

    // The call finished: nobody in it any more.
    push('updated', room({ videocall: null, participants: [] }), 4);
    await waitFor(() => expect(screen.queryByLabelText(/in the call/)).toBeNull());
    expect(graphql.callsOf('getMeetingrooms')).toHaveLength(1);
  });

  it('reads the list once, not on a timer; again after a reconnection, and when the feed could not resume', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'setTimeout'], shouldAdvanceTime: true });
    let answer = [room()];
    const { graphql } = mount(() => answer);
    await screen.findByText('Stand-up');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(graphql.callsOf('getMeetingrooms')).toHaveLength(1);

    answer = [room({ videocall: 'call-1', participants: [participant('Ada Lovelace', 'ada')] })];
    act(() => live.reconnects.forEach((listener) => listener()));
    expect(await screen.findByLabelText('Ada Lovelace is in the call')).toBeTruthy();
    expect(graphql.callsOf('getMeetingrooms')).toHaveLength(2);

    answer = [room()];
    act(() => live.subscriptions.get('subMeetingrooms')?.reload?.());
    await waitFor(() => expect(screen.queryByLabelText(/in the call/)).toBeNull());
    expect(graphql.callsOf('getMeetingrooms')).toHaveLength(3);
  });
});

describe('withChangesHeard', () => {
  it('puts the changes heard while a read was on its way over what it answered', () => {
    const read = [room({ id: 'room-1', participants: [participant('Ada Lovelace', 'ada')] }), room({ id: 'room-2', name: 'Retro' })];
    const heard: MeetingroomChange[] = [
      { type: 'updated', seq: 5, meetingroom: room({ id: 'room-1', participants: [] }) },
      { type: 'created', seq: 6, meetingroom: room({ id: 'room-3', name: 'Planning' }) },
    ];
    const merged = withChangesHeard(read, heard);
    expect(merged.map((each) => each.id)).toEqual(['room-3', 'room-1', 'room-2']);
    expect(merged.find((each) => each.id === 'room-1')!.participants).toEqual([]);
    expect(withChangesHeard(read, [])).toEqual(read);
  });
});
