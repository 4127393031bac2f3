// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore, StoreProvider } from '../lib/store';
import { setupTestI18n } from '../test/i18n';
import { Toaster } from './Toaster';
import { dismissToast, showToast, toastsAtom } from './toastStore';

beforeAll(async () => {
  await setupTestI18n();
});
afterEach(cleanup);

describe('global toasts (SPEC §2, §9)', () => {
  it('SPEC §9: last 5000 ms by default, or as long as asked', () => {
    const store = createAppStore();
    showToast({ message: 'Saved' }, store);
    showToast({ message: 'Uploading', durationMs: 8000 }, store);
    expect(store.get(toastsAtom).map((toast) => toast.durationMs)).toEqual([5000, 8000]);
  });

  it('SPEC §2: can be persistent', () => {
    const store = createAppStore();
    const id = showToast({ message: 'Offline', persistent: true }, store);
    expect(store.get(toastsAtom)[0]?.durationMs).toBe(Number.POSITIVE_INFINITY);
    dismissToast(id, store);
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it('shows an identical message once, restarting its timer instead of stacking copies', () => {
    const store = createAppStore();
    const first = showToast({ message: 'Network down' }, store);
    const second = showToast({ message: 'Network down' }, store);
    expect(second).toBe(first);
    expect(store.get(toastsAtom)).toHaveLength(1);
    expect(store.get(toastsAtom)[0]?.version).toBe(1);
  });

  it('SPEC §2: renders the message, title, icon and an action button; the close button dismisses', async () => {
    const store = createAppStore();
    const undo = vi.fn();
    render(
      <StoreProvider store={store}>
        <Toaster />
      </StoreProvider>,
    );
    act(() => {
      showToast(
        {
          title: 'Task deleted',
          message: 'Design review was moved to the bin.',
          icon: 'success',
          action: { label: 'Undo', onClick: undo },
        },
        store,
      );
    });
    expect(await screen.findByText('Task deleted')).toBeTruthy();
    expect(screen.getByText('Design review was moved to the bin.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);

    act(() => {
      showToast({ message: 'Link copied' }, store);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss notification' }));
    await vi.waitFor(() => expect(store.get(toastsAtom).map((toast) => toast.message)).not.toContain('Link copied'));
  });
});
