// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, mockGraphQL } from '../../../test/graphqlMock';
import { setupAppI18n } from '../../../test/i18n';
import { live, resetLive } from '../../../test/liveMock';
import { renderWithStore } from '../../../test/renderWithStore';
import { signedInStore } from '../../../test/signedInStore';
import { videocallRing } from '../../../test/videocallRing';
import { Toaster } from '../../../ui';
import { IncomingCallDialog } from './IncomingCallDialog';
import type { RingChange, VideocallRing } from './operations';

vi.mock('../../../lib/subscriptions', async (importOriginal) => (await import('../../../test/liveMock')).liveModule(importOriginal));

/** A ring into the meeting room room-1. */
function ring(overrides: Partial<VideocallRing> = {}): VideocallRing {
  return videocallRing({ notificationType: 'INVITATION_MEETINGROOM', meetingroom: 'room-1', privat: null, ...overrides });
}

function push(type: RingChange['type'], changed: VideocallRing) {
  act(() => live.subscriptions.get('subCalls')?.next({ subCalls: { type, seq: 1, ring: changed } }));
}

function mount(handlers: Parameters<typeof mockGraphQL>[0]) {
  const graphql = mockGraphQL(handlers);
  const store = signedInStore();
  const { router } = renderWithStore(
    <>
      <IncomingCallDialog />
      <Toaster />
    </>,
    {
      store,
      path: '/overview',
      routes: [
        { path: '/meetingroom/:meetingroom', element: <p>the room</p> },
        { path: '/chats/:chatid/call', element: <p>the private call</p> },
      ],
    },
  );
  return { graphql, router };
}

const incoming = () => screen.queryByRole('dialog', { name: 'Incoming call' });

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(resetLive);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IncomingCallDialog', () => {
  it('shows a ring that began before the page, and Accept answers it and opens the room', async () => {
    const { graphql, router } = mount({
      getRings: () => ({ data: { getRings: [ring(), ring({ id: 'ring-out', caller: 'grace', callee: 'ada', videocall: 'call-2' })] } }),
      answerVideocall: () => ({ data: { answerVideocall: true } }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Incoming call' });
    expect(dialog.textContent).toContain('Ada Lovelace invites you to a meeting room call');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meetingroom/room-1'));
    expect(graphql.callsOf('answerVideocall').map((call) => call.variables)).toEqual([{ videocall: 'call-1', accept: true }]);
    expect(incoming()).toBeNull();
  });

  it('shows a live ring and hides it when the ring ends elsewhere', async () => {
    const { graphql } = mount({ getRings: () => ({ data: { getRings: [] } }) });
    await waitFor(() => expect(graphql.callsOf('getRings')).toHaveLength(1));
    push('rung', ring({ notificationType: 'INVITATION_TVIDEOCALL', project: 'space-1' }));
    expect((await screen.findByRole('dialog', { name: 'Incoming call' })).textContent).toContain(
      'Ada Lovelace invites you to a space call',
    );
    push('ended', ring({ state: 'accepted', endedAt: '2026-11-20T14:05:10.000Z' }));
    await waitFor(() => expect(incoming()).toBeNull());
  });

  it('ignores rings to someone else and the caller’s own outgoing rings', async () => {
    const { graphql } = mount({ getRings: () => ({ data: { getRings: [] } }) });
    await waitFor(() => expect(graphql.callsOf('getRings')).toHaveLength(1));
    push('rung', ring({ caller: 'grace', callee: 'ada' }));
    expect(incoming()).toBeNull();
  });

  it('Decline answers no and closes; a ring that already ended says so', async () => {
    const { graphql } = mount({
      getRings: () => ({ data: { getRings: [ring(), ring({ id: 'ring-2', videocall: 'call-2', callerName: 'Alan Turing' })] } }),
      answerVideocall: (variables) =>
        variables.videocall === 'call-1'
          ? { data: { answerVideocall: true } }
          : failure('NOT_FOUND', 'The call has ended', { reason: 'RING_NOT_FOUND' }),
    });
    await screen.findByRole('dialog', { name: 'Incoming call' });
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('dialog', { name: 'Incoming call' })).textContent).toContain('Alan Turing');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(incoming()).toBeNull());
    expect(await screen.findByText('This call has already ended.')).toBeTruthy();
    expect(graphql.callsOf('answerVideocall').map((call) => call.variables)).toEqual([
      { videocall: 'call-1', accept: false },
      { videocall: 'call-2', accept: true },
    ]);
  });

  it('reads the rings again after a reconnection, without one that ended meanwhile', async () => {
    let rings = [ring()];
    const { graphql } = mount({ getRings: () => ({ data: { getRings: rings } }) });
    await screen.findByRole('dialog', { name: 'Incoming call' });
    push('ended', ring({ state: 'missed' }));
    await waitFor(() => expect(incoming()).toBeNull());
    rings = [ring(), ring({ id: 'ring-3', videocall: 'call-3', callerName: 'Alan Turing' })];
    act(() => live.reconnects.forEach((listener) => listener()));
    await waitFor(() => expect(graphql.callsOf('getRings')).toHaveLength(2));
    const dialog = await screen.findByRole('dialog', { name: 'Incoming call' });
    expect(dialog.textContent).toContain('Alan Turing');
  });

  it('Accept of a private chat call answers it and opens the chat’s call page, which joins at once', async () => {
    const { graphql, router } = mount({
      getRings: () => ({ data: { getRings: [ring({ privat: 'chat-1', meetingroom: null, notificationType: 'INVITATION_PVIDEOCALL' })] } }),
      answerVideocall: () => ({ data: { answerVideocall: true } }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Incoming call' });
    expect(dialog.textContent).toContain('Ada Lovelace is calling you');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/chat-1/call'));
    expect(router.state.location.search).toBe('?answered=call-1');
    expect(graphql.callsOf('answerVideocall').map((call) => call.variables)).toEqual([{ videocall: 'call-1', accept: true }]);
    expect(incoming()).toBeNull();
  });
});
