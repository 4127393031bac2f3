// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphQL } from '../../../test/graphqlMock';
import { setupAppI18n } from '../../../test/i18n';
import { live, resetLive } from '../../../test/liveMock';
import { renderWithStore } from '../../../test/renderWithStore';
import { videocallRing as ring } from '../../../test/videocallRing';
import type { CallEvent, RemoteParticipant } from '../call/types';
import type * as JoinCallModule from '../room/joinCall';
import type { JoinedCall } from '../room/joinCall';
import { PrivateCallSession, type PrivateCallPeople } from './PrivateCallSession';

vi.mock('../../../lib/subscriptions', async (importOriginal) => (await import('../../../test/liveMock')).liveModule(importOriginal));

const joins = vi.hoisted(() => ({ next: null as (() => unknown) | null, places: [] as unknown[] }));
vi.mock('../room/joinCall', async (importOriginal) => ({
  ...(await importOriginal<typeof JoinCallModule>()),
  joinCall: (place: unknown) => {
    joins.places.push(place);
    return Promise.resolve(joins.next?.());
  },
}));
// The call screen itself is the room's (tested with the rooms); here only its Leave matters.
vi.mock('../room/CallScreen', () => ({
  CallScreen: ({ title, onLeave }: { title: string; onLeave: () => void }) => (
    <div>
      <h1>{title}</h1>
      <button onClick={onLeave}>Leave</button>
    </div>
  ),
}));

/** A joined call whose transport the test drives: who else is there, and what the page did to it. */
function fakeCall(others: string[]) {
  const listeners = new Set<(event: CallEvent) => void>();
  const transport = {
    selfId: 'me-attendee',
    kind: 'mesh' as const,
    subscribe: (listener: (event: CallEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    participants: () => [],
    leave: vi.fn(),
  };
  const call = {
    videocall: {
      id: 'call-1',
      attendee: { id: 'me-attendee' },
      users: [{ id: 'me-attendee' }, ...others.map((id) => ({ id }))],
    },
    transport,
    recording: { stop: vi.fn(() => Promise.resolve()), abandon: vi.fn() },
    leave: vi.fn(),
  };
  const present = (ids: string[]) =>
    act(() => {
      for (const listener of listeners) listener({ type: 'participants', participants: ids.map((id) => ({ id }) as RemoteParticipant) });
    });
  return { call: call as unknown as JoinedCall, transport, leave: call.leave, present };
}

const people: PrivateCallPeople = {
  title: 'Grace Hopper',
  me: 'ada',
  self: { name: 'Ada Lovelace', profileImg: null },
  names: new Map([['grace', 'Grace Hopper']]),
};

function mount(answered: string | null) {
  return renderWithStore(<PrivateCallSession privat="chat-1" people={people} answered={answered} />, {
    path: '/chats/chat-1/call',
    routes: [{ path: '/chats/:chatid', element: <p>the chat</p> }],
  });
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  resetLive();
  joins.places.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PrivateCallSession', () => {
  it('the caller joins the chat’s call, rings, shows Ringing, and says who declined before leaving the call', async () => {
    const graphql = mockGraphQL({ ringVideocall: () => ({ data: { ringVideocall: [ring()] } }) });
    const fake = fakeCall([]);
    joins.next = () => fake.call;
    mount(null);
    await userEvent.click(await screen.findByRole('button', { name: 'Join now' }));
    expect(joins.places).toEqual([{ privat: 'chat-1' }]);
    expect(await screen.findByText('Ringing Grace Hopper…')).toBeTruthy();
    expect(graphql.callsOf('ringVideocall').map((call) => call.variables)).toEqual([{ videocall: 'call-1' }]);

    act(() => live.subscriptions.get('subCalls')?.next({ subCalls: { type: 'ended', seq: 2, ring: ring({ state: 'declined' }) } }));
    expect(await screen.findByRole('heading', { name: 'Grace Hopper declined' })).toBeTruthy();
    expect(fake.transport.leave).toHaveBeenCalledOnce();
    expect(fake.leave).toHaveBeenCalledOnce();
  });

  it('the caller ignores the ends of other calls’ rings, and stops showing Ringing once the callee is there', async () => {
    mockGraphQL({ ringVideocall: () => ({ data: { ringVideocall: [ring()] } }) });
    const fake = fakeCall([]);
    joins.next = () => fake.call;
    mount(null);
    await userEvent.click(await screen.findByRole('button', { name: 'Join now' }));
    await screen.findByText('Ringing Grace Hopper…');
    act(() =>
      live.subscriptions
        .get('subCalls')
        ?.next({ subCalls: { type: 'ended', seq: 2, ring: ring({ videocall: 'call-9', state: 'missed' }) } }),
    );
    act(() => live.subscriptions.get('subCalls')?.next({ subCalls: { type: 'ended', seq: 3, ring: ring({ state: 'accepted' }) } }));
    expect(await screen.findByText('Grace Hopper is joining…')).toBeTruthy();
    fake.present(['grace-attendee']);
    await waitFor(() => expect(screen.queryByText('Grace Hopper is joining…')).toBeNull());
    expect(fake.transport.leave).not.toHaveBeenCalled();
  });

  it('a callee who accepted joins at once, rings nobody, and goes back to the chat when the caller hangs up', async () => {
    const graphql = mockGraphQL({});
    const fake = fakeCall(['ada-attendee']);
    joins.next = () => fake.call;
    const { router } = mount('call-1');
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join now' })).toBeNull();
    expect(graphql.callsOf('ringVideocall')).toHaveLength(0);

    fake.present([]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/chat-1'));
    expect(fake.transport.leave).toHaveBeenCalledOnce();
    expect(fake.leave).toHaveBeenCalledOnce();
  });

  it('a callee whose caller already hung up is told the call ended, and is not left alone in a new call', async () => {
    mockGraphQL({});
    const fake = fakeCall([]);
    joins.next = () => fake.call;
    mount('call-1');
    expect(await screen.findByRole('heading', { name: 'This call has already ended' })).toBeTruthy();
    expect(fake.leave).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to the chat' }).getAttribute('href')).toBe('/chats/chat-1');
  });
});
