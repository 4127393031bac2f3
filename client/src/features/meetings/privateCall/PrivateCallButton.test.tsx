// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupAppI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/renderWithStore';
import { PrivateCallButton } from './PrivateCallButton';

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(cleanup);

describe('PrivateCallButton', () => {
  it('opens the private chat’s call page', async () => {
    const { router } = renderWithStore(<PrivateCallButton privat="chat-1" />, {
      path: '/chats/chat-1',
      routes: [{ path: '/chats/:chatid/call', element: <p>the call</p> }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start a call' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/chat-1/call'));
    expect(screen.getByText('the call')).toBeTruthy();
  });
});
