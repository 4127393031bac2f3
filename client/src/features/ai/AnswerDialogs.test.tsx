// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { currentUserAtom } from '../auth/session';
import { setPrivats } from '../chat/atoms';
import type { Privat } from '../chat/operations';
import { message } from '../chat/testFixtures';
import { wall } from '../docs/fixtures';
import { storeSpacesAtom } from '../spaces/atoms';
import { aiMessage } from './fixtures';
import { InsertIntoDocDialog } from './InsertIntoDocDialog';
import { SendToChatDialog } from './SendToChatDialog';

vi.mock('../../lib/subscriptions', () => ({ useSubscription: () => undefined, useOnReconnect: () => undefined }));

const ada = { id: 'me', firstname: 'Ada', lastname: 'Lovelace', profileImg: null };
const grace = { id: 'u2', firstname: 'Grace', lastname: 'Hopper', profileImg: null };
const answer = aiMessage({ id: 'a1', body: 'The launch is **Monday**.' });

function store() {
  const result = createAppStore();
  result.set(currentUserAtom, { ...ada, email: 'ada@example.com', language: 'en' });
  result.set(
    storeSpacesAtom,
    [
      { id: 'p1', name: 'Design', color: null, logo: null, isMember: true },
      { id: 'p2', name: 'Engines', color: null, logo: null, isMember: true },
    ],
    { replaceList: true },
  );
  setPrivats(result, [
    {
      id: 'c1',
      name: null,
      logo: null,
      inactive: false,
      unread: 0,
      createdAt: '2025-03-01T00:00:00.000Z',
      updated: '2025-03-01T00:00:00.000Z',
      users: [ada, grace],
      lastMessage: null,
    } as Privat,
  ]);
  return result;
}

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('send to chat', () => {
  it('posts the answer as the caller’s message in the chosen private chat', async () => {
    const graphql = mockGraphQL({
      setMessage: (variables) => ({
        data: {
          setMessage: message('m1', { privat: 'c1', project: null, body: String(variables.body), clientId: String(variables.clientId) }),
        },
      }),
    });
    const onClose = vi.fn();
    renderWithStore(<SendToChatDialog answer={answer} onClose={onClose} />, { store: store() });
    const dialog = await screen.findByRole('dialog', { name: 'Send to a chat' });
    const chat = within(dialog).getByRole('combobox', { name: 'Chat' });
    expect([...chat.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['# Design', '# Engines', 'Grace Hopper']);
    await userEvent.selectOptions(chat, 'Grace Hopper');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(graphql.callsOf('setMessage')[0]?.variables).toMatchObject({ privat: 'c1', body: 'The launch is **Monday**.' });
    expect(graphql.callsOf('setMessage')[0]?.variables.clientId).toEqual(expect.any(String));
  });
});

describe('insert into doc', () => {
  const docs = {
    getWalls: (variables: Record<string, unknown>) => ({
      data: {
        getWalls: {
          total: 2,
          walls:
            variables.project === 'p2'
              ? [
                  wall({ id: 'd1', title: 'Read only', canEdit: false, project: 'p2' }),
                  wall({ id: 'd2', title: 'Launch notes', project: 'p2' }),
                ]
              : [],
        },
      },
    }),
  };

  it('lists the docs one can edit in the chosen space and appends the answer through the doc’s room', async () => {
    mockGraphQL(docs);
    const insert = vi.fn(async () => undefined);
    const onClose = vi.fn();
    renderWithStore(<InsertIntoDocDialog answer={answer} onClose={onClose} copy={async () => true} insert={insert} />, { store: store() });
    const dialog = await screen.findByRole('dialog', { name: 'Insert into a doc' });
    expect(await within(dialog).findByText('This space has no doc you can edit.')).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Space' }), 'Engines');
    const doc = await within(dialog).findByRole('combobox', { name: 'Doc' });
    expect([...doc.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Launch notes']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(insert).toHaveBeenCalledWith('/collab/d2', 'The launch is **Monday**.'));
    expect(onClose).toHaveBeenCalled();
  });

  it('opens the doc with the answer on the clipboard when the room does not take it', async () => {
    mockGraphQL(docs);
    const copy = vi.fn(async () => true);
    const { router } = renderWithStore(
      <InsertIntoDocDialog
        answer={answer}
        onClose={() => undefined}
        copy={copy}
        insert={async () => Promise.reject(new Error('closed'))}
      />,
      { store: store() },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Insert into a doc' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Space' }), 'Engines');
    await within(dialog).findByRole('combobox', { name: 'Doc' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p2/docs/d/d2'));
    expect(copy).toHaveBeenCalledWith('The launch is **Monday**.');
  });
});
