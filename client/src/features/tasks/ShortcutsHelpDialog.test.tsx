// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { singleKeyShortcutsAtom } from '../../lib/shortcutPreference';
import { renderWithStore } from '../../test/renderWithStore';
import { setupAppI18n } from '../../test/i18n';
import { ShortcutsHelpDialog } from './ShortcutsHelpDialog';
import { shortcutsHelpOpenAtom } from './viewAtoms';

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('ShortcutsHelpDialog', () => {
  it('lists F6 for moving between regions and turns single-key shortcuts off from the dialog', async () => {
    const { store } = renderWithStore(<ShortcutsHelpDialog />);
    store.set(shortcutsHelpOpenAtom, true);
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('F6')).toBeTruthy();
    expect(within(dialog).getByText('Shift+F6')).toBeTruthy();
    const toggle = within(dialog).getByRole('switch', { name: 'Single-key shortcuts' });
    expect(store.get(singleKeyShortcutsAtom)).toBe(true);
    await userEvent.click(toggle);
    expect(store.get(singleKeyShortcutsAtom)).toBe(false);
    expect(localStorage.getItem('shortcuts.singleKey')).toBe('false');
  });
});
