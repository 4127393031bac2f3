// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { toastsAtom } from '../../ui/toastStore';
import { spaceListAtom } from './atoms';
import { NewSpaceDialog } from './NewSpaceDialog';
import type { Space } from './operations';

const created: Space = {
  id: '65a1f0c2b3d4e5f6a7b8c9d0',
  team: 't1',
  name: 'Launch',
  isPersonal: false,
  logo: null,
  color: '#EC4899',
  description: 'Autumn launch',
  type: 'public',
  createdAt: '2025-01-01T00:00:00.000Z',
  isMember: true,
  permission: 'admin',
  requested: false,
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

function open() {
  const onOpenChange = vi.fn();
  const rendered = renderWithStore(<NewSpaceDialog open onOpenChange={onOpenChange} />, {
    routes: [{ path: '/:space', element: <p>space page</p> }],
  });
  return { onOpenChange, ...rendered };
}

describe('new space dialog', () => {
  it('asks for a name before sending anything', async () => {
    const graphql = mockGraphQL({});
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Create space' }));
    expect(await screen.findByText('Enter a name for the space.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(graphql.callsOf('setProject')).toHaveLength(0);
  });

  it('offers the 12 palette colours and creates a public space with the chosen one, then opens it', async () => {
    const graphql = mockGraphQL({ setProject: () => ({ data: { setProject: created } }) });
    const { onOpenChange, router, store } = open();
    expect(screen.getAllByRole('radio').filter((radio) => radio.getAttribute('name')?.endsWith('-color'))).toHaveLength(12);
    expect((screen.getByRole('radio', { name: 'Blue' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Private/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.type(screen.getByLabelText('Name'), '  Launch ');
    await userEvent.click(screen.getByRole('radio', { name: 'Pink' }));
    await userEvent.type(screen.getByLabelText('Description'), 'Autumn launch');
    await userEvent.click(screen.getByRole('radio', { name: /Public/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create space' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(graphql.callsOf('setProject')[0]?.variables).toEqual({
      name: 'Launch',
      color: '#EC4899',
      type: 'public',
      description: 'Autumn launch',
    });
    expect(store.get(spaceListAtom).map((space) => space.name)).toEqual(['Launch']);
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain('Space Launch created.');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${created.id}`));
  });

  it("shows the plan's space limit in the person's words with an Upgrade link to the plans page", async () => {
    mockGraphQL({
      setProject: () => ({
        errors: [
          {
            message: 'The free plan allows 5 spaces per team. Upgrade to make more.',
            extensions: { code: 'PLAN_LIMIT_SPACES', category: 'BAD_USER_INPUT', params: { plan: 'free', limit: 5 } },
          },
        ],
      }),
    });
    const { onOpenChange, router } = open();
    await userEvent.type(screen.getByLabelText('Name'), 'Sixth');
    await userEvent.click(screen.getByRole('button', { name: 'Create space' }));
    expect(await screen.findByText(/The free plan allows 5 spaces per team\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Upgrade' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview/upgrade'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
