// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { dialogQueueAtom, settleDialog } from '../../ui/dialogStore';
import { toastsAtom } from '../../ui/toastStore';
import { ApiTokenSection } from './ApiTokenSection';

const secret = 'wst_ThisIsTheOneTimeSecretValue0123456789abcdefg';
const stored = { id: 'k1', name: 'Deploy script', prefix: 'wst_This', createdAt: '2025-03-01T10:00:00.000Z', lastUsedAt: null };

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  appStore.set(toastsAtom, []);
  appStore.set(dialogQueueAtom, []);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('API tokens (SPEC §2 admin: API token)', () => {
  it('shows a new token once, with a copy button and a warning, then only its name and prefix', async () => {
    const graphql = mockGraphQL({
      getApiTokens: () => ({ data: { getApiTokens: [] } }),
      createApiToken: () => ({ data: { createApiToken: { token: secret, apiToken: stored } } }),
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithStore(<ApiTokenSection />);
    expect(await screen.findByText('No API tokens')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Name the token so you recognise it later.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Token name'), 'Deploy script');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new token: Deploy script' });
    expect((within(dialog).getByLabelText('API token') as HTMLInputElement).value).toBe(secret);
    expect(within(dialog).getByText(/This is the only time the token is shown/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(secret);
    expect(graphql.callsOf('createApiToken')[0]?.variables).toEqual({ name: 'Deploy script' });

    await userEvent.click(within(dialog).getByRole('button', { name: "I've stored it" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(secret);
    const list = screen.getByRole('list', { name: 'Your API tokens' });
    expect(within(list).getByText('Deploy script')).toBeTruthy();
    expect(within(list).getByText('wst_This…')).toBeTruthy();
    expect(list.textContent).toContain('last used never');
  });

  it('revokes a token after a confirmation', async () => {
    const graphql = mockGraphQL({
      getApiTokens: () => ({ data: { getApiTokens: [stored] } }),
      revokeApiToken: () => ({ data: { revokeApiToken: true } }),
    });
    renderWithStore(<ApiTokenSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Deploy script' }));
    const [pending] = appStore.get(dialogQueueAtom);
    expect(pending?.options.title).toBe('Revoke Deploy script?');
    settleDialog(pending!.id, { confirmed: true, values: [] });
    await waitFor(() => expect(screen.queryByText('Deploy script')).toBeNull());
    expect(graphql.callsOf('revokeApiToken')[0]?.variables).toEqual({ id: 'k1' });
  });
});
