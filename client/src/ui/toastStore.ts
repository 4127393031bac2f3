/**
 * Global toasts (SPEC §2): 5000 ms by default, optionally persistent, with an optional action
 * button and icon. Callable outside React (the data client shows errors through it): toasts
 * live in the app store and the <Toaster /> renders them.
 */
import type { ReactNode } from 'react';
import { toastDurationMs } from '#shared/constants';
import { appStore, atom, type AppStore } from '../lib/store';

export type ToastIconName = 'info' | 'success' | 'warning' | 'error';

export interface ToastAction {
  label: string;
  onClick: () => void;
  /** Describes the action for screen readers when the toast is announced; defaults to the label. */
  altText?: string;
}

export interface ToastOptions {
  message: string;
  title?: string;
  icon?: ToastIconName | ReactNode;
  action?: ToastAction;
  persistent?: boolean;
  durationMs?: number;
}

export interface Toast extends Omit<ToastOptions, 'durationMs' | 'persistent'> {
  id: number;
  /** Infinity for a persistent toast. */
  durationMs: number;
  /** Bumped when an identical toast is shown again, so its timer restarts instead of stacking a copy. */
  version: number;
}

export const toastsAtom = atom<readonly Toast[]>([]);

let nextToastId = 1;

/** Shows a toast and returns its id (for dismissToast). An identical visible toast is refreshed instead of duplicated. */
export function showToast(options: ToastOptions, store: AppStore = appStore): number {
  const durationMs = options.persistent ? Number.POSITIVE_INFINITY : (options.durationMs ?? toastDurationMs);
  const toasts = store.get(toastsAtom);
  const twin = toasts.find(
    (toast) => toast.message === options.message && toast.title === options.title && !toast.action && !options.action,
  );
  if (twin) {
    store.set(
      toastsAtom,
      toasts.map((toast) => (toast === twin ? { ...toast, durationMs, version: toast.version + 1 } : toast)),
    );
    return twin.id;
  }
  const { persistent: _persistent, durationMs: _durationMs, ...content } = options;
  const toast: Toast = { ...content, id: nextToastId++, durationMs, version: 0 };
  store.set(toastsAtom, [...toasts, toast]);
  return toast.id;
}

export function dismissToast(id: number, store: AppStore = appStore): void {
  store.set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== id));
}
