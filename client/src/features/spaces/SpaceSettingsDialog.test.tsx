// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessages } from '#shared/errors';
import { appStore, createAppStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { toastsAtom } from '../../ui/toastStore';
import { currentUserAtom } from '../auth/session';
import { spaceSettingsTargetAtom, storeSpacesAtom } from './atoms';
import type { SpaceWithMembers } from './operations';
import { SpaceSettingsHost } from './SpaceSettingsDialog';

const permissionMessage = "You don't have permission to manage this project. Ask the creator for permissions.";

const roadmap: SpaceWithMembers = {
  id: '65a1f0c2b3d4e5f6a7b8c9d0',
  team: 't1',
  name: 'Roadmap',
  isPersonal: false,
  logo: null,
  color: '#3B82F6',
  description: null,
  type: 'public',
  createdAt: '2025-01-01T00:00:00.000Z',
  isMember: true,
  permission: 'basic',
  requested: false,
  canManage: true,
  users: [
    {
      id: 'u1',
      firstname: 'Ada',
      lastname: 'Lovelace',
      profileImg: null,
      email: 'ada@example.com',
      isAuth: false,
      role: 'admin',
      permission: 'admin',
    },
    {
      id: 'u2',
      firstname: 'Bob',
      lastname: 'Byron',
      profileImg: null,
      email: 'bob@example.com',
      isAuth: true,
      role: 'basic',
      permission: 'basic',
    },
  ],
};

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => appStore.set(toastsAtom, []));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openSettings(handlers: Parameters<typeof mockGraphQL>[0]) {
  const graphql = mockGraphQL(handlers);
  const store = createAppStore();
  store.set(currentUserAtom, { id: 'u2', email: 'bob@example.com', firstname: 'Bob', lastname: 'Byron', language: 'en', profileImg: null });
  store.set(storeSpacesAtom, [roadmap], { replaceList: true });
  store.set(spaceSettingsTargetAtom, roadmap.id);
  renderWithStore(<SpaceSettingsHost />, { store });
  return { graphql, store };
}

describe('space settings when the server refuses (SPEC §6)', () => {
  it('shows the exact permission message in place, then the space as the user may now see it', async () => {
    expect(errorMessages.PERMISSION_DENIED).toBe(permissionMessage);
    let reads = 0;
    const { graphql } = openSettings({
      // Opened while the user could manage the space; by the time they save, an admin has demoted them.
      getProjectBasic: () => ({ data: { getProjectBasic: reads++ === 0 ? roadmap : { ...roadmap, canManage: false } } }),
      ediProject: () => failure('PERMISSION_DENIED', permissionMessage),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Roadmap settings' });
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Roadmap 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText(permissionMessage)).toBeTruthy();
    expect(graphql.callsOf('ediProject')[0]?.variables).toEqual({ id: roadmap.id, name: 'Roadmap 2026' });
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Save changes' })).toBeNull());
    expect(within(dialog).getByText(permissionMessage)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Delete space' })).toBeNull();
    // Shown in place, not also as a toast.
    expect(appStore.get(toastsAtom)).toEqual([]);
  });

  it('hides what a member without rights cannot do, and still lets them leave', async () => {
    openSettings({ getProjectBasic: () => ({ data: { getProjectBasic: { ...roadmap, canManage: false } } }) });
    const dialog = await screen.findByRole('dialog', { name: 'Roadmap settings' });
    expect(await within(dialog).findByText("Only the space's admins can change it. You can see its members and leave it.")).toBeTruthy();
    expect(within(dialog).queryByLabelText('Name')).toBeNull();
    expect(within(dialog).queryByLabelText('Permission of Ada Lovelace')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete space' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Leave space' })).toBeTruthy();
  });
});
