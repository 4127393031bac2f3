// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { signedInStore } from '../../test/signedInStore';
import type { SupportMessage } from './operations';
import { SupportConversation } from './SupportConversation';

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => cleanup());

const messages: SupportMessage[] = [
  {
    id: 'm1',
    thread: 'grace',
    body: 'Where is **export**? <img src=x onerror=alert(1)> [link](javascript:alert(1))',
    fromSupport: false,
    createdAt: '2026-11-26T10:00:00.000Z',
    author: { id: 'grace', firstname: 'Grace', lastname: 'Hopper', profileImg: null },
  },
  {
    id: 'm2',
    thread: 'grace',
    body: 'In the board menu.',
    fromSupport: true,
    createdAt: '2026-11-26T10:01:00.000Z',
    author: { id: 'sam', firstname: 'Sam', lastname: 'Helper', profileImg: null },
  },
];

function renderConversation(overrides: Partial<Parameters<typeof SupportConversation>[0]> = {}) {
  const send = vi.fn(async () => undefined);
  const retry = vi.fn();
  renderWithStore(
    <SupportConversation
      load={{ status: 'ready', messages, hasMore: false }}
      send={send}
      retry={retry}
      title="Support team"
      emptyText="No messages yet."
      asSupport={false}
      {...overrides}
    />,
    { store: signedInStore() },
  );
  return { send, retry };
}

describe('a support conversation', () => {
  it('renders Markdown with the chat area’s safe renderer and names the support team’s answers', () => {
    renderConversation();
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(list.querySelector('strong')?.textContent).toBe('export');
    expect(list.querySelector('img')).toBeNull();
    expect(list.querySelector('a[href^="javascript"]')).toBeNull();
    expect(screen.getByText('Sam Helper (support team)')).toBeTruthy();
  });

  it('sends with Enter, keeps Shift+Enter for a new line, and sends nothing empty', async () => {
    const { send } = renderConversation();
    const composer = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(composer, '{Enter}');
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(composer, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(composer, '{Enter}');
    expect(send).toHaveBeenCalledWith('First line\nsecond line');
    expect((composer as HTMLTextAreaElement).value).toBe('');
  });

  it('says when there is no message yet, and offers a retry when loading failed', async () => {
    renderConversation({ load: { status: 'ready', messages: [], hasMore: false } });
    expect(screen.getByText('No messages yet.')).toBeTruthy();
    cleanup();
    const { retry } = renderConversation({ load: { status: 'failed', message: 'The server did not answer.' } });
    expect(screen.getByText('The conversation could not be loaded.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  });
});
