// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore, createAppStore } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { toastsAtom } from '../../ui/toastStore';
import { currentTeamAtom } from '../auth/session';
import { InviteForm } from './InviteForm';
import type { TeamDetail } from './operations';

const team: TeamDetail = {
  id: 't1',
  name: 'Engines',
  logo: null,
  url: null,
  isDefault: true,
  role: 'admin',
  subscription: 'free',
  memberLimit: 10,
  users: ['u1'],
  invited: [],
};
const spaces = [
  { id: 'p0', name: 'Ada', color: null, logo: null, isPersonal: true, isMember: true },
  { id: 'p1', name: 'Roadmap', color: '#3B82F6', logo: null, isPersonal: false, isMember: true },
];

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => appStore.set(toastsAtom, []));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(handlers: Parameters<typeof mockGraphQL>[0] = {}) {
  const graphql = mockGraphQL({ getProjects: () => ({ data: { getProjects: spaces } }), ...handlers });
  const store = createAppStore();
  store.set(currentTeamAtom, { id: 't1', name: 'Engines', logo: null, url: null, role: 'admin' });
  const onInvited = vi.fn();
  renderWithStore(<InviteForm onInvited={onInvited} />, { store });
  return { graphql, onInvited, store };
}

describe('invite form (SPEC §5 e-mail pattern)', () => {
  it('refuses an address that is not an e-mail, in place, without sending', async () => {
    const { graphql } = open();
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@engines');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email address'));
    expect(graphql.callsOf('addUserTeam')).toHaveLength(0);
  });

  it('asks for the space a guest is invited to, and offers only shared spaces', async () => {
    const { graphql } = open();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Roadmap' })).toBeTruthy());
    expect(screen.queryByRole('option', { name: 'Ada' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Email address'), 'grace@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'guest');
    expect(screen.getByText('Sees only the one space you choose.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Choose the space a guest is invited to.')).toBeTruthy();
    expect(graphql.callsOf('addUserTeam')).toHaveLength(0);
  });

  it('keeps an address typed while the previous invitation was on its way, and clears the one it sent', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { onInvited } = open({
      addUserTeam: async ({ email }) => {
        await answered;
        return {
          data: { addUserTeam: { ...team, invited: [{ id: 'i1', email, role: 'basic', project: null, createdAt: '', expiresAt: '' }] } },
        };
      },
    });
    const address = screen.getByLabelText('Email address') as HTMLInputElement;
    await userEvent.type(address, 'first@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await userEvent.clear(address);
    await userEvent.type(address, 'second@example.com');
    answer();
    await waitFor(() => expect(onInvited).toHaveBeenCalledWith('first@example.com'));
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain('Invitation sent to first@example.com.');
    expect(address.value).toBe('second@example.com');
  });

  it('sends the invitation with role, space and message, and says the link was mailed', async () => {
    const { graphql, onInvited } = open({
      addUserTeam: ({ email }) => ({
        data: {
          addUserTeam: {
            ...team,
            invited: [{ id: 'i1', email, role: 'guest', project: 'p1', createdAt: '', expiresAt: '2030-01-01T00:00:00Z' }],
          },
        },
      }),
    });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Roadmap' })).toBeTruthy());
    await userEvent.type(screen.getByLabelText('Email address'), ' grace@example.com ');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'guest');
    await userEvent.selectOptions(screen.getByLabelText('Space'), 'p1');
    await userEvent.type(screen.getByLabelText('Personal message (optional)'), 'Welcome aboard');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onInvited).toHaveBeenCalledWith('grace@example.com'));
    expect(graphql.callsOf('addUserTeam')[0]?.variables).toEqual({
      id: 't1',
      email: 'grace@example.com',
      type: 'guest',
      project: 'p1',
      text: 'Welcome aboard',
    });
    expect(appStore.get(toastsAtom).map((toast) => toast.message)).toContain('Invitation sent to grace@example.com.');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('');
  });

  it('shows the server refusal of an address in the team already next to the field', async () => {
    open({ addUserTeam: () => failure('ALREADY_TEAM_MEMBER', 'This person is already a member of this team.') });
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This person is already a member of this team.')).toBeTruthy();
    expect(appStore.get(toastsAtom)).toEqual([]);
  });
});
