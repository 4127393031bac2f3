// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore, StoreProvider } from '../lib/store';
import { setupTestI18n } from '../test/i18n';
import { DialogHost } from './DialogHost';
import { openDialog, type DialogOptions, type DialogResult } from './dialogStore';

beforeAll(async () => {
  await setupTestI18n();
});
afterEach(cleanup);

function setup() {
  const store = createAppStore();
  render(
    <StoreProvider store={store}>
      <DialogHost />
    </StoreProvider>,
  );
  const open = (options: DialogOptions) => {
    let result!: Promise<DialogResult>;
    act(() => {
      result = openDialog(options, store);
    });
    return result;
  };
  return { store, open };
}

describe('global confirm / creation dialog (SPEC §2)', () => {
  it('SPEC §2: Enter confirms, with the values of up to two inputs', async () => {
    const { open } = setup();
    const result = open({
      title: 'New space',
      description: 'Spaces group related work.',
      inputs: [
        { label: 'Name', placeholder: 'Website' },
        { label: 'Description', defaultValue: 'Q3 launch' },
      ],
      primaryLabel: 'Create',
    });
    const dialog = await screen.findByRole('dialog', { name: 'New space' });
    expect(dialog.textContent).toContain('Spaces group related work.');
    const name = screen.getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    await userEvent.type(name, 'Website{Enter}');
    await expect(result).resolves.toEqual({ confirmed: true, values: ['Website', 'Q3 launch'] });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('SPEC §2: Enter confirms a dialog without inputs', async () => {
    const { open } = setup();
    const result = open({ title: 'Delete task?', primaryLabel: 'Delete', tone: 'danger' });
    await screen.findByRole('dialog', { name: 'Delete task?' });
    await userEvent.keyboard('{Enter}');
    await expect(result).resolves.toEqual({ confirmed: true, values: [] });
  });

  it('SPEC §2: the secondary button cancels; it reads "Cancel" unless named', async () => {
    const { open } = setup();
    const result = open({ title: 'Leave space?', primaryLabel: 'Leave' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(result).resolves.toEqual({ confirmed: false, values: [] });

    const named = open({ title: 'Discard draft?', primaryLabel: 'Discard', secondaryLabel: 'Keep editing' });
    await userEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await expect(named).resolves.toMatchObject({ confirmed: false });
  });

  it('Escape dismisses without confirming', async () => {
    const { open } = setup();
    const result = open({ title: 'Rename', inputs: [{ label: 'Name', defaultValue: 'Old' }], primaryLabel: 'Save' });
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await expect(result).resolves.toEqual({ confirmed: false, values: ['Old'] });
  });

  it('shows dialogs opened together one after the other', async () => {
    const { open } = setup();
    const first = open({ title: 'First', primaryLabel: 'OK' });
    const second = open({ title: 'Second', primaryLabel: 'OK' });
    await screen.findByRole('dialog', { name: 'First' });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(first).resolves.toMatchObject({ confirmed: true });
    await screen.findByRole('dialog', { name: 'Second' });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(second).resolves.toMatchObject({ confirmed: true });
  });
});
