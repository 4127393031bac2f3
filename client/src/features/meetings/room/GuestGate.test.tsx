// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphQL } from '../../../test/graphqlMock';
import { setupAppI18n } from '../../../test/i18n';
import { resetLive } from '../../../test/liveMock';
import { renderWithStore } from '../../../test/renderWithStore';
import type { Invited } from '../operations';
import { GuestGate } from './GuestGate';
import { askGuestPass, rememberedGuest, rememberGuest } from './guestMemory';

vi.mock('../../../lib/subscriptions', async (importOriginal) => (await import('../../../test/liveMock')).liveModule(importOriginal));

const room = '0123456789abcdef01234567';
const guestId = 'aaaaaaaaaaaaaaaaaaaaaaaa';

function invited(overrides: Partial<Invited> = {}): Invited {
  return {
    id: guestId,
    name: 'Vera Visitor',
    state: 'waiting',
    meetingroom: room,
    createdAt: '2026-11-20T14:00:00.000Z',
    updatedAt: '2026-11-20T14:00:00.000Z',
    ...overrides,
  };
}

const noAccessToken = { errors: [{ message: 'No access token', extensions: { code: 'UNAUTHENTICATED' } }], data: null };

function mount(handlers: Parameters<typeof mockGraphQL>[0]) {
  const graphql = mockGraphQL(handlers);
  const { router } = renderWithStore(<GuestGate meetingroom={room} secret="link-secret" />, {
    path: `/meetingroom/${room}`,
    routes: [{ path: '/signin', element: <p>sign-in page</p> }],
  });
  return { graphql, router };
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  resetLive();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GuestGate', () => {
  it('tells a returning guest whose pass expired or was removed that it is no longer valid, and offers to ask again with the link', async () => {
    rememberGuest(room, guestId);
    const { graphql, router } = mount({
      getInvited: () => noAccessToken,
      setInvited: () => ({ data: { setInvited: { invited: invited(), credential: 'new-credential' } } }),
    });
    expect(await screen.findByRole('heading', { name: 'Your pass to this meeting is no longer valid' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/meetingroom/${room}`);
    expect(rememberedGuest(room)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Ask to join again' }));
    await userEvent.type(screen.getByLabelText('Your name'), 'Vera Visitor');
    await userEvent.click(screen.getByRole('button', { name: 'Ask to join' }));
    expect(await screen.findByRole('heading', { name: 'Waiting to be let in' })).toBeTruthy();
    expect(graphql.callsOf('setInvited').map((call) => call.variables)).toEqual([
      { meetingroom: room, name: 'Vera Visitor', link: 'link-secret' },
    ]);
    expect(rememberedGuest(room)).toBe(guestId);
  });

  it('puts a returning guest whose pass is valid back where they were', async () => {
    rememberGuest(room, guestId);
    mount({ getInvited: () => ({ data: { getInvited: [invited({ state: 'refused' })] } }) });
    expect(await screen.findByRole('heading', { name: 'You were not let in' })).toBeTruthy();
  });
});

describe('askGuestPass', () => {
  const answering = (body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

  it('is valid when the cookie names the remembered guest, lost when it names nobody or another room’s guest, unknown without an answer', async () => {
    expect(await askGuestPass(room, guestId, answering({ data: { getInvited: [invited()] } }))).toEqual({
      kind: 'valid',
      invited: invited(),
    });
    expect(await askGuestPass(room, guestId, answering(noAccessToken))).toEqual({ kind: 'lost' });
    expect(
      await askGuestPass(room, guestId, answering({ errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }], data: null })),
    ).toEqual({ kind: 'lost' });
    expect(await askGuestPass(room, guestId, answering({ data: { getInvited: [invited({ id: 'bbbbbbbbbbbbbbbbbbbbbbbb' })] } }))).toEqual({
      kind: 'lost',
    });
    expect(
      await askGuestPass(
        room,
        guestId,
        vi.fn(async () => Promise.reject(new TypeError('offline'))),
      ),
    ).toEqual({ kind: 'unknown' });
  });

  it('sends the query as JSON with the cookies', async () => {
    const send = answering({ data: { getInvited: [] } });
    await askGuestPass(room, guestId, send);
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toMatchObject({ variables: { meetingroom: room } });
    expect(String(JSON.parse(String(init.body)).query)).toContain('getInvited(meetingroom: $meetingroom)');
  });
});
