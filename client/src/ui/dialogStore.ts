/**
 * Global confirm / creation dialog (SPEC §2): a title, an optional description, up to two text
 * inputs, a primary and a secondary button; Enter confirms. `openDialog` works outside React
 * and resolves once the user answers. Dialogs opened while one is showing wait their turn.
 */
import { appStore, atom, type AppStore } from '../lib/store';

export interface DialogInput {
  label: string;
  defaultValue?: string;
  placeholder?: string;
}

export interface DialogOptions {
  title: string;
  description?: string;
  inputs?: readonly [DialogInput] | readonly [DialogInput, DialogInput];
  primaryLabel: string;
  /** Defaults to a translated "Cancel". */
  secondaryLabel?: string;
  /** `danger` paints the primary button red, for destructive confirmations. */
  tone?: 'default' | 'danger';
}

export interface DialogResult {
  confirmed: boolean;
  /** The inputs' values in order (empty when the dialog has no inputs). */
  values: string[];
}

export interface PendingDialog {
  id: number;
  options: DialogOptions;
  resolve: (result: DialogResult) => void;
}

export const dialogQueueAtom = atom<readonly PendingDialog[]>([]);

let nextDialogId = 1;

export function openDialog(options: DialogOptions, store: AppStore = appStore): Promise<DialogResult> {
  return new Promise((resolve) => {
    const dialog: PendingDialog = { id: nextDialogId++, options, resolve };
    store.set(dialogQueueAtom, (queue) => [...queue, dialog]);
  });
}

/** Answers the dialog with this id and shows the next one waiting, if any. */
export function settleDialog(id: number, result: DialogResult, store: AppStore = appStore): void {
  const dialog = store.get(dialogQueueAtom).find((pending) => pending.id === id);
  if (!dialog) return;
  store.set(dialogQueueAtom, (queue) => queue.filter((pending) => pending.id !== id));
  dialog.resolve(result);
}
