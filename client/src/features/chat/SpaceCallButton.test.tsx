// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { SpaceCallButton } from './SpaceCallButton';

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SpaceCallButton', () => {
  it('opens the space’s meeting room', async () => {
    const graphql = mockGraphQL({
      initiateMeetingroom: () => ({
        data: {
          initiateMeetingroom: {
            id: 'room-1',
            name: 'Design',
            project: 'space-1',
            team: 'team-1',
            author: 'ada',
            createdAt: '2026-11-20T14:05:00.000Z',
            updated: null,
            videocall: null,
            guestLink: null,
            guestLinkExpiresAt: null,
            participants: [],
          },
        },
      }),
    });
    const { router } = renderWithStore(<SpaceCallButton space="space-1" />, {
      path: '/chats/space-1',
      routes: [{ path: '/meetingroom/:meetingroom', element: <p>the room</p> }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start a call' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meetingroom/room-1'));
    expect(graphql.callsOf('initiateMeetingroom').map((call) => call.variables)).toEqual([{ project: 'space-1' }]);
  });
});
